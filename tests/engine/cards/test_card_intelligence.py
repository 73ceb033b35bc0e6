"""Intelligence by position (engine/cards/intelligence.py)."""

from __future__ import annotations

import pytest
from card_helpers import assert_resolved, set_aps
from helpers import (
    act,
    card_id,
    fresh,
    offer,
)

from engine.data import FOOD_CHAIN


@pytest.mark.parametrize("taker", FOOD_CHAIN)
def test_intelligence_gives_the_taker_and_every_animal_above_it_an_ap(taker):
    state = fresh()
    before = offer(state, taker, "Intelligence")
    act(state, card_id("Intelligence"))
    above = FOOD_CHAIN[:FOOD_CHAIN.index(taker) + 1]
    changes = {}
    for a in above:
        changes[("animals", a, "aps")] = 4
        changes[("animals", a, "aps_owned")] = 4
    assert_resolved(state, before, "Intelligence", changes)


def test_intelligence_respects_the_ten_cylinders():
    state = fresh()
    set_aps(state, "mammals", 9)
    set_aps(state, "reptiles", 10)
    set_aps(state, "amphibians", 9)  # below the birds: gains nothing
    before = offer(state, "birds", "Intelligence")
    act(state, card_id("Intelligence"))
    assert_resolved(state, before, "Intelligence", {
        ("animals", "mammals", "aps"): 10, ("animals", "mammals", "aps_owned"): 10,
        ("animals", "birds", "aps"): 4, ("animals", "birds", "aps_owned"): 4,
    })
    assert max(r["aps_owned"] for r in state["animals"].values()) == 10


def test_intelligence_for_the_top_animal_with_ten_cylinders_does_nothing():
    state = fresh()
    set_aps(state, "mammals", 10)
    before = offer(state, "mammals", "Intelligence")
    act(state, card_id("Intelligence"))
    assert_resolved(state, before, "Intelligence")


def test_intelligence_skips_animals_not_in_play():
    state = fresh(4, animals=[["birds"], ["insects"], ["mammals"], ["amphibians"]])
    before = offer(state, "amphibians", "Intelligence")
    act(state, card_id("Intelligence"))
    changes = {}
    for a in ("mammals", "birds", "amphibians"):  # 4 players: 5 APs each
        changes[("animals", a, "aps")] = changes[("animals", a, "aps_owned")] = 6
    assert_resolved(state, before, "Intelligence", changes)
