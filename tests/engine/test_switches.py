"""Every switch in ``engine/data.py`` that records an open or corrected rule really switches.

Each test flips one switch with ``monkeypatch`` and checks the behaviour follows it, beside the
default (the belief we play by).  A switch that the engine stops reading fails here.
"""

from __future__ import annotations

import pytest
from helpers import (
    act,
    assert_ok,
    card_id,
    cid,
    current,
    fill_corners,
    finished,
    fresh,
    game,
    hk,
    offer,
    option_ids,
    put_species,
    put_tile,
    run_reset,
    set_box,
    species,
    start_action,
)

import engine
from engine import data, reseed
from engine.data import ALLOTMENT_BY_PLAYERS
from engine.display import place_ap

# -- Evolution: the replaced species goes to the box, or back to its gene pool ------------------


def _evolve(state: dict) -> None:
    offer(state, "birds", "Evolution")
    act(state, card_id("Evolution"))
    act(state, "replace:D3:mammals")
    assert finished(state)  # no other animal is left to replace


def _evolution_position() -> dict:
    state = fresh()
    put_species(state, "D3", "mammals", 2)
    return state


def test_evolution_replaced_species_eliminated_by_default():
    assert data.EVOLUTION_REPLACED_TO == "eliminated"
    state = _evolution_position()
    pool = state["animals"]["mammals"]["gene_pool"]
    _evolve(state)
    assert species(state, "D3") == {"mammals": 1, "birds": 1}
    assert state["animals"]["mammals"]["eliminated"] == 1
    assert state["animals"]["mammals"]["gene_pool"] == pool
    assert_ok(state)


def test_evolution_switch_to_gene_pool(monkeypatch):
    monkeypatch.setattr(data, "EVOLUTION_REPLACED_TO", "gene_pool")
    state = _evolution_position()
    pool = state["animals"]["mammals"]["gene_pool"]
    _evolve(state)
    assert species(state, "D3") == {"mammals": 1, "birds": 1}
    assert state["animals"]["mammals"]["eliminated"] == 0
    assert state["animals"]["mammals"]["gene_pool"] == pool + 1
    assert_ok(state)


# -- Instinct: one of the taker's own APs, or a new cylinder ------------------------------------


def _instinct(state: dict, animal: str = "mammals") -> None:
    offer(state, animal, "Instinct")
    act(state, card_id("Instinct"))


def _aps(state: dict, animal: str = "mammals") -> tuple[int, int]:
    rec = state["animals"][animal]
    return rec["aps"], rec["aps_owned"]


def test_instinct_places_an_own_ap_by_default():
    assert data.INSTINCT_AP_IS_NEW is False
    state = fresh()
    _instinct(state)
    act(state, "wanderlust-2")
    assert state["display"]["wanderlust"][1] == "mammals"
    assert _aps(state) == (2, 3)
    assert_ok(state)


def test_instinct_switch_to_a_new_cylinder(monkeypatch):
    monkeypatch.setattr(data, "INSTINCT_AP_IS_NEW", True)
    state = fresh()
    _instinct(state)
    act(state, "wanderlust-2")
    assert state["display"]["wanderlust"][1] == "mammals"
    assert _aps(state) == (3, 4)
    assert_ok(state)


def test_instinct_with_an_empty_supply_depends_on_the_switch(monkeypatch):
    def position() -> dict:
        state = fresh()
        for row in ("adaptation", "abundance", "wasteland"):
            place_ap(state, "mammals", row, 0)
        return state

    state = position()
    _instinct(state)
    assert finished(state)  # nothing in the supply: that part is forfeit
    assert state["log"][-1]["key"] == "instinct.skipped.no_ap"  # placing one is forfeit
    assert _aps(state) == (0, 3)

    monkeypatch.setattr(data, "INSTINCT_AP_IS_NEW", True)
    state = position()
    _instinct(state)
    assert current(state).kind == "instinct"  # a new cylinder needs no supply
    act(state, "initiative-1")
    assert _aps(state) == (0, 4)
    assert_ok(state)


def test_instinct_new_cylinder_switch_respects_the_ten_cylinders(monkeypatch):
    monkeypatch.setattr(data, "INSTINCT_AP_IS_NEW", True)
    state = fresh()
    rec = state["animals"]["mammals"]
    rec["aps"] = rec["aps_owned"] = 10
    _instinct(state)
    assert finished(state)
    assert _aps(state) == (10, 10)


# -- Glaciation: how far waiting APs slide in Reset ---------------------------------------------


@pytest.mark.parametrize(("slide", "after"), [
    (1, ["birds", None, "mammals", None]),
    (4, ["birds", "mammals", None, None]),
    (0, [None, "birds", None, "mammals"]),
])
def test_glaciation_reset_slide_switch(monkeypatch, slide, after):
    monkeypatch.setattr(data, "GLACIATION_RESET_SLIDE", slide)
    state = fresh()
    state["display"]["glaciation"] = [None, "birds", None, "mammals"]
    state["animals"]["birds"]["aps"] -= 1
    state["animals"]["mammals"]["aps"] -= 1
    reseed.reseed(state)
    assert state["display"]["glaciation"] == after
    assert_ok(state)


