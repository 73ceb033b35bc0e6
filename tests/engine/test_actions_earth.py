"""Rules by position for the actions that change earth: Glaciation, Speciation, Wanderlust.

Starting layout (hex labels): tundra on sea D3 in the centre, wetland D2, savannah E3,
desert E4, mountain D4, forest C4, jungle C3.  Rules: shared/rules/base-game.md §1.4, §2,
§4, §6.7-§6.9.
"""

from __future__ import annotations

import json

import pytest
from helpers import (
    RING,
    act,
    asked_tile,
    assert_ok,
    assert_rejected,
    assert_wrong_seat_rejected,
    cid,
    ck,
    clear_earth,
    current,
    finished,
    fresh,
    game,
    hk,
    make_tundra,
    option_ids,
    put_element,
    put_species,
    put_tile,
    set_box,
    set_gene_pool,
    species,
    start_action,
)

import engine
from engine import reseed
from engine.data import ELEMENTS, SPECIATION_ELEMENTS, SPECIATION_MAX, bonus_vps

# ---------------------------------------------------------------------------------------------
# Helpers


def prompt_kind(state: dict) -> str:
    return current(state).kind


def prompt_animal(state: dict) -> str:
    return current(state).animal


# ---------------------------------------------------------------------------------------------
# Glaciation


def test_glaciation_candidates_are_non_tundra_tiles_next_to_tundra():
    state = fresh()
    put_tile(state, "D1", "sea")  # next to the wetland D2 only, not to any tundra
    start_action(state, "glaciation", "birds")
    assert prompt_kind(state) == "glaciation"
    assert prompt_animal(state) == "birds"
    ids = option_ids(state)
    assert len(ids) == len(set(ids))
    assert set(ids) == {f"tile:{t}" for t in RING} | {"forfeit"}
    assert_ok(state)


def test_glaciation_candidates_grow_with_the_tundra():
    state = fresh()
    put_tile(state, "D1", "sea")
    make_tundra(state, "D2")
    start_action(state, "glaciation", "birds")
    ids = option_ids(state)
    # D1 now touches the tundra D2; D2 and D3 are tundra and can't be glaciated again.
    assert set(ids) == {f"tile:{t}" for t in RING if t != "D2"} | {"tile:D1", "forfeit"}
    assert_ok(state)


@pytest.mark.parametrize(
    "tundra_around,expected_vp",
    [
        ([], 1),  # only the centre D3
        (["D2"], 3),  # D3 + D2
        (["D2", "E2"], 6),  # D3 + D2 + E2
        (["D2", "E2", "F3"], 10),  # D3 + D2 + E2 + F3
    ],
)
def test_glaciation_bonus_vps_for_adjacent_tundra(tundra_around, expected_vp):
    state = fresh()
    for label in ("E2", "F3"):
        if label in tundra_around:
            put_tile(state, label, "sea")
    for label in tundra_around:
        make_tundra(state, label)
    state["animals"]["reptiles"]["vp"] = 5
    supply = state["tundra_supply"]
    start_action(state, "glaciation", "reptiles")
    assert "tile:E3" in option_ids(state)
    act(state, "tile:E3")
    assert finished(state)
    assert state["animals"]["reptiles"]["vp"] == 5 + expected_vp
    assert expected_vp == bonus_vps(len(tundra_around) + 1)
    assert all(state["animals"][a]["vp"] == 0 for a in state["animals"] if a != "reptiles")
    tile = state["tiles"][hk("E3")]
    assert tile["terrain"] == "tundra"
    assert tile["under"] == "savannah"
    assert state["tundra_supply"] == supply - 1
    assert_ok(state)


