"""Driving the game service in tests."""

from __future__ import annotations

import random

from bot.game.service import GameService
from engine.simulate import pick

#: Every table a refusal must leave as it was.
TABLES = ("games", "seats", "moves", "proposals", "users", "outbox", "ratings", "rating_changes", "followers",
          "answers_ahead")


async def snapshot(store, tables: tuple[str, ...] = TABLES) -> dict[str, list[tuple]]:
    """Everything stored, to prove a refusal wrote nothing."""
    rows = {}
    for table in tables:
        async with store.conn.execute(f"SELECT * FROM {table} ORDER BY 1, 2") as cur:
            rows[table] = [tuple(r) for r in await cur.fetchall()]
    return rows


async def start_game(service: GameService, channel: str = "chan", players: int = 2,
                     variant: str = "standard") -> list[str]:
    """Open, fill and start a game; returns the user ids by seat."""
    users = [f"user{i}" for i in range(players)]
    await service.lobby.create_lobby(channel, users[0], "Ann", players, variant)
    for i, u in enumerate(users[1:], start=1):
        await service.lobby.join(channel, u, f"P{i}")
    await service.lobby.start(channel, users[0])
    return users


async def play_random(service: GameService, channel: str, chooser: random.Random, limit: int) -> int:
    """Play random legal choices through the service; returns how many were applied."""
    done = 0
    while done < limit:
        status = await service.reads.status(channel)
        if status.to_act is None:
            break
        option = pick(status.choices, chooser)  # choices carry the option ids pick needs
        await service.play.act(channel, status.to_act, option.id, status.version)
        done += 1
    return done


async def play_until(service: GameService, store, done, chooser: random.Random, limit: int = 400,
                     channel: str = "chan"):
    """Play random legal choices through the service until ``done(game)``; the game then."""
    for _ in range(limit):
        game = await store.latest_game(channel)
        if done(game):
            return game
        status = await service.reads.status(channel)
        assert status.to_act is not None, "the game ended first"
        await service.play.act(channel, status.to_act, pick(status.choices, chooser).id, status.version)
    raise AssertionError("never came")


#: A multi-animal deal (the lobby's seed) whose first Wanderlust asks two animals of one player.
TWO_ANIMALS_SEED = 7


def two_of_one_seat(game):
    """(the seat, its animals) when the independent step under way will still ask two or more
    of one seat's animals after the prompt pending now; else None."""
    from engine.early import foreseen, independent_now

    state = game.state
    if state is None or not independent_now(state):
        return None
    later = foreseen(state)[1:]
    for seat in game.seats:
        animals = list(dict.fromkeys(f.animal for f in later if f.animal in seat.animals))
        if len(animals) > 1:
            return seat, animals
    return None
