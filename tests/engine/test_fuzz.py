"""The fuzzer in CI: a few hundred seeded games, all clean, every card taken."""

import json
import subprocess
import sys
from pathlib import Path

import engine.fuzz as fuzz
from engine.data import DOMINANCE_CARDS
from engine.simulate import replay

ROOT = Path(__file__).resolve().parents[2]


def test_a_few_hundred_games_are_clean_and_take_every_card():
    summary = fuzz.run(200, seed=7000, workers=2)
    assert summary["failures"] == 0, summary["problems"][:3]
    assert summary["cards_never_taken"] == []
    assert set(summary["cards_taken"]) == set(DOMINANCE_CARDS)
    assert summary["ended_by"].get("ice age", 0) > 150
    assert summary["turns_max"] <= 40


def test_a_broken_invariant_is_reported_with_what_reproduces_it(monkeypatch):
    calls = {"n": 0}

    def broken(state):
        calls["n"] += 1
        return ["planted problem"] if calls["n"] == 25 else []

    monkeypatch.setattr(fuzz, "violations", broken)
    config = fuzz.game_config(3, 1)
    report = fuzz.play_one(config)
    assert report["problem"] == "invariant: planted problem"
    assert len(report["moves"]) == 25
    # the move list replays to the same position, so the problem can be studied
    state = replay(config["players"], config["seed"], [tuple(m) for m in report["moves"]],
                   multi_animal=config["multi_animal"])
    assert state["decisions"] == 25


def test_fuzz_and_cards_commands():
    out = subprocess.run([sys.executable, "-m", "engine", "fuzz", "--games", "6", "--seed", "1"],
                         capture_output=True, text=True, cwd=ROOT)
    assert out.returncode == 0, out.stderr
    data = json.loads(out.stdout)
    assert data["games"] == 6 and data["failures"] == 0
    for lang in ("en", "hu"):
        cards = subprocess.run([sys.executable, "-m", "words", "cards", "--json", "--lang", lang],
                               capture_output=True, text=True, cwd=ROOT, check=True)
        listed = json.loads(cards.stdout)
        assert {c["id"] for c in listed} == {*DOMINANCE_CARDS, "Survival"}
        assert all(15 < len(c["text"]) < 400 and 5 < len(c["effect"]) <= 100 for c in listed)


def test_games_with_ai_seats_are_clean():
    summary = fuzz.run(0, seed=7100, workers=2, ai_games=3)
    assert summary["games"] == summary["ai_games"] == 3
    assert summary["failures"] == 0, summary["problems"][:1]
    assert summary["ended_by"].get("ice age", 0) + summary["ended_by"].get("turn limit", 0) == 3


def test_an_illegal_ai_choice_is_reported(monkeypatch):
    import engine.ai

    monkeypatch.setattr(engine.ai, "choose", lambda state, level, seed: "no-such-option")
    report = fuzz.play_one(fuzz.ai_game_config(1, 0))
    assert "not an option" in report["problem"]
    assert report["moves"] == []
