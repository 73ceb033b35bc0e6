"""Reset step 3, the reseed: cards, Glaciation row, element boxes, Wanderlust tops."""

from __future__ import annotations

from typing import Any

from engine import data
from engine.data import CARDS_FACE_UP, ELEMENT_BOX_DRAW
from engine.display import is_free_space
from engine.state import draw_elements, log, to_bag

State = dict[str, Any]
BOXES_SHOWN = ("adaptation", "regression", "abundance", "wasteland", "depletion", "wanderlust")


def reseed(state: State) -> None:
    cards = state["cards"]
    new_cards = []
    while len(cards) < CARDS_FACE_UP and state["deck"]:
        new_cards.append(state["deck"].pop(0))
        cards.append(new_cards[-1])

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

    new_tiles: list[str] = []
    for stack in state["wanderlust"]:
        if stack["face_up"] is None and stack["stack"]:
            terrain: str = stack["stack"].pop()
            stack["face_up"] = terrain
            new_tiles.append(terrain)

    state["scored"] = []
    if new_cards:
        log(state, "reseed.cards", cards=new_cards)
    elif len(cards) < CARDS_FACE_UP:  # a gap the empty deck cannot fill (a full row needs no word)
        log(state, "reseed.no_cards")
    # every box, in display order: what each holds for the next turn
    log(state, "reseed.boxes", boxes=[{"action": b, "elements": sorted(boxes[b])} for b in BOXES_SHOWN])
    if new_tiles:
        log(state, "reseed.tiles", terrains=new_tiles)


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
