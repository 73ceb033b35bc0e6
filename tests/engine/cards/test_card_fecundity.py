"""Fecundity by position (engine/cards/fecundity.py)."""

from __future__ import annotations

from card_helpers import ask, assert_nothing_happens, rec, take
from helpers import (
    act,
    asked_tile,
    assert_ok,
    assert_rejected,
    finished,
    fresh,
    option_ids,
    put_species,
    same,
    seat,
    species,
    to_box,
)

import engine


def fecundity_position() -> dict:
    state = fresh()
    put_species(state, "C3", "insects", 2)
    put_species(state, "D3", "insects", 1)
    put_species(state, "E3", "insects", 1)
    put_species(state, "E3", "mammals", 1)
    put_species(state, "C4", "mammals", 2)  # no insects: not offered
    return state


def test_fecundity_one_per_own_tile_with_skips():
    state = fecundity_position()
    expected = take(state, "Fecundity", "insects")
    asked = []
    for choice in ("place", "skip", "place"):
        assert ask(state) == ("fecundity", "insects", seat(state, "insects"))
        assert option_ids(state) == ["place", "skip", "all"]
        asked.append(asked_tile(engine.prompt(state)))
        act(state, choice)
    assert finished(state)
    # one question per own tile, in tile-key order: C3, D3, E3 (never C4: no insects there)
    assert ["C3" in asked[0], "D3" in asked[1], "E3" in asked[2]] == [True, True, True]
    species(expected, "C3")["insects"] = 3
    species(expected, "E3")["insects"] = 2
    rec(expected, "insects")["gene_pool"] -= 2
    same(state, expected)
    assert_ok(state)


def test_fecundity_all_is_limited_by_the_gene_pool():
    state = fecundity_position()
    to_box(state, "insects", state["animals"]["insects"]["gene_pool"] - 2)
    expected = take(state, "Fecundity", "insects")
    assert_rejected(state, "place:2")
    act(state, "all")
    assert finished(state)
    species(expected, "C3")["insects"] = 3
    species(expected, "D3")["insects"] = 2
    rec(expected, "insects")["gene_pool"] = 0
    same(state, expected)
    assert_ok(state)


def test_fecundity_nothing_without_own_species_on_earth():
    state = fresh()
    put_species(state, "C4", "mammals", 2)
    assert_nothing_happens(state, "Fecundity", "insects")