def test_glaciation_removes_only_elements_surrounded_by_three_tundra():
    state = fresh()
    put_tile(state, "E2", "sea")
    make_tundra(state, "D2")
    make_tundra(state, "E2")
    placed = {
        "E3-W": "water",  # E3, D3, D2: all tundra after -> removed
        "E3-NW": "grass",  # E3, D2, E2: all tundra after -> removed
        "E3-NE": "sun",  # E3, E2 and the empty F2 -> stays
        "E3-E": "seed",  # E3 and two empty hexes -> stays
        "E3-SE": "meat",  # E3, E4 desert, empty F3 -> stays
        "E3-SW": "grub",  # E3, E4 desert, D3 -> stays
        "D3-SE": "sun",  # not a corner of E3 -> stays
        "D2-NE": "meat",  # D2, D1 (empty), E2: not all tundra -> stays
    }
    for label, e in placed.items():
        put_element(state, label, e)
    bag = dict(state["bag"])
    start_action(state, "glaciation", "mammals")
    act(state, "tile:E3")
    assert finished(state)
    expected = {ck(label): e for label, e in placed.items() if label not in ("E3-W", "E3-NW")}
    assert state["elements"] == expected
    assert state["bag"] == {**bag, "water": bag["water"] + 1, "grass": bag["grass"] + 1}
    assert state["animals"]["mammals"]["vp"] == 6  # three tundra neighbours: D3, D2, E2
    assert_ok(state)


def test_glaciation_keeps_one_species_per_animal_rest_to_gene_pool():
    state = fresh()
    put_species(state, "E3", "mammals", 3)
    put_species(state, "E3", "reptiles", 1)
    put_species(state, "E3", "birds", 2)
    put_species(state, "E3", "insects", 4)
    put_species(state, "E4", "mammals", 2)  # a neighbour: untouched
    pools = {a: rec["gene_pool"] for a, rec in state["animals"].items()}
    start_action(state, "glaciation", "arachnids")
    act(state, "tile:E3")
    assert finished(state)
    assert species(state, "E3") == {"mammals": 1, "reptiles": 1, "birds": 1, "insects": 1}
    assert species(state, "E4") == {"mammals": 2}
    gained = {"mammals": 2, "birds": 1, "insects": 3}
    for a, rec in state["animals"].items():
        assert rec["gene_pool"] == pools[a] + gained.get(a, 0), a
        assert rec["eliminated"] == 0, a
    assert state["animals"]["arachnids"]["vp"] == 1
    assert_ok(state)


def test_glaciation_skipped_without_prompt_when_no_tundra_tile_is_left():
    state = fresh()
    put_species(state, "E3", "mammals", 2)
    state["tundra_supply"] = 0
    tiles = json.dumps(state["tiles"], sort_keys=True)
    start_action(state, "glaciation", "birds")
    assert finished(state)  # no glaciation prompt at all
    assert json.dumps(state["tiles"], sort_keys=True) == tiles
    assert state["tundra_supply"] == 0
    assert state["animals"]["birds"]["vp"] == 0
    assert_ok(state)


def test_glaciation_skipped_when_no_tile_touches_tundra():
    state = fresh()
    for label in RING:
        make_tundra(state, label)
    start_action(state, "glaciation", "birds")
    assert finished(state)
    assert state["tundra_supply"] == 5
    assert_ok(state)


def test_glaciation_forfeit_changes_nothing_on_earth():
    state = fresh()
    put_species(state, "C3", "birds", 3)
    put_element(state, "C3-NW", "seed")
    start_action(state, "glaciation", "birds")
    assert "forfeit" in option_ids(state)
    earth = json.dumps([state["tiles"], state["elements"], state["tundra_supply"]], sort_keys=True)
    act(state, "forfeit")
    assert finished(state)
    assert json.dumps([state["tiles"], state["elements"], state["tundra_supply"]], sort_keys=True) == earth
    assert state["animals"]["birds"]["vp"] == 0
    assert_ok(state)


def test_glaciation_illegal_choices_are_rejected():
    state = fresh()
    put_tile(state, "D1", "sea")
    start_action(state, "glaciation", "birds")
    for bad in ("tile:D3", "tile:D1", "tile:A1", "tile:Z9", "D2", "", "place:1", "stack:1"):
        assert_rejected(state, bad)
    assert_wrong_seat_rejected(state)
    assert prompt_kind(state) == "glaciation"
    assert_ok(state)


