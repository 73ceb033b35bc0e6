"""Wasteland: the AP may take one element out of the Wasteland box; then every element on a
tundra corner whose type is still in the box goes back to the bag."""

from __future__ import annotations

from engine.actions.common import forfeit
from engine.ecology import is_tundra
from engine.flow import Ask, Option, pop, register, skip
from engine.geometry import corner_from_key, hex_key, key_label
from engine.phases import ROW_EXIT
from engine.state import log, remove_element_from_earth, to_bag


def ask(state, step):
    box = state["boxes"]["wasteland"]
    if not box:
        return None
    options = [Option(f"remove:{e}", f"Remove {e} from the Wasteland box") for e in sorted(set(box))]
    return Ask(step["animal"], "wasteland", "Wasteland: remove an element from the box",
               [*options, forfeit("Wasteland")])


def choose(state, step, option_id):
    pop(state)
    if option_id == "forfeit":
        return "forfeits Wasteland"
    e = option_id.split(":", 1)[1]
    state["boxes"]["wasteland"].remove(e)
    to_bag(state, e)
    return f"removes {e} from the Wasteland box"


def auto(state, step):
    skip(state, step, f"{step['animal'].capitalize()}: Wasteland box is empty.")


def touches_tundra(state, ckey: str) -> bool:
    return any(is_tundra(state, hex_key(h)) for h in corner_from_key(ckey))


def lay_waste(state):
    types = set(state["boxes"]["wasteland"])
    if not types:
        return
    doomed = sorted(c for c, e in state["elements"].items() if e in types and touches_tundra(state, c))
    removed = [f"{remove_element_from_earth(state, c)} at {key_label(c)}" for c in doomed]
    log(state, "Wasteland: " + (", ".join(removed) if removed else "no tundra element") + " removed.")


register("wasteland", ask, choose, auto)
ROW_EXIT["wasteland"] = lay_waste
