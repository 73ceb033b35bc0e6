"""Parasitism by position (engine/cards/parasitism.py)."""

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
def test_parasitism_gives_the_taker_and_every_animal_below_it_an_ap(taker):
    state = fresh()
    before = offer(state, taker, "Parasitism")
    act(state, card_id("Parasitism"))
    below = FOOD_CHAIN[FOOD_CHAIN.index(taker):]
    changes = {}
    for a in below:
        changes[("animals", a, "aps")] = 4
        changes[("animals", a, "aps_owned")] = 4
    assert_resolved(state, before, "Parasitism", changes)


def test_parasitism_respects_the_ten_cylinders():
    state = fresh()
    set_aps(state, "insects", 10)
    set_aps(state, "arachnids", 9)
    set_aps(state, "birds", 9)  # above the amphibians: gains nothing
    before = offer(state, "amphibians", "Parasitism")
    act(state, card_id("Parasitism"))
    assert_resolved(state, before, "Parasitism", {
        ("animals", "amphibians", "aps"): 4, ("animals", "amphibians", "aps_owned"): 4,
        ("animals", "arachnids", "aps"): 10, ("animals", "arachnids", "aps_owned"): 10,
    })
    assert max(r["aps_owned"] for r in state["animals"].values()) == 10


def test_parasitism_for_the_bottom_animal_with_ten_cylinders_does_nothing():
    state = fresh()
    set_aps(state, "insects", 10)
    before = offer(state, "insects", "Parasitism")
    act(state, card_id("Parasitism"))
    assert_resolved(state, before, "Parasitism")


def test_parasitism_skips_animals_not_in_play():
    state = fresh(4, animals=[["birds"], ["insects"], ["mammals"], ["amphibians"]])
    before = offer(state, "birds", "Parasitism")
    act(state, card_id("Parasitism"))
    changes = {}
    for a in ("birds", "amphibians", "insects"):  # 4 players: 5 APs each
        changes[("animals", a, "aps")] = changes[("animals", a, "aps_owned")] = 6
    assert_resolved(state, before, "Parasitism", changes)
