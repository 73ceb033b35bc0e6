"""Biodiversity by position (engine/cards/biodiversity.py)."""

from __future__ import annotations

from card_helpers import assert_nothing_happens, rec, take
from helpers import (
    assert_ok,
    finished,
    fresh,
    put_species,
    same,
)


def test_biodiversity_one_vp_per_shared_tile():
    state = fresh()
    put_species(state, "E3", "reptiles", 2)
    put_species(state, "E3", "mammals", 1)
    put_species(state, "E3", "birds", 1)  # two opponents: still 1 VP
    put_species(state, "E4", "reptiles", 1)
    put_species(state, "E4", "insects", 3)
    put_species(state, "D4", "reptiles", 2)  # alone: nothing
    put_species(state, "C3", "mammals", 1)  # shared, but no reptiles
    put_species(state, "C3", "birds", 1)
    state["animals"]["reptiles"]["vp"] = 4
    state["animals"]["mammals"]["vp"] = 7
    expected = take(state, "Biodiversity", "reptiles")
    assert finished(state)
    rec(expected, "reptiles")["vp"] = 6
    rec(expected, "reptiles")["vp_sources"] = {"card:Biodiversity": 2}
    same(state, expected)
    assert_ok(state)


def test_biodiversity_nothing_when_always_alone():
    state = fresh()
    put_species(state, "E3", "reptiles", 2)
    put_species(state, "D4", "reptiles", 1)
    put_species(state, "C3", "mammals", 1)
    put_species(state, "C3", "birds", 1)
    state["animals"]["reptiles"]["vp"] = 4
    assert_nothing_happens(state, "Biodiversity", "reptiles")
