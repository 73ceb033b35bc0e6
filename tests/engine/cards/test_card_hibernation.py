"""Hibernation by position (engine/cards/hibernation.py): the species it returns ignore this
turn's Extinction, wherever Mass Exodus moves them (base-game.md §7.1)."""

from __future__ import annotations

import copy
import json

from card_helpers import ask, assert_nothing_happens, rec, take
from helpers import (
    RING,
    act,
    assert_ok,
    assert_rejected,
    card_id,
    face_up,
    finished,
    fresh,
    hk,
    option_ids,
    put_element,
    put_species,
    run_from_row,
    run_reset,
    same,
    seat,
    species,
    to_box,
)

from engine.display import place_ap
from engine.invariants import violations
from engine.state import add_species, protected_species, remove_species


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


# -- Then Mass Exodus in the same turn ----------------------------------------------------------


def _hibernate_then_exodus(state: dict, moves: list[str]) -> None:
    """A real Execution: the reptiles dominate D4 (sun) and return 3 species onto E3 by
    Hibernation; then the birds dominate C3 (seed) and move everything off E3 by Mass Exodus
    (``moves``).  E3, E4, D2 and D3 have no element: whatever stays on them is endangered."""
    put_element(state, "D4-SE", "sun")  # D4 only
    put_species(state, "D4", "reptiles", 1)
    put_element(state, "C3-W", "seed")  # C3 only
    put_species(state, "C3", "birds", 1)
    to_box(state, "reptiles", 5)
    face_up(state, "Hibernation", "Mass Exodus")
    place_ap(state, "reptiles", "domination", 0)
    place_ap(state, "birds", "domination", 1)
    run_from_row(state, "domination")
    for option in ["tile:D4", card_id("Hibernation"), "tile:E3", "place:3",
                   "tile:C3", card_id("Mass Exodus"), "tile:E3"]:
        act(state, option)
    assert state["hibernating"] == {hk("E3"): {"reptiles": 3}}
    for option in moves[:-1]:
        act(state, option)
        assert json.loads(json.dumps(state)) == state
        assert violations(state) == []
    act(state, moves[-1])
    # Execution is over once E3 is empty: Reset ran, Extinction first (no mammals to ask).
    assert species(state, "E3") == {}
    assert state["turn"] == 2 and state["phase"] == "planning"
    assert "hibernating" not in state
    assert_ok(state)


def test_species_moved_by_mass_exodus_still_ignore_this_extinction():
    state = fresh()
    # E4 has no element: the reptiles match nothing there
    _hibernate_then_exodus(state, ["all:reptiles:E4"])
    assert species(state, "E4") == {"reptiles": 3}
    assert state["animals"]["reptiles"]["eliminated"] == 2


def test_the_protection_moves_with_the_returned_species_only():
    state = fresh()
    put_species(state, "E3", "reptiles", 2)  # there before Hibernation: not protected
    put_species(state, "E3", "insects", 1)  # another animal on the tile: not protected
    # A single reptile moved is an unprotected one while any is left: D2 and D3 get those, E4
    # the three returned ones; the insects go to E4 too.
    _hibernate_then_exodus(state, ["one:reptiles:D2", "one:reptiles:D3", "all:reptiles:E4", "all:insects:E4"])
    assert species(state, "D2") == {}
    assert species(state, "D3") == {}
    assert species(state, "E4") == {"reptiles": 3}
    assert state["animals"]["reptiles"]["eliminated"] == 2 + 2
    assert state["animals"]["insects"]["eliminated"] == 1


def test_a_protected_species_moved_alone_keeps_its_protection():
    state = fresh()
    put_species(state, "E3", "reptiles", 2)
    # both unprotected reptiles leave first; then one returned reptile alone to D2, two to D3
    _hibernate_then_exodus(state, ["one:reptiles:E4", "one:reptiles:E4", "one:reptiles:D2", "all:reptiles:D3"])
    assert species(state, "E4") == {}
    assert species(state, "D2") == {"reptiles": 1}
    assert species(state, "D3") == {"reptiles": 2}


def test_a_protected_species_that_dies_takes_its_protection_with_it():
    # Protected and unprotected reptiles share E3; a loss takes an unprotected one first, and a
    # species added later is not protected by the count of one that died.
    state = fresh()
    put_species(state, "E3", "reptiles", 1)
    to_box(state, "reptiles", 3)
    take(state, "Hibernation", "reptiles")
    act(state, "tile:E3")
    act(state, "place:2")
    assert state["hibernating"] == {hk("E3"): {"reptiles": 2}}
    remove_species(state, "reptiles", hk("E3"), 2)  # the one there before, and one returned
    assert protected_species(state, "reptiles", hk("E3")) == 1
    add_species(state, "reptiles", hk("E3"), 1)
    assert state["hibernating"] == {hk("E3"): {"reptiles": 1}}
    run_reset(state)
    assert species(state, "E3") == {"reptiles": 1}


def test_a_count_beyond_the_species_there_protects_only_those_there():
    # Species that died leave the count as it was; a state saved before the count followed its
    # species may also count species that moved away.
    state = fresh()
    put_species(state, "E3", "reptiles", 2)
    state["hibernating"] = {hk("E3"): {"reptiles": 5}}
    state = json.loads(json.dumps(state))
    run_reset(state)
    assert species(state, "E3") == {"reptiles": 2}
    assert "hibernating" not in state