def _plan(state: dict, script: dict[str, list[str]]) -> None:
    """Drive a Planning phase: each animal places its APs on the scripted spaces, in order."""
    while engine.prompt(state) is not None and prompt_kind(state) == "place_ap":
        animal = prompt_animal(state)
        space = script[animal].pop(0)
        assert space in option_ids(state), (animal, space)
        act(state, space)
    assert all(not rest for rest in script.values()), script


def test_glaciation_only_leftmost_ap_acts_others_wait_and_slide_one_space_left():
    # A real game: two players, every AP placed; with no species on earth every other
    # action has nothing to do, so the only prompts are the Glaciations.
    state = game(2, 3, animals=[["mammals"], ["birds"]])
    clear_earth(state)
    others = [f"domination-{i}" for i in range(1, 6)] + [f"migration-{i}" for i in range(1, 7)]
    _plan(state, {
        "birds": ["glaciation-2", "glaciation-4", *others[:5]],
        "mammals": ["glaciation-3", *others[5:]],
    })
    # Execution: only the left-most Glaciation AP (birds, space 2) is resolved; it is off the
    # display (back in supply) while the other two wait.
    assert prompt_kind(state) == "glaciation"
    assert prompt_animal(state) == "birds"
    assert state["display"]["glaciation"] == [None, None, "mammals", "birds"]
    assert state["animals"]["birds"]["aps"] == 1
    act(state, "tile:D2")
    assert state["tiles"][hk("D2")]["terrain"] == "tundra"
    assert state["animals"]["birds"]["vp"] == 1
    assert state["animals"]["mammals"]["vp"] == 0
    # Straight on to turn 2: in the Reset each waiting AP moved ONE space to the left (MOP step
    # 19), so the gap at the left survives, and neither AP is back in supply.
    assert state["turn"] == 2
    assert prompt_kind(state) == "place_ap"
    assert state["display"]["glaciation"] == [None, "mammals", "birds", None]
    assert state["animals"]["mammals"]["aps"] == 6
    assert state["animals"]["birds"]["aps"] == 6
    ids = option_ids(state)
    assert "glaciation-2" not in ids and "glaciation-3" not in ids
    assert {"glaciation-1", "glaciation-4"} <= set(ids)
    assert_ok(state)
    # The birds use the surviving gap: their new AP is left of the waiting ones and acts first.
    _plan(state, {
        "birds": ["glaciation-1", *[f"domination-{i}" for i in range(1, 6)]],
        "mammals": [f"migration-{i}" for i in range(1, 7)],
    })
    assert prompt_kind(state) == "glaciation"
    assert prompt_animal(state) == "birds"
    assert set(option_ids(state)) == {"tile:C3", "tile:C4", "tile:D4", "tile:E3", "tile:E4", "forfeit"}
    act(state, "tile:E3")  # touches D2 and D3
    assert state["animals"]["birds"]["vp"] == 1 + 3
    assert state["animals"]["mammals"]["vp"] == 0
    assert state["turn"] == 3
    # The mammals waited a second turn; both waiting APs moved one space left again.
    assert state["display"]["glaciation"] == ["mammals", "birds", None, None]
    assert state["animals"]["birds"]["aps"] == 6
    assert state["animals"]["mammals"]["aps"] == 6
    assert state["tundra_supply"] == 9
    assert_ok(state)


@pytest.mark.parametrize(("row", "after"), [
    ([None, "birds", None, "mammals"], ["birds", None, "mammals", None]),
    (["insects", "birds", None, "mammals"], ["insects", "birds", "mammals", None]),
    ([None, None, None, "mammals"], [None, None, "mammals", None]),
    ([None, None, None, None], [None, None, None, None]),
])
def test_waiting_glaciation_aps_move_one_space_left_in_order(row, after):
    state = fresh()
    state["display"]["glaciation"] = list(row)
    for a in row:
        if a is not None:
            state["animals"][a]["aps"] -= 1
    reseed.reseed(state)
    assert state["display"]["glaciation"] == after
    assert_ok(state)


