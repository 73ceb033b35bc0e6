"""Rules by position for the dominance cards Aquatic .. Hibernation (batch A).

Each card is taken the way a Domination action takes it: the card is face up, a
``choose_card`` step asks the taker, and ``act`` picks it.  For every card there is a
position where it matters (prompts offered, who is asked, the exact state afterwards) and a
position where it can do nothing (no prompt; only the card moves into ``cards_taken``).

Starting layout (hex labels): tundra on sea D3 in the centre, wetland D2, savannah E3,
desert E4, mountain D4, forest C4, jungle C3.  Rules: shared/rules/base-game.md §2, §7.1, §9;
open points in engine/data.py (AQUATIC_SPECIES_ON_ELEMENT_TILE, EVOLUTION_REPLACED_TO,
HIBERNATION_MAX_SPECIES).
"""

from __future__ import annotations

import copy

import pytest
from helpers import (
    RING,
    act,
    asked_tile,
    assert_ok,
    assert_rejected,
    assert_wrong_seat_rejected,
    card_id,
    cid,
    ck,
    current,
    english_log,
    expected_after,
    face_up,
    fill_corners,
    finished,
    fresh,
    game,
    hk,
    make_tundra,
    offer,
    option_ids,
    put_element,
    put_species,
    put_tile,
    run_reset,
    same,
    seat,
    set_added,
    species,
    to_box,
)

import engine
from engine.data import ELEMENTS, PRINTED_ELEMENTS
from engine.geometry import corner_keys_of, hex_from_key, key_label

# ---------------------------------------------------------------------------------------------
# Helpers


def ask(state: dict) -> tuple[str, str, int]:
    """(kind, animal, seat) of the pending prompt."""
    p = current(state)
    return p.kind, p.animal, p.seat


def take(state: dict, card: str, animal: str, tile: str = "E3") -> dict:
    """Take the card; returns the state just before it was taken, with only the card moved."""
    before = offer(state, animal, card, tile)
    assert state["cards_taken"] == []
    act(state, card_id(card))
    assert state["cards_taken"] == [card]
    assert card not in state["cards"] and card not in state["deck"]
    return expected_after(before, card)


def assert_nothing_happens(state: dict, card: str, animal: str) -> None:
    expected = take(state, card, animal)
    assert finished(state)
    same(state, expected)
    assert_ok(state)


def rec(expected: dict, animal: str) -> dict:
    return expected["animals"][animal]


def test_take_helper_keeps_the_card_accounting():
    state = game()
    card = state["deck"][3]
    face_up(state, card)
    assert card in state["cards"] and len(state["cards"]) == 5
    assert len(state["deck"]) == 21 and state["deck"][-1] == "Ice Age"
    assert_ok(state)


# ---------------------------------------------------------------------------------------------
# Aquatic


def aquatic_position() -> dict:
    """Wetland D2, seas D1 and F3; every corner of them filled with grub but D2-NE and F3-E."""
    state = fresh()
    put_tile(state, "D1", "sea")
    put_tile(state, "F3", "sea")
    fill_corners(state, ["D1", "D2", "F3"], "grub", keep_vacant=["D2-NE", "F3-E"])
    return state


def test_aquatic_element_then_species_on_a_tile_touching_it():
    state = aquatic_position()
    expected = take(state, "Aquatic", "amphibians")
    assert ask(state) == ("aquatic", "amphibians", seat(state, "amphibians"))
    assert option_ids(state) == [f"element:{e}" for e in ELEMENTS]
    act(state, "element:sun")
    assert ask(state)[0] == "aquatic_corner"
    assert sorted(option_ids(state)) == sorted([cid("D2-NE"), cid("F3-E")])
    assert_rejected(state, cid("C4-SE"))  # vacant, but forest/mountain
    assert_rejected(state, cid("D3-SE"))  # vacant, but the tundra D3 (on a sea), desert, mountain
    act(state, cid("D2-NE"))
    assert ask(state)[0] == "aquatic_tile"
    # only the sea/wetland tiles touching the element: D2 and D1, not the far sea F3
    assert sorted(option_ids(state)) == ["tile:D1", "tile:D2"]
    assert_rejected(state, "tile:F3")
    act(state, "tile:D1")
    assert ask(state)[0] == "aquatic_count"
    assert option_ids(state) == ["place:4", "place:3", "place:2", "place:1", "place:0"]
    assert_rejected(state, "place:5")
    act(state, "place:3")
    assert finished(state)
    expected["elements"][ck("D2-NE")] = "sun"
    expected["bag"]["sun"] -= 1
    species(expected, "D1")["amphibians"] = 3
    rec(expected, "amphibians")["gene_pool"] -= 3
    same(state, expected)
    assert_ok(state)


