"""A level's options in order of preference: what it would choose first, then second, ...

``engine.ai.choose`` gives only the first.  A plan of several placements ahead
(``engine.plan``, ``bench/waits.py``) wants the next ones too.  The ranking values the
options exactly as the level's own choice does (the same valuation, the same seeded
tie-break, the same copy of the state), so its first entry is always ``choose``'s answer.
"""

from __future__ import annotations

from typing import Any

from engine.ai import SEARCH_LEVELS, planning
from engine.ai.core import clone, determinise, random_choice, step, tie_break
from engine.ai.greedy import _continue, score
from engine.ai.search import PLACE_KINDS, ranked_options
from engine.flow import Prompt, prompt

State = dict[str, Any]

#: The levels with a ranking (``expert`` keeps only its best option).
RANKED: tuple[str, ...] = ("random", "greedy", *SEARCH_LEVELS)


def _greedy(state: State, p: Prompt, seed: int) -> list[str]:
    base = clone(state)
    determinise(base, seed)
    keys = tie_break(seed, len(p.options))
    scored = []
    for i, o in enumerate(p.options):
        c = clone(base)
        _continue(c, step(c, o.id), p.seat, seed + i + 1)
        scored.append((score(c, p.seat), keys[i]))
    # a stable sort: of equal keys the first option leads, as greedy's own choice takes it
    order = sorted(range(len(p.options)), key=lambda i: scored[i], reverse=True)
    return [p.options[i].id for i in order]


def _searching(state: State, p: Prompt, level: str, seed: int) -> list[str]:
    settings = SEARCH_LEVELS[level]
    if p.kind in PLACE_KINDS:
        worths, _ = planning.space_worths(state, p, settings, seed)
        order = sorted(range(len(p.options)), key=lambda i: worths[i], reverse=True)
        return [p.options[i].id for i in order]
    base = clone(state)
    determinise(base, seed)
    ranked, _ = ranked_options(base, p, settings, seed)
    return [oid for _, oid in ranked]


def ranked(state: State, level: str, seed: int) -> tuple[str, ...]:
    """Every option id of ``engine.prompt(state)``, the one ``choose(state, level, seed)``
    picks first and the others as the level values them (``random``: the rest in the
    prompt's order).  Raises ``ValueError`` for a level without a ranking or a finished game."""
    if level not in RANKED:
        raise ValueError(f"no ranking for AI level {level!r}; choose one of {', '.join(RANKED)}")
    p = prompt(state)
    if p is None:
        raise ValueError("the game is over: there is nothing to choose")
    ids = [o.id for o in p.options]
    if len(ids) == 1:
        return tuple(ids)
    if level == "random":
        first = random_choice(p.options, seed)
        return (first, *(i for i in ids if i != first))
    if level == "greedy":
        return tuple(_greedy(state, p, seed))
    return tuple(_searching(state, p, level, seed))
