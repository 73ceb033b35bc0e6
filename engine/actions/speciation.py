"""Speciation: new species from the gene pool onto the tiles around one element of the
space's type (up to each terrain's limit); the insects' free space places 1 on any tile."""

from __future__ import annotations

from engine import data
from engine.actions.common import corner_id, corner_of_option, forfeit, hex_of_option, tile_option
from engine.data import SPECIATION_ELEMENTS, SPECIATION_MAX
from engine.flow import Ask, Option, State, Step, pop, register, skip
from engine.geometry import corner_from_key, hex_key
from engine.state import add_species
from engine.text import Msg, corner_ref, msg, tile_ref


def _tiles_at(state: State, ckey: str) -> list[str]:
    return [hex_key(h) for h in corner_from_key(ckey) if hex_key(h) in state["tiles"]]


def ask(state: State, step: Step) -> Ask | None:
    animal = step["animal"]
    pool = state["animals"][animal]["gene_pool"]
    if pool <= 0:
        return None
    if step["space"] >= len(SPECIATION_ELEMENTS):  # the insects' free space
        options = [tile_option(state, h, "speciation.free_tile", n=data.INSECT_FREE_SPECIATION)
                   for h in sorted(state["tiles"])]
        return Ask(animal, "speciation_free", msg("speciation.free", n=data.INSECT_FREE_SPECIATION),
                   [*options, forfeit("speciation")])
    element = SPECIATION_ELEMENTS[step["space"]]
    if step.get("corner") is None:
        corners = sorted(c for c, e in state["elements"].items() if e == element)
        if not corners:
            return None
        options = [Option(corner_id(c), msg("speciation.corner", element=element, corner=corner_ref(state, c)))
                   for c in corners]
        return Ask(animal, "speciation", msg("speciation", element=element), [*options, forfeit("speciation")])
    tiles = _tiles_at(state, step["corner"])
    hkey = tiles[step["next"]]
    most = min(SPECIATION_MAX[state["tiles"][hkey]["terrain"]], pool)
    where = tile_ref(state, hkey)
    options = [Option(f"place:{n}", msg("place_species", n=n, tile=where) if n else msg("place_none", tile=where))
               for n in range(most, -1, -1)]
    return Ask(animal, "speciation_place", msg("speciation.how_many", tile=where), options)


def choose(state: State, step: Step, option_id: str) -> Msg:
    animal = step["animal"]
    if option_id == "forfeit":
        pop(state)
        return msg("forfeits", action="speciation")
    if option_id.startswith("tile:"):
        pop(state)
        hkey = hex_of_option(option_id)
        n = add_species(state, animal, hkey, data.INSECT_FREE_SPECIATION)
        return msg("species_placed", n=n, tile=tile_ref(state, hkey))
    if option_id.startswith("corner:"):
        step["corner"] = corner_of_option(option_id)
        step["next"] = 0
        return msg("speciation.around", element=state["elements"][step["corner"]],
                   corner=corner_ref(state, step["corner"]))
    tiles = _tiles_at(state, step["corner"])
    hkey = tiles[step["next"]]
    n = add_species(state, animal, hkey, int(option_id.split(":", 1)[1]))
    step["next"] += 1
    if step["next"] >= len(tiles):
        pop(state)
    if not n:
        return msg("species_placed_none", tile=tile_ref(state, hkey))
    return msg("species_placed", n=n, tile=tile_ref(state, hkey))


def auto(state: State, step: Step) -> None:
    if state["animals"][step["animal"]]["gene_pool"] <= 0:
        skip(state, step, "speciation.ends.gene_pool")
    else:
        skip(state, step, "speciation.ends.no_element", element=SPECIATION_ELEMENTS[step["space"]])


register("speciation", ask, choose, auto)

