"""Evolution by position (engine/cards/evolution.py)."""

from __future__ import annotations

import pytest
from card_helpers import ask, assert_nothing_happens, rec, take
from helpers import (
    act,
    assert_ok,
    assert_rejected,
    card_id,
    english_log,
    finished,
    fresh,
    offer,
    option_ids,
    put_species,
    same,
    seat,
    species,
    to_box,
)

from engine.cards import evolution


def evolution_position() -> dict:
    state = fresh()
    put_species(state, "D3", "mammals", 2)
    put_species(state, "D3", "birds", 1)
    put_species(state, "E3", "reptiles", 1)
    put_species(state, "C3", "reptiles", 1)
    put_species(state, "C3", "birds", 2)
    put_species(state, "D2", "insects", 1)
    return state


EVOLUTION_FIRST = ["done", "replace:C3:reptiles", "replace:D2:insects", "replace:D3:mammals",
                   "replace:E3:reptiles"]


def test_evolution_two_different_animals_replaced_and_eliminated():
    # The replaced species go to the box (SEED0's Gene Pool section), so Hibernation can bring
    # them back later; they never return to their gene pools.
    state = evolution_position()
    expected = take(state, "Evolution", "birds")
    assert ask(state) == ("evolution", "birds", seat(state, "birds"))
    assert sorted(option_ids(state)) == EVOLUTION_FIRST
    assert_rejected(state, "replace:D3:birds")  # its own species
    assert_rejected(state, "replace:C4:mammals")  # no mammals there
    act(state, "replace:D3:mammals")
    assert ask(state) == ("evolution", "birds", seat(state, "birds"))
    assert sorted(option_ids(state)) == ["done", "replace:C3:reptiles", "replace:D2:insects",
                                         "replace:E3:reptiles"]
    assert_rejected(state, "replace:D3:mammals")  # the mammals were already replaced once
    act(state, "replace:C3:reptiles")
    assert finished(state)  # at most two animals
    species(expected, "D3")["mammals"] = 1
    species(expected, "D3")["birds"] = 2
    del species(expected, "C3")["reptiles"]
    species(expected, "C3")["birds"] = 3
    rec(expected, "mammals")["eliminated"] += 1
    rec(expected, "reptiles")["eliminated"] += 1
    rec(expected, "birds")["gene_pool"] -= 2
    same(state, expected)
    assert state["animals"]["mammals"]["eliminated"] == 1
    assert state["animals"]["reptiles"]["eliminated"] == 1
    assert state["log"][-1]["key"] == "evolution.replaced"  # to the box, not the gene pool
    assert "(eliminated)" in english_log(state)[-1]
    assert_ok(state)


def test_evolution_may_stop_after_one():
    state = evolution_position()
    expected = take(state, "Evolution", "birds")
    act(state, "replace:D2:insects")
    act(state, "done")
    assert finished(state)
    del species(expected, "D2")["insects"]
    species(expected, "D2")["birds"] = 1
    rec(expected, "insects")["eliminated"] += 1
    rec(expected, "birds")["gene_pool"] -= 1
    same(state, expected)
    assert_ok(state)


def test_evolution_stops_when_the_gene_pool_runs_out():
    state = evolution_position()
    to_box(state, "birds", state["animals"]["birds"]["gene_pool"] - 1)
    expected = take(state, "Evolution", "birds")
    act(state, "replace:E3:reptiles")
    assert finished(state)
    del species(expected, "E3")["reptiles"]
    species(expected, "E3")["birds"] = 1
    rec(expected, "reptiles")["eliminated"] += 1
    rec(expected, "birds")["gene_pool"] = 0
    same(state, expected)
    assert_ok(state)


@pytest.mark.parametrize("case", ["alone on earth", "empty gene pool"])
def test_evolution_nothing_to_do(case):
    state = fresh()
    put_species(state, "D3", "birds", 2)
    if case == "alone on earth":
        put_species(state, "C3", "birds", 1)
    else:
        put_species(state, "D3", "mammals", 2)
        to_box(state, "birds", state["animals"]["birds"]["gene_pool"])
    assert_nothing_happens(state, "Evolution", "birds")


# -- The open reading: the replaced species goes to the box, or back to its gene pool ----------


def _evolve(state: dict) -> None:
    offer(state, "birds", "Evolution")
    act(state, card_id("Evolution"))
    act(state, "replace:D3:mammals")
    assert finished(state)  # no other animal is left to replace


def _replace_position() -> dict:
    state = fresh()
    put_species(state, "D3", "mammals", 2)
    return state


def test_evolution_replaced_species_eliminated_by_default():
    assert evolution.REPLACED_TO == "eliminated"
    state = _replace_position()
    pool = state["animals"]["mammals"]["gene_pool"]
    _evolve(state)
    assert species(state, "D3") == {"mammals": 1, "birds": 1}
    assert state["animals"]["mammals"]["eliminated"] == 1
    assert state["animals"]["mammals"]["gene_pool"] == pool
    assert_ok(state)


def test_evolution_switch_to_gene_pool(monkeypatch):
    monkeypatch.setattr(evolution, "REPLACED_TO", "gene_pool")
    state = _replace_position()
    pool = state["animals"]["mammals"]["gene_pool"]
    _evolve(state)
    assert species(state, "D3") == {"mammals": 1, "birds": 1}
    assert state["animals"]["mammals"]["eliminated"] == 0
    assert state["animals"]["mammals"]["gene_pool"] == pool + 1
    assert_ok(state)
