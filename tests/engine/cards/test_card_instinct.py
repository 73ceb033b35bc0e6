"""Instinct by position (engine/cards/instinct.py)."""

from __future__ import annotations

import copy

import pytest
from card_helpers import aps, assert_resolved, set_aps
from helpers import (
    act,
    assert_ok,
    assert_rejected,
    card_id,
    current,
    english_log,
    face_up,
    finished,
    fresh,
    offer,
    option_ids,
    put_element,
    put_species,
    run_from_row,
)

from engine import reseed
from engine.cards import instinct
from engine.data import FOOD_CHAIN, ROW_NAMES
from engine.display import place_ap
from engine.invariants import violations


def test_instinct_offers_every_vacant_space_and_places_one_of_its_own_aps():
    state = fresh()
    place_ap(state, "birds", "migration", 1)
    before = offer(state, "mammals", "Instinct")
    act(state, card_id("Instinct"))
    p = current(state)
    assert (p.kind, p.animal, p.seat) == ("instinct", "mammals", state["animals"]["mammals"]["seat"])
    ids = option_ids(state)
    # 44 spaces, 3 of them free (animal-specific), 1 taken by the birds
    assert len(ids) == len(set(ids)) == 40
    assert {"initiative-1", "adaptation-1", "glaciation-4", "wanderlust-2", "domination-5"} <= set(ids)
    for taken in ("regression-3", "speciation-7", "competition-1", "migration-2"):
        assert taken not in ids
        assert_rejected(state, taken)
    assert_rejected(state, "domination-6")
    act(state, "wanderlust-2")
    display = copy.deepcopy(before["display"])
    display["wanderlust"][1] = "mammals"
    # "place 1 of your APs": it comes from the supply; no cylinder is created (INSTINCT_AP_IS_NEW)
    assert_resolved(state, before, "Instinct", {
        ("display",): display,
        ("animals", "mammals", "aps"): 2,
    })
    assert aps(state)["mammals"] == (2, 3)


def test_instinct_with_an_empty_supply_forfeits_placing_an_ap():
    state = fresh()
    for space in ("adaptation", "abundance", "wasteland"):
        place_ap(state, "mammals", space, 0)
    assert aps(state)["mammals"] == (0, 3)
    before = offer(state, "mammals", "Instinct")
    act(state, card_id("Instinct"))
    assert_resolved(state, before, "Instinct")
    assert state["log"][-1] == {"turn": 1, "key": "instinct.skipped.no_ap", "animal": "mammals"}
    assert english_log(state)[-1] == "T1 Mammals: no AP in the supply; placing one is forfeit (Instinct)"
    assert aps(state)["mammals"] == (0, 3)


def test_instinct_without_a_vacant_space_does_nothing():
    state = fresh()
    for a in FOOD_CHAIN:
        set_aps(state, a, 7)
    spaces = [(r, i) for r in ROW_NAMES for i in range(len(state["display"][r]))
              if state["display"][r][i] is None]
    assert len(spaces) == 41
    for k, (r, i) in enumerate(spaces):
        place_ap(state, FOOD_CHAIN[k % 6], r, i)
    before = offer(state, "birds", "Instinct")
    act(state, card_id("Instinct"))
    assert_resolved(state, before, "Instinct")


def instinct_flow_position() -> dict:
    """Mammals dominate E3 (meat); endangered birds on D2; a mammal AP on Domination 1."""
    state = fresh()
    put_element(state, "E3-NE", "meat")
    put_species(state, "E3", "mammals", 1)
    put_species(state, "D2", "birds", 1)
    face_up(state, "Instinct")
    place_ap(state, "mammals", "domination", 0)
    run_from_row(state, "domination")
    assert (current(state).kind, current(state).animal) == ("domination", "mammals")
    act(state, "tile:E3")  # mammals +7, take a card
    assert (current(state).kind, current(state).animal) == ("choose_card", "mammals")
    act(state, card_id("Instinct"))
    assert (current(state).kind, current(state).animal) == ("instinct", "mammals")
    return state


