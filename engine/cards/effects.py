"""The cards' effects by name, and what several effects share.  Each effect module registers
its cards here with ``card_effect``; ``engine.cards`` looks them up when a card is taken."""

from __future__ import annotations

from collections.abc import Callable

from engine.data import CYLINDERS_PER_ANIMAL
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


def gain_ap(state: State, animal: str) -> bool:
    """A new AP for good, from the animal's unused cylinders (there are only 10)."""
    rec = state["animals"][animal]
    if rec["aps_owned"] >= CYLINDERS_PER_ANIMAL:
        return False
    rec["aps_owned"] += 1
    rec["aps"] += 1
    return True
