"""The ``greedy`` baseline, exactly as the AI issue defines it.

For each legal option: apply it to a copy; while the same seat must choose again, keep
choosing greedily; score the result as the seat's measure minus the best opponent's, where
an animal's measure is ``VP + 2 × tiles it dominates + 0.5 × its species on earth``.  The
best option wins, ties broken by the seed.

"Keep choosing greedily" inside the continuation is the one-step form of the same rule
(apply each option, score, take the best): the fully recursive form is exponential in the
length of a chain (a Migration of 7 moves, a run of one seat's APs).

Multi-animal variant: a seat scores its *lowest* animal, so a seat's measure is the lowest
measure among its animals, plus 1/100 of their sum so that helping one of its other animals
still breaks a tie.
"""

from __future__ import annotations

from typing import Any

from engine.ai.core import clone, determinise, step, tie_break
from engine.ai.facts import dominance
from engine.flow import Prompt, prompt

State = dict[str, Any]


def animal_measures(state: State) -> dict[str, float]:
    """``VP + 2 × dominated tiles + 0.5 × species on earth`` for every animal in play."""
    measure = {a: float(r["vp"]) for a, r in state["animals"].items()}
    for a in dominance(state).values():
        measure[a] += 2
    for tile in state["tiles"].values():
        for a, n in tile["species"].items():
            measure[a] += 0.5 * n
    return measure


def seat_measures(state: State) -> list[float]:
    by_animal = animal_measures(state)
    result = []
    for seat in state["seats"]:
        values = [by_animal[a] for a in seat["animals"]]
        result.append(min(values) + (0.01 * sum(values) if len(values) > 1 else 0.0))
    return result


def score(state: State, seat: int) -> float:
    """The seat's measure minus the best opponent's."""
    m = seat_measures(state)
    return m[seat] - max(v for i, v in enumerate(m) if i != seat)


def _best(state: State, p: Prompt, seed: int, then_continue: bool) -> str:
    keys = tie_break(seed, len(p.options))
    best, best_key = p.options[0].id, None
    for i, o in enumerate(p.options):
        c = clone(state)
        nxt = step(c, o.id)
        if then_continue:
            _continue(c, nxt, p.seat, seed + i + 1)
        key = (score(c, p.seat), keys[i])
        if best_key is None or key > best_key:
            best, best_key = o.id, key
    return best


def _continue(state: State, p: Prompt | None, seat: int, seed: int) -> None:
    """While the same seat must choose, apply its one-step greedy choice."""
    while p is not None and p.seat == seat:
        oid = p.options[0].id if len(p.options) == 1 else _best(state, p, seed, False)
        p = step(state, oid)
        seed += 1


def choose(state: State, seed: int) -> str:
    p = prompt(state)
    assert p is not None, "the game is over"
    if len(p.options) == 1:
        return p.options[0].id
    base = clone(state)
    determinise(base, seed)
    return _best(base, p, seed, True)
