"""Driving the game service in tests."""

from __future__ import annotations

import random

from bot.game.service import GameService
from engine.simulate import pick


async def start_game(service: GameService, channel: str = "chan", players: int = 2,
                     variant: str = "standard") -> list[str]:
    """Open, fill and start a game; returns the user ids by seat."""
    users = [f"user{i}" for i in range(players)]
    await service.create_lobby(channel, users[0], "Ann", players, variant)
    for i, u in enumerate(users[1:], start=1):
        await service.join(channel, u, f"P{i}")
    await service.start(channel, users[0])
    return users


async def play_random(service: GameService, channel: str, chooser: random.Random, limit: int) -> int:
    """Play random legal choices through the service; returns how many were applied."""
    done = 0
    while done < limit:
        status = await service.status(channel)
        if status.to_act is None:
            break
        option = pick(status.choices, chooser)  # choices carry the option ids pick needs
        await service.act(channel, status.to_act, option.id, status.version)
        done += 1
    return done
