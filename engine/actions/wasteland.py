"""Wasteland: the AP may take one element out of the Wasteland box; then every element on a
tundra corner whose type is still in the box goes back to the bag."""

from __future__ import annotations

from engine.actions.common import forfeit
from engine.ecology import is_tundra
from engine.flow import Ask, Option, State, Step, pop, register, skip
from engine.geometry import corner_from_key, hex_key
from engine.phases import ROW_EXIT
from engine.state import log, remove_element_from_earth, to_bag
from engine.text import Msg, corner_ref, msg


def ask(state: State, step: Step) -> Ask | None:
    box = state["boxes"]["wasteland"]
    if not box:
        return None
    options = [Option(f"remove:{e}", msg("wasteland.remove", element=e)) for e in sorted(set(box))]
    return Ask(step["animal"], "wasteland", msg("wasteland"), [*options, forfeit("wasteland")])


def choose(state: State, step: Step, option_id: str) -> Msg:
    pop(state)
    if option_id == "forfeit":
        return msg("forfeits", action="wasteland")
    e = option_id.split(":", 1)[1]
    state["boxes"]["wasteland"].remove(e)
    to_bag(state, e)
    return msg("wasteland.removed", element=e)


def auto(state: State, step: Step) -> None:
    skip(state, step, "wasteland.skipped")


def touches_tundra(state: State, ckey: str) -> bool:
    return any(is_tundra(state, hex_key(h)) for h in corner_from_key(ckey))


def lay_waste(state: State) -> None:
    types = set(state["boxes"]["wasteland"])
    if not types:
        return
    doomed = sorted(c for c, e in state["elements"].items() if e in types and touches_tundra(state, c))
    removed = []
    for c in doomed:
        ref = corner_ref(state, c)
        removed.append({"element": remove_element_from_earth(state, c), "corner": ref})
    if removed:
        log(state, "wasteland.laid_waste", removed=removed)
    else:
        log(state, "wasteland.nothing")


register("wasteland", ask, choose, auto)
ROW_EXIT["wasteland"] = lay_waste
