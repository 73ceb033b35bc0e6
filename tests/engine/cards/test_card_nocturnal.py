"""Nocturnal by position (engine/cards/nocturnal.py)."""

from __future__ import annotations

from card_helpers import assert_resolved
from helpers import (
    act,
    card_id,
    fresh,
    offer,
)


def test_nocturnal_moves_the_taker_one_place_forward_on_initiative():
    state = fresh()
    assert state["initiative"] == ["insects", "arachnids", "amphibians", "birds", "reptiles", "mammals"]
    before = offer(state, "birds", "Nocturnal")
    act(state, card_id("Nocturnal"))
    assert_resolved(state, before, "Nocturnal", {
        ("initiative",): ["insects", "arachnids", "birds", "amphibians", "reptiles", "mammals"],
    })


def test_nocturnal_for_the_first_on_initiative_does_nothing():
    state = fresh()
    before = offer(state, "insects", "Nocturnal")
    act(state, card_id("Nocturnal"))
    assert_resolved(state, before, "Nocturnal")
