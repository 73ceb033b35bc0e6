"""Cold Snap: every other animal loses one of its species on every tundra tile it is on.  In
the multi-animal variant a player's other animal counts as another animal (the optional rules)."""

from __future__ import annotations

from engine.cards.effects import card_effect
from engine.flow import State
from engine.state import log, remove_species
from engine.text import tile_ref


@card_effect("Cold Snap")
def cold_snap(state: State, animal: str, tile: str) -> None:
    losses = []
    for hkey in sorted(state["tiles"]):
        t = state["tiles"][hkey]
        if t["terrain"] != "tundra":
            continue
        for a in [a for a in t["species"] if a != animal]:
            remove_species(state, a, hkey, 1)
            losses.append({"animal": a, "n": 1, "tile": tile_ref(state, hkey)})
    if losses:
        log(state, "card.losses", card="Cold Snap", losses=losses)
    else:
        log(state, "cold_snap.nobody")
