"""Reviews of finished games (``bot.game.review``): each game's review in progress (saved after
every slice of work, so a restart resumes it), its result once finished, and the post in the
game's channel that shows it.  A part of ``bot.store.sqlite.Store`` (and so of ``PgStore``)."""

from __future__ import annotations

import json
from typing import Any

from bot.store.models import StoredReview
from bot.store.part import StorePart

_COLUMNS = "game_id, channel_id, saved, result, done, total, message_id, shown, final"


def _review(r: Any) -> StoredReview:
    return StoredReview(int(r["game_id"]), r["channel_id"], json.loads(r["saved"]) if r["saved"] else None,
                        json.loads(r["result"]) if r["result"] else None, int(r["done"]), int(r["total"]),
                        r["message_id"], int(r["shown"]), bool(r["final"]))


class ReviewRows(StorePart):
    async def review(self, game_id: int) -> StoredReview | None:
        async with self._read().execute(f"SELECT {_COLUMNS} FROM reviews WHERE game_id = ?", (game_id,)) as cur:
            row = await cur.fetchone()
        return None if row is None else _review(row)

    async def pending_reviews(self, limit: int = 100) -> list[StoredReview]:
        """Reviews still being worked out, or whose finished review is not yet posted, oldest game
        first: of this process's servers only (with shards, each review has one process)."""
        mine, args = self._mine()
        columns = ", ".join(f"reviews.{c}" for c in _COLUMNS.split(", "))
        async with self._read().execute(
                f"SELECT {columns} FROM reviews JOIN games ON games.id = reviews.game_id "
                f"WHERE reviews.final = 0 AND {mine} ORDER BY reviews.game_id LIMIT ?", (*args, limit)) as cur:
            return [_review(r) for r in await cur.fetchall()]

    async def start_review(self, game_id: int, channel_id: str, total: int) -> bool:
        """(In a transaction.)  A review to work out for the game; False when it has one already
        (asked twice at once: one job)."""
        now = self.clock()
        cur = await self.conn.execute(
            "INSERT INTO reviews (game_id, channel_id, total, created_at, updated_at) VALUES (?, ?, ?, ?, ?) "
            "ON CONFLICT (game_id) DO NOTHING", (game_id, channel_id, total, now, now))
        return cur.rowcount == 1

    async def save_review(self, game_id: int, saved: dict[str, Any], done: int, total: int,
                          result: dict[str, Any] | None = None) -> None:
        """A slice's work: the review in progress, and the finished review once it is."""
        await self._write_alone(
            "UPDATE reviews SET saved = ?, done = ?, total = ?, result = ?, updated_at = ? WHERE game_id = ?",
            (json.dumps(saved), done, total, None if result is None else json.dumps(result), self.clock(), game_id))

    async def note_review_post(self, game_id: int, message_id: str | None, shown: int, final: bool) -> None:
        """The review post as it now is in the game's channel."""
        await self._write_alone("UPDATE reviews SET message_id = ?, shown = ?, final = ?, updated_at = ? "
                                "WHERE game_id = ?", (message_id, shown, int(final), self.clock(), game_id))

    async def drop_review(self, game_id: int) -> None:
        """A review that cannot be worked out (its record no longer replays): nothing kept."""
        await self._write_alone("DELETE FROM reviews WHERE game_id = ?", (game_id,))
