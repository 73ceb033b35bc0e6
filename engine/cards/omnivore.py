"""Omnivore: the taker gains one new AP for good (while it has a cylinder left)."""

from __future__ import annotations

from engine.cards.common import gain_aps
from engine.cards.effects import card_effect
from engine.flow import State


@card_effect("Omnivore")
def omnivore(state: State, animal: str, tile: str) -> None:
    gain_aps(state, "Omnivore", [animal])
