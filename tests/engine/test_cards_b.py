"""Dominance cards, batch B, by position: Ice Age, Ice Sheet, Immigrants, Instinct, Intelligence,
Mass Exodus, Metamorphosis, Niche Biomes, Nocturnal, Omnivore, Parasitism, Predator, Symbiotic.

Starting layout (hex labels): tundra on sea D3 in the centre, wetland D2, savannah E3, desert E4,
mountain D4, forest C4, jungle C3.  Corners that touch only one starting tile: C3-W, C3-NW, C4-SW,
C4-W, D2-NE, D2-NW, D4-SE, D4-SW, E3-NE, E3-E, E4-E, E4-SE.
Rules: shared/rules/base-game.md §2 (bonus table), §6.7, §8, §9; open points in engine/data.py.

Each card is taken through the real ``choose_card`` step on top of a ``halt`` step (or through the
real execution flow where the brief asks for it); "nothing else changed" is checked by comparing
the whole state with the state before the card was chosen.
"""

from __future__ import annotations

import copy
import json

import pytest
from helpers import (
    SEAT,
    SEATED,
    act,
    asked_tile,
    assert_rejected,
    card_id,
    current,
    english_log,
    expected_after,
    face_up,
    finished,
    fresh,
    hk,
    make_tundra,
    offer,
    option_ids,
    put_element,
    put_species,
    put_tile,
    run_from_row,
    same,
    set_added,
    species,
)

import engine
from engine import reseed
from engine.data import ELEMENTS, FOOD_CHAIN, ROW_NAMES
from engine.display import place_ap
from engine.invariants import violations

# ---------------------------------------------------------------------------------------------
# Helpers


def seated() -> dict:
    return fresh(6, animals=SEATED)


def assert_resolved(state: dict, before: dict, card: str, changes: dict | None = None) -> None:
    """The card is fully resolved and the state is exactly ``before`` plus ``changes``."""
    assert finished(state)
    same(state, expected_after(before, card, changes))
    assert state["decisions"] > before["decisions"]
    assert card in state["cards_taken"] and card not in state["cards"]
    assert json.loads(json.dumps(state)) == state
    assert violations(state) == []


def set_aps(state: dict, animal: str, n: int) -> None:
    """The animal owns ``n`` APs, all in its supply (no cylinder beyond 10)."""
    rec = state["animals"][animal]
    rec["aps"] = rec["aps_owned"] = n


def bag_only(state: dict, keep: dict[str, int]) -> None:
    """Leave only ``keep`` in the bag; everything else waits in the Depletion box."""
    for e in ELEMENTS:
        extra = state["bag"][e] - keep.get(e, 0)
        assert extra >= 0
        state["bag"][e] -= extra
        state["boxes"]["depletion"].extend([e] * extra)


def aps(state: dict) -> dict:
    return {a: (r["aps"], r["aps_owned"]) for a, r in state["animals"].items()}


# ---------------------------------------------------------------------------------------------
# Ice Age


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


# ---------------------------------------------------------------------------------------------
# Ice Sheet


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


# ---------------------------------------------------------------------------------------------
# Immigrants


