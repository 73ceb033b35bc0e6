"""Ecodiversity by position (engine/cards/ecodiversity.py)."""

from __future__ import annotations

import pytest
from card_helpers import assert_nothing_happens, assert_resolved, rec, take
from helpers import (
    act,
    assert_ok,
    card_id,
    finished,
    fresh,
    game,
    offer,
    put_element,
    put_species,
    same,
    set_added,
)

from engine.cards import ecodiversity


def test_ecodiversity_scores_only_the_taker():
    state = game()  # 12 elements on earth: 2 of each type
    set_added(state, "amphibians", ["sun"])  # types water, sun (water printed three times)
    put_element(state, "E3-E", "water")
    put_element(state, "E4-SE", "grass")
    for i, a in enumerate(state["animals"]):
        state["animals"][a]["vp"] = 10 + i
    before_vp = {a: r["vp"] for a, r in state["animals"].items()}
    expected = take(state, "Ecodiversity", "amphibians")
    assert finished(state)
    # 3 water + 2 sun on earth; each disk counts once, whatever the display's duplicates
    rec(expected, "amphibians")["vp"] = before_vp["amphibians"] + 5
    rec(expected, "amphibians")["vp_sources"] = {"card:Ecodiversity": 5}
    same(state, expected)
    assert {a: r["vp"] for a, r in state["animals"].items() if a != "amphibians"} == \
        {a: v for a, v in before_vp.items() if a != "amphibians"}
    assert_ok(state)


def test_ecodiversity_nothing_when_no_element_type_matches():
    state = fresh()
    put_element(state, "D3-NE", "grub")
    put_element(state, "C4-SE", "meat")
    put_species(state, "D3", "amphibians", 1)
    state["animals"]["amphibians"]["vp"] = 2
    assert_nothing_happens(state, "Ecodiversity", "amphibians")


# -- The open reading: only the taker scores, or every animal for its own display --------------


@pytest.mark.parametrize("only_the_taker", [True, False])
def test_ecodiversity_scorers_switch(monkeypatch, only_the_taker):
    monkeypatch.setattr(ecodiversity, "ONLY_THE_TAKER_SCORES", only_the_taker)
    state = fresh()
    put_element(state, "E3-E", "water")  # the amphibians' type
    put_element(state, "E4-SE", "grass")  # the insects'
    put_element(state, "C3-W", "meat")  # the mammals'
    before = offer(state, "amphibians", "Ecodiversity")
    act(state, card_id("Ecodiversity"))
    scorers = ["amphibians"] if only_the_taker else ["mammals", "amphibians", "insects"]
    changes = {}
    for a in scorers:
        changes[("animals", a, "vp")] = 1
        changes[("animals", a, "vp_sources")] = {"card:Ecodiversity": 1}
    assert_resolved(state, before, "Ecodiversity", changes)
