"""Abundance: place one element from the Abundance box on a vacant corner of earth."""

from __future__ import annotations

from engine.actions.common import corner_id, corner_of_option, forfeit
from engine.flow import Ask, Option, pop, register, skip
from engine.geometry import key_label
from engine.state import vacant_corners


def ask(state, step):
    animal = step["animal"]
    if step.get("element") is None:
        box = state["boxes"]["abundance"]
        if not box or not vacant_corners(state):
            return None
        options = [Option(f"element:{e}", f"Place {e} on earth") for e in sorted(set(box))]
        return Ask(animal, "abundance", "Abundance: choose an element to place",
                   [*options, forfeit("Abundance")])
    e = step["element"]
    return Ask(animal, "abundance_corner", f"Abundance: choose a vacant corner for the {e}",
               [Option(corner_id(c), f"Place {e} at {key_label(c)}") for c in vacant_corners(state)])


def choose(state, step, option_id):
    if option_id == "forfeit":
        pop(state)
        return "forfeits Abundance"
    if step.get("element") is None:
        step["element"] = option_id.split(":", 1)[1]
        return f"chooses {step['element']} for Abundance"
    pop(state)
    corner = corner_of_option(option_id)
    state["boxes"]["abundance"].remove(step["element"])
    state["elements"][corner] = step["element"]
    return f"places {step['element']} at {key_label(corner)}"


def auto(state, step):
    skip(state, step, f"{step['animal'].capitalize()}: Abundance skipped (nothing to place).")


register("abundance", ask, choose, auto)
