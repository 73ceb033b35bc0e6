"""Plans: an animal's spaces for its coming Planning placements, and the one to place now.

A player may say ahead which action spaces they want ("Speciation meat, else Wanderlust 2");
when their animal's turn to place comes, the first planned space still open is placed for
them.  The plan itself is kept by whoever calls (the engine's state never holds it, so nobody
else can see it): this module only reads a position and says what the plan gives there.
A planned space is an option id of the Planning prompt (``speciation-3``), so a planned
placement is exactly a click on that option: ``engine.apply`` accepts it or nothing is placed.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from engine.data import ACTION_ROWS
from engine.display import is_free_space, parse_space_id, space_id
from engine.flow import prompt

State = dict[str, Any]

#: The prompt kind of a Planning placement (Initiative's and Instinct's placements are not
#: planned: they are decisions of an action, asked in the Execution phase).
PLANNING_KIND = "place_ap"


@dataclass(frozen=True)
class Outcome:
    """What a plan gives in one position."""

    #: The planned space to place on now; ``None`` when no planned space is open (or it is
    #: not this animal's Planning placement).
    option: str | None
    #: The plan after this placement: the used space and the spaces found taken before it are
    #: gone, the later ones stay.
    rest: tuple[str, ...]
    #: The planned spaces found no longer open (those before the used one, or all of them when
    #: none is open), each with the animal whose AP is on it (``None``: no AP on it, but it
    #: cannot be taken now).
    taken: tuple[tuple[str, str | None], ...]


def usable(space: str) -> bool:
    """Whether ``space`` is a space id of the action display (``speciation-3``, exactly as the
    Planning prompt spells it) that an animal may ever place on: not an animal's own space."""
    found = parse_space_id(space)
    return found is not None and space_id(*found) == space and not is_free_space(*found)


def plannable() -> tuple[str, ...]:
    """Every space an animal may plan, in the display's order (left to right, row by row)."""
    return tuple(space_id(row.name, i) for row in ACTION_ROWS for i in range(row.spaces)
                 if not is_free_space(row.name, i))


def _occupant(state: State, space: str) -> str | None:
    found = parse_space_id(space)
    if found is None:
        return None
    row, index = found
    occupant: str | None = state["display"][row][index]
    return occupant


def taken_in_planning(state: State, plan: Sequence[str]) -> tuple[tuple[str, str], ...]:
    """The spaces of ``plan`` that hold an AP in this Planning phase, each with the animal whose
    AP it is (none outside Planning: the display is emptied before the next one)."""
    if state.get("phase") != "planning":
        return ()
    return tuple((space, occupant) for space in plan if (occupant := _occupant(state, space)) is not None)


def next_planned(state: State, animal: str, plan: Sequence[str]) -> Outcome:
    """The first space of ``plan`` that ``animal`` may place on now, and what is left of it.

    Only when the pending prompt is a Planning placement for ``animal``; otherwise the plan is
    returned untouched with no option.  The option is always one of the prompt's option ids.
    """
    p = prompt(state)
    if p is None or p.kind != PLANNING_KIND or p.animal != animal:
        return Outcome(None, tuple(plan), ())
    open_spaces = {o.id for o in p.options}
    taken: list[tuple[str, str | None]] = []
    for i, space in enumerate(plan):
        if space in open_spaces:
            return Outcome(space, tuple(plan[i + 1:]), tuple(taken))
        taken.append((space, _occupant(state, space)))
    return Outcome(None, (), tuple(taken))
