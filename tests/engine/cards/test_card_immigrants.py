"""Immigrants by position (engine/cards/immigrants.py)."""

from __future__ import annotations

from card_helpers import assert_resolved, seated
from helpers import (
    SEAT,
    act,
    assert_rejected,
    card_id,
    current,
    fresh,
    hk,
    offer,
    option_ids,
    put_species,
    set_added,
)

import engine
from engine.data import FOOD_CHAIN, ROW_NAMES
from engine.display import place_ap
from engine.invariants import violations


def test_immigrants_asks_every_animal_in_food_chain_order_at_its_own_seat():
    state = seated()
    set_added(state, "mammals", ["sun", "water", "sun"])
    set_added(state, "birds", ["meat"])
    set_added(state, "arachnids", ["grub", "grass", "grub"])
    put_species(state, "E3", "mammals", 3)
    put_species(state, "D2", "mammals", 1)
    put_species(state, "E3", "reptiles", 2)
    put_species(state, "C3", "reptiles", 2)
    put_species(state, "D4", "reptiles", 1)
    put_species(state, "D2", "amphibians", 3)
    put_species(state, "D4", "amphibians", 1)
    put_species(state, "C4", "insects", 4)
    for space in ("adaptation", "abundance", "wanderlust"):  # every amphibian AP is placed
        place_ap(state, "amphibians", space, 0)
    before = offer(state, "birds", "Immigrants")
    act(state, card_id("Immigrants"))

    expected = [
        ("mammals", ["element:sun", "element:water", "ap", "species"], "element:sun"),
        ("reptiles", ["ap", "species"], "species"),
        ("birds", ["element:meat", "ap", "species"], "ap"),  # the taker too
        ("amphibians", ["species"], "species"),  # no added element, no AP in supply
        ("arachnids", ["element:grass", "element:grub", "ap", "species"], "element:grub"),
        ("insects", ["ap", "species"], "ap"),
    ]
    for animal, ids, choice in expected:
        p = current(state)
        assert (p.kind, p.animal, p.seat) == ("immigrants", animal, SEAT[animal])
        assert option_ids(state) == ids
        for seat in range(6):
            if seat != SEAT[animal]:
                assert engine.options_for(state, seat) == ()
        assert_rejected(state, choice, seat_no=(SEAT[animal] + 1) % 6)
        engine.apply(state, SEAT[animal], choice)

    b = before["bag"]
    an = before["animals"]
    assert_resolved(state, before, "Immigrants", {
        ("animals", "mammals", "added"): ["water", "sun"],
        ("bag", "sun"): b["sun"] + 1,
        ("tiles", hk("E3"), "species"): {"mammals": 3, "reptiles": 1},
        ("tiles", hk("C3"), "species"): {"reptiles": 1},
        ("animals", "reptiles", "eliminated"): an["reptiles"]["eliminated"] + 2,
        ("animals", "birds", "aps"): 2,
        ("animals", "birds", "aps_owned"): 2,
        ("tiles", hk("D2"), "species"): {"mammals": 1, "amphibians": 1},
        ("animals", "amphibians", "eliminated"): an["amphibians"]["eliminated"] + 2,
        ("animals", "arachnids", "added"): ["grass", "grub"],
        ("bag", "grub"): b["grub"] + 1,
        ("animals", "insects", "aps"): 2,
        ("animals", "insects", "aps_owned"): 2,
    })


def test_immigrants_with_nothing_to_lose_offers_only_the_species_option_and_changes_nothing():
    state = seated()
    put_species(state, "E3", "mammals", 1)
    put_species(state, "E3", "reptiles", 1)
    put_species(state, "D2", "insects", 1)
    spaces = [(r, i) for r in ROW_NAMES for i in range(len(state["display"][r]))
              if state["display"][r][i] is None]
    for a in FOOD_CHAIN:  # every AP is on the display: none can be lost
        for _ in range(state["animals"][a]["aps"]):
            place_ap(state, a, *spaces.pop(0))
    before = offer(state, "reptiles", "Immigrants")
    act(state, card_id("Immigrants"))
    for animal in FOOD_CHAIN:
        p = current(state)
        assert (p.kind, p.animal, p.seat) == ("immigrants", animal, SEAT[animal])
        assert option_ids(state) == ["species"]
        assert_rejected(state, "ap")
        act(state, "species")
    assert_resolved(state, before, "Immigrants")


def test_immigrants_in_the_multi_animal_variant_asks_each_animal_at_its_players_seat():
    state = fresh(2, multi_animal=True,
                  animals=[["mammals", "birds", "arachnids"], ["reptiles", "amphibians", "insects"]])
    put_species(state, "E3", "birds", 2)
    before = offer(state, "insects", "Immigrants")
    assert current(state).seat == 1
    act(state, card_id("Immigrants"))
    asked = []
    for _ in FOOD_CHAIN:
        p = current(state)
        asked.append((p.animal, p.seat))
        assert option_ids(state) == ["ap", "species"]
        act(state, "species")
    assert asked == [("mammals", 0), ("reptiles", 1), ("birds", 0), ("amphibians", 1), ("arachnids", 0),
                     ("insects", 1)]
    assert_resolved(state, before, "Immigrants", {
        ("tiles", hk("E3"), "species"): {"birds": 1},
        ("animals", "birds", "eliminated"): before["animals"]["birds"]["eliminated"] + 1,
    })


def test_immigrants_refuses_an_element_it_has_not_added():
    state = seated()
    set_added(state, "mammals", ["water"])
    offer(state, "insects", "Immigrants")
    act(state, card_id("Immigrants"))
    assert_rejected(state, "element:sun")
    assert_rejected(state, "element:meat")  # printed elements can't be lost
    assert_rejected(state, "lose:water")
    assert violations(state) == []