# ---------------------------------------------------------------------------------------------
# Speciation

# Two elements of each type: one on each inner corner of D3, one on an outer corner of the ring.
INNER = ["D3-NE", "D3-E", "D3-SE", "D3-SW", "D3-W", "D3-NW"]
OUTER = ["D2-NE", "E3-E", "E4-SE", "D4-SW", "C4-W", "C3-NW"]


def _two_of_each(state: dict) -> dict[str, list[str]]:
    where: dict[str, list[str]] = {e: [] for e in ELEMENTS}
    for inner, outer, e in zip(INNER, OUTER, ELEMENTS, strict=True):
        put_element(state, inner, e)
        put_element(state, outer, e)
        where[e] += [inner, outer]
    return where


@pytest.mark.parametrize("space", range(len(SPECIATION_ELEMENTS)))
def test_speciation_space_offers_corners_with_its_element(space):
    assert SPECIATION_ELEMENTS == ("meat", "sun", "seed", "water", "grub", "grass")
    state = fresh()
    where = _two_of_each(state)
    element = SPECIATION_ELEMENTS[space]
    start_action(state, "speciation", "amphibians", space)
    assert prompt_kind(state) == "speciation"
    ids = option_ids(state)
    assert len(ids) == len(set(ids))
    assert set(ids) == {cid(c) for c in where[element]} | {"forfeit"}
    assert_ok(state)


def _place_prompts(state: dict, tiles: dict[str, str], choose: dict[str, int]) -> dict[str, list[str]]:
    """Answer every 'how many' prompt; ``tiles`` maps label -> terrain; returns the options seen."""
    seen: dict[str, list[str]] = {}
    while not finished(state):
        p = engine.prompt(state)
        assert p is not None and p.kind == "speciation_place"
        labels = [t for t, terrain in tiles.items() if f"{t} {terrain}" == asked_tile(p)]
        assert len(labels) == 1, p.text
        assert labels[0] not in seen, "asked twice about one tile"
        seen[labels[0]] = [o.id for o in p.options]
        act(state, f"place:{choose[labels[0]]}")
    return seen


def test_speciation_one_prompt_per_tile_at_the_corner_with_terrain_limits():
    state = fresh()
    put_element(state, "D3-NE", "water")  # touches D2 wetland, D3 tundra, E3 savannah
    put_element(state, "D3-SE", "water")
    put_species(state, "D2", "amphibians", 1)
    put_species(state, "E3", "birds", 2)
    pool = state["animals"]["amphibians"]["gene_pool"]
    start_action(state, "speciation", "amphibians", 3)
    assert set(option_ids(state)) == {cid("D3-NE"), cid("D3-SE"), "forfeit"}
    act(state, cid("D3-NE"))
    seen = _place_prompts(state, {"D2": "wetland", "D3": "tundra", "E3": "savannah"},
                          {"D2": 4, "D3": 1, "E3": 2})
    assert {t: set(ids) for t, ids in seen.items()} == {
        "D2": {"place:4", "place:3", "place:2", "place:1", "place:0"},
        "D3": {"place:1", "place:0"},
        "E3": {"place:3", "place:2", "place:1", "place:0"},
    }
    assert species(state, "D2") == {"amphibians": 5}
    assert species(state, "D3") == {"amphibians": 1}
    assert species(state, "E3") == {"birds": 2, "amphibians": 2}
    assert state["animals"]["amphibians"]["gene_pool"] == pool - 7
    assert len(state["elements"]) == 2  # the element stays
    assert_ok(state)


