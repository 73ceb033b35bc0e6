"""Blight: the taker picks a tile with two or more elements and keeps one of them; the others
go back to the bag."""

from __future__ import annotations

from engine.actions.common import corner_id, corner_of_option, hex_of_option, tile_option
from engine.cards.common import starts_step
from engine.flow import Ask, Option, State, Step, pop, register, skip
from engine.geometry import corner_keys_of, hex_from_key
from engine.state import remove_element_from_earth
from engine.text import Msg, corner_ref, msg, tile_ref


def ask(state: State, step: Step) -> Ask | None:
    animal = step["animal"]
    if step.get("tile") is None:
        tiles = [h for h in sorted(state["tiles"])
                 if sum(c in state["elements"] for c in corner_keys_of(hex_from_key(h))) >= 2]
        if not tiles:
            return None
        return Ask(animal, "blight", msg("blight.tile"),
                   [tile_option(state, h, "blight.tile") for h in tiles])
    corners = [c for c in corner_keys_of(hex_from_key(step["tile"])) if c in state["elements"]]
    return Ask(animal, "blight_keep", msg("blight.keep"),
               [Option(corner_id(c), msg("blight.keep", element=state["elements"][c], corner=corner_ref(state, c)))
                for c in corners])


def choose(state: State, step: Step, option_id: str) -> Msg:
    if option_id.startswith("tile:"):
        step["tile"] = hex_of_option(option_id)
        return msg("blight.chosen", tile=tile_ref(state, step["tile"]))
    pop(state)
    keep = corner_of_option(option_id)
    gone = [remove_element_from_earth(state, c) for c in corner_keys_of(hex_from_key(step["tile"]))
            if c in state["elements"] and c != keep]
    return msg("blight.kept", element=state["elements"][keep], corner=corner_ref(state, keep), elements=gone)


register("blight", ask, choose, lambda s, st: skip(s, st, "blight.skipped"))
starts_step("Blight", "blight")
