"""Random legal play, for the command line, the tests and the benchmarks."""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from typing import Any

from engine.flow import Option, apply, prompt
from engine.phases import start
from engine.state import new_game

State = dict[str, Any]
#: Far beyond any real game (about 15 turns); a game this long is a bug.
MAX_DECISIONS = 20_000


#: Options that decline to act.  A random player picks them less often, as people do;
#: uniformly random play forfeits so much that every species dies out.
_DECLINE = ("forfeit", "done", "none", "place:0", "move:0")
DECLINE_WEIGHT = 0.1


def pick(options: Sequence[Option], chooser: random.Random) -> Option:
    """A random legal option, with declining to act made less likely."""
    active = [o for o in options if o.id not in _DECLINE]
    if active and (len(active) == len(options) or chooser.random() >= DECLINE_WEIGHT):
        return chooser.choice(active)
    return chooser.choice(options)


def random_moves(state: State, chooser: random.Random, limit: int | None = None,
                 after: Callable[[State, tuple[int, str]], None] | None = None) -> list[tuple[int, str]]:
    """Apply random legal options until the game ends (or ``limit`` decisions); return them."""
    moves: list[tuple[int, str]] = []
    cap = MAX_DECISIONS if limit is None else limit
    while len(moves) < cap:
        p = prompt(state)
        if p is None:
            break
        move = (p.seat, pick(p.options, chooser).id)
        apply(state, *move)
        moves.append(move)
        if after is not None:
            after(state, move)
    else:
        if limit is None:
            raise RuntimeError(f"game did not end within {MAX_DECISIONS} decisions")
    return moves


def random_game(players: int, seed: int, *, multi_animal: bool = False,
                after: Callable[[State, tuple[int, str]], None] | None = None
                ) -> tuple[State, list[tuple[int, str]]]:
    """Play a whole seeded game with random legal choices; returns the end state and moves."""
    state = start(new_game(players, seed, multi_animal=multi_animal))
    moves = random_moves(state, random.Random(seed), after=after)
    return state, moves


def replay(players: int, seed: int, moves: list[tuple[int, str]], **setup: Any) -> State:
    """Rebuild a game from its setup and its list of (seat, option id) choices."""
    state = start(new_game(players, seed, **setup))
    for seat, option_id in moves:
        apply(state, seat, option_id)
    return state
