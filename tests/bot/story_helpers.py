"""Whole games in the bot's store without playing them through the service: a seeded random
game (played once per session) is written as a record and loaded like ``--load`` does."""

from __future__ import annotations

import copy
import functools

from bot.game.records import check_record, import_record
from bot.store.api import GameStore as Store
from engine.record import RecordMove, build_record, dumps, iso_utc
from engine.simulate import random_game

#: When the stored games' moves were made: one a minute from here.
T0 = 1_700_000_000


@functools.cache
def _game(players: int, seed: int, multi: bool) -> tuple[dict, tuple[tuple[int, str], ...]]:
    state, moves = random_game(players, seed, multi_animal=multi)
    return state, tuple(moves)


def seeded_game(players: int, seed: int, multi: bool = False) -> tuple[dict, list[tuple[int, str]]]:
    state, moves = _game(players, seed, multi)
    return copy.deepcopy(state), list(moves)


def record_text(players: int, seed: int, multi: bool = False, names: list[str] | None = None) -> str:
    state, moves = seeded_game(players, seed, multi)
    if names:
        for seat, name in zip(state["seats"], names, strict=True):
            seat["name"] = name
    setup = {"players": players, "seed": seed, "multi_animal": multi,
             "animals": [s["animals"] for s in state["seats"]]}
    entries = [RecordMove(s, o, iso_utc(T0 + 60 * i)) for i, (s, o) in enumerate(moves)]
    return dumps(build_record(setup, entries, final_state=state))


async def stored_game(store: Store, channel: str, players: int, seed: int, multi: bool = False,
                      guild_id: str | None = None, names: list[str] | None = None) -> int:
    """A finished seeded game stored in ``channel``; returns its id."""
    game_id = await import_record(store, check_record(record_text(players, seed, multi, names)), channel, T0)
    if guild_id is not None:
        async with store.transaction():
            await store.update_game(game_id, guild_id=guild_id)
    return game_id
