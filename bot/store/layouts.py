"""The store's side of moving games to the current layout (schema 13, ``bot.game.layout`` does
the moving: it needs the rules to replay a game).  A part of ``bot.store.sqlite.Store`` (and so
of ``PgStore``)."""

from __future__ import annotations

import json
from typing import Any

from bot.store.models import encode_state
from bot.store.part import StorePart

#: The layout a game's stored states are in once moved: its state keeps only its recent log.
CURRENT_LAYOUT = 2


class Layouts(StorePart):
    async def games_to_relayout(self, limit: int = 50) -> list[int]:
        """Games of this process's shards stored in an older layout, oldest first."""
        mine, args = self._mine()
        async with self._read().execute(
            f"SELECT id FROM games WHERE layout < ? AND {mine} ORDER BY id LIMIT ?", (CURRENT_LAYOUT, *args, limit)
        ) as cur:
            return [r["id"] for r in await cur.fetchall()]

    async def relayout_game(self, game_id: int, version: int, state: dict[str, Any] | None,
                            board_state: dict[str, Any] | None, decided: dict[int, int] | None) -> bool:
        """(In a transaction.) The game's states as they are now kept, if it is still at
        ``version`` and in an older layout; False when it moved meanwhile (another process)."""
        cur = await self.conn.execute(
            "UPDATE games SET state = ?, board_state = ?, decided = COALESCE(?, decided), layout = ? "
            "WHERE id = ? AND version = ? AND layout < ?",
            (None if state is None else encode_state(state), None if board_state is None else encode_state(board_state),
             None if decided is None else json.dumps(decided), CURRENT_LAYOUT, game_id, version, CURRENT_LAYOUT))
        return cur.rowcount == 1
