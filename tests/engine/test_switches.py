"""Every switch in ``engine/data.py`` that records an open or corrected rule really switches.

Each test flips one switch with ``monkeypatch`` and checks the behaviour follows it, beside the
default (the belief we play by).  A switch that the engine stops reading fails here.  A dominance
card's switches live in its module under ``engine/cards/`` and are flipped in its own tests
(``tests/engine/cards/test_card_<card>.py``).
"""

from __future__ import annotations

import pytest
from helpers import (
    act,
    assert_ok,
    current,
    finished,
    fresh,
    game,
    hk,
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