def test_immigrants_asks_every_animal_in_food_chain_order_at_its_own_seat():
    state = seated()
    set_added(state, "mammals", ["sun", "water", "sun"])
    set_added(state, "birds", ["meat"])
    set_added(state, "arachnids", ["grub", "grass", "grub"])
    put_species(state, "E3", "mammals", 3)
    put_species(state, "D2", "mammals", 1)
    put_species(state, "E3", "reptiles", 2)
    put_species(state, "C3", "reptiles", 2)
    put_species(state, "D4", "reptiles", 1)
    put_species(state, "D2", "amphibians", 3)
    put_species(state, "D4", "amphibians", 1)
    put_species(state, "C4", "insects", 4)
    for space in ("adaptation", "abundance", "wanderlust"):  # every amphibian AP is placed
        place_ap(state, "amphibians", space, 0)
    before = offer(state, "birds", "Immigrants")
    act(state, card_id("Immigrants"))

    expected = [
        ("mammals", ["element:sun", "element:water", "ap", "species"], "element:sun"),
        ("reptiles", ["ap", "species"], "species"),
        ("birds", ["element:meat", "ap", "species"], "ap"),  # the taker too
        ("amphibians", ["species"], "species"),  # no added element, no AP in supply
        ("arachnids", ["element:grass", "element:grub", "ap", "species"], "element:grub"),
        ("insects", ["ap", "species"], "ap"),
    ]
    for animal, ids, choice in expected:
        p = current(state)
        assert (p.kind, p.animal, p.seat) == ("immigrants", animal, SEAT[animal])
        assert option_ids(state) == ids
        for seat in range(6):
            if seat != SEAT[animal]:
                assert engine.options_for(state, seat) == ()
        assert_rejected(state, choice, seat_no=(SEAT[animal] + 1) % 6)
        engine.apply(state, SEAT[animal], choice)

    b = before["bag"]
    an = before["animals"]
    assert_resolved(state, before, "Immigrants", {
        ("animals", "mammals", "added"): ["water", "sun"],
        ("bag", "sun"): b["sun"] + 1,
        ("tiles", hk("E3"), "species"): {"mammals": 3, "reptiles": 1},
        ("tiles", hk("C3"), "species"): {"reptiles": 1},
        ("animals", "reptiles", "eliminated"): an["reptiles"]["eliminated"] + 2,
        ("animals", "birds", "aps"): 2,
        ("animals", "birds", "aps_owned"): 2,
        ("tiles", hk("D2"), "species"): {"mammals": 1, "amphibians": 1},
        ("animals", "amphibians", "eliminated"): an["amphibians"]["eliminated"] + 2,
        ("animals", "arachnids", "added"): ["grass", "grub"],
        ("bag", "grub"): b["grub"] + 1,
        ("animals", "insects", "aps"): 2,
        ("animals", "insects", "aps_owned"): 2,
    })


def test_immigrants_with_nothing_to_lose_offers_only_the_species_option_and_changes_nothing():
    state = seated()
    put_species(state, "E3", "mammals", 1)
    put_species(state, "E3", "reptiles", 1)
    put_species(state, "D2", "insects", 1)
    spaces = [(r, i) for r in ROW_NAMES for i in range(len(state["display"][r]))
              if state["display"][r][i] is None]
    for a in FOOD_CHAIN:  # every AP is on the display: none can be lost
        for _ in range(state["animals"][a]["aps"]):
            place_ap(state, a, *spaces.pop(0))
    before = offer(state, "reptiles", "Immigrants")
    act(state, card_id("Immigrants"))
    for animal in FOOD_CHAIN:
        p = current(state)
        assert (p.kind, p.animal, p.seat) == ("immigrants", animal, SEAT[animal])
        assert option_ids(state) == ["species"]
        assert_rejected(state, "ap")
        act(state, "species")
    assert_resolved(state, before, "Immigrants")


def test_immigrants_in_the_multi_animal_variant_asks_each_animal_at_its_players_seat():
    state = fresh(2, multi_animal=True,
                  animals=[["mammals", "birds", "arachnids"], ["reptiles", "amphibians", "insects"]])
    put_species(state, "E3", "birds", 2)
    before = offer(state, "insects", "Immigrants")
    assert current(state).seat == 1
    act(state, card_id("Immigrants"))
    asked = []
    for _ in FOOD_CHAIN:
        p = current(state)
        asked.append((p.animal, p.seat))
        assert option_ids(state) == ["ap", "species"]
        act(state, "species")
    assert asked == [("mammals", 0), ("reptiles", 1), ("birds", 0), ("amphibians", 1), ("arachnids", 0),
                     ("insects", 1)]
    assert_resolved(state, before, "Immigrants", {
        ("tiles", hk("E3"), "species"): {"birds": 1},
        ("animals", "birds", "eliminated"): before["animals"]["birds"]["eliminated"] + 1,
    })


# ---------------------------------------------------------------------------------------------
# Instinct


