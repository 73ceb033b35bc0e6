"""Habitat by position (engine/cards/habitat.py)."""

from __future__ import annotations

from card_helpers import ask, assert_nothing_happens, take
from helpers import (
    act,
    assert_ok,
    assert_rejected,
    cid,
    ck,
    finished,
    game,
    option_ids,
    put_element,
    same,
    seat,
    set_added,
)

from engine.data import ELEMENTS, PRINTED_ELEMENTS
from engine.geometry import corner_keys_of, hex_from_key, key_label


def all_corners(state: dict) -> set[str]:
    return {c for h in state["tiles"] for c in corner_keys_of(hex_from_key(h))}


def test_habitat_element_of_choice_from_the_bag_on_any_vacant_corner():
    state = game()
    # no meat left in the bag: it all sits on displays
    meat = state["bag"]["meat"]
    for a in ("mammals", "reptiles", "birds", "amphibians", "arachnids"):
        n = min(6 - len(PRINTED_ELEMENTS[a]), meat)
        set_added(state, a, ["meat"] * n)
        meat -= n
    assert state["bag"]["meat"] == 0
    expected = take(state, "Habitat", "insects")
    assert ask(state) == ("habitat", "insects", seat(state, "insects"))
    assert option_ids(state) == [f"element:{e}" for e in ELEMENTS if e != "meat"]
    assert_rejected(state, "element:meat")
    act(state, "element:seed")
    assert ask(state)[0] == "habitat_corner"
    vacant = all_corners(state) - set(state["elements"])
    assert len(vacant) == 12  # the seven tiles have 24 corners, 12 hold the setup elements
    assert sorted(option_ids(state)) == sorted(f"corner:{key_label(c)}" for c in vacant)
    assert_rejected(state, cid("D3-NE"))  # taken
    assert_rejected(state, cid("F3-E"))  # touches no tile
    act(state, cid("E3-E"))
    assert finished(state)
    expected["elements"][ck("E3-E")] = "seed"
    expected["bag"]["seed"] -= 1
    same(state, expected)
    assert_ok(state)


def test_habitat_nothing_when_every_corner_is_taken():
    state = game()
    for i, c in enumerate(sorted(all_corners(state) - set(state["elements"]))):
        put_element(state, key_label(c), ELEMENTS[i % len(ELEMENTS)])
    assert_nothing_happens(state, "Habitat", "insects")
