"""Symbiotic: the taker and every animal with fewer elements than it each draw one element from
the bag onto their display, if it has room."""

from __future__ import annotations

from engine.cards.effects import card_effect
from engine.data import MAX_DISPLAY_ELEMENTS
from engine.ecology import display_elements
from engine.flow import State
from engine.state import animals_in_play, draw_elements, log


@card_effect("Symbiotic")
def symbiotic(state: State, animal: str, tile: str) -> None:
    mine = len(display_elements(state, animal))
    drew = []
    for a in animals_in_play(state):
        if (a == animal or len(display_elements(state, a)) < mine) \
                and len(display_elements(state, a)) < MAX_DISPLAY_ELEMENTS:
            drawn = draw_elements(state, 1)
            if drawn:
                state["animals"][a]["added"].extend(drawn)
                drew.append({"animal": a, "element": drawn[0]})
    if drew:
        log(state, "symbiotic.drew", drew=drew)
    else:
        log(state, "symbiotic.nobody")
