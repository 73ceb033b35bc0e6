"""The cards' effects by name.  Each card's module registers its effect here with
``card_effect``; ``engine.cards`` looks it up when a card is taken."""

from __future__ import annotations

from collections.abc import Callable

from engine.flow import State

CardEffect = Callable[[State, str, str], None]

CARD_EFFECTS: dict[str, CardEffect] = {}


def card_effect(name: str) -> Callable[[CardEffect], CardEffect]:
    def register_effect(fn: CardEffect) -> CardEffect:
        if name in CARD_EFFECTS:
            raise ValueError(f"two effects for {name}")
        CARD_EFFECTS[name] = fn
        return fn
    return register_effect


def card_id(name: str) -> str:
    return "card:" + name.lower().replace(" ", "-")
