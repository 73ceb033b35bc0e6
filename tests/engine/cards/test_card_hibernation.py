"""Hibernation by position (engine/cards/hibernation.py)."""

from __future__ import annotations

import copy

from card_helpers import ask, assert_nothing_happens, rec, take
from helpers import (
    RING,
    act,
    assert_ok,
    assert_rejected,
    finished,
    fresh,
    hk,
    option_ids,
    put_element,
    put_species,
    run_reset,
    same,
    seat,
    species,
    to_box,
)


def test_hibernation_species_survive_this_turns_extinction():
    state = fresh()
    put_element(state, "E3-E", "grass")  # E3 only: insects match, reptiles (sun) do not
    put_species(state, "E3", "reptiles", 1)
    put_species(state, "E3", "insects", 2)
    put_element(state, "D4-SE", "sun")  # D4 only: reptiles match, birds do not
    put_species(state, "D4", "reptiles", 2)
    put_species(state, "D4", "birds", 1)
    to_box(state, "reptiles", 7)
    pool = state["animals"]["reptiles"]["gene_pool"]
    expected = take(state, "Hibernation", "reptiles")
    assert ask(state) == ("hibernation", "reptiles", seat(state, "reptiles"))
    assert sorted(option_ids(state)) == sorted(f"tile:{t}" for t in RING + ["D3"])
    act(state, "tile:E3")
    assert ask(state)[0] == "hibernation_count"
    assert option_ids(state) == ["place:5", "place:4", "place:3", "place:2", "place:1", "place:0"]
    assert_rejected(state, "place:6")
    act(state, "place:5")
    assert finished(state)
    assert species(state, "E3") == {"reptiles": 6, "insects": 2}
    assert state["animals"]["reptiles"]["eliminated"] == 2
    assert state["animals"]["reptiles"]["gene_pool"] == pool
    assert_ok(state)
    expected_earth = copy.deepcopy(expected["tiles"])
    expected_earth[hk("E3")]["species"]["reptiles"] = 6
    assert state["tiles"] == expected_earth

    # A real Reset: Extinction spares the five hibernating reptiles, not the one already there.
    run_reset(state)
    assert species(state, "E3") == {"reptiles": 5, "insects": 2}
    assert species(state, "D4") == {"reptiles": 2}
    assert state["animals"]["reptiles"]["eliminated"] == 3
    assert state["animals"]["birds"]["eliminated"] == 1
    assert "hibernating" not in state
    assert state["turn"] == 2 and state["phase"] == "planning"
    assert_ok(state)


def test_hibernation_is_limited_by_the_eliminated_species():
    state = fresh()
    to_box(state, "mammals", 3)
    expected = take(state, "Hibernation", "mammals")
    act(state, "tile:C4")
    assert option_ids(state) == ["place:3", "place:2", "place:1", "place:0"]
    assert_rejected(state, "place:4")
    act(state, "place:3")
    assert finished(state)
    species(expected, "C4")["mammals"] = 3
    rec(expected, "mammals")["eliminated"] = 0
    same(state, expected, ignore=("hibernating",))  # the engine's own record of the safe cubes
    assert_ok(state)


def test_hibernation_nothing_without_eliminated_species():
    state = fresh()
    put_species(state, "C4", "mammals", 2)
    to_box(state, "birds", 4)  # another animal's eliminated species don't count
    assert_nothing_happens(state, "Hibernation", "mammals")