def test_aquatic_without_a_vacant_corner_still_places_species_on_any_sea_or_wetland():
    state = fresh()
    put_tile(state, "D1", "sea")
    fill_corners(state, ["D1", "D2"], "seed", keep_vacant=[])
    to_box(state, "reptiles", state["animals"]["reptiles"]["gene_pool"] - 2)
    expected = take(state, "Aquatic", "reptiles")
    assert ask(state) == ("aquatic_tile", "reptiles", seat(state, "reptiles"))
    # the centre tundra D3 lies on a sea but counts as tundra
    assert sorted(option_ids(state)) == ["tile:D1", "tile:D2"]
    act(state, "tile:D2")
    assert option_ids(state) == ["place:2", "place:1", "place:0"]
    act(state, "place:2")
    assert finished(state)
    species(expected, "D2")["reptiles"] = 2
    rec(expected, "reptiles")["gene_pool"] = 0
    same(state, expected)
    assert_ok(state)


def test_aquatic_with_an_empty_gene_pool_only_places_the_element():
    state = aquatic_position()
    to_box(state, "birds", state["animals"]["birds"]["gene_pool"])
    expected = take(state, "Aquatic", "birds")
    act(state, "element:water")
    act(state, cid("F3-E"))
    assert finished(state)
    expected["elements"][ck("F3-E")] = "water"
    expected["bag"]["water"] -= 1
    same(state, expected)
    assert_ok(state)


def test_aquatic_nothing_to_do_without_corner_and_gene_pool():
    state = fresh()
    fill_corners(state, ["D2"], "grass", keep_vacant=[])
    put_species(state, "D2", "insects", 2)
    to_box(state, "insects", state["animals"]["insects"]["gene_pool"])
    assert_nothing_happens(state, "Aquatic", "insects")


# ---------------------------------------------------------------------------------------------
# Biodiversity


def test_biodiversity_one_vp_per_shared_tile():
    state = fresh()
    put_species(state, "E3", "reptiles", 2)
    put_species(state, "E3", "mammals", 1)
    put_species(state, "E3", "birds", 1)  # two opponents: still 1 VP
    put_species(state, "E4", "reptiles", 1)
    put_species(state, "E4", "insects", 3)
    put_species(state, "D4", "reptiles", 2)  # alone: nothing
    put_species(state, "C3", "mammals", 1)  # shared, but no reptiles
    put_species(state, "C3", "birds", 1)
    state["animals"]["reptiles"]["vp"] = 4
    state["animals"]["mammals"]["vp"] = 7
    expected = take(state, "Biodiversity", "reptiles")
    assert finished(state)
    rec(expected, "reptiles")["vp"] = 6
    rec(expected, "reptiles")["vp_sources"] = {"card:Biodiversity": 2}
    same(state, expected)
    assert_ok(state)


def test_biodiversity_nothing_when_always_alone():
    state = fresh()
    put_species(state, "E3", "reptiles", 2)
    put_species(state, "D4", "reptiles", 1)
    put_species(state, "C3", "mammals", 1)
    put_species(state, "C3", "birds", 1)
    state["animals"]["reptiles"]["vp"] = 4
    assert_nothing_happens(state, "Biodiversity", "reptiles")


# ---------------------------------------------------------------------------------------------
# Biomass


