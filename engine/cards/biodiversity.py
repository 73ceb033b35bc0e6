"""Biodiversity: the taker scores one VP for every tile it shares with at least one other
animal (one per tile, however many others are there)."""

from __future__ import annotations

from engine.cards.effects import card_effect
from engine.flow import State
from engine.state import gain_vp, log


@card_effect("Biodiversity")
def biodiversity(state: State, animal: str, tile: str) -> None:
    shared = sum(1 for t in state["tiles"].values()
                 if animal in t["species"] and len(t["species"]) > 1)
    gained = gain_vp(state, animal, shared, source="card:Biodiversity")
    log(state, "biodiversity.gained", animal=animal, vp=gained, n=shared)