def test_instinct_offers_every_vacant_space_and_places_one_of_its_own_aps():
    state = fresh()
    place_ap(state, "birds", "migration", 1)
    before = offer(state, "mammals", "Instinct")
    act(state, card_id("Instinct"))
    p = current(state)
    assert (p.kind, p.animal, p.seat) == ("instinct", "mammals", state["animals"]["mammals"]["seat"])
    ids = option_ids(state)
    # 44 spaces, 3 of them free (animal-specific), 1 taken by the birds
    assert len(ids) == len(set(ids)) == 40
    assert {"initiative-1", "adaptation-1", "glaciation-4", "wanderlust-2", "domination-5"} <= set(ids)
    for taken in ("regression-3", "speciation-7", "competition-1", "migration-2"):
        assert taken not in ids
        assert_rejected(state, taken)
    assert_rejected(state, "domination-6")
    act(state, "wanderlust-2")
    display = copy.deepcopy(before["display"])
    display["wanderlust"][1] = "mammals"
    # "place 1 of your APs": it comes from the supply; no cylinder is created (INSTINCT_AP_IS_NEW)
    assert_resolved(state, before, "Instinct", {
        ("display",): display,
        ("animals", "mammals", "aps"): 2,
    })
    assert aps(state)["mammals"] == (2, 3)


def test_instinct_with_an_empty_supply_forfeits_placing_an_ap():
    state = fresh()
    for space in ("adaptation", "abundance", "wasteland"):
        place_ap(state, "mammals", space, 0)
    assert aps(state)["mammals"] == (0, 3)
    before = offer(state, "mammals", "Instinct")
    act(state, card_id("Instinct"))
    assert_resolved(state, before, "Instinct")
    assert state["log"][-1] == {"turn": 1, "key": "instinct.skipped.no_ap", "animal": "mammals"}
    assert english_log(state)[-1] == "T1 Mammals: no AP in the supply; placing one is forfeit (Instinct)"
    assert aps(state)["mammals"] == (0, 3)


def test_instinct_without_a_vacant_space_does_nothing():
    state = fresh()
    for a in FOOD_CHAIN:
        set_aps(state, a, 7)
    spaces = [(r, i) for r in ROW_NAMES for i in range(len(state["display"][r]))
              if state["display"][r][i] is None]
    assert len(spaces) == 41
    for k, (r, i) in enumerate(spaces):
        place_ap(state, FOOD_CHAIN[k % 6], r, i)
    before = offer(state, "birds", "Instinct")
    act(state, card_id("Instinct"))
    assert_resolved(state, before, "Instinct")


def instinct_flow_position() -> dict:
    """Mammals dominate E3 (meat); endangered birds on D2; a mammal AP on Domination 1."""
    state = fresh()
    put_element(state, "E3-NE", "meat")
    put_species(state, "E3", "mammals", 1)
    put_species(state, "D2", "birds", 1)
    face_up(state, "Instinct")
    place_ap(state, "mammals", "domination", 0)
    run_from_row(state, "domination")
    assert (current(state).kind, current(state).animal) == ("domination", "mammals")
    act(state, "tile:E3")  # mammals +7, take a card
    assert (current(state).kind, current(state).animal) == ("choose_card", "mammals")
    act(state, card_id("Instinct"))
    assert (current(state).kind, current(state).animal) == ("instinct", "mammals")
    return state


def test_instinct_ap_right_of_the_current_domination_space_executes_this_turn():
    state = instinct_flow_position()
    assert "domination-1" in option_ids(state)  # vacated when its AP was taken for execution
    act(state, "domination-3")
    p = current(state)
    assert (p.kind, p.animal) == ("domination", "mammals")  # the Instinct AP acts now
    assert option_ids(state) == ["tile:D2", "forfeit"]  # E3 was scored this turn
    assert state["display"]["domination"] == [None] * 5
    assert aps(state)["mammals"] == (3, 3)
    act(state, "tile:D2")  # birds 8 VP; nobody dominates D2 (no seed): no card
    # Execution is over; Reset: the endangered birds die, nobody on tundra, reseed, turn 2.
    assert state["turn"] == 2 and state["phase"] == "planning"
    assert state["animals"]["mammals"]["vp"] == 7
    assert state["animals"]["birds"]["vp"] == 8
    assert state["animals"]["birds"]["eliminated"] == 1
    assert aps(state)["mammals"] == (3, 3)
    assert state["display"]["domination"] == [None] * 5
    assert violations(state) == []


