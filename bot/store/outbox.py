"""The outbox: what is still to be sent to Discord apart from a game's live post (reminders,
notices, the followers' news), written in the transaction that decided it and marked sent once
it went.  A part of ``bot.store.sqlite.Store`` (and so of ``PgStore``)."""

from __future__ import annotations

import json

from bot.store.api import Row
from bot.store.models import OutboxItem
from bot.store.part import StorePart


class OutboxRows(StorePart):
    async def unsent(self, limit: int = 50, after: int = 0) -> list[OutboxItem]:
        async with self._read().execute(
            "SELECT * FROM outbox WHERE sent_at IS NULL AND id > ? ORDER BY id LIMIT ?", (after, limit)
        ) as cur:
            return [outbox_item(r) for r in await cur.fetchall()]

    async def add_outbox(self, game_id: int, kind: str, channel_id: str, text: str, mention: list[str],
                         now: float) -> None:
        """(In a transaction.)"""
        await self.conn.execute(
            "INSERT INTO outbox (game_id, kind, channel_id, text, mention, created_at) VALUES (?, ?, ?, ?, ?, ?)",
            (game_id, kind, channel_id, text, json.dumps(mention), now))

    async def mark_sent(self, item_id: int, now: float) -> None:
        await self._write_alone("UPDATE outbox SET sent_at = ? WHERE id = ? AND sent_at IS NULL", (now, item_id))

    async def set_outbox_mention(self, item_id: int, mention: list[str]) -> None:
        """Who an unsent item is still for (a followers' item, once some of them were told)."""
        await self._write_alone("UPDATE outbox SET mention = ? WHERE id = ? AND sent_at IS NULL",
                                (json.dumps(mention), item_id))


def outbox_item(r: Row) -> OutboxItem:
    return OutboxItem(r["id"], r["game_id"], r["kind"], r["channel_id"], r["text"], json.loads(r["mention"]))


__all__ = ["OutboxRows", "outbox_item"]
