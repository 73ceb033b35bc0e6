"""Niche Biomes by position (engine/cards/niche_biomes.py)."""

from __future__ import annotations

from card_helpers import assert_resolved
from helpers import (
    act,
    card_id,
    fresh,
    offer,
    put_tile,
)


def test_niche_biomes_on_tundra_costs_richer_animals_one_vp():
    state = fresh()
    for a, vp in {"mammals": 10, "reptiles": 6, "birds": 5, "amphibians": 5, "arachnids": 0,
                  "insects": 3}.items():
        state["animals"][a]["vp"] = vp
    before = offer(state, "birds", "Niche Biomes", "D3")
    act(state, card_id("Niche Biomes"))
    assert_resolved(state, before, "Niche Biomes", {
        ("animals", "mammals", "vp"): 9,
        ("animals", "reptiles", "vp"): 5,
        ("animals", "mammals", "vp_sources"): {"card:Niche Biomes": -1},
        ("animals", "reptiles", "vp_sources"): {"card:Niche Biomes": -1},
    })


def test_niche_biomes_on_sea_costs_nine_never_below_zero():
    state = fresh()
    put_tile(state, "E2", "sea")
    for a, vp in {"mammals": 20, "reptiles": 4, "birds": 2, "amphibians": 9, "arachnids": 10,
                  "insects": 2}.items():
        state["animals"][a]["vp"] = vp
    before = offer(state, "insects", "Niche Biomes", "E2")
    act(state, card_id("Niche Biomes"))
    assert_resolved(state, before, "Niche Biomes", {
        ("animals", "mammals", "vp"): 11,
        ("animals", "reptiles", "vp"): 0,
        ("animals", "amphibians", "vp"): 0,
        ("animals", "arachnids", "vp"): 1,
        # the real losses are booked, not the 9 the card asks (VPs stop at zero)
        ("animals", "mammals", "vp_sources"): {"card:Niche Biomes": -9},
        ("animals", "reptiles", "vp_sources"): {"card:Niche Biomes": -4},
        ("animals", "amphibians", "vp_sources"): {"card:Niche Biomes": -9},
        ("animals", "arachnids", "vp_sources"): {"card:Niche Biomes": -9},
    })


def test_niche_biomes_for_the_leader_does_nothing():
    state = fresh()
    for a, vp in {"mammals": 3, "reptiles": 12, "birds": 12, "amphibians": 0}.items():
        state["animals"][a]["vp"] = vp
    before = offer(state, "reptiles", "Niche Biomes", "D2")
    act(state, card_id("Niche Biomes"))
    assert_resolved(state, before, "Niche Biomes")
