"""Fertile by position (engine/cards/fertile.py)."""

from __future__ import annotations

from card_helpers import ask, assert_nothing_happens, rec, take
from helpers import (
    act,
    assert_ok,
    assert_rejected,
    finished,
    fresh,
    option_ids,
    put_species,
    same,
    seat,
)


def test_fertile_vps_for_all_species_on_one_own_tile():
    state = fresh()
    put_species(state, "E3", "reptiles", 1)
    put_species(state, "E3", "mammals", 2)
    put_species(state, "E3", "birds", 3)
    put_species(state, "D4", "reptiles", 2)
    put_species(state, "C3", "insects", 10)  # no reptiles: not offered
    state["animals"]["reptiles"]["vp"] = 5
    expected = take(state, "Fertile", "reptiles")
    assert ask(state) == ("fertile", "reptiles", seat(state, "reptiles"))
    assert sorted(option_ids(state)) == ["tile:D4", "tile:E3"]
    assert_rejected(state, "tile:C3")
    act(state, "tile:E3")
    assert finished(state)
    rec(expected, "reptiles")["vp"] = 11
    rec(expected, "reptiles")["vp_sources"] = {"card:Fertile": 6}
    same(state, expected)
    assert_ok(state)


def test_fertile_nothing_without_own_species_on_earth():
    state = fresh()
    put_species(state, "C3", "insects", 10)
    assert_nothing_happens(state, "Fertile", "reptiles")
