"""Niche Biomes: every animal with more VPs than the taker loses the first-place VPs of the tile
just scored (tundra: 1)."""

from __future__ import annotations

from engine.cards.effects import card_effect
from engine.data import TILE_SCORING
from engine.flow import State
from engine.state import animals_in_play, gain_vp, log


@card_effect("Niche Biomes")
def niche_biomes(state: State, animal: str, tile: str) -> None:
    loss = TILE_SCORING[state["tiles"][tile]["terrain"]][0]
    mine = state["animals"][animal]["vp"]
    losses = []
    for a in animals_in_play(state):
        if state["animals"][a]["vp"] > mine:
            lost = -gain_vp(state, a, -loss, source="card:Niche Biomes")
            losses.append({"animal": a, "vp": lost})
    if losses:
        log(state, "niche_biomes.lost", vp_losses=losses)
    else:
        log(state, "niche_biomes.nobody")
