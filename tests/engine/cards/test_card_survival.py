"""The Survival card by position (engine/cards/survival.py): in each Reset, after Extinction,
the animal with the sole most species on tundra scores bonus VPs for the tundra tiles it is on."""

from __future__ import annotations

from helpers import SEATED, assert_ok, fresh, make_tundra, put_element, put_species, run_reset


def vps(state: dict) -> dict:
    return {a: rec["vp"] for a, rec in state["animals"].items()}


def test_survival_sole_most_on_tundra_scores_tundra_tiles_occupied():
    state = fresh(animals=SEATED)
    make_tundra(state, "D2")
    make_tundra(state, "E3")
    put_element(state, "D3-NE", "seed")          # touches D3, D2 and E3: all tundra now
    put_element(state, "D3-SE", "sun")           # touches D3, D4, E4
    put_species(state, "D3", "birds", 2)
    put_species(state, "D2", "birds", 1)
    put_species(state, "E3", "birds", 1)         # birds: 4 species on 3 tundra tiles
    put_species(state, "D3", "reptiles", 3)
    put_species(state, "E3", "amphibians", 4)    # endangered: gone before Survival counts
    run_reset(state)
    assert state["animals"]["amphibians"]["eliminated"] == 4
    assert state["survival"] == "birds"
    assert vps(state) == {"insects": 0, "birds": 6, "mammals": 0, "arachnids": 0,
                          "reptiles": 0, "amphibians": 0}  # bonus for 3 tiles
    assert_ok(state)


def test_survival_tie_scores_nobody():
    state = fresh(animals=SEATED)
    put_element(state, "D3-NE", "seed")
    put_element(state, "D3-SE", "sun")
    put_species(state, "D3", "birds", 2)
    put_species(state, "D3", "reptiles", 2)
    run_reset(state)
    assert state["survival"] is None
    assert all(v == 0 for v in vps(state).values())
    assert_ok(state)