@pytest.mark.parametrize("space", ["adaptation-1", "domination-1"])
def test_instinct_ap_on_an_already_resolved_space_returns_to_supply_in_the_reset(space):
    state = instinct_flow_position()
    act(state, space)
    # nothing is left to execute: Reset ran (the endangered birds die, nobody on tundra), reseed
    assert state["turn"] == 2 and state["phase"] == "planning"
    assert state["display"]["adaptation"] == [None, None, None]
    assert state["display"]["domination"] == [None] * 5
    assert aps(state)["mammals"] == (3, 3)
    assert state["animals"]["birds"]["vp"] == 0  # D2 was never scored
    assert state["animals"]["mammals"]["vp"] == 7
    assert violations(state) == []


def test_reseed_returns_an_instinct_ap_left_on_the_display():
    state = fresh()
    offer(state, "insects", "Instinct")
    act(state, card_id("Instinct"))
    act(state, "initiative-1")
    assert state["display"]["initiative"] == ["insects"]
    assert aps(state)["insects"] == (2, 3)
    assert violations(state) == []
    reseed.reseed(state)
    assert state["display"]["initiative"] == [None]
    assert aps(state)["insects"] == (3, 3)
    # the free spaces keep their animals
    assert state["display"]["regression"] == [None, None, "reptiles"]
    assert state["display"]["speciation"][6] == "insects"
    assert state["display"]["competition"][0] == "arachnids"
    assert violations(state) == []


# ---------------------------------------------------------------------------------------------
# Intelligence, Parasitism, Omnivore: new APs, never more than 10 cylinders


@pytest.mark.parametrize("taker", FOOD_CHAIN)
def test_intelligence_gives_the_taker_and_every_animal_above_it_an_ap(taker):
    state = fresh()
    before = offer(state, taker, "Intelligence")
    act(state, card_id("Intelligence"))
    above = FOOD_CHAIN[:FOOD_CHAIN.index(taker) + 1]
    changes = {}
    for a in above:
        changes[("animals", a, "aps")] = 4
        changes[("animals", a, "aps_owned")] = 4
    assert_resolved(state, before, "Intelligence", changes)


def test_intelligence_respects_the_ten_cylinders():
    state = fresh()
    set_aps(state, "mammals", 9)
    set_aps(state, "reptiles", 10)
    set_aps(state, "amphibians", 9)  # below the birds: gains nothing
    before = offer(state, "birds", "Intelligence")
    act(state, card_id("Intelligence"))
    assert_resolved(state, before, "Intelligence", {
        ("animals", "mammals", "aps"): 10, ("animals", "mammals", "aps_owned"): 10,
        ("animals", "birds", "aps"): 4, ("animals", "birds", "aps_owned"): 4,
    })
    assert max(r["aps_owned"] for r in state["animals"].values()) == 10


def test_intelligence_for_the_top_animal_with_ten_cylinders_does_nothing():
    state = fresh()
    set_aps(state, "mammals", 10)
    before = offer(state, "mammals", "Intelligence")
    act(state, card_id("Intelligence"))
    assert_resolved(state, before, "Intelligence")


@pytest.mark.parametrize("taker", FOOD_CHAIN)
def test_parasitism_gives_the_taker_and_every_animal_below_it_an_ap(taker):
    state = fresh()
    before = offer(state, taker, "Parasitism")
    act(state, card_id("Parasitism"))
    below = FOOD_CHAIN[FOOD_CHAIN.index(taker):]
    changes = {}
    for a in below:
        changes[("animals", a, "aps")] = 4
        changes[("animals", a, "aps_owned")] = 4
    assert_resolved(state, before, "Parasitism", changes)