def test_biomass_one_loss_per_crowded_tile_the_taker_chooses():
    state = fresh()
    put_species(state, "C3", "mammals", 2)  # C3: 4 species, 1 element: the taker chooses
    put_species(state, "C3", "reptiles", 1)
    put_species(state, "C3", "insects", 1)
    put_element(state, "C3-NW", "meat")  # touches C3 only
    put_species(state, "D2", "reptiles", 1)  # D2: 2 species, 1 element: the taker chooses (may pick itself)
    put_species(state, "D2", "birds", 1)
    put_element(state, "D2-NE", "water")  # touches D2 only
    put_species(state, "C4", "birds", 1)  # 2 species, 2 elements: safe
    put_species(state, "C4", "insects", 1)
    put_element(state, "B3-SE", "seed")  # C4 only
    put_element(state, "B4-E", "seed")  # C4 only
    put_species(state, "D4", "insects", 1)  # 1 species, 0 elements: the only animal loses it
    put_species(state, "E3", "birds", 3)  # the taker alone, 3 > 1 element: the taker loses one
    put_element(state, "E3-E", "sun")  # E3 only
    expected = take(state, "Biomass", "birds")
    # queue order by tile key: C3, D2, D4, E3
    assert ask(state) == ("biomass", "birds", seat(state, "birds"))
    assert sorted(option_ids(state)) == ["eliminate:insects", "eliminate:mammals", "eliminate:reptiles"]
    assert_rejected(state, "eliminate:birds")  # no birds on C3
    act(state, "eliminate:mammals")
    assert ask(state) == ("biomass", "birds", seat(state, "birds"))
    assert sorted(option_ids(state)) == ["eliminate:birds", "eliminate:reptiles"]
    act(state, "eliminate:birds")
    assert finished(state)
    species(expected, "C3")["mammals"] = 1
    del species(expected, "D2")["birds"]
    del species(expected, "D4")["insects"]
    species(expected, "E3")["birds"] = 2
    rec(expected, "mammals")["eliminated"] = 1
    rec(expected, "birds")["eliminated"] = 2
    rec(expected, "insects")["eliminated"] = 1
    same(state, expected)
    assert_ok(state)


def test_biomass_nothing_at_setup():
    # every ring tile holds 4 species and 4 elements; the centre tundra no species
    state = game()
    assert_nothing_happens(state, "Biomass", "arachnids")


# ---------------------------------------------------------------------------------------------
# Blight


def test_blight_keeps_one_element_of_the_takers_choice():
    state = fresh()
    put_element(state, "D3-NE", "water")  # D2, D3, E3
    put_element(state, "D3-E", "grass")  # D3, E3, E4
    put_element(state, "E3-NE", "sun")  # E3 only
    put_element(state, "C4-SE", "meat")  # C4, D4
    put_species(state, "E3", "insects", 1)
    expected = take(state, "Blight", "insects")
    assert ask(state) == ("blight", "insects", seat(state, "insects"))
    # tiles with at least two elements: D3 (2) and E3 (3); D2, E4, C4, D4 have one
    assert sorted(option_ids(state)) == ["tile:D3", "tile:E3"]
    assert_rejected(state, "tile:D2")
    act(state, "tile:E3")
    assert ask(state)[0] == "blight_keep"
    assert sorted(option_ids(state)) == sorted([cid("D3-NE"), cid("D3-E"), cid("E3-NE")])
    assert_rejected(state, cid("C4-SE"))  # an element, but not on E3
    assert_rejected(state, cid("E3-E"))  # a corner of E3, but vacant
    act(state, cid("D3-E"))
    assert finished(state)
    del expected["elements"][ck("D3-NE")]
    del expected["elements"][ck("E3-NE")]
    expected["bag"]["water"] += 1
    expected["bag"]["sun"] += 1
    same(state, expected)
    assert_ok(state)


def test_blight_nothing_when_no_tile_has_two_elements():
    state = fresh()
    put_element(state, "D3-NE", "water")  # D2, D3, E3: one each
    put_element(state, "C4-SE", "meat")  # C4, D4: one each
    put_species(state, "E3", "insects", 2)
    assert_nothing_happens(state, "Blight", "insects")


# ---------------------------------------------------------------------------------------------
# Catastrophe


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


# ---------------------------------------------------------------------------------------------
# Cold Snap


def test_cold_snap_every_other_animal_loses_one_per_tundra_tile():
    state = fresh()
    make_tundra(state, "E3")
    put_species(state, "D3", "birds", 3)  # the taker: untouched
    put_species(state, "D3", "mammals", 2)
    put_species(state, "D3", "reptiles", 1)
    put_species(state, "E3", "reptiles", 2)
    put_species(state, "E3", "birds", 1)
    put_species(state, "C3", "reptiles", 2)  # jungle: untouched
    expected = take(state, "Cold Snap", "birds")
    assert finished(state)
    species(expected, "D3")["mammals"] = 1
    del species(expected, "D3")["reptiles"]
    species(expected, "E3")["reptiles"] = 1
    rec(expected, "mammals")["eliminated"] = 1
    rec(expected, "reptiles")["eliminated"] = 2
    same(state, expected)
    assert_ok(state)


def test_cold_snap_nothing_when_only_the_taker_is_on_tundra():
    state = fresh()
    put_species(state, "D3", "birds", 3)
    put_species(state, "C3", "reptiles", 2)
    put_species(state, "E3", "mammals", 1)
    assert_nothing_happens(state, "Cold Snap", "birds")