@pytest.mark.parametrize("terrain,most", [
    ("sea", 4), ("wetland", 4), ("savannah", 3), ("jungle", 3), ("forest", 3),
    ("desert", 2), ("mountain", 2), ("tundra", 1),
])
def test_speciation_terrain_maximum(terrain, most):
    assert SPECIATION_MAX[terrain] == most
    state = fresh()
    put_tile(state, "D2", terrain)
    put_element(state, "D2-NE", "meat")  # D1 and E2 are empty: only D2 touches it
    pool = state["animals"]["mammals"]["gene_pool"]
    start_action(state, "speciation", "mammals", 0)
    act(state, cid("D2-NE"))
    assert prompt_kind(state) == "speciation_place"
    assert set(option_ids(state)) == {f"place:{n}" for n in range(most + 1)}
    act(state, f"place:{most}")
    assert finished(state)
    assert species(state, "D2") == {"mammals": most}
    assert state["animals"]["mammals"]["gene_pool"] == pool - most
    assert_ok(state)


def test_speciation_on_a_glaciated_sea_tile_is_limited_to_one():
    state = fresh()
    put_tile(state, "D2", "sea")
    put_element(state, "D2-NE", "sun")
    start_action(state, "glaciation", "reptiles")
    act(state, "tile:D2")
    assert state["tiles"][hk("D2")] == {"terrain": "tundra", "under": "sea", "species": {}}
    start_action(state, "speciation", "reptiles", 1)
    act(state, cid("D2-NE"))
    assert set(option_ids(state)) == {"place:1", "place:0"}
    act(state, "place:1")
    assert finished(state)
    assert species(state, "D2") == {"reptiles": 1}
    assert_ok(state)


def test_speciation_limited_by_gene_pool_single_tile():
    state = fresh()
    put_tile(state, "D2", "sea")
    put_element(state, "D2-NE", "seed")
    set_gene_pool(state, "birds", 2)
    start_action(state, "speciation", "birds", 2)
    act(state, cid("D2-NE"))
    assert set(option_ids(state)) == {"place:2", "place:1", "place:0"}
    act(state, "place:2")
    assert finished(state)
    assert species(state, "D2") == {"birds": 2}
    assert state["animals"]["birds"]["gene_pool"] == 0
    assert_ok(state)


def test_speciation_gene_pool_runs_out_across_tiles():
    state = fresh()
    put_element(state, "D3-NE", "grub")  # D2 wetland (4), D3 tundra (1), E3 savannah (3)
    set_gene_pool(state, "arachnids", 5)
    start_action(state, "speciation", "arachnids", 4)
    act(state, cid("D3-NE"))
    limits = {"D2 wetland": 4, "D3 tundra": 1, "E3 savannah": 3}
    placed = 0
    while not finished(state):
        p = engine.prompt(state)
        assert p.kind == "speciation_place"
        tile = next(t for t in limits if t == asked_tile(p))
        pool = state["animals"]["arachnids"]["gene_pool"]
        most = min(limits[tile], pool)
        assert set(option_ids(state)) == {f"place:{n}" for n in range(most + 1)}
        act(state, f"place:{most}")
        placed += most
    assert placed == 5
    assert state["animals"]["arachnids"]["gene_pool"] == 0
    on_earth = sum(t["species"].get("arachnids", 0) for t in state["tiles"].values())
    assert on_earth == 5
    assert_ok(state)


def test_speciation_skipped_with_empty_gene_pool():
    state = fresh()
    put_element(state, "D3-NE", "meat")
    set_gene_pool(state, "mammals", 0)
    start_action(state, "speciation", "mammals", 0)
    assert finished(state)
    assert all(not t["species"] for t in state["tiles"].values())
    assert_ok(state)


def test_speciation_skipped_when_no_element_of_the_space_type():
    state = fresh()
    put_element(state, "D3-NE", "sun")
    start_action(state, "speciation", "mammals", 0)  # meat space
    assert finished(state)
    assert all(not t["species"] for t in state["tiles"].values())
    assert_ok(state)


