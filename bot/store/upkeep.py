"""The host's queries: housekeeping's sweeps over this process's games, the health check and
the census the metrics read, and each server's defaults and live games (``/ds admin``).  A
part of ``bot.store.sqlite.Store`` (and so of ``PgStore``)."""

from __future__ import annotations

import json
from typing import Any

from bot.store.models import Game
from bot.store.part import StorePart

#: What the health check reads: the newest game's id (one walk down the games' key, whatever their number).
PING = "SELECT id FROM games ORDER BY id DESC LIMIT 1"


class Upkeep(StorePart):
    async def stale_lobbies(self, opened_before: float, limit: int = 100) -> list[int]:
        """Lobbies opened before ``opened_before``, oldest first."""
        mine, args = self._mine()
        async with self._read().execute(
            f"SELECT id FROM games WHERE status = 'lobby' AND created_at <= ? AND {mine} ORDER BY created_at LIMIT ?",
            (opened_before, *args, limit)
        ) as cur:
            return [r["id"] for r in await cur.fetchall()]

    async def ended_threads(self, ended_before: float, limit: int = 100) -> list[int]:
        """Finished or abandoned games in a thread of their own, not archived, whose end was
        posted before ``ended_before`` (a finished game: once its final post went out)."""
        mine, args = self._mine()
        async with self._read().execute(
            "SELECT id FROM games WHERE archived_at IS NULL AND home_channel_id IS NOT NULL AND ended_at <= ? "
            "AND (status = 'abandoned' OR (status = 'finished' AND announced_version >= version)) "
            f"AND {mine} ORDER BY ended_at LIMIT ?",
            (ended_before, *args, limit)
        ) as cur:
            return [r["id"] for r in await cur.fetchall()]

    async def idle_games(self, waiting_since: float, limit: int = 100) -> list[int]:
        """Running games whose player to act was asked before ``waiting_since`` and whose
        waiting stretch housekeeping has not looked at yet."""
        mine, args = self._mine()
        async with self._read().execute(
            "SELECT id FROM games WHERE status = 'active' AND turn_since <= ? "
            f"AND (idle_told IS NULL OR idle_told < turn_since) AND {mine} ORDER BY turn_since LIMIT ?",
            (waiting_since, *args, limit)
        ) as cur:
            return [r["id"] for r in await cur.fetchall()]

    async def rematches_being_opened(self) -> list[int]:
        """Finished games of this process's shards whose rematch is being opened: their settings
        hold a claim (``bot.game.rematch``), or the mark older versions left (-1)."""
        mine, args = self._mine()
        async with self._read().execute(
            "SELECT id FROM games WHERE status = 'finished' AND (settings LIKE '%\"rematch\": {%' "
            f"OR settings LIKE '%\"rematch\": -1%') AND {mine} ORDER BY id", args
        ) as cur:
            return [r["id"] for r in await cur.fetchall()]

    async def ping(self) -> None:
        """The health check: one read of a real table (a ``SELECT 1`` reads none, and answered while
        every query of the bot failed); raises when the database cannot answer it."""
        async with self._read().execute(PING) as cur:
            await cur.fetchone()

    async def census(self) -> tuple[int, int, int]:
        """(lobbies, running games) of this process's shards, and the unsent outbox items (of all)."""
        mine, args = self._mine()
        async with self._read().execute(
            f"SELECT status, count(*) AS n FROM games WHERE status IN ('lobby', 'active') AND {mine} GROUP BY status",
            args
        ) as cur:
            counts = {r["status"]: r["n"] for r in await cur.fetchall()}
        async with self._read().execute("SELECT count(*) AS n FROM outbox WHERE sent_at IS NULL") as cur:
            counted = await cur.fetchone()
        assert counted is not None  # count(*) always gives its row
        outbox: int = counted["n"]
        return counts.get("lobby", 0), counts.get("active", 0), outbox

    # -- servers (``/ds admin``) ------------------------------------------------------------

    async def games_of_server(self, guild_id: str, limit: int = 50, offset: int = 0) -> list[Game]:
        """The server's live games (lobbies and running), newest first, from the ``offset``-th on."""
        return await self._games(
            "SELECT g.* FROM games g WHERE guild_id = ? AND status IN ('lobby', 'active') ORDER BY id DESC "
            "LIMIT ? OFFSET ?", (guild_id, limit, offset))

    async def count_server_games(self, guild_id: str) -> tuple[int, int]:
        """How many live games the server has, and how many of them are lobbies (an indexed count)."""
        async with self._read().execute(
            "SELECT count(*) AS n, COALESCE(sum(CASE WHEN status = 'lobby' THEN 1 ELSE 0 END), 0) AS lobbies "
            "FROM games WHERE guild_id = ? AND status IN ('lobby', 'active')", (guild_id,)
        ) as cur:
            row = await cur.fetchone()
        assert row is not None  # count(*) always gives its row
        return int(row["n"]), int(row["lobbies"])

    async def server_settings(self, guild_id: str) -> dict[str, Any]:
        """What the server's managers set for its new games (``{}``: nothing)."""
        async with self._read().execute("SELECT settings FROM servers WHERE guild_id = ?", (guild_id,)) as cur:
            row = await cur.fetchone()
        return {} if row is None else json.loads(row["settings"] or "{}")

    async def set_server_settings(self, guild_id: str, settings: dict[str, Any]) -> None:
        async with self.transaction():
            now = self.clock()
            await self.conn.execute(
                "INSERT OR IGNORE INTO servers (guild_id, settings, updated_at) VALUES (?, '{}', ?)", (guild_id, now))
            await self.conn.execute("UPDATE servers SET settings = ?, updated_at = ? WHERE guild_id = ?",
                                    (json.dumps(settings), now, guild_id))

