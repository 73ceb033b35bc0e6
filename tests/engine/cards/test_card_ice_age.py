"""Ice Age by position (engine/cards/ice_age.py)."""

from __future__ import annotations

import copy

from card_helpers import assert_resolved
from helpers import (
    act,
    card_id,
    current,
    face_up,
    fresh,
    offer,
    put_element,
    put_species,
    run_from_row,
    species,
)

import engine
from engine.display import place_ap
from engine.invariants import violations


def ice_age_position() -> dict:
    """Mammals dominate D2, E3 and C3 (3 tiles); reptiles dominate E4 (1 tile); C4 is a tie
    (mammals 2 = reptiles 2); the birds on D4 are endangered (no element there)."""
    state = fresh()
    for corner, e in [("D2-NE", "meat"), ("E3-NE", "meat"), ("C3-W", "meat"), ("E4-E", "sun"),
                      ("C4-SW", "meat"), ("C4-W", "sun")]:
        put_element(state, corner, e)
    for label in ("D2", "E3", "C3", "C4"):
        put_species(state, label, "mammals", 1)
    put_species(state, "E4", "reptiles", 2)
    put_species(state, "C4", "reptiles", 1)
    put_species(state, "D4", "birds", 1)
    return state


def test_ice_age_bonus_for_three_dominated_tiles_is_six_and_the_game_ends():
    state = ice_age_position()
    before = offer(state, "mammals", "Ice Age", "D2")
    act(state, card_id("Ice Age"))
    assert_resolved(state, before, "Ice Age", {
        ("animals", "mammals", "vp"): 6,  # 3 tiles -> 6 (not 4)
        ("animals", "reptiles", "vp"): 1,  # 1 tile -> 1
        ("animals", "mammals", "vp_sources"): {"card:Ice Age": 6},
        ("animals", "reptiles", "vp_sources"): {"card:Ice Age": 1},
        ("ending",): True,
    })


def test_ice_age_nobody_dominates_only_ends_the_game():
    state = fresh()
    put_species(state, "E3", "reptiles", 2)  # no element: endangered, dominates nothing
    before = offer(state, "reptiles", "Ice Age")
    act(state, card_id("Ice Age"))
    assert_resolved(state, before, "Ice Age", {("ending",): True})


def test_ice_age_through_execution_then_reset_does_final_scoring_without_reseed():
    state = ice_age_position()
    face_up(state, "Ice Age", "Nocturnal")
    place_ap(state, "mammals", "domination", 0)
    place_ap(state, "reptiles", "domination", 1)
    run_from_row(state, "domination")
    p = current(state)
    assert (p.kind, p.animal) == ("domination", "mammals")
    act(state, "tile:D2")  # wetland: mammals 8; mammals dominate -> card
    p = current(state)
    assert (p.kind, p.animal, p.seat) == ("choose_card", "mammals", state["animals"]["mammals"]["seat"])
    act(state, card_id("Ice Age"))
    assert state["ending"] is True
    assert state["animals"]["mammals"]["vp"] == 8 + 6
    # The turn goes on: the reptiles' Domination AP still acts and may take a card.
    p = current(state)
    assert (p.kind, p.animal) == ("domination", "reptiles")
    act(state, "tile:E4")  # desert: reptiles 4; reptiles dominate -> card
    p = current(state)
    assert (p.kind, p.animal) == ("choose_card", "reptiles")
    assert len(p.options) == 4
    cards = [c for c in state["cards"] if c != "Nocturnal"]
    deck = list(state["deck"])
    boxes = copy.deepcopy(state["boxes"])
    bag = dict(state["bag"])
    act(state, card_id("Nocturnal"))
    # Execution ends, Reset: Extinction (birds on D4 die), no Survival holder, final scoring.
    assert state["phase"] == "over"
    assert engine.prompt(state) is None
    assert state["steps"] == []
    assert state["turn"] == 1
    # no reseed: no card refill, element boxes and bag untouched
    assert state["cards"] == cards and len(cards) == 3
    assert state["deck"] == deck
    assert state["cards_taken"] == ["Ice Age", "Nocturnal"]
    assert state["boxes"] == boxes
    assert state["bag"] == bag
    assert state["initiative"] == ["insects", "arachnids", "amphibians", "reptiles", "birds", "mammals"]
    assert species(state, "D4") == {}
    assert state["animals"]["birds"]["eliminated"] == 1
    # mammals: 8 (D2) + 6 (Ice Age) + final 8 (D2) + 7 (E3) + 6 (C3) + 5 (C4, 1st on the tie)
    # reptiles: 1 (Ice Age) + 4 (E4) + final 4 (E4) + 3 (C4, 2nd)
    vps = {a: r["vp"] for a, r in state["animals"].items()}
    assert vps == {"mammals": 40, "reptiles": 12, "birds": 0, "amphibians": 0, "arachnids": 0, "insects": 0}
    assert state["result"]["winner"] == "mammals"
    assert state["result"]["winner_seat"] == state["animals"]["mammals"]["seat"]
    assert state["result"]["scores"] == vps
    assert violations(state) == []
