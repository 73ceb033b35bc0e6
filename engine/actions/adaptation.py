"""Adaptation: take one element from the Adaptation box onto your display."""

from __future__ import annotations

from engine.actions.common import forfeit
from engine.data import MAX_DISPLAY_ELEMENTS
from engine.ecology import display_elements
from engine.flow import Ask, Option, State, Step, pop, register, skip
from engine.text import Msg, msg


def ask(state: State, step: Step) -> Ask | None:
    animal = step["animal"]
    box = state["boxes"]["adaptation"]
    if not box or len(display_elements(state, animal)) >= MAX_DISPLAY_ELEMENTS:
        return None
    options = [Option(f"take:{e}", msg("adaptation.take", element=e)) for e in sorted(set(box))]
    return Ask(animal, "adaptation", msg("adaptation"), [*options, forfeit("adaptation")])


def choose(state: State, step: Step, option_id: str) -> Msg:
    pop(state)
    if option_id == "forfeit":
        return msg("forfeits", action="adaptation")
    element = option_id.split(":", 1)[1]
    state["boxes"]["adaptation"].remove(element)
    state["animals"][step["animal"]]["added"].append(element)
    return msg("adaptation.taken", element=element)


def auto(state: State, step: Step) -> None:
    if not state["boxes"]["adaptation"]:
        skip(state, step, "adaptation.skipped.empty")
    else:
        skip(state, step, "adaptation.skipped.full")


register("adaptation", ask, choose, auto)