def test_parasitism_respects_the_ten_cylinders():
    state = fresh()
    set_aps(state, "insects", 10)
    set_aps(state, "arachnids", 9)
    set_aps(state, "birds", 9)  # above the amphibians: gains nothing
    before = offer(state, "amphibians", "Parasitism")
    act(state, card_id("Parasitism"))
    assert_resolved(state, before, "Parasitism", {
        ("animals", "amphibians", "aps"): 4, ("animals", "amphibians", "aps_owned"): 4,
        ("animals", "arachnids", "aps"): 10, ("animals", "arachnids", "aps_owned"): 10,
    })
    assert max(r["aps_owned"] for r in state["animals"].values()) == 10


def test_parasitism_for_the_bottom_animal_with_ten_cylinders_does_nothing():
    state = fresh()
    set_aps(state, "insects", 10)
    before = offer(state, "insects", "Parasitism")
    act(state, card_id("Parasitism"))
    assert_resolved(state, before, "Parasitism")


def test_intelligence_and_parasitism_skip_animals_not_in_play():
    state = fresh(4, animals=[["birds"], ["insects"], ["mammals"], ["amphibians"]])
    before = offer(state, "amphibians", "Intelligence")
    act(state, card_id("Intelligence"))
    changes = {}
    for a in ("mammals", "birds", "amphibians"):  # 4 players: 5 APs each
        changes[("animals", a, "aps")] = changes[("animals", a, "aps_owned")] = 6
    assert_resolved(state, before, "Intelligence", changes)
    before = offer(state, "birds", "Parasitism")
    act(state, card_id("Parasitism"))
    changes = {("animals", "birds", "aps"): 7, ("animals", "birds", "aps_owned"): 7,
               ("animals", "amphibians", "aps"): 7, ("animals", "amphibians", "aps_owned"): 7,
               ("animals", "insects", "aps"): 6, ("animals", "insects", "aps_owned"): 6}
    assert_resolved(state, before, "Parasitism", changes)


def test_omnivore_gives_the_taker_one_ap_up_to_ten():
    state = fresh()
    place_ap(state, "reptiles", "adaptation", 0)
    set_aps(state, "birds", 9)
    before = offer(state, "reptiles", "Omnivore")
    act(state, card_id("Omnivore"))
    assert_resolved(state, before, "Omnivore", {
        ("animals", "reptiles", "aps"): 3, ("animals", "reptiles", "aps_owned"): 4,
    })
    state = fresh()
    set_aps(state, "birds", 9)
    before = offer(state, "birds", "Omnivore")
    act(state, card_id("Omnivore"))
    assert_resolved(state, before, "Omnivore", {
        ("animals", "birds", "aps"): 10, ("animals", "birds", "aps_owned"): 10,
    })


def test_omnivore_with_ten_cylinders_does_nothing():
    state = fresh()
    set_aps(state, "birds", 10)
    before = offer(state, "birds", "Omnivore")
    act(state, card_id("Omnivore"))
    assert_resolved(state, before, "Omnivore")
    assert state["animals"]["birds"]["aps_owned"] == 10


# ---------------------------------------------------------------------------------------------
# Mass Exodus


def test_mass_exodus_moves_every_species_off_the_tile_to_adjacent_tiles():
    state = fresh()
    put_species(state, "C3", "mammals", 2)
    put_species(state, "C3", "birds", 1)
    put_species(state, "E4", "reptiles", 1)
    put_species(state, "D2", "insects", 1)
    before = offer(state, "arachnids", "Mass Exodus")
    act(state, card_id("Mass Exodus"))
    p = current(state)
    assert (p.kind, p.animal, p.seat) == ("mass_exodus", "arachnids", state["animals"]["arachnids"]["seat"])
    assert sorted(option_ids(state)) == ["tile:C3", "tile:D2", "tile:E4"]
    assert_rejected(state, "tile:D3")  # no species there
    act(state, "tile:C3")
    # C3 touches C4, D2 and D3
    near = ("C4", "D2", "D3")
    assert set(option_ids(state)) == {f"{how}:mammals:{t}" for how in ("all", "one") for t in near} \
        | {f"all:birds:{t}" for t in near}
    assert_rejected(state, "all:mammals:E4")  # not adjacent
    assert_rejected(state, "one:birds:C4")  # only one bird: "all" it is
    act(state, "one:mammals:D2")
    assert set(option_ids(state)) == {f"all:{a}:{t}" for a in ("mammals", "birds") for t in near}
    act(state, "all:mammals:D3")
    assert not finished(state)
    act(state, "all:birds:C4")
    assert_resolved(state, before, "Mass Exodus", {
        ("tiles", hk("C3"), "species"): {},
        ("tiles", hk("D2"), "species"): {"insects": 1, "mammals": 1},
        ("tiles", hk("D3"), "species"): {"mammals": 1},
        ("tiles", hk("C4"), "species"): {"birds": 1},
    })


