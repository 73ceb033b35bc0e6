"""Seeded random games replayed once per session, keeping every prompt a player saw."""

from __future__ import annotations

import functools
import random

import engine
from engine.flow import Prompt
from engine.simulate import pick

#: Every player count, and the multi-animal variant for 2 and 3 players.
GAMES = [(2, 1, False), (3, 2, False), (4, 1, False), (5, 2, False), (6, 4, False), (2, 5, True), (3, 5, True)]


@functools.cache
def game(players: int, seed: int, multi: bool) -> tuple[dict, tuple[Prompt, ...]]:
    """The end state of a seeded random game and every prompt of it, in order."""
    state = engine.new_game(players, seed, multi_animal=multi)
    chooser = random.Random(seed)
    prompts = []
    while (p := engine.prompt(state)) is not None:
        prompts.append(p)
        engine.apply(state, p.seat, pick(p.options, chooser).id)
    return state, tuple(prompts)
