"""What a log line is about: the game, its server and the interaction being answered, kept in
context variables so every line written while handling them carries them (``bot.logs`` puts
them in the JSON lines).

An interaction's task sets its interaction and server (``bot.discord``); the service notes the
game it works on.  A long-lived loop (the scheduler, the outbox) handles each game inside
``scope()``, so one game's ids never stick to the next game's lines.
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from contextvars import ContextVar
from typing import Any

GAME: ContextVar[int | None] = ContextVar("ds_log_game", default=None)
SERVER: ContextVar[str | None] = ContextVar("ds_log_server", default=None)
INTERACTION: ContextVar[str | None] = ContextVar("ds_log_interaction", default=None)
_VARS: dict[str, ContextVar[Any]] = {"game": GAME, "server": SERVER, "interaction": INTERACTION}


def note_game(game: Any) -> None:
    """The rest of this task is about ``game`` (a ``bot.store.models.Game``) and its server."""
    GAME.set(game.id)
    if getattr(game, "guild_id", None):
        SERVER.set(str(game.guild_id))


def note_interaction(interaction_id: int | str, server_id: int | str | None) -> None:
    INTERACTION.set(str(interaction_id))
    SERVER.set(None if server_id is None else str(server_id))


def current() -> dict[str, Any]:
    """The ids set for this task: ``{"game": 3, "server": "…", "interaction": "…"}`` (unset ones left out)."""
    return {name: value for name, var in _VARS.items() if (value := var.get()) is not None}


@contextmanager
def scope(**values: Any) -> Iterator[None]:
    """Ids for the block only (``scope(game=3)``); whatever the block notes is undone after it."""
    tokens = [(var, var.set(values.get(name, var.get()))) for name, var in _VARS.items()]
    try:
        yield
    finally:
        for var, token in reversed(tokens):
            var.reset(token)
