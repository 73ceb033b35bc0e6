"""Habitat: an element of the taker's choice from the bag onto any vacant corner of earth."""

from __future__ import annotations

from engine.cards.common import element_ask, place_from_bag, starts_step
from engine.flow import Ask, State, Step, pop, register, skip
from engine.state import vacant_corners
from engine.text import Msg, corner_ref, msg


def ask(state: State, step: Step) -> Ask | None:
    return element_ask(state, step, vacant_corners(state), "habitat", "Habitat")


def choose(state: State, step: Step, option_id: str) -> Msg:
    c = place_from_bag(state, step, option_id)
    if c is None:
        return msg("card.element_chosen", card="Habitat", element=step["element"])
    pop(state)
    return msg("element_placed", element=step["element"], corner=corner_ref(state, c))


register("habitat", ask, choose, lambda s, st: skip(s, st, "habitat.skipped"))
starts_step("Habitat", "habitat")
