"""Omnivore by position (engine/cards/omnivore.py)."""

from __future__ import annotations

from card_helpers import assert_resolved, set_aps
from helpers import (
    act,
    card_id,
    fresh,
    offer,
)

from engine.display import place_ap


def test_omnivore_gives_the_taker_one_ap_up_to_ten():
    state = fresh()
    place_ap(state, "reptiles", "adaptation", 0)
    set_aps(state, "birds", 9)
    before = offer(state, "reptiles", "Omnivore")
    act(state, card_id("Omnivore"))
    assert_resolved(state, before, "Omnivore", {
        ("animals", "reptiles", "aps"): 3, ("animals", "reptiles", "aps_owned"): 4,
    })
    state = fresh()
    set_aps(state, "birds", 9)
    before = offer(state, "birds", "Omnivore")
    act(state, card_id("Omnivore"))
    assert_resolved(state, before, "Omnivore", {
        ("animals", "birds", "aps"): 10, ("animals", "birds", "aps_owned"): 10,
    })


def test_omnivore_with_ten_cylinders_does_nothing():
    state = fresh()
    set_aps(state, "birds", 10)
    before = offer(state, "birds", "Omnivore")
    act(state, card_id("Omnivore"))
    assert_resolved(state, before, "Omnivore")
    assert state["animals"]["birds"]["aps_owned"] == 10
