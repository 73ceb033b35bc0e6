"""Depletion: remove one element from earth of a type shown in the Depletion box."""

from __future__ import annotations

from engine.actions.common import corner_id, corner_of_option, forfeit
from engine.flow import Ask, Option, pop, register, skip
from engine.geometry import key_label
from engine.state import remove_element_from_earth


def _targets(state):
    types = set(state["boxes"]["depletion"])
    return sorted(c for c, e in state["elements"].items() if e in types)


def ask(state, step):
    targets = _targets(state)
    if not targets:
        return None
    options = [Option(corner_id(c), f"Remove {state['elements'][c]} at {key_label(c)}")
               for c in targets]
    return Ask(step["animal"], "depletion", "Depletion: remove an element from earth",
               [*options, forfeit("Depletion")])


def choose(state, step, option_id):
    pop(state)
    if option_id == "forfeit":
        return "forfeits Depletion"
    c = corner_of_option(option_id)
    e = remove_element_from_earth(state, c)
    return f"depletes {e} at {key_label(c)}"


def auto(state, step):
    skip(state, step, f"{step['animal'].capitalize()}: Depletion has nothing to remove.")


register("depletion", ask, choose, auto)
