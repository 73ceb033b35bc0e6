"""Abundance: place one element from the Abundance box on a vacant corner of earth."""

from __future__ import annotations

from engine.actions.common import corner_id, corner_of_option, forfeit
from engine.flow import Ask, Option, State, Step, pop, register, skip
from engine.state import vacant_corners
from engine.text import Msg, corner_ref, msg


def ask(state: State, step: Step) -> Ask | None:
    animal = step["animal"]
    if step.get("element") is None:
        box = state["boxes"]["abundance"]
        if not box or not vacant_corners(state):
            return None
        options = [Option(f"element:{e}", msg("abundance.element", element=e)) for e in sorted(set(box))]
        return Ask(animal, "abundance", msg("abundance.element"), [*options, forfeit("abundance")])
    e = step["element"]
    return Ask(animal, "abundance_corner", msg("abundance.corner", element=e),
               [Option(corner_id(c), msg("place_element", element=e, corner=corner_ref(state, c)))
                for c in vacant_corners(state)])


def choose(state: State, step: Step, option_id: str) -> Msg:
    if option_id == "forfeit":
        pop(state)
        return msg("forfeits", action="abundance")
    if step.get("element") is None:
        step["element"] = option_id.split(":", 1)[1]
        return msg("abundance.chosen", element=step["element"])
    pop(state)
    corner = corner_of_option(option_id)
    state["boxes"]["abundance"].remove(step["element"])
    state["elements"][corner] = step["element"]
    return msg("element_placed", element=step["element"], corner=corner_ref(state, corner))


def auto(state: State, step: Step) -> None:
    skip(state, step, "abundance.skipped")


register("abundance", ask, choose, auto)
