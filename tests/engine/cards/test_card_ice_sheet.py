"""Ice Sheet by position (engine/cards/ice_sheet.py)."""

from __future__ import annotations

from card_helpers import assert_resolved
from helpers import (
    act,
    assert_rejected,
    card_id,
    current,
    fresh,
    hk,
    make_tundra,
    offer,
    option_ids,
    put_element,
    put_species,
    put_tile,
)

from engine.invariants import violations


def test_ice_sheet_glaciates_like_glaciation_with_bonus_vps_to_the_taker():
    state = fresh()
    make_tundra(state, "D2")  # tundra now: D3 and D2
    put_species(state, "E3", "mammals", 3)
    put_species(state, "E3", "insects", 1)
    w = put_element(state, "E3-W", "water")  # E3, D3, D2: all tundra afterwards -> removed
    put_element(state, "E3-E", "seed")  # only E3 -> stays
    put_element(state, "D2-NE", "grass")  # not a corner of E3 -> stays
    state["animals"]["birds"]["vp"] = 2
    supply = state["tundra_supply"]
    before = offer(state, "birds", "Ice Sheet")
    act(state, card_id("Ice Sheet"))
    p = current(state)
    assert (p.kind, p.animal, p.seat) == ("ice_sheet", "birds", state["animals"]["birds"]["seat"])
    assert sorted(option_ids(state)) == ["tile:C3", "tile:C4", "tile:D4", "tile:E3", "tile:E4"]
    assert_rejected(state, "tile:D3")  # already tundra
    assert_rejected(state, "forfeit")
    act(state, "tile:E3")
    elements = {k: v for k, v in before["elements"].items() if k != w}
    assert_resolved(state, before, "Ice Sheet", {
        ("tiles", hk("E3")): {"terrain": "tundra", "under": "savannah",
                              "species": {"mammals": 1, "insects": 1}},
        ("tundra_supply",): supply - 1,
        ("elements",): elements,
        ("bag", "water"): before["bag"]["water"] + 1,
        ("animals", "mammals", "gene_pool"): before["animals"]["mammals"]["gene_pool"] + 2,
        ("animals", "birds", "vp"): 2 + 3,  # two tundra neighbours (D3, D2): 3 VP
        ("animals", "birds", "vp_sources"): {"card:Ice Sheet": 3},  # the card's, not Glaciation's
    })


def test_ice_sheet_without_tundra_tiles_does_nothing():
    state = fresh()
    put_species(state, "E3", "mammals", 3)
    state["tundra_supply"] = 0
    before = offer(state, "birds", "Ice Sheet")
    act(state, card_id("Ice Sheet"))
    assert_resolved(state, before, "Ice Sheet")


def test_ice_sheet_refuses_a_tile_not_next_to_tundra_a_tundra_tile_and_an_empty_hex():
    state = fresh()
    put_tile(state, "D1", "sea")
    offer(state, "birds", "Ice Sheet")
    act(state, card_id("Ice Sheet"))
    assert_rejected(state, "tile:D1")
    assert_rejected(state, "tile:D3")
    assert_rejected(state, "tile:G1")
    assert violations(state) == []
