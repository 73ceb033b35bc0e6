"""Glaciation (left-most AP only): turn a tile next to tundra into tundra."""

from __future__ import annotations

from engine.actions.common import forfeit, hex_of_option, tile_option
from engine.data import bonus_vps
from engine.ecology import is_tundra
from engine.flow import Ask, State, Step, pop, register, skip
from engine.geometry import corner_from_key, corner_keys_of, hex_from_key, hex_key, neighbours
from engine.state import gain_vp, log, remove_element_from_earth
from engine.text import Msg, corner_ref, msg, tile_ref


def tundra_neighbours(state: State, hkey: str) -> int:
    return sum(1 for n in neighbours(hex_from_key(hkey)) if is_tundra(state, hex_key(n)))


def candidates(state: State) -> list[str]:
    """Non-tundra tiles next to at least one tundra tile, if a tundra tile is left."""
    if state["tundra_supply"] <= 0:
        return []
    return sorted(h for h in state["tiles"]
                  if not is_tundra(state, h) and tundra_neighbours(state, h) > 0)


def glaciate(state: State, animal: str, hkey: str, source: str = "glaciation") -> Msg:
    """Glaciate a tile for ``animal``: the decision's message; what followed is logged."""
    tile = state["tiles"][hkey]
    where = tile_ref(state, hkey)  # named by its terrain before the ice
    adjacent_tundra = tundra_neighbours(state, hkey)
    tile["under"], tile["terrain"] = tile["terrain"], "tundra"
    state["tundra_supply"] -= 1
    removed = []
    for c in corner_keys_of(hex_from_key(hkey)):
        if c in state["elements"] and all(is_tundra(state, hex_key(h)) for h in corner_from_key(c)):
            ref = corner_ref(state, c)
            removed.append({"element": remove_element_from_earth(state, c), "corner": ref})
    back = []
    for a, n in list(tile["species"].items()):
        if n > 1:  # one species of each animal stays; the rest go home, not to the box
            tile["species"][a] = 1
            state["animals"][a]["gene_pool"] += n - 1
            back.append({"animal": a, "n": n - 1})
    gained = gain_vp(state, animal, bonus_vps(adjacent_tundra), source=source)
    if removed:
        log(state, "glaciation.elements_removed", removed=removed)
    if back:
        log(state, "glaciation.species_home", home=back)
    return msg("glaciation.glaciated", tile=where, vp=gained)


def ask(state: State, step: Step) -> Ask | None:
    options = [tile_option(state, h, "glaciation.tile", vp=bonus_vps(tundra_neighbours(state, h)))
               for h in candidates(state)]
    if not options:
        return None
    return Ask(step["animal"], "glaciation", msg("glaciation"), [*options, forfeit("glaciation")])


def choose(state: State, step: Step, option_id: str) -> Msg:
    pop(state)
    if option_id == "forfeit":
        return msg("forfeits", action="glaciation")
    return glaciate(state, step["animal"], hex_of_option(option_id))


def auto(state: State, step: Step) -> None:
    if state["tundra_supply"] <= 0:
        skip(state, step, "glaciation.skipped.no_tundra")
    else:
        skip(state, step, "glaciation.skipped.no_tile")


register("glaciation", ask, choose, auto)
