"""Predator by position (engine/cards/predator.py)."""

from __future__ import annotations

from card_helpers import assert_resolved
from helpers import (
    act,
    asked_tile,
    assert_rejected,
    card_id,
    current,
    fresh,
    hk,
    offer,
    option_ids,
    put_species,
)

from engine.invariants import violations


def test_predator_eliminates_one_opposing_species_on_every_shared_tile():
    state = fresh()
    put_species(state, "C3", "birds", 2)
    put_species(state, "C3", "mammals", 2)  # one opponent: no question
    put_species(state, "D2", "birds", 1)
    put_species(state, "D2", "reptiles", 2)
    put_species(state, "D2", "insects", 1)
    put_species(state, "E3", "birds", 1)
    put_species(state, "E3", "amphibians", 2)
    put_species(state, "E3", "arachnids", 3)
    put_species(state, "E3", "mammals", 1)
    put_species(state, "E4", "mammals", 2)  # no birds here
    put_species(state, "E4", "reptiles", 1)
    put_species(state, "D4", "birds", 3)  # birds alone
    before = offer(state, "birds", "Predator")
    act(state, card_id("Predator"))
    p = current(state)
    assert (p.kind, p.animal, p.seat) == ("predator", "birds", state["animals"]["birds"]["seat"])
    assert asked_tile(p) == "D2 wetland"
    assert sorted(option_ids(state)) == ["eliminate:insects", "eliminate:reptiles"]
    assert_rejected(state, "eliminate:birds")  # never the taker's own
    act(state, "eliminate:reptiles")
    p = current(state)
    assert p.kind == "predator" and asked_tile(p) == "E3 savannah"
    assert sorted(option_ids(state)) == ["eliminate:amphibians", "eliminate:arachnids", "eliminate:mammals"]
    assert_rejected(state, "eliminate:birds")
    act(state, "eliminate:arachnids")
    an = before["animals"]
    assert_resolved(state, before, "Predator", {
        ("tiles", hk("C3"), "species"): {"birds": 2, "mammals": 1},
        ("tiles", hk("D2"), "species"): {"birds": 1, "reptiles": 1, "insects": 1},
        ("tiles", hk("E3"), "species"): {"birds": 1, "amphibians": 2, "arachnids": 2, "mammals": 1},
        ("animals", "mammals", "eliminated"): an["mammals"]["eliminated"] + 1,
        ("animals", "reptiles", "eliminated"): an["reptiles"]["eliminated"] + 1,
        ("animals", "arachnids", "eliminated"): an["arachnids"]["eliminated"] + 1,
    })


def test_predator_with_no_shared_tile_does_nothing():
    state = fresh()
    put_species(state, "C3", "birds", 2)
    put_species(state, "D2", "mammals", 2)
    put_species(state, "E4", "mammals", 2)
    put_species(state, "E4", "reptiles", 1)
    before = offer(state, "birds", "Predator")
    act(state, card_id("Predator"))
    assert_resolved(state, before, "Predator")


def test_predator_refuses_the_takers_own_species():
    state = fresh()
    put_species(state, "E3", "birds", 1)
    put_species(state, "E3", "mammals", 1)
    put_species(state, "E3", "reptiles", 1)
    offer(state, "birds", "Predator")
    act(state, card_id("Predator"))
    assert_rejected(state, "eliminate:birds")
    assert_rejected(state, "eliminate:insects")
    assert violations(state) == []
