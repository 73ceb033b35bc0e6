"""The seats of a game: who sits where, the host, an animal or a computer player's level,
written in the caller's transaction.  A part of ``bot.store.sqlite.Store`` (and so of
``PgStore``); the seats are read with their game (``Store._game_where``)."""

from __future__ import annotations

from typing import Any

from bot.store.part import StorePart


class SeatRows(StorePart):
    async def insert_seat(self, game_id: int, seat: int, user_id: str, user_name: str,
                          animal: str | None, is_host: bool, ai_level: str | None = None) -> None:
        await self.conn.execute(
            "INSERT INTO seats (game_id, seat, user_id, user_name, animal, is_host, ai_level) "
            "VALUES (?, ?, ?, ?, ?, ?, ?)",
            (game_id, seat, user_id, user_name, animal, int(is_host), ai_level))

    async def delete_seat(self, game_id: int, user_id: str) -> None:
        await self.conn.execute("DELETE FROM seats WHERE game_id = ? AND user_id = ?", (game_id, user_id))
        # keep seat numbers dense: 0..n-1 in joining order
        async with self.conn.execute("SELECT seat FROM seats WHERE game_id = ? ORDER BY seat", (game_id,)) as cur:
            seats = [r["seat"] for r in await cur.fetchall()]
        for new, old in enumerate(seats):
            if new != old:
                await self.conn.execute("UPDATE seats SET seat = ? WHERE game_id = ? AND seat = ?",
                                        (new, game_id, old))

    async def set_host(self, game_id: int, user_id: str) -> None:
        await self.conn.execute("UPDATE seats SET is_host = 1 WHERE game_id = ? AND user_id = ?", (game_id, user_id))

    async def update_seat(self, game_id: int, seat: int, **fields: Any) -> None:
        sets = ", ".join(f"{k} = ?" for k in fields)
        await self.conn.execute(f"UPDATE seats SET {sets} WHERE game_id = ? AND seat = ?",
                                (*fields.values(), game_id, seat))


__all__ = ["SeatRows"]
