"""Mass Exodus: the taker picks a tile and moves every species on it, of every animal, to tiles
next to it, sharing them out as it likes (one, or all that are left, at a time).

Species that Hibernation protects keep their protection wherever they go; a single species
moved is an unprotected one while the tile still has any (``engine.state.move_species``), so
any sharing out of both kinds can still be made.
"""

from __future__ import annotations

from engine.actions.common import hex_of_option, tile_id, tile_option
from engine.cards.common import neighbour_tiles, starts_step
from engine.flow import Ask, Option, State, Step, register
from engine.state import move_species
from engine.text import Msg, msg, tile_ref


def ask(state: State, step: Step) -> Ask | None:
    animal = step["animal"]
    if step.get("tile") is None:
        tiles = [h for h in sorted(state["tiles"])
                 if state["tiles"][h]["species"] and neighbour_tiles(state, h)]
        if not tiles:
            return None
        return Ask(animal, "mass_exodus", msg("mass_exodus.tile"),
                   [tile_option(state, h, "mass_exodus.tile") for h in tiles])
    h = step["tile"]
    species = state["tiles"][h]["species"]
    if not species:
        return None
    options = []
    for a, n in species.items():
        for d in neighbour_tiles(state, h):
            label = tile_id(d).split(":")[1]
            options.append(Option(f"all:{a}:{label}", msg("mass_exodus.all", n=n, victim=a, dst=tile_ref(state, d))))
            if n > 1:
                options.append(Option(f"one:{a}:{label}", msg("mass_exodus.one", victim=a, dst=tile_ref(state, d))))
    return Ask(animal, "mass_exodus_move", msg("mass_exodus.move", tile=tile_ref(state, h)), options)


def choose(state: State, step: Step, option_id: str) -> Msg:
    if option_id.startswith("tile:"):
        step["tile"] = hex_of_option(option_id)
        return msg("mass_exodus.chosen", tile=tile_ref(state, step["tile"]))
    how, a, label = option_id.split(":")
    d = hex_of_option(f"tile:{label}")
    n = state["tiles"][step["tile"]]["species"][a] if how == "all" else 1
    move_species(state, a, step["tile"], d, n)
    return msg("mass_exodus.moved", n=n, victim=a, src=tile_ref(state, step["tile"]), dst=tile_ref(state, d))


register("mass_exodus", ask, choose)
starts_step("Mass Exodus", "mass_exodus")