def test_instinct_ap_right_of_the_current_domination_space_executes_this_turn():
    state = instinct_flow_position()
    assert "domination-1" in option_ids(state)  # vacated when its AP was taken for execution
    act(state, "domination-3")
    p = current(state)
    assert (p.kind, p.animal) == ("domination", "mammals")  # the Instinct AP acts now
    assert option_ids(state) == ["tile:D2", "forfeit"]  # E3 was scored this turn
    assert state["display"]["domination"] == [None] * 5
    assert aps(state)["mammals"] == (3, 3)
    act(state, "tile:D2")  # birds 8 VP; nobody dominates D2 (no seed): no card
    # Execution is over; Reset: the endangered birds die, nobody on tundra, reseed, turn 2.
    assert state["turn"] == 2 and state["phase"] == "planning"
    assert state["animals"]["mammals"]["vp"] == 7
    assert state["animals"]["birds"]["vp"] == 8
    assert state["animals"]["birds"]["eliminated"] == 1
    assert aps(state)["mammals"] == (3, 3)
    assert state["display"]["domination"] == [None] * 5
    assert violations(state) == []


@pytest.mark.parametrize("space", ["adaptation-1", "domination-1"])
def test_instinct_ap_on_an_already_resolved_space_returns_to_supply_in_the_reset(space):
    state = instinct_flow_position()
    act(state, space)
    # nothing is left to execute: Reset ran (the endangered birds die, nobody on tundra), reseed
    assert state["turn"] == 2 and state["phase"] == "planning"
    assert state["display"]["adaptation"] == [None, None, None]
    assert state["display"]["domination"] == [None] * 5
    assert aps(state)["mammals"] == (3, 3)
    assert state["animals"]["birds"]["vp"] == 0  # D2 was never scored
    assert state["animals"]["mammals"]["vp"] == 7
    assert violations(state) == []


def test_reseed_returns_an_instinct_ap_left_on_the_display():
    state = fresh()
    offer(state, "insects", "Instinct")
    act(state, card_id("Instinct"))
    act(state, "initiative-1")
    assert state["display"]["initiative"] == ["insects"]
    assert aps(state)["insects"] == (2, 3)
    assert violations(state) == []
    reseed.reseed(state)
    assert state["display"]["initiative"] == [None]
    assert aps(state)["insects"] == (3, 3)
    # the free spaces keep their animals
    assert state["display"]["regression"] == [None, None, "reptiles"]
    assert state["display"]["speciation"][6] == "insects"
    assert state["display"]["competition"][0] == "arachnids"
    assert violations(state) == []


def test_instinct_refuses_a_free_space():
    state = fresh()
    offer(state, "birds", "Instinct")
    act(state, card_id("Instinct"))
    assert_rejected(state, "competition-1")
    assert_rejected(state, "tile:E3")
    assert violations(state) == []


# -- The open reading: one of the taker's own APs, or a new cylinder ---------------------------


def _instinct(state: dict, animal: str = "mammals") -> None:
    offer(state, animal, "Instinct")
    act(state, card_id("Instinct"))


def test_instinct_places_an_own_ap_by_default():
    assert instinct.AP_IS_NEW is False
    state = fresh()
    _instinct(state)
    act(state, "wanderlust-2")
    assert state["display"]["wanderlust"][1] == "mammals"
    assert aps(state)["mammals"] == (2, 3)
    assert_ok(state)


def test_instinct_switch_to_a_new_cylinder(monkeypatch):
    monkeypatch.setattr(instinct, "AP_IS_NEW", True)
    state = fresh()
    _instinct(state)
    act(state, "wanderlust-2")
    assert state["display"]["wanderlust"][1] == "mammals"
    assert aps(state)["mammals"] == (3, 4)
    assert_ok(state)


def test_instinct_with_an_empty_supply_depends_on_the_switch(monkeypatch):
    def position() -> dict:
        state = fresh()
        for row in ("adaptation", "abundance", "wasteland"):
            place_ap(state, "mammals", row, 0)
        return state

    state = position()
    _instinct(state)
    assert finished(state)  # nothing in the supply: that part is forfeit
    assert state["log"][-1]["key"] == "instinct.skipped.no_ap"  # placing one is forfeit
    assert aps(state)["mammals"] == (0, 3)

    monkeypatch.setattr(instinct, "AP_IS_NEW", True)
    state = position()
    _instinct(state)
    assert current(state).kind == "instinct"  # a new cylinder needs no supply
    act(state, "initiative-1")
    assert aps(state)["mammals"] == (0, 4)
    assert_ok(state)


def test_instinct_new_cylinder_switch_respects_the_ten_cylinders(monkeypatch):
    monkeypatch.setattr(instinct, "AP_IS_NEW", True)
    state = fresh()
    set_aps(state, "mammals", 10)
    _instinct(state)
    assert finished(state)
    assert aps(state)["mammals"] == (10, 10)
