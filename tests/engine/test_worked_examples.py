"""The rulebook's worked example (seed 000) as positions, through ``analyze`` and the CLI."""

import copy
import json
import subprocess
import sys
from pathlib import Path

import pytest

from engine.ecology import dominant, endangered, matching
from engine.geometry import corner_key, make_corner
from engine.position import PositionError, analyze, load_position, position_state

POSITIONS = Path(__file__).parent / "positions"
ROOT = Path(__file__).resolve().parents[2]
DESERT, SAVANNAH = "0,0", "1,0"
SHARED_SUN = corner_key(make_corner([(0, 0), (1, 0), (1, -1)]))


@pytest.fixture
def example():
    return load_position(str(POSITIONS / "seed0_example.toml"))


def test_insects_dominate_the_desert_three_to_two(example):
    assert matching(example, "insects", DESERT) == 3
    assert matching(example, "amphibians", DESERT) == 2
    assert dominant(example, DESERT) == "insects"
    tile = next(t for t in analyze(example)["tiles"] if t["at"] == [0, 0])
    assert tile == {
        "at": [0, 0], "terrain": "desert",
        "matching": {"insects": 3, "amphibians": 2},
        "dominant": "insects", "endangered": [],
        # species count ranks the amphibians first: desert pays 4 and 2
        "score": {"amphibians": 4, "insects": 2},
    }


def test_a_reptile_migrating_into_the_desert_claims_it_with_six(example):
    moved = copy.deepcopy(example)
    moved["tiles"][SAVANNAH]["species"]["reptiles"] -= 1
    moved["tiles"][DESERT]["species"]["reptiles"] = 1
    assert matching(moved, "reptiles", DESERT) == 6  # 2 sun x 3 sun
    assert dominant(moved, DESERT) == "reptiles"


def test_amphibians_would_take_the_savannah_three_to_two(example):
    assert dominant(example, SAVANNAH) == "reptiles"
    moved = copy.deepcopy(example)
    moved["tiles"][DESERT]["species"]["amphibians"] -= 1
    moved["tiles"][SAVANNAH]["species"]["amphibians"] = 1
    assert matching(moved, "amphibians", SAVANNAH) == 3
    assert matching(moved, "reptiles", SAVANNAH) == 2
    assert dominant(moved, SAVANNAH) == "amphibians"


def test_removing_the_shared_sun_endangers_the_reptiles_on_the_savannah(example):
    assert endangered(example, SAVANNAH) == []
    del example["elements"][SHARED_SUN]
    assert endangered(example, SAVANNAH) == ["reptiles"]
    assert dominant(example, SAVANNAH) is None  # endangered species never dominate
    assert dominant(example, DESERT) == "insects"


def test_a_tie_for_most_matching_means_nobody_dominates():
    state = position_state({
        "tile": [{"at": [0, 0], "terrain": "sea", "species": {"birds": 1, "mammals": 5}}],
        "element": [{"kind": "seed", "corner": [[0, 0], [1, 0], [1, -1]]},
                    {"kind": "meat", "corner": [[0, 0], [0, 1], [1, 0]]}],
        "animals": {"birds": ["seed", "seed"], "mammals": ["meat", "meat"]},
    })
    assert matching(state, "birds", "0,0") == matching(state, "mammals", "0,0") == 2
    assert dominant(state, "0,0") is None
    # sea pays 9/5: mammals lead on species count, dominance plays no part in scoring
    assert analyze(state)["tiles"][0]["score"] == {"mammals": 9, "birds": 5}


def test_analyze_command_prints_the_tiles(tmp_path):
    out = subprocess.run(
        [sys.executable, "-m", "engine", "analyze", str(POSITIONS / "seed0_example.toml")],
        capture_output=True, text=True, cwd=ROOT, check=True,
    )
    tiles = json.loads(out.stdout)["tiles"]
    assert [t["at"] for t in tiles] == [[0, 0], [1, 0]]
    assert tiles[1]["dominant"] == "reptiles" and tiles[1]["score"] == {"reptiles": 7}


@pytest.mark.parametrize("text,fragment", [
    ("[[tile]]\nat = [0]\nterrain = 'sea'\n", "expected [q, r]"),
    ("[[tile]]\nat = [0, 0]\nterrain = 'lava'\n", "terrain must be one of"),
    ("[[element]]\nkind = 'grub'\ncorner = [[0, 0], [1, 0], [5, 5]]\n", "do not meet at one corner"),
    ("[animals]\ninsects = ['water']\n", "printed grass is missing"),
    ("this is not toml = = \n", "not valid TOML"),
    ("[[tile]]\nat = [0, 0]\nterrain = 'sea'\nspecies = { birds = 2 }\n", "no display"),
])
def test_malformed_positions_give_one_line_and_status_2(tmp_path, text, fragment):
    path = tmp_path / "bad.toml"
    path.write_text(text)
    with pytest.raises(PositionError, match=None) as err:
        load_position(str(path))
    assert fragment in str(err.value)
    out = subprocess.run([sys.executable, "-m", "engine", "analyze", str(path)],
                         capture_output=True, text=True, cwd=ROOT)
    assert out.returncode == 2
    assert out.stdout == ""
    assert out.stderr.count("\n") == 1 and fragment in out.stderr
