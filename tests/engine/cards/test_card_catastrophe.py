"""Catastrophe by position (engine/cards/catastrophe.py)."""

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
    put_tile,
    same,
    seat,
    species,
)


def test_catastrophe_one_survivor_then_one_loss_on_each_adjacent_tile():
    state = fresh()
    put_tile(state, "D1", "sea")  # not adjacent to D3: untouched
    put_species(state, "D1", "insects", 3)
    put_species(state, "D3", "reptiles", 3)
    put_species(state, "D3", "birds", 2)
    put_species(state, "D3", "mammals", 1)
    put_species(state, "C3", "insects", 2)  # one animal: loses one without a question
    put_species(state, "D2", "arachnids", 1)
    put_species(state, "D2", "amphibians", 2)
    put_species(state, "D4", "mammals", 2)
    put_species(state, "D4", "birds", 1)
    put_species(state, "E3", "reptiles", 1)  # one animal: its last species goes
    expected = take(state, "Catastrophe", "mammals")
    assert ask(state) == ("catastrophe", "mammals", seat(state, "mammals"))
    assert sorted(option_ids(state)) == sorted(f"tile:{t}" for t in
                                               ["C3", "C4", "D1", "D2", "D3", "D4", "E3", "E4"])
    act(state, "tile:D3")
    assert ask(state)[0] == "catastrophe_survivor"
    assert sorted(option_ids(state)) == ["keep:birds", "keep:mammals", "keep:reptiles"]
    assert_rejected(state, "keep:insects")
    act(state, "keep:birds")
    # adjacent tiles by key: C3 (auto), C4 (empty), D2 (ask), D4 (ask), E3 (auto), E4 (empty)
    assert ask(state) == ("catastrophe_adjacent", "mammals", seat(state, "mammals"))
    assert sorted(option_ids(state)) == ["eliminate:amphibians", "eliminate:arachnids"]
    assert_rejected(state, "eliminate:insects")
    act(state, "eliminate:amphibians")
    assert ask(state)[0] == "catastrophe_adjacent"
    assert sorted(option_ids(state)) == ["eliminate:birds", "eliminate:mammals"]
    act(state, "eliminate:mammals")  # the taker may hit itself
    assert finished(state)
    species(expected, "D3").clear()
    species(expected, "D3")["birds"] = 1
    species(expected, "C3")["insects"] = 1
    species(expected, "D2")["amphibians"] = 1
    species(expected, "D4")["mammals"] = 1
    del species(expected, "E3")["reptiles"]
    rec(expected, "reptiles")["eliminated"] = 4
    rec(expected, "birds")["eliminated"] = 1
    rec(expected, "mammals")["eliminated"] = 2
    rec(expected, "insects")["eliminated"] = 1
    rec(expected, "amphibians")["eliminated"] = 1
    same(state, expected)
    assert_ok(state)


def test_catastrophe_nothing_on_an_empty_earth():
    state = fresh()
    state["animals"]["mammals"]["vp"] = 3
    assert_nothing_happens(state, "Catastrophe", "mammals")


def test_catastrophe_keeps_one_of_a_lone_animal_without_asking():
    state = fresh()
    put_species(state, "E3", "birds", 4)
    expected = take(state, "Catastrophe", "mammals")
    act(state, "tile:E3")
    assert finished(state)  # no survivor question: only the birds are there; no neighbour has species
    species(expected, "E3")["birds"] = 1
    rec(expected, "birds")["eliminated"] += 3
    same(state, expected)
    assert_ok(state)
