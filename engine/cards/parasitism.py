"""Parasitism: the taker and every animal below it on the food chain gain one new AP."""

from __future__ import annotations

from engine.cards.common import gain_aps
from engine.cards.effects import card_effect
from engine.data import FOOD_CHAIN
from engine.flow import State
from engine.state import animals_in_play


@card_effect("Parasitism")
def parasitism(state: State, animal: str, tile: str) -> None:
    rank = FOOD_CHAIN.index(animal)
    gain_aps(state, "Parasitism", [a for a in animals_in_play(state) if FOOD_CHAIN.index(a) >= rank])
