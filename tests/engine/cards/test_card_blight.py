"""Blight by position (engine/cards/blight.py)."""

from __future__ import annotations

from card_helpers import ask, assert_nothing_happens, take
from helpers import (
    act,
    assert_ok,
    assert_rejected,
    cid,
    ck,
    finished,
    fresh,
    option_ids,
    put_element,
    put_species,
    same,
    seat,
)


def test_blight_keeps_one_element_of_the_takers_choice():
    state = fresh()
    put_element(state, "D3-NE", "water")  # D2, D3, E3
    put_element(state, "D3-E", "grass")  # D3, E3, E4
    put_element(state, "E3-NE", "sun")  # E3 only
    put_element(state, "C4-SE", "meat")  # C4, D4
    put_species(state, "E3", "insects", 1)
    expected = take(state, "Blight", "insects")
    assert ask(state) == ("blight", "insects", seat(state, "insects"))
    # tiles with at least two elements: D3 (2) and E3 (3); D2, E4, C4, D4 have one
    assert sorted(option_ids(state)) == ["tile:D3", "tile:E3"]
    assert_rejected(state, "tile:D2")
    act(state, "tile:E3")
    assert ask(state)[0] == "blight_keep"
    assert sorted(option_ids(state)) == sorted([cid("D3-NE"), cid("D3-E"), cid("E3-NE")])
    assert_rejected(state, cid("C4-SE"))  # an element, but not on E3
    assert_rejected(state, cid("E3-E"))  # a corner of E3, but vacant
    act(state, cid("D3-E"))
    assert finished(state)
    del expected["elements"][ck("D3-NE")]
    del expected["elements"][ck("E3-NE")]
    expected["bag"]["water"] += 1
    expected["bag"]["sun"] += 1
    same(state, expected)
    assert_ok(state)


def test_blight_nothing_when_no_tile_has_two_elements():
    state = fresh()
    put_element(state, "D3-NE", "water")  # D2, D3, E3: one each
    put_element(state, "C4-SE", "meat")  # C4, D4: one each
    put_species(state, "E3", "insects", 2)
    assert_nothing_happens(state, "Blight", "insects")
