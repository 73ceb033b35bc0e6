"""Aquatic by position (engine/cards/aquatic.py)."""

from __future__ import annotations

import pytest
from card_helpers import ask, assert_nothing_happens, rec, take
from helpers import (
    act,
    assert_ok,
    assert_rejected,
    card_id,
    cid,
    ck,
    current,
    fill_corners,
    finished,
    fresh,
    offer,
    option_ids,
    put_species,
    put_tile,
    same,
    seat,
    species,
    to_box,
)

from engine.cards import aquatic
from engine.data import ELEMENTS


def aquatic_position() -> dict:
    """Wetland D2, seas D1 and F3; every corner of them filled with grub but D2-NE and F3-E."""
    state = fresh()
    put_tile(state, "D1", "sea")
    put_tile(state, "F3", "sea")
    fill_corners(state, ["D1", "D2", "F3"], "grub", keep_vacant=["D2-NE", "F3-E"])
    return state


def test_aquatic_element_then_species_on_a_tile_touching_it():
    state = aquatic_position()
    expected = take(state, "Aquatic", "amphibians")
    assert ask(state) == ("aquatic", "amphibians", seat(state, "amphibians"))
    assert option_ids(state) == [f"element:{e}" for e in ELEMENTS]
    act(state, "element:sun")
    assert ask(state)[0] == "aquatic_corner"
    assert sorted(option_ids(state)) == sorted([cid("D2-NE"), cid("F3-E")])
    assert_rejected(state, cid("C4-SE"))  # vacant, but forest/mountain
    assert_rejected(state, cid("D3-SE"))  # vacant, but the tundra D3 (on a sea), desert, mountain
    act(state, cid("D2-NE"))
    assert ask(state)[0] == "aquatic_tile"
    # only the sea/wetland tiles touching the element: D2 and D1, not the far sea F3
    assert sorted(option_ids(state)) == ["tile:D1", "tile:D2"]
    assert_rejected(state, "tile:F3")
    act(state, "tile:D1")
    assert ask(state)[0] == "aquatic_count"
    assert option_ids(state) == ["place:4", "place:3", "place:2", "place:1", "place:0"]
    assert_rejected(state, "place:5")
    act(state, "place:3")
    assert finished(state)
    expected["elements"][ck("D2-NE")] = "sun"
    expected["bag"]["sun"] -= 1
    species(expected, "D1")["amphibians"] = 3
    rec(expected, "amphibians")["gene_pool"] -= 3
    same(state, expected)
    assert_ok(state)


def test_aquatic_without_a_vacant_corner_still_places_species_on_any_sea_or_wetland():
    state = fresh()
    put_tile(state, "D1", "sea")
    fill_corners(state, ["D1", "D2"], "seed", keep_vacant=[])
    to_box(state, "reptiles", state["animals"]["reptiles"]["gene_pool"] - 2)
    expected = take(state, "Aquatic", "reptiles")
    assert ask(state) == ("aquatic_tile", "reptiles", seat(state, "reptiles"))
    # the centre tundra D3 lies on a sea but counts as tundra
    assert sorted(option_ids(state)) == ["tile:D1", "tile:D2"]
    act(state, "tile:D2")
    assert option_ids(state) == ["place:2", "place:1", "place:0"]
    act(state, "place:2")
    assert finished(state)
    species(expected, "D2")["reptiles"] = 2
    rec(expected, "reptiles")["gene_pool"] = 0
    same(state, expected)
    assert_ok(state)


def test_aquatic_with_an_empty_gene_pool_only_places_the_element():
    state = aquatic_position()
    to_box(state, "birds", state["animals"]["birds"]["gene_pool"])
    expected = take(state, "Aquatic", "birds")
    act(state, "element:water")
    act(state, cid("F3-E"))
    assert finished(state)
    expected["elements"][ck("F3-E")] = "water"
    expected["bag"]["water"] -= 1
    same(state, expected)
    assert_ok(state)


def test_aquatic_nothing_to_do_without_corner_and_gene_pool():
    state = fresh()
    fill_corners(state, ["D2"], "grass", keep_vacant=[])
    put_species(state, "D2", "insects", 2)
    to_box(state, "insects", state["animals"]["insects"]["gene_pool"])
    assert_nothing_happens(state, "Aquatic", "insects")


# -- The open reading: species on a tile touching the new element, or any sea/wetland ----------


@pytest.mark.parametrize(("touching", "tiles"), [(True, ["tile:D1", "tile:D2"]),
                                                 (False, ["tile:D1", "tile:D2", "tile:F3"])])
def test_aquatic_species_tile_switch(monkeypatch, touching, tiles):
    monkeypatch.setattr(aquatic, "SPECIES_ON_ELEMENT_TILE", touching)
    state = aquatic_position()
    offer(state, "amphibians", "Aquatic")
    act(state, card_id("Aquatic"))
    act(state, "element:sun")
    act(state, cid("D2-NE"))
    assert current(state).kind == "aquatic_tile"
    assert sorted(option_ids(state)) == tiles
