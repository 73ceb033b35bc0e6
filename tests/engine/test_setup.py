"""Setup for every player count and the multi-animal variant."""

import json
import subprocess
import sys
from collections import Counter
from pathlib import Path

import pytest

import engine
from engine.data import FOOD_CHAIN
from engine.ecology import dominant, tile_elements
from engine.invariants import violations

ROOT = Path(__file__).resolve().parents[2]
TILE_AT = {"tundra": "0,0", "wetland": "0,-1", "savannah": "1,-1", "desert": "1,0",
           "mountain": "0,1", "forest": "-1,1", "jungle": "-1,0"}


@pytest.mark.parametrize("players,aps,cubes", [(2, 7, 55), (3, 6, 50), (4, 5, 45), (5, 4, 40), (6, 3, 35)])
def test_setup_by_player_count(players, aps, cubes):
    state = engine.new_game(players, 3)
    assert len(state["animals"]) == players
    for rec in state["animals"].values():
        assert (rec["aps"], rec["aps_owned"], rec["cubes"]) == (aps, aps, cubes)
        assert rec["gene_pool"] == cubes - 5  # 4 on earth and the VP marker
        assert rec["vp"] == 0 and rec["added"] == []
    in_play = [a for a in FOOD_CHAIN if a in state["animals"]]
    assert state["initiative"] == in_play[::-1]  # insects first, mammals last
    assert not violations(state)
    assert state["turn"] == 1 and state["phase"] == "planning"
    p = engine.prompt(state)
    assert p.animal == state["initiative"][0] and p.kind == "place_ap"


def test_starting_earth():
    state = engine.new_game(6, 3)
    terrains = {k: t["terrain"] for k, t in state["tiles"].items()}
    assert terrains == {v: k for k, v in TILE_AT.items()}
    assert state["tiles"]["0,0"]["under"] == "sea"
    supply = {t: sorted(tile_elements(state, k)) for t, k in TILE_AT.items()}
    assert supply == {
        "tundra": sorted(["grass", "grub", "meat", "seed", "sun", "water"]),
        "wetland": sorted(["grub", "water", "water", "grass"]),
        "savannah": sorted(["water", "grass", "grass", "sun"]),
        "desert": sorted(["grass", "sun", "sun", "meat"]),
        "mountain": sorted(["sun", "meat", "meat", "seed"]),
        "forest": sorted(["meat", "seed", "seed", "grub"]),
        "jungle": sorted(["seed", "grub", "grub", "water"]),
    }
    assert len(state["elements"]) == 12
    species = {t: state["tiles"][k]["species"] for t, k in TILE_AT.items()}
    assert species["savannah"] == {"insects": 2, "amphibians": 1, "reptiles": 1}
    assert species["wetland"] == {"insects": 1, "arachnids": 1, "amphibians": 2}
    assert species["jungle"] == {"arachnids": 2, "amphibians": 1, "birds": 1}
    assert species["forest"] == {"arachnids": 1, "birds": 2, "mammals": 1}
    assert species["mountain"] == {"birds": 1, "reptiles": 1, "mammals": 2}
    assert species["desert"] == {"insects": 1, "reptiles": 2, "mammals": 1}
    # with six players each animal dominates its own two-species tile
    owner = {"savannah": "insects", "jungle": "arachnids", "wetland": "amphibians",
             "forest": "birds", "desert": "reptiles", "mountain": "mammals"}
    for terrain, animal in owner.items():
        assert dominant(state, TILE_AT[terrain]) == animal


