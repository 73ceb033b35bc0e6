"""Predator: on every tile the taker shares with other animals, one opposing species dies (the
taker picks whose when there is a choice)."""

from __future__ import annotations

from engine.cards.common import register_loss_step
from engine.cards.effects import card_effect
from engine.flow import State, push

register_loss_step("predator", "Predator", spares_taker=True)


@card_effect("Predator")
def predator(state: State, animal: str, tile: str) -> None:
    queue = sorted(h for h, t in state["tiles"].items() if animal in t["species"] and len(t["species"]) > 1)
    push(state, "predator", animal=animal, queue=queue, next=0)
