"""Glaciation (left-most AP only): turn a tile next to tundra into tundra."""

from __future__ import annotations

from engine.actions.common import forfeit, hex_of_option, tile_option
from engine.data import bonus_vps
from engine.ecology import is_tundra
from engine.flow import Ask, pop, register, skip
from engine.geometry import corner_from_key, corner_keys_of, hex_from_key, hex_key, neighbours
from engine.state import animal_name, gain_vp, remove_element_from_earth, tile_name


def tundra_neighbours(state, hkey: str) -> int:
    return sum(1 for n in neighbours(hex_from_key(hkey)) if is_tundra(state, hex_key(n)))


def candidates(state) -> list[str]:
    """Non-tundra tiles next to at least one tundra tile, if a tundra tile is left."""
    if state["tundra_supply"] <= 0:
        return []
    return sorted(h for h in state["tiles"]
                  if not is_tundra(state, h) and tundra_neighbours(state, h) > 0)


def glaciate(state, animal: str, hkey: str, source: str = "glaciation") -> str:
    """Glaciate a tile for ``animal`` and return what happened, for the log."""
    tile = state["tiles"][hkey]
    old = tile["terrain"]
    adjacent_tundra = tundra_neighbours(state, hkey)
    tile["under"], tile["terrain"] = old, "tundra"
    state["tundra_supply"] -= 1
    removed = []
    for c in corner_keys_of(hex_from_key(hkey)):
        if c in state["elements"] and all(is_tundra(state, hex_key(h)) for h in corner_from_key(c)):
            removed.append(remove_element_from_earth(state, c))
    back = []
    for a, n in list(tile["species"].items()):
        if n > 1:  # one species of each animal stays; the rest go home, not to the box
            tile["species"][a] = 1
            state["animals"][a]["gene_pool"] += n - 1
            back.append(f"{n - 1} {a}")
    gained = gain_vp(state, animal, bonus_vps(adjacent_tundra), source=source)
    text = f"glaciates the {old} at {tile_name(state, hkey).rsplit(' ', 1)[1]} (+{gained} VP"
    if removed:
        text += f"; {', '.join(removed)} removed"
    if back:
        text += f"; {', '.join(back)} back to gene pools"
    return text + ")"


def ask(state, step):
    options = [
        tile_option(state, h, f"Glaciate {{tile}} (+{bonus_vps(tundra_neighbours(state, h))} VP)")
        for h in candidates(state)
    ]
    if not options:
        return None
    return Ask(step["animal"], "glaciation", "Glaciation: choose a tile next to tundra",
               [*options, forfeit("Glaciation")])


def choose(state, step, option_id):
    pop(state)
    if option_id == "forfeit":
        return "forfeits Glaciation"
    return glaciate(state, step["animal"], hex_of_option(option_id))


def auto(state, step):
    why = "no tundra tile left" if state["tundra_supply"] <= 0 else "no tile can be glaciated"
    skip(state, step, f"{animal_name(step['animal'])}: Glaciation skipped ({why}).")


register("glaciation", ask, choose, auto)