# -- Wanderlust: the order in which animals move onto the new tile ------------------------------


def _wanderlust_movers(state: dict) -> list[str]:
    put_species(state, "D2", "mammals", 1)
    put_species(state, "D2", "birds", 1)
    put_species(state, "D2", "insects", 1)
    set_box(state, "wanderlust", [])
    start_action(state, "wanderlust", "reptiles")
    act(state, "stack:1")
    act(state, "tile:D1")  # touches D2 only
    asked = []
    while not finished(state):
        assert current(state).kind == "wanderlust_move"
        asked.append(current(state).animal)
        act(state, "move:0")
    return asked


def test_wanderlust_move_order_switch(monkeypatch):
    assert data.WANDERLUST_MOVE_ORDER == "food_chain"
    assert _wanderlust_movers(fresh()) == ["mammals", "birds", "insects"]
    monkeypatch.setattr(data, "WANDERLUST_MOVE_ORDER", "initiative")
    state = fresh()
    state["initiative"] = ["birds", "insects", "reptiles", "mammals", "arachnids", "amphibians"]
    assert _wanderlust_movers(state) == ["birds", "insects", "mammals"]


# -- Competition: the arachnids' any-terrain space ----------------------------------------------


def _arachnid_kills(state: dict) -> int:
    put_tile(state, "D1", "sea")
    for label in ("D1", "D2", "E3", "E4", "D4", "C4", "C3"):
        put_species(state, label, "arachnids", 1)
        put_species(state, label, "birds", 1)
    start_action(state, "competition", "arachnids", 0)
    kills = 0
    while not finished(state):
        act(state, next(o for o in option_ids(state) if o.startswith("kill:")))
        kills += 1
    return kills


@pytest.mark.parametrize("limit", [3, 1, 5])
def test_arachnid_competition_limit_switch(monkeypatch, limit):
    monkeypatch.setattr(data, "ARACHNID_COMPETITION_LIMIT", limit)
    state = fresh()
    assert _arachnid_kills(state) == limit
    assert state["animals"]["birds"]["eliminated"] == limit
    assert_ok(state)


# -- Speciation: the insects' free space --------------------------------------------------------


@pytest.mark.parametrize("n", [1, 2])
def test_insect_free_speciation_switch(monkeypatch, n):
    monkeypatch.setattr(data, "INSECT_FREE_SPECIATION", n)
    state = fresh()
    start_action(state, "speciation", "insects", 6)
    assert current(state).kind == "speciation_free"
    act(state, "tile:C4")
    assert species(state, "C4") == {"insects": n}


# -- Aquatic: species on a tile touching the new element, or any sea/wetland -------------------


@pytest.mark.parametrize(("touching", "tiles"), [(True, ["tile:D1", "tile:D2"]),
                                                 (False, ["tile:D1", "tile:D2", "tile:F3"])])
def test_aquatic_species_tile_switch(monkeypatch, touching, tiles):
    monkeypatch.setattr(data, "AQUATIC_SPECIES_ON_ELEMENT_TILE", touching)
    state = fresh()
    put_tile(state, "D1", "sea")
    put_tile(state, "F3", "sea")
    fill_corners(state, ["D1", "D2", "F3"], "grub", keep_vacant=["D2-NE", "F3-E"])
    offer(state, "amphibians", "Aquatic")
    act(state, card_id("Aquatic"))
    act(state, "element:sun")
    act(state, cid("D2-NE"))
    assert current(state).kind == "aquatic_tile"
    assert sorted(option_ids(state)) == tiles


# -- Setup: the VP marker cube and the face-up Wanderlust tiles ---------------------------------


@pytest.mark.parametrize("marker", [1, 0])
def test_vp_marker_cubes_switch(monkeypatch, marker):
    monkeypatch.setattr(data, "VP_MARKER_CUBES", marker)
    state = game(4, 3)
    cubes = ALLOTMENT_BY_PLAYERS[4][1]
    for rec in state["animals"].values():
        assert rec["gene_pool"] == cubes - marker - 4  # 4 species start on earth
    assert_ok(state)


@pytest.mark.parametrize("face_up", [True, False])
def test_wanderlust_tops_face_up_at_setup_switch(monkeypatch, face_up):
    monkeypatch.setattr(data, "WANDERLUST_TOPS_FACE_UP_AT_SETUP", face_up)
    state = game(4, 3)
    assert all((s["face_up"] is not None) == face_up for s in state["wanderlust"])


# -- The end of a game that never reaches Ice Age -----------------------------------------------


@pytest.mark.parametrize("limit", [1, 2])
def test_turn_limit_switch(monkeypatch, limit):
    monkeypatch.setattr(data, "TURN_LIMIT", limit)
    state = fresh()
    state["turn"] = 1
    run_reset(state)
    assert (engine.prompt(state) is None) == (limit == 1)
    assert state["phase"] == ("over" if limit == 1 else "planning")
    assert hk("D3") in state["tiles"]
