"""Speciation: new species from the gene pool onto the tiles around one element of the
space's type (up to each terrain's limit); the insects' free space places 1 on any tile."""

from __future__ import annotations

from engine import data
from engine.actions.common import corner_id, corner_of_option, forfeit, hex_of_option, tile_option
from engine.data import SPECIATION_ELEMENTS, SPECIATION_MAX
from engine.flow import Ask, Option, pop, register, skip
from engine.geometry import corner_from_key, hex_key, key_label
from engine.state import add_species, animal_name, tile_short


def _tiles_at(state, ckey: str) -> list[str]:
    return [hex_key(h) for h in corner_from_key(ckey) if hex_key(h) in state["tiles"]]


def ask(state, step):
    animal = step["animal"]
    pool = state["animals"][animal]["gene_pool"]
    if pool <= 0:
        return None
    if step["space"] >= len(SPECIATION_ELEMENTS):  # the insects' free space
        options = [tile_option(state, h, f"Place {data.INSECT_FREE_SPECIATION} on {{tile}}")
                   for h in sorted(state["tiles"])]
        return Ask(animal, "speciation_free", "Speciation (free): place a species on any tile",
                   [*options, forfeit("Speciation")])
    element = SPECIATION_ELEMENTS[step["space"]]
    if step.get("corner") is None:
        corners = sorted(c for c, e in state["elements"].items() if e == element)
        if not corners:
            return None
        options = [
            Option(corner_id(c), f"{element} at {key_label(c)} ("
                   + ", ".join(tile_short(state, h) for h in _tiles_at(state, c)) + ")")
            for c in corners
        ]
        return Ask(animal, "speciation", f"Speciation: choose a {element} on earth",
                   [*options, forfeit("Speciation")])
    tiles = _tiles_at(state, step["corner"])
    hkey = tiles[step["next"]]
    most = min(SPECIATION_MAX[state["tiles"][hkey]["terrain"]], pool)
    where = tile_short(state, hkey)
    options = [Option(f"place:{n}", f"Place {n} on {where}" if n else f"Place none on {where}")
               for n in range(most, -1, -1)]
    return Ask(animal, "speciation_place", f"Speciation: how many new species on {where}?", options)


def choose(state, step, option_id):
    animal = step["animal"]
    if option_id == "forfeit":
        pop(state)
        return "forfeits Speciation"
    if option_id.startswith("tile:"):
        pop(state)
        hkey = hex_of_option(option_id)
        n = add_species(state, animal, hkey, data.INSECT_FREE_SPECIATION)
        return f"speciates {n} onto {tile_short(state, hkey)}"
    if option_id.startswith("corner:"):
        step["corner"] = corner_of_option(option_id)
        step["next"] = 0
        return f"speciates around the {state['elements'][step['corner']]} at {key_label(step['corner'])}"
    tiles = _tiles_at(state, step["corner"])
    hkey = tiles[step["next"]]
    n = add_species(state, animal, hkey, int(option_id.split(":", 1)[1]))
    step["next"] += 1
    if step["next"] >= len(tiles):
        pop(state)
    return f"places {n} species on {tile_short(state, hkey)}"


def auto(state, step):
    if state["animals"][step["animal"]]["gene_pool"] <= 0:
        why = "the gene pool is empty"
    else:
        why = f"no {SPECIATION_ELEMENTS[step['space']]} on earth"
    skip(state, step, f"{animal_name(step['animal'])}: Speciation ends ({why}).")


register("speciation", ask, choose, auto)

