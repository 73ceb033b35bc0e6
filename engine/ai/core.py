"""What every AI level shares: cheap search copies, a fast apply, determinisation, seats.

A search copies the state hundreds of times per decision, so ``clone`` is a hand-written
structural copy that knows which parts of the state are mutable (``bench/ai.py`` measures it
against ``copy.deepcopy`` and a JSON round trip).  The copy never carries the log: a
finished game's log is a thousand lines the search neither reads nor needs.
"""

from __future__ import annotations

import random
from typing import Any

from engine import rng
from engine.data import LAST_CARD
from engine.flow import STEPS, Option, Prompt, advance, prompt, prompt_of
from engine.simulate import pick

State = dict[str, Any]

#: Top-level keys ``clone`` copies by hand; any other key is copied generically, so a new
#: part of the state added by a rules change is still copied safely, only less quickly.
_IMMUTABLE = frozenset({"schema", "ruleset", "seed", "rng", "variant", "tundra_supply", "turn",
                        "phase", "ending", "decisions", "survival"})
# The seats (names, animals) never change after setup: the copy shares them.
_SHARED = frozenset({"seats"})


def _generic(x: Any) -> Any:
    t = type(x)
    if t is dict:
        return {k: _generic(v) for k, v in x.items()}
    if t is list:
        return [_generic(v) for v in x]
    return x


def clone(state: State) -> State:
    """A copy of ``state`` for search: every mutable part copied, the log left out."""
    new: State = {}
    for k, v in state.items():
        if k in _IMMUTABLE or k in _SHARED:
            new[k] = v
        elif k == "log":
            new[k] = []
        elif k == "animals":
            # every list or dict of a record is copied (added elements, VP by source)
            new[k] = {a: {f: x.copy() if isinstance(x, (list, dict)) else x for f, x in r.items()}
                      for a, r in v.items()}
        elif k == "tiles":
            new[k] = {h: {**t, "species": t["species"].copy()} for h, t in v.items()}
        elif k in ("bag", "elements"):
            new[k] = v.copy()
        elif k in ("display", "boxes"):
            new[k] = {r: s[:] for r, s in v.items()}
        elif k in ("initiative", "cards", "deck", "cards_taken", "scored"):
            new[k] = v[:]
        elif k == "wanderlust":
            new[k] = [{**s, "stack": s["stack"][:]} for s in v]
        else:
            new[k] = _generic(v)
    return new


def step(state: State, option_id: str) -> Prompt | None:
    """Apply a legal option of the pending prompt, without ``engine.apply``'s checks, and
    return the next prompt (``None`` once the game is over).

    Only for options just read from the pending prompt: it skips rebuilding the prompt to
    validate the choice, and the log line; with the next prompt returned rather than built
    again, a search step costs about a third of ``engine.apply`` + ``engine.prompt``.
    """
    top = state["steps"][-1]
    STEPS[top["name"]].choose(state, top, option_id)
    state["decisions"] += 1
    ask = advance(state)
    return None if ask is None else prompt_of(state, ask)


def determinise(state: State, seed: int) -> None:
    """Replace what no player can know by one equally likely guess, in place.

    The real state carries the seeded generator that decides every future draw (the element
    bag, the card deck, the Wanderlust stacks).  A search that applied moves to a plain copy
    would see those very draws: it could, say, take Wanderlust because it "knows" which
    tile comes up next.  So the copy gets a generator reseeded from the AI's own seed, and
    the hidden orders are reshuffled: the AI plans against what could happen, not what will.
    """
    state["rng"] = rng.seed_state(seed * 0x9E3779B1 + 0x5EED)
    deck = state["deck"]
    if deck:
        hidden = [c for c in deck if c != LAST_CARD]
        rng.shuffle(state, hidden)
        state["deck"] = hidden + [c for c in deck if c == LAST_CARD]
    stacks = state["wanderlust"]
    hidden_tiles = [t for s in stacks for t in s["stack"]]
    rng.shuffle(state, hidden_tiles)
    for s in stacks:
        n = len(s["stack"])
        s["stack"], hidden_tiles = hidden_tiles[:n], hidden_tiles[n:]


def seat_animals(state: State, seat: int) -> list[str]:
    animals: list[str] = state["seats"][seat]["animals"]
    return animals


def random_choice(options: tuple[Option, ...], seed: int) -> str:
    """Today's random player (``engine.simulate.pick``) with its own generator."""
    return pick(options, random.Random(seed)).id


def tie_break(seed: int, n: int) -> list[float]:
    """A seeded random key per option, so equal scores are broken by the seed."""
    r = random.Random(seed)
    return [r.random() for _ in range(n)]


def to_act(state: State) -> int | None:
    """The seat that must choose now, or ``None`` when the game is over."""
    p = prompt(state)
    return None if p is None else p.seat