def test_mass_exodus_with_no_species_on_a_tile_with_neighbours_does_nothing():
    state = fresh()
    put_tile(state, "A1", "sea")  # no tile next to it
    put_species(state, "A1", "insects", 2)
    before = offer(state, "insects", "Mass Exodus")
    act(state, card_id("Mass Exodus"))
    assert_resolved(state, before, "Mass Exodus")


# ---------------------------------------------------------------------------------------------
# Metamorphosis


def test_metamorphosis_swaps_an_added_element_for_one_from_the_bag():
    state = fresh()
    set_added(state, "reptiles", ["water", "grub", "water"])
    seeds = state["bag"]["seed"]
    state["bag"]["seed"] = 0  # every seed waits in the Wanderlust box
    state["boxes"]["wanderlust"].extend(["seed"] * seeds)
    before = offer(state, "reptiles", "Metamorphosis")
    act(state, card_id("Metamorphosis"))
    p = current(state)
    assert (p.kind, p.animal, p.seat) == ("metamorphosis", "reptiles", state["animals"]["reptiles"]["seat"])
    assert option_ids(state) == ["old:grub", "old:water"]
    assert_rejected(state, "old:sun")  # printed, not added
    act(state, "old:water")
    assert option_ids(state) == ["new:grass", "new:grub", "new:meat", "new:sun", "new:water"]
    assert_rejected(state, "new:seed")  # none in the bag
    act(state, "new:meat")
    assert_resolved(state, before, "Metamorphosis", {
        ("animals", "reptiles", "added"): ["meat", "grub", "water"],
        ("bag", "water"): before["bag"]["water"] + 1,
        ("bag", "meat"): before["bag"]["meat"] - 1,
    })


def test_metamorphosis_without_added_elements_does_nothing():
    state = fresh()
    set_added(state, "birds", ["sun"])
    before = offer(state, "reptiles", "Metamorphosis")
    act(state, card_id("Metamorphosis"))
    assert_resolved(state, before, "Metamorphosis")


# ---------------------------------------------------------------------------------------------
# Niche Biomes


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


# ---------------------------------------------------------------------------------------------
# Nocturnal


def test_nocturnal_moves_the_taker_one_place_forward_on_initiative():
    state = fresh()
    assert state["initiative"] == ["insects", "arachnids", "amphibians", "birds", "reptiles", "mammals"]
    before = offer(state, "birds", "Nocturnal")
    act(state, card_id("Nocturnal"))
    assert_resolved(state, before, "Nocturnal", {
        ("initiative",): ["insects", "arachnids", "birds", "amphibians", "reptiles", "mammals"],
    })


def test_nocturnal_for_the_first_on_initiative_does_nothing():
    state = fresh()
    before = offer(state, "insects", "Nocturnal")
    act(state, card_id("Nocturnal"))
    assert_resolved(state, before, "Nocturnal")


# ---------------------------------------------------------------------------------------------
# Predator


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


# ---------------------------------------------------------------------------------------------
# Symbiotic


def test_symbiotic_taker_and_every_animal_with_fewer_elements_draw_one():
    state = fresh()
    set_added(state, "reptiles", ["water", "grub"])  # 4 elements: the taker
    set_added(state, "birds", ["meat", "seed"])  # 4: not fewer
    set_added(state, "arachnids", ["grass"])  # 3: fewer
    set_added(state, "insects", ["meat"])  # 3: fewer
    # mammals 2 and amphibians 3 (printed only): fewer
    bag_only(state, {"sun": 10})
    before = offer(state, "reptiles", "Symbiotic")
    act(state, card_id("Symbiotic"))
    assert_resolved(state, before, "Symbiotic", {
        ("animals", "mammals", "added"): ["sun"],
        ("animals", "reptiles", "added"): ["water", "grub", "sun"],
        ("animals", "amphibians", "added"): ["sun"],
        ("animals", "arachnids", "added"): ["grass", "sun"],
        ("animals", "insects", "added"): ["meat", "sun"],
        ("bag", "sun"): 5,
        ("rng",): state["rng"],
    })