def test_insects_free_speciation_places_one_on_any_tile():
    state = fresh()
    put_tile(state, "D1", "sea")
    put_element(state, "D3-NE", "grass")  # irrelevant: the free space needs no element
    pool = state["animals"]["insects"]["gene_pool"]
    start_action(state, "speciation", "insects", 6)
    assert prompt_kind(state) == "speciation_free"
    ids = option_ids(state)
    assert len(ids) == len(set(ids))
    assert set(ids) == {f"tile:{t}" for t in [*RING, "D3", "D1"]} | {"forfeit"}
    act(state, "tile:C4")  # the forest, with no element on it
    assert finished(state)
    assert species(state, "C4") == {"insects": 1}
    assert state["animals"]["insects"]["gene_pool"] == pool - 1
    assert sum(sum(t["species"].values()) for t in state["tiles"].values()) == 1
    assert_ok(state)


def test_insects_free_speciation_skipped_with_empty_gene_pool():
    state = fresh()
    set_gene_pool(state, "insects", 0)
    start_action(state, "speciation", "insects", 6)
    assert finished(state)
    assert_ok(state)


def test_speciation_forfeit_and_illegal_choices():
    state = fresh()
    put_element(state, "D3-NE", "meat")
    put_element(state, "D3-SE", "sun")
    start_action(state, "speciation", "mammals", 0)
    assert option_ids(state)[-1] == "forfeit"
    for bad in (cid("D3-SE"), cid("D3-SW"), "corner:Z9-NE", "place:1", "tile:D2", "meat", ""):
        assert_rejected(state, bad)
    assert_wrong_seat_rejected(state)
    act(state, cid("D3-NE"))
    first = engine.prompt(state)
    assert first.kind == "speciation_place"
    terrain_max = next(m for t, m in (("D2 wetland", 4), ("D3 tundra", 1), ("E3 savannah", 3))
                       if t == asked_tile(first))
    for bad in (f"place:{terrain_max + 1}", "place:-1", "forfeit", cid("D3-NE"), "place:x"):
        assert_rejected(state, bad)
    assert_ok(state)


def test_speciation_forfeit_places_nothing():
    state = fresh()
    put_element(state, "D3-NE", "meat")
    pool = state["animals"]["mammals"]["gene_pool"]
    start_action(state, "speciation", "mammals", 0)
    act(state, "forfeit")
    assert finished(state)
    assert state["animals"]["mammals"]["gene_pool"] == pool
    assert all(not t["species"] for t in state["tiles"].values())
    assert_ok(state)


def test_insects_free_speciation_illegal_choices_rejected():
    state = fresh()
    start_action(state, "speciation", "insects", 6)
    assert "forfeit" in option_ids(state)
    for bad in ("tile:D1", "tile:A1", "place:1", cid("D3-NE"), "tile:Q7"):
        assert_rejected(state, bad)
    assert_ok(state)


# ---------------------------------------------------------------------------------------------
# Wanderlust


def _stacks(state: dict, faces: list[str | None]) -> None:
    for stack, face in zip(state["wanderlust"], faces, strict=True):
        stack["face_up"] = face


RING2 = ["B2", "B3", "B4", "C2", "C5", "D1", "D5", "E2", "E5", "F2", "F3", "F4"]


def test_wanderlust_offers_the_face_up_tiles():
    state = fresh()
    _stacks(state, ["sea", None, "desert"])
    start_action(state, "wanderlust", "reptiles")
    assert prompt_kind(state) == "wanderlust"
    assert set(option_ids(state)) == {"stack:1", "stack:3", "forfeit"}
    assert_rejected(state, "stack:2")  # face down
    assert_rejected(state, "stack:4")
    assert_rejected(state, "tile:D1")
    assert_wrong_seat_rejected(state)
    assert_ok(state)


