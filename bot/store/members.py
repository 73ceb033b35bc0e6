"""The members behind the seats: whether each wants a direct message on their turn and when one
last failed (``users``), and the live games they sit in (``/ds mygames``).  A part of
``bot.store.sqlite.Store`` (and so of ``PgStore``)."""

from __future__ import annotations

from bot.store.models import Game
from bot.store.part import StorePart


class Members(StorePart):
    async def user_prefs(self, user_id: str) -> tuple[bool, float | None]:
        """(wants a direct message on their turn, when a direct message to them last failed)."""
        async with self._read().execute("SELECT * FROM users WHERE user_id = ?", (user_id,)) as cur:
            row = await cur.fetchone()
        return (False, None) if row is None else (bool(row["notify_dm"]), row["dm_failed_at"])

    async def dm_failures(self, user_ids: list[str]) -> set[str]:
        """Those of ``user_ids`` whose direct messages are closed (the last one was refused so)."""
        if not user_ids:
            return set()
        marks = ", ".join("?" * len(user_ids))
        async with self._read().execute(
            f"SELECT user_id FROM users WHERE dm_failed_at IS NOT NULL AND user_id IN ({marks})", user_ids
        ) as cur:
            return {r["user_id"] for r in await cur.fetchall()}

    async def games_of(self, user_id: str) -> list[Game]:
        """Every live game (lobby or running) with a seat for ``user_id``, newest first."""
        return await self._games(
            "SELECT g.* FROM games g JOIN seats s ON s.game_id = g.id WHERE s.user_id = ? "
            "AND g.status IN ('lobby', 'active') ORDER BY g.updated_at DESC", (user_id,))

    async def set_user(self, user_id: str, *, notify_dm: bool | None = None, dm_failed_at: float | None = None,
                       clear_failure: bool = False) -> None:
        async with self.transaction():
            await self.conn.execute("INSERT OR IGNORE INTO users (user_id) VALUES (?)", (user_id,))
            if notify_dm is not None:
                await self.conn.execute("UPDATE users SET notify_dm = ? WHERE user_id = ?", (int(notify_dm), user_id))
            if dm_failed_at is not None or clear_failure:
                await self.conn.execute("UPDATE users SET dm_failed_at = ? WHERE user_id = ?", (dm_failed_at, user_id))
