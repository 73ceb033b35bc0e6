"""Reset step 3, the reseed: cards, Glaciation row, element boxes, Wanderlust tops."""

from __future__ import annotations

from typing import Any

from engine import data
from engine.data import CARDS_FACE_UP, ELEMENT_BOX_DRAW
from engine.display import is_free_space
from engine.state import draw_elements, log, to_bag

State = dict[str, Any]


def reseed(state: State) -> None:
    cards = state["cards"]
    while len(cards) < CARDS_FACE_UP and state["deck"]:
        cards.append(state["deck"].pop(0))

    # An AP left on an already-resolved space (Instinct) goes back to its owner.
    for row, spaces in state["display"].items():
        if row == "glaciation":
            continue
        for i, a in enumerate(spaces):
            if a is not None and not is_free_space(row, i):
                spaces[i] = None
                state["animals"][a]["aps"] += 1

    slide_glaciation(state["display"]["glaciation"], data.GLACIATION_RESET_SLIDE)

    boxes = state["boxes"]
    for box in ("regression", "depletion", "wanderlust"):
        for e in boxes[box]:
            to_bag(state, e)
    # Wasteland's leftovers move on before Abundance's take their place.
    boxes["depletion"] = boxes["wasteland"]
    boxes["wasteland"] = boxes["abundance"]
    boxes["regression"] = boxes["adaptation"]
    for box in ("adaptation", "abundance", "wanderlust"):
        boxes[box] = draw_elements(state, ELEMENT_BOX_DRAW)

    for stack in state["wanderlust"]:
        if stack["face_up"] is None and stack["stack"]:
            stack["face_up"] = stack["stack"].pop()

    state["scored"] = []
    log(state, "Reseed: cards refilled, element boxes moved on and redrawn.")


def slide_glaciation(row: list[str | None], spaces: int) -> None:
    """Move each waiting AP up to ``spaces`` spaces to the left, left-most first, never onto
    or past another AP: they keep their order, and a wider gap survives."""
    for i in range(len(row)):
        if row[i] is None:
            continue
        j = i
        while j > 0 and i - j < spaces and row[j - 1] is None:
            j -= 1
        row[i], row[j] = None, row[i]
