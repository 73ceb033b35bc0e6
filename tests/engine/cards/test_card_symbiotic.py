"""Symbiotic by position (engine/cards/symbiotic.py)."""

from __future__ import annotations

from card_helpers import assert_resolved, bag_only
from helpers import (
    act,
    card_id,
    fresh,
    offer,
    set_added,
)

from engine.data import FOOD_CHAIN


def test_symbiotic_taker_and_every_animal_with_fewer_elements_draw_one():
    state = fresh()
    set_added(state, "reptiles", ["water", "grub"])  # 4 elements: the taker
    set_added(state, "birds", ["meat", "seed"])  # 4: not fewer
    set_added(state, "arachnids", ["grass"])  # 3: fewer
    set_added(state, "insects", ["meat"])  # 3: fewer
    # mammals 2 and amphibians 3 (printed only): fewer
    bag_only(state, {"sun": 10})
    before = offer(state, "reptiles", "Symbiotic")
    act(state, card_id("Symbiotic"))
    assert_resolved(state, before, "Symbiotic", {
        ("animals", "mammals", "added"): ["sun"],
        ("animals", "reptiles", "added"): ["water", "grub", "sun"],
        ("animals", "amphibians", "added"): ["sun"],
        ("animals", "arachnids", "added"): ["grass", "sun"],
        ("animals", "insects", "added"): ["meat", "sun"],
        ("bag", "sun"): 5,
        ("rng",): state["rng"],
    })


def test_symbiotic_a_full_taker_draws_nothing_but_animals_with_room_do():
    state = fresh()
    set_added(state, "amphibians", ["sun", "sun", "sun"])  # 6 elements: full
    set_added(state, "birds", ["meat", "meat", "meat", "meat"])  # 6: not fewer
    set_added(state, "mammals", ["seed", "seed", "seed"])  # 5: fewer, with room
    bag_only(state, {"grub": 3})
    before = offer(state, "amphibians", "Symbiotic")
    act(state, card_id("Symbiotic"))
    assert_resolved(state, before, "Symbiotic", {
        ("animals", "mammals", "added"): ["seed", "seed", "seed", "grub"],
        ("animals", "reptiles", "added"): ["grub"],
        ("animals", "arachnids", "added"): ["grub"],
        ("bag", "grub"): 0,
        ("rng",): state["rng"],
    })
    assert len(state["animals"]["mammals"]["added"]) + 2 == 6


def test_symbiotic_when_every_display_is_full_does_nothing():
    state = fresh()
    fill = dict(zip(FOOD_CHAIN, ("grass", "grub", "meat", "sun", "water", "seed"), strict=True))
    for a in FOOD_CHAIN:
        set_added(state, a, [fill[a]] * (6 - (3 if a == "amphibians" else 2)))
    before = offer(state, "arachnids", "Symbiotic")
    act(state, card_id("Symbiotic"))
    assert_resolved(state, before, "Symbiotic")
