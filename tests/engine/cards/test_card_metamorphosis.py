"""Metamorphosis by position (engine/cards/metamorphosis.py)."""

from __future__ import annotations

from card_helpers import assert_resolved
from helpers import (
    act,
    assert_rejected,
    card_id,
    current,
    fresh,
    offer,
    option_ids,
    set_added,
)


def test_metamorphosis_swaps_an_added_element_for_one_from_the_bag():
    state = fresh()
    set_added(state, "reptiles", ["water", "grub", "water"])
    seeds = state["bag"]["seed"]
    state["bag"]["seed"] = 0  # every seed waits in the Wanderlust box
    state["boxes"]["wanderlust"].extend(["seed"] * seeds)
    before = offer(state, "reptiles", "Metamorphosis")
    act(state, card_id("Metamorphosis"))
    p = current(state)
    assert (p.kind, p.animal, p.seat) == ("metamorphosis", "reptiles", state["animals"]["reptiles"]["seat"])
    assert option_ids(state) == ["old:grub", "old:water"]
    assert_rejected(state, "old:sun")  # printed, not added
    act(state, "old:water")
    assert option_ids(state) == ["new:grass", "new:grub", "new:meat", "new:sun", "new:water"]
    assert_rejected(state, "new:seed")  # none in the bag
    act(state, "new:meat")
    assert_resolved(state, before, "Metamorphosis", {
        ("animals", "reptiles", "added"): ["meat", "grub", "water"],
        ("bag", "water"): before["bag"]["water"] + 1,
        ("bag", "meat"): before["bag"]["meat"] - 1,
    })


def test_metamorphosis_without_added_elements_does_nothing():
    state = fresh()
    set_added(state, "birds", ["sun"])
    before = offer(state, "reptiles", "Metamorphosis")
    act(state, card_id("Metamorphosis"))
    assert_resolved(state, before, "Metamorphosis")
