"""Biomass: every tile holding more species (of all animals) than elements on its corners loses
one species; the taker picks whose, and an animal alone there loses one even if it is the taker."""

from __future__ import annotations

from engine.cards.common import register_loss_step
from engine.cards.effects import card_effect
from engine.flow import State, push
from engine.geometry import corner_keys_of, hex_from_key

register_loss_step("biomass", "Biomass", spares_taker=False)


@card_effect("Biomass")
def biomass(state: State, animal: str, tile: str) -> None:
    queue = sorted(
        h for h, t in state["tiles"].items()
        if sum(t["species"].values()) > sum(c in state["elements"] for c in corner_keys_of(hex_from_key(h)))
    )
    push(state, "biomass", animal=animal, queue=queue, next=0)
