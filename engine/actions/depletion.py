"""Depletion: remove one element from earth of a type shown in the Depletion box."""

from __future__ import annotations

from engine.actions.common import corner_id, corner_of_option, forfeit
from engine.flow import Ask, Option, State, Step, pop, register, skip
from engine.state import remove_element_from_earth
from engine.text import Msg, corner_ref, msg


def _targets(state: State) -> list[str]:
    types = set(state["boxes"]["depletion"])
    return sorted(c for c, e in state["elements"].items() if e in types)


def ask(state: State, step: Step) -> Ask | None:
    targets = _targets(state)
    if not targets:
        return None
    options = [Option(corner_id(c), msg("remove_element", element=state["elements"][c],
                                        corner=corner_ref(state, c)))
               for c in targets]
    return Ask(step["animal"], "depletion", msg("depletion"), [*options, forfeit("depletion")])


def choose(state: State, step: Step, option_id: str) -> Msg:
    pop(state)
    if option_id == "forfeit":
        return msg("forfeits", action="depletion")
    c = corner_of_option(option_id)
    where = corner_ref(state, c)
    e = remove_element_from_earth(state, c)
    return msg("depletion.removed", element=e, corner=where)


def auto(state: State, step: Step) -> None:
    skip(state, step, "depletion.skipped")


register("depletion", ask, choose, auto)
