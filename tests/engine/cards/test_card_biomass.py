"""Biomass by position (engine/cards/biomass.py)."""

from __future__ import annotations

from card_helpers import ask, assert_nothing_happens, rec, take
from helpers import (
    act,
    assert_ok,
    assert_rejected,
    finished,
    fresh,
    game,
    option_ids,
    put_element,
    put_species,
    same,
    seat,
    species,
)


def test_biomass_one_loss_per_crowded_tile_the_taker_chooses():
    state = fresh()
    put_species(state, "C3", "mammals", 2)  # C3: 4 species, 1 element: the taker chooses
    put_species(state, "C3", "reptiles", 1)
    put_species(state, "C3", "insects", 1)
    put_element(state, "C3-NW", "meat")  # touches C3 only
    put_species(state, "D2", "reptiles", 1)  # D2: 2 species, 1 element: the taker chooses (may pick itself)
    put_species(state, "D2", "birds", 1)
    put_element(state, "D2-NE", "water")  # touches D2 only
    put_species(state, "C4", "birds", 1)  # 2 species, 2 elements: safe
    put_species(state, "C4", "insects", 1)
    put_element(state, "B3-SE", "seed")  # C4 only
    put_element(state, "B4-E", "seed")  # C4 only
    put_species(state, "D4", "insects", 1)  # 1 species, 0 elements: the only animal loses it
    put_species(state, "E3", "birds", 3)  # the taker alone, 3 > 1 element: the taker loses one
    put_element(state, "E3-E", "sun")  # E3 only
    expected = take(state, "Biomass", "birds")
    # queue order by tile key: C3, D2, D4, E3
    assert ask(state) == ("biomass", "birds", seat(state, "birds"))
    assert sorted(option_ids(state)) == ["eliminate:insects", "eliminate:mammals", "eliminate:reptiles"]
    assert_rejected(state, "eliminate:birds")  # no birds on C3
    act(state, "eliminate:mammals")
    assert ask(state) == ("biomass", "birds", seat(state, "birds"))
    assert sorted(option_ids(state)) == ["eliminate:birds", "eliminate:reptiles"]
    act(state, "eliminate:birds")
    assert finished(state)
    species(expected, "C3")["mammals"] = 1
    del species(expected, "D2")["birds"]
    del species(expected, "D4")["insects"]
    species(expected, "E3")["birds"] = 2
    rec(expected, "mammals")["eliminated"] = 1
    rec(expected, "birds")["eliminated"] = 2
    rec(expected, "insects")["eliminated"] = 1
    same(state, expected)
    assert_ok(state)


def test_biomass_nothing_at_setup():
    # every ring tile holds 4 species and 4 elements; the centre tundra no species
    state = game()
    assert_nothing_happens(state, "Biomass", "arachnids")
