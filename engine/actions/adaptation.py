"""Adaptation: take one element from the Adaptation box onto your display."""

from __future__ import annotations

from engine.actions.common import forfeit
from engine.data import MAX_DISPLAY_ELEMENTS
from engine.ecology import display_elements
from engine.flow import Ask, Option, pop, register, skip


def ask(state, step):
    animal = step["animal"]
    box = state["boxes"]["adaptation"]
    if not box or len(display_elements(state, animal)) >= MAX_DISPLAY_ELEMENTS:
        return None
    options = [Option(f"take:{e}", f"Take {e}") for e in sorted(set(box))]
    return Ask(animal, "adaptation", "Adaptation: take an element onto your display",
               [*options, forfeit("Adaptation")])


def choose(state, step, option_id):
    pop(state)
    if option_id == "forfeit":
        return "forfeits Adaptation"
    element = option_id.split(":", 1)[1]
    state["boxes"]["adaptation"].remove(element)
    state["animals"][step["animal"]]["added"].append(element)
    return f"adapts: takes {element} onto the display"


def auto(state, step):
    why = "the box is empty" if not state["boxes"]["adaptation"] else "the display is full"
    skip(state, step, f"{step['animal'].capitalize()}: Adaptation skipped ({why}).")


register("adaptation", ask, choose, auto)