def test_supplies_boxes_stacks_and_cards():
    state = engine.new_game(4, 9)
    for box in ("adaptation", "abundance", "wanderlust"):
        assert len(state["boxes"][box]) == 4
    for box in ("regression", "wasteland", "depletion"):
        assert state["boxes"][box] == []
    assert sum(state["bag"].values()) == 120 - 12 - 12
    stacks = state["wanderlust"]
    assert len(stacks) == 3 and all(len(s["stack"]) == 7 and s["face_up"] for s in stacks)
    tiles = Counter(t for s in stacks for t in [*s["stack"], s["face_up"]])
    assert tiles == {"sea": 6, "wetland": 3, "savannah": 3, "jungle": 3, "forest": 3,
                     "desert": 3, "mountain": 3}
    assert state["tundra_supply"] == 11
    assert len(state["cards"]) == 5 and len(state["deck"]) == 21
    assert state["deck"][-1] == "Ice Age" and "Ice Age" not in state["cards"]
    assert len(set(state["cards"] + state["deck"])) == 26


def test_free_spaces_belong_to_animals_in_play_only():
    state = engine.new_game(2, 1, animals=[["reptiles"], ["birds"]])
    assert state["display"]["regression"][2] == "reptiles"
    assert state["display"]["speciation"][6] is None
    assert state["display"]["competition"][0] is None
    ids = [o.id for o in engine.prompt(state).options]
    # an animal-specific space stays unused when its animal is not in play (rules §1.2)
    assert not {"regression-3", "speciation-7", "competition-1"} & set(ids)
    assert "regression-1" in ids and "competition-2" in ids


@pytest.mark.parametrize("players,per_seat", [(2, 3), (3, 2)])
def test_multi_animal_variant(players, per_seat):
    state = engine.new_game(players, 4, multi_animal=True)
    assert sorted(state["animals"]) == sorted(FOOD_CHAIN)
    assert all(len(s["animals"]) == per_seat for s in state["seats"])
    for a, rec in state["animals"].items():
        assert (rec["aps"], rec["cubes"], rec["gene_pool"]) == (3, 35, 30)
        assert a in state["seats"][rec["seat"]]["animals"]
    p = engine.prompt(state)
    assert p.animal == "insects" and p.seat == state["animals"]["insects"]["seat"]


def test_chosen_animals_and_names():
    state = engine.new_game(3, 1, animals=[["mammals"], [], ["insects"]], names=["Ann", "Bo", "Cy"])
    assert state["seats"][0]["animals"] == ["mammals"]
    assert state["seats"][2]["animals"] == ["insects"]
    assert state["seats"][1]["name"] == "Bo" and len(state["seats"][1]["animals"]) == 1


@pytest.mark.parametrize("kwargs,message", [
    ({"players": 7}, "2 to 6 players"),
    ({"players": 4, "multi_animal": True}, "2 or 3 players"),
    ({"players": 2, "animals": [["cats"], []]}, "not an animal"),
    ({"players": 2, "animals": [["birds"], ["birds"]]}, "one seat only"),
    ({"players": 2, "names": ["only one"]}, "player names"),
])
def test_bad_setup_is_refused(kwargs, message):
    players = kwargs.pop("players")
    with pytest.raises(engine.SetupError, match=message):
        engine.new_game(players, 1, **kwargs)


def test_random_game_command():
    out = subprocess.run([sys.executable, "-m", "engine", "random-game", "--players", "3", "--seed", "5"],
                         capture_output=True, text=True, cwd=ROOT, check=True)
    data = json.loads(out.stdout)
    assert set(data) == {"players", "seed", "turns", "decisions", "scores", "winner"}
    assert data["players"] == 3 and data["seed"] == 5 and len(data["scores"]) == 3
    assert data["winner"] in data["scores"]
    assert data["scores"][data["winner"]] == max(data["scores"].values())
    again = subprocess.run([sys.executable, "-m", "engine", "random-game", "--players", "3", "--seed", "5"],
                           capture_output=True, text=True, cwd=ROOT, check=True)
    assert again.stdout == out.stdout


def test_a_game_replays_the_same_with_its_dealt_animals_given():
    dealt = engine.new_game(4, 21)
    chosen = engine.new_game(4, 21, animals=[s["animals"] for s in dealt["seats"]])
    assert chosen == dealt
