"""The arena: seat rotation, win shares, the summary, and ``python -m engine arena``."""

import json
import subprocess
import sys
from pathlib import Path

import pytest

from engine.ai import arena

ROOT = Path(__file__).resolve().parents[2]


def test_levels_rotate_through_every_seat_of_each_deal():
    plan = arena.game_plan(3, 7, seed=10, seats=["hard", "easy", "random"])
    assert [g["seed"] for g in plan] == [10, 10, 10, 11, 11, 11, 12]
    assert [g["levels"] for g in plan[:3]] == [["hard", "easy", "random"], ["random", "hard", "easy"],
                                               ["easy", "random", "hard"]]


def test_a_tie_on_top_shares_the_win():
    results = [
        {"levels": ["a", "b"], "scores": [10, 10], "shares": [0.5, 0.5], "ms": [[1.0], [2.0]]},
        {"levels": ["b", "a"], "scores": [12, 9], "shares": [1.0, 0.0], "ms": [[3.0], [4.0]]},
    ]
    out = arena.summarise(2, 5, ["a", "b"], results)
    assert out["levels"]["a"]["wins"] == 0.5 and out["levels"]["b"]["wins"] == 1.5
    assert out["levels"]["a"]["mean_vp"] == 9.5 and out["levels"]["b"]["win_rate"] == 0.75


def test_run_summarises_each_level():
    out = arena.run(2, 2, 4, ["random", "easy"])
    assert set(out) >= {"players", "games", "seed", "seats", "levels"}
    assert out["games"] == 2 and out["seed"] == 4
    rnd, easy = out["levels"]["random"], out["levels"]["easy"]
    assert rnd["seats"] == easy["seats"] == 1
    assert rnd["games"] == easy["games"] == 2
    assert rnd["wins"] + easy["wins"] == pytest.approx(2)
    for row in (rnd, easy):
        assert set(row) >= {"games", "wins", "win_rate", "mean_vp", "ms_p50", "ms_p95"}
        assert 0 <= row["ms_p50"] <= row["ms_p95"]


def _cli(*args: str) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "engine", "arena", *args],
                          capture_output=True, text=True, cwd=ROOT)


def test_arena_command_prints_one_json_line():
    out = _cli("--players", "2", "--games", "2", "--seed", "3", "--seats", "random,random")
    assert out.returncode == 0, out.stderr
    lines = out.stdout.splitlines()
    assert len(lines) == 1
    data = json.loads(lines[0])
    assert data["seed"] == 3 and data["games"] == 2 and data["seats"] == ["random", "random"]
    row = data["levels"]["random"]
    assert row["games"] == 2 and row["wins"] == 2.0
    assert {"mean_vp", "ms_p50", "ms_p95"} <= set(row)


@pytest.mark.parametrize("args", [
    ["--players", "2", "--games", "1", "--seats", "random,genius"],
    ["--players", "3", "--games", "1", "--seats", "random,random"],
    ["--players", "2", "--games", "0", "--seats", "random,random"],
    ["--players", "7", "--games", "1", "--seats", "random,random,random,random,random,random,random"],
    ["--players", "two", "--games", "1", "--seats", "random,random"],
    ["--players", "2", "--games", "1", "--seats", "expert,random", "--expert-ms", "0"],
    ["--players", "2", "--games", "1", "--seats", "expert,random", "--expert-ms", "999999"],
])
def test_arena_command_refuses_a_bad_level_or_count_in_one_line(args):
    out = _cli(*args)
    assert out.returncode == 2
    assert out.stdout == ""
    assert len(out.stderr.strip().splitlines()) == 1 and out.stderr.startswith("error: ")


def test_the_wilson_interval_of_a_win_rate():
    from engine.ai.arena import wilson

    low, high = wilson(27, 34)  # the 2-player expert match-up of issue 26: 63-90 %
    assert (round(low, 3), round(high, 3)) == (0.632, 0.897)  # by hand: centre 0.764, half 0.132
    assert wilson(0, 0) == (0.0, 1.0)
    low, high = wilson(10, 10)
    assert high == 1.0 and 0.69 < low < 0.73  # a perfect record of ten proves about 72 %
