"""Take-back proposals (``bot.game.takeback``): who asked to undo what, who must agree, who
did.  A part of ``bot.store.sqlite.Store`` (and so of ``PgStore``)."""

from __future__ import annotations

import json
from typing import Any

from bot.store.api import Row, inserted_id
from bot.store.models import Proposal
from bot.store.part import StorePart


class Proposals(StorePart):
    async def open_proposal(self, game_id: int) -> Proposal | None:
        async with self._read().execute(
            "SELECT * FROM proposals WHERE game_id = ? AND status = 'open' ORDER BY id DESC LIMIT 1", (game_id,)
        ) as cur:
            row = await cur.fetchone()
        return None if row is None else _proposal(row)

    async def proposal(self, proposal_id: int) -> Proposal | None:
        async with self._read().execute("SELECT * FROM proposals WHERE id = ?", (proposal_id,)) as cur:
            row = await cur.fetchone()
        return None if row is None else _proposal(row)

    async def insert_proposal(self, game_id: int, kind: str, target: int, proposer: str,
                              needed: list[str], now: float | None = None) -> int:
        cur = await self.conn.execute(
            "INSERT INTO proposals (game_id, kind, target, proposer, needed, approved, created_at) "
            "VALUES (?, ?, ?, ?, ?, '[]', ?)",
            (game_id, kind, target, proposer, json.dumps(needed), self.clock() if now is None else now))
        return inserted_id(cur.lastrowid)

    async def update_proposal(self, proposal_id: int, **fields: Any) -> None:
        if "approved" in fields:
            fields["approved"] = json.dumps(fields["approved"])
        sets = ", ".join(f"{k} = ?" for k in fields)
        await self.conn.execute(f"UPDATE proposals SET {sets} WHERE id = ?", (*fields.values(), proposal_id))


def _proposal(row: Row) -> Proposal:
    return Proposal(row["id"], row["game_id"], row["kind"], row["target"], row["proposer"], json.loads(row["needed"]),
                    json.loads(row["approved"]), row["status"], row["message_id"], row["created_at"])
