"""What the store adds for several bot processes on one database: locks on the games a
transaction reads, claims (a due game, an outbox item) that another process skips, and which
games are this process's own (its shards).  A part of ``bot.store.sqlite.Store``: on SQLite, where
one process has the file and a transaction is the only writer, they lock nothing;
``bot.store.postgres.PgStore`` makes them row locks."""

from __future__ import annotations

from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from typing import Any, Protocol

from bot.store.dialect import GUILD_SHARD, row_lock
from bot.store.models import Game, OutboxItem
from bot.store.shards import Shards


class _Queries(Protocol):
    """What claims use of the store they are part of (``bot.store.sqlite.Store`` defines it)."""

    dialect: str
    shards: Shards | None

    def _in_tx(self) -> bool: ...
    async def _game_where(self, where: str, args: tuple[Any, ...], *, skip_locked: bool = False) -> Game | None: ...
    async def unsent(self, limit: int = 50, after: int = 0) -> list[OutboxItem]: ...


class Claims(_Queries):
    async def claim_game(self, game_id: int) -> Game | None:
        """(In a transaction.) The game, held until the transaction ends; None if another
        process holds it now (it is busy with the game: look again later)."""
        return await self._game_where("id = ?", (game_id,), skip_locked=True)

    def _row_lock(self, *, skip_locked: bool = False) -> str:
        """Inside a transaction, a game read is locked till the end of it (one writer per game)."""
        return row_lock(self.dialect, skip_locked=skip_locked) if self._in_tx() else ""

    def _mine(self) -> tuple[str, tuple[Any, ...]]:
        """A condition on ``games`` keeping the games of this process's shards (all without shards)."""
        if self.shards is None:
            return "1 = 1", ()
        marks = ", ".join("?" * len(self.shards.ids))
        return f"{GUILD_SHARD[self.dialect]} IN ({marks})", (self.shards.count, *self.shards.ids)

    @asynccontextmanager
    async def claim_unsent(self, after: int = 0) -> AsyncIterator[OutboxItem | None]:
        """The oldest unsent item after id ``after``, held while the block sends it (and marks it
        sent), so no other process sends it too; None when there is none.  One process per
        SQLite file: nothing to hold here (``PgStore`` locks the row)."""
        items = await self.unsent(1, after)
        yield items[0] if items else None

