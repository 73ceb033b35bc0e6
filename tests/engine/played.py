"""Seeded random games played once per test session and shared by the tests that read them."""

from __future__ import annotations

import copy
import functools

from engine.simulate import random_game

#: One game for every player count, and the multi-animal variant for 2 and 3 players.
GAMES = [(n, seed, False) for n, seed in ((2, 1), (3, 2), (4, 1), (5, 2), (6, 4))] + [
    (2, 5, True), (3, 5, True),
]


@functools.cache
def _played(players: int, seed: int, multi: bool) -> tuple[dict, tuple[tuple[int, str], ...]]:
    state, moves = random_game(players, seed, multi_animal=multi)
    return state, tuple(moves)


def played(players: int, seed: int, multi: bool = False) -> tuple[dict, list[tuple[int, str]]]:
    """The end state (a copy, free to change) and the moves of a seeded random game."""
    state, moves = _played(players, seed, multi)
    return copy.deepcopy(state), list(moves)


def setup_of(players: int, seed: int, multi: bool = False) -> dict:
    """The setup dict a replay needs (``engine.history.Setup``)."""
    return {"players": players, "seed": seed, "multi_animal": multi}
