"""Nocturnal: the taker's initiative marker moves one place forward, swapping with the animal
there."""

from __future__ import annotations

from engine.cards.effects import card_effect
from engine.flow import State
from engine.state import log


@card_effect("Nocturnal")
def nocturnal(state: State, animal: str, tile: str) -> None:
    order = state["initiative"]
    i = order.index(animal)
    if i == 0:
        log(state, "nocturnal.first", animal=animal)
        return
    order[i - 1], order[i] = order[i], order[i - 1]
    log(state, "nocturnal.moved", animal=animal, behind=order[i])