def test_symbiotic_a_full_taker_draws_nothing_but_animals_with_room_do():
    state = fresh()
    set_added(state, "amphibians", ["sun", "sun", "sun"])  # 6 elements: full
    set_added(state, "birds", ["meat", "meat", "meat", "meat"])  # 6: not fewer
    set_added(state, "mammals", ["seed", "seed", "seed"])  # 5: fewer, with room
    bag_only(state, {"grub": 3})
    before = offer(state, "amphibians", "Symbiotic")
    act(state, card_id("Symbiotic"))
    assert_resolved(state, before, "Symbiotic", {
        ("animals", "mammals", "added"): ["seed", "seed", "seed", "grub"],
        ("animals", "reptiles", "added"): ["grub"],
        ("animals", "arachnids", "added"): ["grub"],
        ("bag", "grub"): 0,
        ("rng",): state["rng"],
    })
    assert len(state["animals"]["mammals"]["added"]) + 2 == 6


def test_symbiotic_when_every_display_is_full_does_nothing():
    state = fresh()
    fill = dict(zip(FOOD_CHAIN, ("grass", "grub", "meat", "sun", "water", "seed"), strict=True))
    for a in FOOD_CHAIN:
        set_added(state, a, [fill[a]] * (6 - (3 if a == "amphibians" else 2)))
    before = offer(state, "arachnids", "Symbiotic")
    act(state, card_id("Symbiotic"))
    assert_resolved(state, before, "Symbiotic")


# ---------------------------------------------------------------------------------------------
# Illegal choices and the choose_card prompt


def test_choose_card_offers_exactly_the_face_up_cards_and_refuses_others():
    state = fresh()
    face_up(state, "Predator")
    offer(state, "birds", "Predator")
    assert option_ids(state) == [card_id(c) for c in state["cards"]]
    assert len(state["cards"]) == 5
    hidden = next(c for c in state["deck"] if c != "Ice Age")
    assert_rejected(state, card_id(hidden))
    assert_rejected(state, "card:ice-age")
    assert_rejected(state, "card:survival")
    p = current(state)
    assert_rejected(state, card_id("Predator"), seat_no=(p.seat + 1) % 6)
    assert violations(state) == []


def test_illegal_card_options_are_refused_without_a_change():
    # Immigrants: an element the animal has not added
    state = seated()
    set_added(state, "mammals", ["water"])
    offer(state, "insects", "Immigrants")
    act(state, card_id("Immigrants"))
    assert_rejected(state, "element:sun")
    assert_rejected(state, "element:meat")  # printed elements can't be lost
    assert_rejected(state, "lose:water")
    # Predator: the taker's own species
    state = fresh()
    put_species(state, "E3", "birds", 1)
    put_species(state, "E3", "mammals", 1)
    put_species(state, "E3", "reptiles", 1)
    offer(state, "birds", "Predator")
    act(state, card_id("Predator"))
    assert_rejected(state, "eliminate:birds")
    assert_rejected(state, "eliminate:insects")
    # Ice Sheet: a tile not next to tundra, a tundra tile, an empty hex
    state = fresh()
    put_tile(state, "D1", "sea")
    offer(state, "birds", "Ice Sheet")
    act(state, card_id("Ice Sheet"))
    assert_rejected(state, "tile:D1")
    assert_rejected(state, "tile:D3")
    assert_rejected(state, "tile:G1")
    # Instinct: a free space
    state = fresh()
    offer(state, "birds", "Instinct")
    act(state, card_id("Instinct"))
    assert_rejected(state, "competition-1")
    assert_rejected(state, "tile:E3")
    assert violations(state) == []