# ---------------------------------------------------------------------------------------------
# Disease


def test_disease_each_animal_with_more_elements_chooses_its_loss():
    state = fresh()
    set_added(state, "reptiles", ["grass"])  # the taker: 3 elements
    set_added(state, "mammals", ["sun", "water"])  # 4: loses one
    set_added(state, "birds", ["seed"])  # 3: not more
    set_added(state, "arachnids", ["meat", "grub", "grub"])  # 5: loses one
    # amphibians: 3 printed, not more; insects: 2
    expected = take(state, "Disease", "reptiles")
    assert ask(state) == ("disease", "mammals", seat(state, "mammals"))
    assert option_ids(state) == ["lose:sun", "lose:water"]
    assert_wrong_seat_rejected(state, seat(state, "reptiles"))
    assert_rejected(state, "lose:meat")  # printed, not added
    act(state, "lose:water")
    assert ask(state) == ("disease", "arachnids", seat(state, "arachnids"))
    assert option_ids(state) == ["lose:grub", "lose:meat"]
    assert_rejected(state, "lose:sun")
    act(state, "lose:grub")
    assert finished(state)
    rec(expected, "mammals")["added"] = ["sun"]
    rec(expected, "arachnids")["added"] = ["meat", "grub"]
    expected["bag"]["water"] += 1
    expected["bag"]["grub"] += 1
    same(state, expected)
    assert_ok(state)


def test_disease_skips_an_animal_whose_extra_elements_are_printed():
    state = fresh()
    # the taker has 2; amphibians have 3 printed and nothing added: nothing to lose
    set_added(state, "arachnids", ["sun", "water"])
    expected = take(state, "Disease", "insects")
    assert ask(state) == ("disease", "arachnids", seat(state, "arachnids"))
    assert option_ids(state) == ["lose:sun", "lose:water"]
    act(state, "lose:sun")
    assert finished(state)
    rec(expected, "arachnids")["added"] = ["water"]
    expected["bag"]["sun"] += 1
    same(state, expected)
    assert_ok(state)


def test_disease_nothing_when_nobody_has_more_elements():
    state = fresh()
    set_added(state, "amphibians", ["sun"])  # the taker: 4
    set_added(state, "mammals", ["water", "water"])  # 4
    set_added(state, "birds", ["grub"])  # 3
    assert_nothing_happens(state, "Disease", "amphibians")


# ---------------------------------------------------------------------------------------------
# Ecodiversity


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


# ---------------------------------------------------------------------------------------------
# Evolution


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


# ---------------------------------------------------------------------------------------------
# Fecundity


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


# ---------------------------------------------------------------------------------------------
# Fertile


def test_fertile_vps_for_all_species_on_one_own_tile():
    state = fresh()
    put_species(state, "E3", "reptiles", 1)
    put_species(state, "E3", "mammals", 2)
    put_species(state, "E3", "birds", 3)
    put_species(state, "D4", "reptiles", 2)
    put_species(state, "C3", "insects", 10)  # no reptiles: not offered
    state["animals"]["reptiles"]["vp"] = 5
    expected = take(state, "Fertile", "reptiles")
    assert ask(state) == ("fertile", "reptiles", seat(state, "reptiles"))
    assert sorted(option_ids(state)) == ["tile:D4", "tile:E3"]
    assert_rejected(state, "tile:C3")
    act(state, "tile:E3")
    assert finished(state)
    rec(expected, "reptiles")["vp"] = 11
    rec(expected, "reptiles")["vp_sources"] = {"card:Fertile": 6}
    same(state, expected)
    assert_ok(state)


def test_fertile_nothing_without_own_species_on_earth():
    state = fresh()
    put_species(state, "C3", "insects", 10)
    assert_nothing_happens(state, "Fertile", "reptiles")


# ---------------------------------------------------------------------------------------------
# Habitat


def all_corners(state: dict) -> set[str]:
    return {c for h in state["tiles"] for c in corner_keys_of(hex_from_key(h))}


