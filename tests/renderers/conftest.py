"""Seeded random games, snapshotted once per session at the first decision of every phase
and step kind (and at the end), with the state just before each snapshot for highlights."""

from __future__ import annotations

import json
import random

import pytest

import engine
from engine.simulate import pick

GAMES = [(2, 1, False), (2, 2, False), (6, 3, False), (6, 4, False), (2, 5, True)]


def _snapshots(players: int, seed: int, multi: bool) -> list[tuple[str, dict, dict]]:
    """(what, before, after) for the first state of each (phase, step) and the last one.

    Played twice: once to find where the snapshots fall, then again from the same moves copying
    only there (a copy of every state on the way, for the one before a snapshot, cost most of
    the session's set-up: a late state is 150 KB of JSON, mostly its log)."""
    state = engine.new_game(players, seed, multi_animal=multi)
    chooser = random.Random(seed)
    seen: set[tuple[str, str]] = set()
    wanted: dict[int, str] = {}  # decisions made -> what the snapshot there shows
    moves: list[tuple[int, str]] = []
    while True:
        p = engine.prompt(state)
        kind = (state["phase"], state["steps"][-1]["name"] if state["steps"] else "-")
        if kind not in seen or p is None:
            seen.add(kind)
            wanted[len(moves)] = f"{players}p seed {seed} {kind}"
        if p is None:
            break
        moves.append((p.seat, pick(p.options, chooser).id))
        engine.apply(state, *moves[-1])
    state = engine.new_game(players, seed, multi_animal=multi)
    out = []
    before = _copy(state)
    for made in range(len(moves) + 1):
        if made in wanted:
            out.append((wanted[made], before, _copy(state)))
        if made + 1 in wanted:
            before = _copy(state)
        if made < len(moves):
            engine.apply(state, *moves[made])
    return out


def _copy(state: dict) -> dict:
    return json.loads(json.dumps(state))


@pytest.fixture(autouse=True)
def strict_words(monkeypatch):
    """A text a picture asks for with a missing key, placeholder or form (or a parameter of the
    wrong kind) fails the test instead of being drawn as the raw key."""
    from words import render

    monkeypatch.setattr(render, "STRICT", True)


@pytest.fixture(scope="session")
def snapshots() -> list[tuple[str, dict, dict]]:
    return [s for g in GAMES for s in _snapshots(*g)]


@pytest.fixture(scope="session")
def mid_game() -> dict:
    """A 6-player game in its middle: many tiles, tundra, elements, APs on the display."""
    state = engine.new_game(6, 25)
    from engine.simulate import random_moves

    random_moves(state, random.Random(25), limit=440)
    return state
