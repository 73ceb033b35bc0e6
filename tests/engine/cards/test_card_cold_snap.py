"""Cold Snap by position (engine/cards/cold_snap.py)."""

from __future__ import annotations

from card_helpers import assert_nothing_happens, rec, take
from helpers import (
    assert_ok,
    finished,
    fresh,
    make_tundra,
    put_species,
    same,
    species,
)


def test_cold_snap_every_other_animal_loses_one_per_tundra_tile():
    state = fresh()
    make_tundra(state, "E3")
    put_species(state, "D3", "birds", 3)  # the taker: untouched
    put_species(state, "D3", "mammals", 2)
    put_species(state, "D3", "reptiles", 1)
    put_species(state, "E3", "reptiles", 2)
    put_species(state, "E3", "birds", 1)
    put_species(state, "C3", "reptiles", 2)  # jungle: untouched
    expected = take(state, "Cold Snap", "birds")
    assert finished(state)
    species(expected, "D3")["mammals"] = 1
    del species(expected, "D3")["reptiles"]
    species(expected, "E3")["reptiles"] = 1
    rec(expected, "mammals")["eliminated"] = 1
    rec(expected, "reptiles")["eliminated"] = 2
    same(state, expected)
    assert_ok(state)


def test_cold_snap_nothing_when_only_the_taker_is_on_tundra():
    state = fresh()
    put_species(state, "D3", "birds", 3)
    put_species(state, "C3", "reptiles", 2)
    put_species(state, "E3", "mammals", 1)
    assert_nothing_happens(state, "Cold Snap", "birds")