def test_habitat_element_of_choice_from_the_bag_on_any_vacant_corner():
    state = game()
    # no meat left in the bag: it all sits on displays
    meat = state["bag"]["meat"]
    for a in ("mammals", "reptiles", "birds", "amphibians", "arachnids"):
        n = min(6 - len(PRINTED_ELEMENTS[a]), meat)
        set_added(state, a, ["meat"] * n)
        meat -= n
    assert state["bag"]["meat"] == 0
    expected = take(state, "Habitat", "insects")
    assert ask(state) == ("habitat", "insects", seat(state, "insects"))
    assert option_ids(state) == [f"element:{e}" for e in ELEMENTS if e != "meat"]
    assert_rejected(state, "element:meat")
    act(state, "element:seed")
    assert ask(state)[0] == "habitat_corner"
    vacant = all_corners(state) - set(state["elements"])
    assert len(vacant) == 12  # the seven tiles have 24 corners, 12 hold the setup elements
    assert sorted(option_ids(state)) == sorted(f"corner:{key_label(c)}" for c in vacant)
    assert_rejected(state, cid("D3-NE"))  # taken
    assert_rejected(state, cid("F3-E"))  # touches no tile
    act(state, cid("E3-E"))
    assert finished(state)
    expected["elements"][ck("E3-E")] = "seed"
    expected["bag"]["seed"] -= 1
    same(state, expected)
    assert_ok(state)


def test_habitat_nothing_when_every_corner_is_taken():
    state = game()
    for i, c in enumerate(sorted(all_corners(state) - set(state["elements"]))):
        put_element(state, key_label(c), ELEMENTS[i % len(ELEMENTS)])
    assert_nothing_happens(state, "Habitat", "insects")


# ---------------------------------------------------------------------------------------------
# Hibernation


def test_hibernation_species_survive_this_turns_extinction():
    state = fresh()
    put_element(state, "E3-E", "grass")  # E3 only: insects match, reptiles (sun) do not
    put_species(state, "E3", "reptiles", 1)
    put_species(state, "E3", "insects", 2)
    put_element(state, "D4-SE", "sun")  # D4 only: reptiles match, birds do not
    put_species(state, "D4", "reptiles", 2)
    put_species(state, "D4", "birds", 1)
    to_box(state, "reptiles", 7)
    pool = state["animals"]["reptiles"]["gene_pool"]
    expected = take(state, "Hibernation", "reptiles")
    assert ask(state) == ("hibernation", "reptiles", seat(state, "reptiles"))
    assert sorted(option_ids(state)) == sorted(f"tile:{t}" for t in RING + ["D3"])
    act(state, "tile:E3")
    assert ask(state)[0] == "hibernation_count"
    assert option_ids(state) == ["place:5", "place:4", "place:3", "place:2", "place:1", "place:0"]
    assert_rejected(state, "place:6")
    act(state, "place:5")
    assert finished(state)
    assert species(state, "E3") == {"reptiles": 6, "insects": 2}
    assert state["animals"]["reptiles"]["eliminated"] == 2
    assert state["animals"]["reptiles"]["gene_pool"] == pool
    assert_ok(state)
    expected_earth = copy.deepcopy(expected["tiles"])
    expected_earth[hk("E3")]["species"]["reptiles"] = 6
    assert state["tiles"] == expected_earth

    # A real Reset: Extinction spares the five hibernating reptiles, not the one already there.
    run_reset(state)
    assert species(state, "E3") == {"reptiles": 5, "insects": 2}
    assert species(state, "D4") == {"reptiles": 2}
    assert state["animals"]["reptiles"]["eliminated"] == 3
    assert state["animals"]["birds"]["eliminated"] == 1
    assert "hibernating" not in state
    assert state["turn"] == 2 and state["phase"] == "planning"
    assert_ok(state)


def test_hibernation_is_limited_by_the_eliminated_species():
    state = fresh()
    to_box(state, "mammals", 3)
    expected = take(state, "Hibernation", "mammals")
    act(state, "tile:C4")
    assert option_ids(state) == ["place:3", "place:2", "place:1", "place:0"]
    assert_rejected(state, "place:4")
    act(state, "place:3")
    assert finished(state)
    species(expected, "C4")["mammals"] = 3
    rec(expected, "mammals")["eliminated"] = 0
    same(state, expected, ignore=("hibernating",))  # the engine's own record of the safe cubes
    assert_ok(state)


def test_hibernation_nothing_without_eliminated_species():
    state = fresh()
    put_species(state, "C4", "mammals", 2)
    to_box(state, "birds", 4)  # another animal's eliminated species don't count
    assert_nothing_happens(state, "Hibernation", "mammals")


def test_disease_takes_the_only_type_without_asking():
    state = fresh()
    set_added(state, "mammals", ["sun", "sun"])  # 4 elements, a single added type
    expected = take(state, "Disease", "insects")  # the taker: 2 elements
    assert finished(state)
    rec(expected, "mammals")["added"] = ["sun"]
    expected["bag"]["sun"] += 1
    same(state, expected)
    assert_ok(state)


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
