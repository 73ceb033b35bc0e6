"""Hints: the options a searching level values most for the seat to act, with why.

``ranked(state, level, seed)`` runs the level's own evaluation (``engine.ai.search`` for most
prompts, ``engine.ai.planning`` for placements) and returns the best options first, each with
its score and the facts behind it: the VPs it scores now, how much better the seat stands
against the others after it (``engine.ai.evaluate.relative``), the tiles its animal dominates
then.  The first is the option ``engine.ai.choose`` picks at that level with that seed (the
levels of the hints, ``easy`` and ``normal``, play no chains).  Pure, as the rest of the engine:
the state is never changed and the same call gives the same answer.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from engine.ai import SEARCH_LEVELS
from engine.ai.core import clone, determinise, tie_break
from engine.ai.facts import dominant_of, matching
from engine.ai.planning import _sequenced, action_values, space_value
from engine.ai.search import PLACE_KINDS, Level, Search
from engine.display import parse_space_id
from engine.flow import Prompt, prompt

State = dict[str, Any]
#: Levels whose first ranked option is exactly the level's choice.
HINT_LEVELS = ("easy", "normal")


@dataclass(frozen=True)
class Ranked:
    """One option as the level values it."""

    option: str
    score: float  # the level's value of the option (higher is better; comparable within one call)
    kind: str  # "search": valued by the position after it; "place": by its action's worth; "only": no choice
    vp: int = 0  # VPs the acting animal scores with it (search)
    standing: float = 0.0  # how much the seat's standing against the others changes (search)
    dominated: int = 0  # tiles the acting animal dominates after it (search)
    row: str | None = None  # the action of a placement (place)


def ranked(state: State, level: str = "normal", seed: int = 0, top: int = 3) -> list[Ranked]:
    """The ``top`` options of the pending prompt as ``level`` values them, best first."""
    if level not in HINT_LEVELS:
        raise ValueError(f"hints come from {', '.join(HINT_LEVELS)}, not {level!r}")
    p = prompt(state)
    if p is None:
        raise ValueError("the game is over: there is nothing to choose")
    lvl = SEARCH_LEVELS[level]
    if len(p.options) == 1:
        return [Ranked(p.options[0].id, 0.0, "only")]
    keys = tie_break(seed, len(p.options))
    if p.kind in PLACE_KINDS:
        return _placements(state, p, lvl, keys)[:top]
    base = clone(state)
    determinise(base, seed)
    search = Search(base, p, lvl)
    now = search.value(base)
    vp_now = base["animals"][p.animal]["vp"]
    scored = []
    for i, o in enumerate(p.options):
        c, _ = search.after(base, o.id, lvl.settle_depth)
        value = search.value(c)
        scored.append(((value, keys[i]), Ranked(o.id, value, "search", c["animals"][p.animal]["vp"] - vp_now,
                                                value - now, _dominated(c, p.animal))))
    scored.sort(key=lambda t: t[0], reverse=True)
    return [r for _, r in scored[:top]]


def _placements(state: State, p: Prompt, lvl: Level, keys: list[float]) -> list[Ranked]:
    """Placements valued as ``engine.ai.planning.choose_space`` values them."""
    values = action_values(state, p.animal, p.seat, lvl)
    spaces = [parse_space_id(o.id) for o in p.options]
    worth = [space_value(state, values, p.animal, *s, lvl) if s else 0.0 for s in spaces]
    if lvl.sequence and state["phase"] == "planning":
        worth, _ = _sequenced(state, p, lvl, values, spaces, worth)
    order = sorted(range(len(p.options)), key=lambda i: (worth[i], keys[i]), reverse=True)
    rows = [s[0] if s is not None else None for s in spaces]
    return [Ranked(p.options[i].id, worth[i], "place", row=rows[i]) for i in order]


def _dominated(state: State, animal: str) -> int:
    return sum(1 for m in matching(state).values() if dominant_of(m) == animal)


__all__ = ["HINT_LEVELS", "Ranked", "ranked"]