def test_wanderlust_hexes_are_empty_board_hexes_next_to_earth():
    state = fresh()
    assert all(hk(t) not in state["tiles"] for t in RING2)
    put_tile(state, "F1", "jungle")  # on the top edge of the board
    _stacks(state, ["sea", "forest", "desert"])
    start_action(state, "wanderlust", "reptiles")
    act(state, "stack:2")
    assert prompt_kind(state) == "wanderlust_hex"
    ids = option_ids(state)
    assert len(ids) == len(set(ids))
    # F1's neighbours E1 and G1 join the ring around the start; none is off the board.
    assert set(ids) == {f"tile:{t}" for t in [*RING2, "E1", "G1"]}
    for bad in ("tile:D3", "tile:F1", "tile:A1", "forfeit", "tile:Z9"):
        assert_rejected(state, bad)
    assert state["wanderlust"][1]["face_up"] == "forest"
    assert_ok(state)


def test_wanderlust_full_action():
    state = fresh()
    put_tile(state, "C2", "jungle")
    put_tile(state, "E2", "mountain")
    put_element(state, "D2-NE", "seed")  # a corner of D1 (with D2 and E2): not vacant
    put_species(state, "D2", "mammals", 2)
    put_species(state, "C2", "birds", 1)
    put_species(state, "E2", "insects", 3)
    put_species(state, "D3", "reptiles", 2)  # D3 is not next to D1: never asked
    put_species(state, "E3", "arachnids", 1)  # E3 is not next to D1 either
    set_box(state, "wanderlust", ["water", "water", "sun", "grass"])
    _stacks(state, ["sea", "forest", "desert"])
    next_up = state["wanderlust"][0]["stack"][-1]
    left = len(state["wanderlust"][0]["stack"])
    bag = dict(state["bag"])
    state["animals"]["amphibians"]["vp"] = 2

    start_action(state, "wanderlust", "amphibians")
    act(state, "stack:1")
    act(state, "tile:D1")  # next to D2, C2 and E2
    assert state["animals"]["amphibians"]["vp"] == 2 + 6
    assert state["tiles"][hk("D1")] == {"terrain": "sea", "under": None, "species": {}}
    assert state["wanderlust"][0]["face_up"] is None

    assert prompt_kind(state) == "wanderlust_element"
    assert set(option_ids(state)) == {"element:water", "element:sun", "element:grass", "none"}
    assert_rejected(state, "element:meat")
    assert_rejected(state, "forfeit")
    act(state, "element:water")
    assert prompt_kind(state) == "wanderlust_corner"
    assert set(option_ids(state)) == {cid(f"D1-{p}") for p in ("NE", "E", "SW", "W", "NW")}
    assert_rejected(state, cid("D1-SE"))  # holds the seed
    assert_rejected(state, cid("D2-SE"))  # not a corner of the new tile
    act(state, cid("D1-NW"))
    assert state["elements"][ck("D1-NW")] == "water"
    assert sorted(state["boxes"]["wanderlust"]) == ["grass", "sun", "water"]
    assert state["bag"] == bag

    # Moves, in food-chain order: mammals (D2), birds (C2), insects (E2).
    asked = []
    for choice in ("move:1", "move:0", "move:3"):
        assert prompt_kind(state) == "wanderlust_move"
        asked.append((prompt_animal(state), set(option_ids(state))))
        if choice == "move:1":
            assert_rejected(state, "move:3")
        act(state, choice)
    assert asked == [
        ("mammals", {"move:2", "move:1", "move:0"}),
        ("birds", {"move:1", "move:0"}),
        ("insects", {"move:3", "move:2", "move:1", "move:0"}),
    ]
    assert finished(state)
    assert species(state, "D1") == {"mammals": 1, "insects": 3}
    assert species(state, "D2") == {"mammals": 1}
    assert species(state, "C2") == {"birds": 1}
    assert species(state, "E2") == {}
    assert species(state, "D3") == {"reptiles": 2}
    assert_ok(state)

    # The taken stack shows nothing until the Reset turns its next tile face up.
    assert state["wanderlust"][0]["face_up"] is None
    reseed.reseed(state)
    assert state["wanderlust"][0]["face_up"] == next_up
    assert len(state["wanderlust"][0]["stack"]) == left - 1
    assert [s["face_up"] for s in state["wanderlust"][1:]] == ["forest", "desert"]
    assert_ok(state)


