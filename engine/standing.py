"""Standing Planning preferences: where an animal wants its APs each turn, kept until changed.

A standing plan is a list of wishes, each a space (``speciation-3``) or a whole row
(``domination``: any space of it), and may end with "then the best open space" (``best``), the
hint level's first choice, in games that allow hints.  The caller keeps it privately (the
state never holds it); this module only reads a position and says what the plan gives there.

What "keeps" means, per turn and per placement:

* The plan is never used up: it describes where the animal's APs should stand, and it is read
  again from its top at every Planning placement of every turn, the first one included.
* At a placement, the animal's APs already on the display (placed earlier this turn, by the
  plan or by hand, or still waiting on the Glaciation row) grant the wishes they stand on:
  first each space wish whose space holds one, then each row wish, in order, by one of the
  animal's APs in that row not granting another wish.  So one wish is granted by one AP,
  and "domination, domination" asks for two APs in Domination.
* A row of one space (Initiative, Wasteland, Depletion) is wished as that space.
* The AP goes to the first wish not granted that has an open space: a space wish's own space,
  a row wish's left-most open space (the left-most resolves first; in Migration it moves most).
  The wishes not granted before it with no open space are reported as taken (with the animal
  on the space, for a space wish).
* With no such wish: the best open space when the plan allows it, else nothing (the player is
  asked).  A placement from the plan is a click of a Planning option: ``engine.apply`` takes it.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import Any

from engine.ai.ranking import ranked
from engine.data import ROW_BY_NAME
from engine.display import is_free_space, parse_space_id, space_id
from engine.flow import Prompt, prompt
from engine.plan import PLANNING_KIND, usable

State = dict[str, Any]

#: The level whose ranking "the best open space" takes: the level of the hints.
BEST_LEVEL = "normal"
#: A standing plan's most wishes (the display has 41 spaces an animal may take).
MOST_WISHES = 41


def wish_ok(wish: str) -> bool:
    """Whether ``wish`` is a space an animal may take (``speciation-3``) or a row with one."""
    if wish in ROW_BY_NAME:
        row = ROW_BY_NAME[wish]
        return any(not is_free_space(row.name, i) for i in range(row.spaces))
    return usable(wish)


def _one_space(wish: str) -> str:
    if wish not in ROW_BY_NAME:
        return wish
    row = ROW_BY_NAME[wish]
    usable_here = [space_id(row.name, i) for i in range(row.spaces) if not is_free_space(row.name, i)]
    return usable_here[0] if len(usable_here) == 1 else wish


@dataclass(frozen=True)
class Standing:
    """An animal's standing plan: its wishes in order, and whether the best open space follows."""

    wishes: tuple[str, ...] = ()
    best: bool = False

    def __post_init__(self) -> None:
        bad = [w for w in self.wishes if not wish_ok(w)]
        if bad:
            raise ValueError(f"not a space or row an animal may plan: {bad[0]!r}")
        if len(self.wishes) > MOST_WISHES:
            raise ValueError(f"more than {MOST_WISHES} wishes")
        # a row of one space an animal may take (Initiative, ...) is that space
        object.__setattr__(self, "wishes", tuple(_one_space(w) for w in self.wishes))

    def to_dict(self) -> dict[str, Any]:
        return {"wishes": list(self.wishes), "best": self.best}

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> Standing:
        return cls(tuple(data.get("wishes", ())), bool(data.get("best", False)))


@dataclass(frozen=True)
class Placement:
    """What a standing plan gives at one Planning placement."""

    #: The space to place on now (an option id of the prompt); ``None``: the player is asked.
    option: str | None
    #: Which wish gave it (``None`` for the best open space, or when nothing was given).
    wish: str | None
    #: True when the option is the best open space (the fallback).
    best: bool
    #: Wishes not granted that have no open space, before the one used (or all of them when
    #: none was used), each with the animal on its space (``None``: a row, or an empty space
    #: nobody may take).
    taken: tuple[tuple[str, str | None], ...]


def granted(state: State, animal: str, wishes: Sequence[str]) -> tuple[bool, ...]:
    """For each wish, whether one of ``animal``'s APs on the display stands on it."""
    mine = [(row, i) for row, spaces in state["display"].items() for i, a in enumerate(spaces)
            if a == animal and not is_free_space(row, i)]
    free = set(mine)
    done = [False] * len(wishes)
    for k, wish in enumerate(wishes):  # space wishes first: each can only be its own space
        found = parse_space_id(wish)
        if found is not None and found in free:
            free.discard(found)
            done[k] = True
    for k, wish in enumerate(wishes):
        if wish in ROW_BY_NAME:
            ap = next((s for s in sorted(free) if s[0] == wish), None)
            if ap is not None:
                free.discard(ap)
                done[k] = True
    return tuple(done)


def _open_for(wish: str, offered: Iterable[str]) -> str | None:
    if wish in ROW_BY_NAME:
        # the options come in display order, left to right
        return next((o for o in offered if (parse_space_id(o) or ("",))[0] == wish), None)
    return wish if wish in offered else None


def _occupant(state: State, wish: str) -> str | None:
    found = parse_space_id(wish)
    if found is None:
        return None
    row, index = found
    occupant: str | None = state["display"][row][index]
    return occupant


def place(state: State, animal: str, plan: Standing, *, seed: int = 0,
          asked: Prompt | None = None) -> Placement:
    """What ``plan`` places for ``animal`` now: only at ``animal``'s own Planning placement
    (else nothing).  ``seed``: the seed of the hint level's ranking for the best open space.
    ``asked``: the prompt just computed for this very state.  The state is not changed."""
    p = asked if asked is not None else prompt(state)
    if p is None or p.kind != PLANNING_KIND or p.animal != animal:
        return Placement(None, None, False, ())
    offered = [o.id for o in p.options]
    taken: list[tuple[str, str | None]] = []
    for wish, done in zip(plan.wishes, granted(state, animal, plan.wishes), strict=True):
        if done:
            continue
        space = _open_for(wish, offered)
        if space is not None:
            return Placement(space, wish, False, tuple(taken))
        taken.append((wish, _occupant(state, wish)))
    if plan.best:
        return Placement(best_space(state, seed), None, True, tuple(taken))
    return Placement(None, None, False, tuple(taken))


def best_space(state: State, seed: int) -> str:
    """The best open space for the animal to place now: the first of the hint level's ranking
    (``engine.ai.ranking``), the very space a hint would name first."""
    return ranked(state, BEST_LEVEL, seed)[0]


__all__ = ["BEST_LEVEL", "MOST_WISHES", "Placement", "Standing", "best_space", "granted", "place", "wish_ok"]