@pytest.mark.parametrize("hex_label,expected_vp", [("B2", 1), ("C2", 3), ("D1", 1)])
def test_wanderlust_bonus_vps_for_adjacent_tiles(hex_label, expected_vp):
    # B2 touches C3 only; C2 touches C3 and D2; D1 touches D2 only.
    state = fresh()
    set_box(state, "wanderlust", [])
    _stacks(state, ["sea", "forest", "desert"])
    start_action(state, "wanderlust", "birds")
    act(state, "stack:3")
    act(state, f"tile:{hex_label}")
    assert finished(state)  # empty box, no species next door: nothing more to ask
    assert state["animals"]["birds"]["vp"] == expected_vp
    assert state["tiles"][hk(hex_label)]["terrain"] == "desert"
    assert_ok(state)


def test_wanderlust_bonus_counts_tundra_neighbours_too():
    state = fresh()
    put_tile(state, "C2", "sea")
    make_tundra(state, "D2")  # D1 touches the tundra D2 and the sea C2
    set_box(state, "wanderlust", [])
    _stacks(state, ["sea", None, None])
    start_action(state, "wanderlust", "birds")
    act(state, "stack:1")
    act(state, "tile:D1")
    assert state["animals"]["birds"]["vp"] == 3
    assert_ok(state)


def test_wanderlust_without_element_and_with_species_on_two_neighbours():
    state = fresh()
    put_species(state, "D2", "reptiles", 2)
    put_species(state, "E3", "reptiles", 1)  # E2 touches D2 and E3
    put_species(state, "D2", "insects", 1)
    set_box(state, "wanderlust", ["meat", "meat", "seed", "seed"])
    _stacks(state, ["wetland", None, None])
    start_action(state, "wanderlust", "insects")
    act(state, "stack:1")
    act(state, "tile:E2")
    assert state["animals"]["insects"]["vp"] == 3
    act(state, "none")
    assert sorted(state["boxes"]["wanderlust"]) == ["meat", "meat", "seed", "seed"]
    moved = 0
    while not finished(state):
        assert prompt_kind(state) == "wanderlust_move"
        animal = prompt_animal(state)
        assert animal == ("insects" if moved == 2 else "reptiles"), "food-chain order"
        act(state, option_ids(state)[0])  # the most on offer
        moved += 1
    assert species(state, "E2") == {"reptiles": 3, "insects": 1}
    assert species(state, "D2") == {}
    assert species(state, "E3") == {}
    assert len(state["elements"]) == 0
    assert_ok(state)


def test_wanderlust_element_skipped_when_box_empty():
    state = fresh()
    put_species(state, "D2", "birds", 2)
    set_box(state, "wanderlust", [])
    _stacks(state, [None, "jungle", None])
    start_action(state, "wanderlust", "mammals")
    act(state, "stack:2")
    act(state, "tile:D1")
    assert prompt_kind(state) == "wanderlust_move"
    assert prompt_animal(state) == "birds"
    act(state, "move:2")
    assert finished(state)
    assert species(state, "D1") == {"birds": 2}
    assert_ok(state)


def test_wanderlust_forfeit_changes_nothing():
    state = fresh()
    _stacks(state, ["sea", "forest", "desert"])
    start_action(state, "wanderlust", "birds")
    tiles = json.dumps(state["tiles"], sort_keys=True)
    act(state, "forfeit")
    assert finished(state)
    assert json.dumps(state["tiles"], sort_keys=True) == tiles
    assert [s["face_up"] for s in state["wanderlust"]] == ["sea", "forest", "desert"]
    assert state["animals"]["birds"]["vp"] == 0
    assert_ok(state)


def test_wanderlust_skipped_without_face_up_tiles():
    state = fresh()
    _stacks(state, [None, None, None])
    start_action(state, "wanderlust", "birds")
    assert finished(state)
    assert len(state["tiles"]) == 7
    assert_ok(state)
