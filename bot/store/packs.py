"""A finished game's moves, packed: one compressed row instead of a row per move (a finished
game never changes, and its moves are read whole or not at all).  A 6-player game's thousand
move rows take about 80 KB; packed, about a tenth of that.  Housekeeping packs a game a day
after its end (``bot.game.housekeeping``).  A part of ``bot.store.sqlite.Store`` (and so of
``PgStore``); the store's move reads take a game's moves from its pack once it has one.
"""

from __future__ import annotations

import zlib
from collections.abc import Sequence
from typing import Any

import orjson

from bot.store.api import Row
from bot.store.models import Move
from bot.store.part import StorePart

#: What a packed move keeps, in order: every column of its row but the game's id.
FIELDS = ("version", "seat", "user_id", "option_id", "label", "made_by", "created_at", "hinted", "undone")


class Packs(StorePart):
    async def packable_games(self, ended_before: float, limit: int = 100) -> list[int]:
        """Finished games of this process's shards, ended before ``ended_before``, whose moves are rows."""
        mine, args = self._mine()
        async with self._read().execute(
            "SELECT id FROM games WHERE status = 'finished' AND moves_packed = 0 AND ended_at <= ? "
            f"AND {mine} ORDER BY ended_at LIMIT ?", (ended_before, *args, limit)
        ) as cur:
            return [r["id"] for r in await cur.fetchall()]

    async def pack_moves(self, game_id: int) -> None:
        """(In a transaction.) Put the game's moves in one packed row (once; again is a no-op)."""
        await self.conn.execute("UPDATE games SET moves_packed = 1 WHERE id = ?", (game_id,))
        async with self.conn.execute(f"SELECT {', '.join(FIELDS)} FROM moves WHERE game_id = ? ORDER BY version",
                                     (game_id,)) as cur:
            rows = [_values(r) for r in await cur.fetchall()]
        if not rows:
            return
        standing = [r for r in rows if not r[-1]]
        await self.conn.execute(
            "INSERT INTO move_packs (game_id, moves, standing, first_at, last_at) VALUES (?, ?, ?, ?, ?)",
            (game_id, zlib.compress(orjson.dumps(rows), 9), len(standing),
             standing[0][6] if standing else None, standing[-1][6] if standing else None))
        await self.conn.execute("DELETE FROM moves WHERE game_id = ?", (game_id,))

    async def _packed(self, game_id: int) -> list[tuple[Any, ...]] | None:
        """The game's packed moves (every one, undone too), or None while its moves are rows."""
        async with self._read().execute("SELECT moves FROM move_packs WHERE game_id = ?", (game_id,)) as cur:
            row = await cur.fetchone()
        return None if row is None else [tuple(m) for m in orjson.loads(zlib.decompress(row["moves"]))]

    async def standing_moves(self, game_id: int, after: int = -1) -> tuple[int, list[Move]]:
        """How many standing moves have a version up to ``after``, and the standing moves after
        it, numbered on from those: from the game's rows, or from its pack."""
        packed = await self._packed(game_id)
        if packed is not None:
            standing = [m for m in packed if not m[-1]]
            kept = sum(1 for m in standing if m[0] <= after)
            return kept, [_move(kept + i + 1, m) for i, m in enumerate(m for m in standing if m[0] > after)]
        kept = 0
        if after >= 0:
            async with self._read().execute(
                "SELECT count(*) FROM moves WHERE game_id = ? AND undone = 0 AND version <= ?", (game_id, after)
            ) as cur:
                counted = await cur.fetchone()
            assert counted is not None  # count(*) always gives its row
            kept = counted[0]
        async with self._read().execute(
            f"SELECT {', '.join(FIELDS)} FROM moves WHERE game_id = ? AND undone = 0 AND version > ? ORDER BY version",
            (game_id, after)
        ) as cur:
            rows = await cur.fetchall()
        return kept, [_move(kept + i + 1, _values(r)) for i, r in enumerate(rows)]

    async def move_counts(self, game_ids: Sequence[int]) -> dict[int, tuple[int, float | None, float | None]]:
        """Per game: its standing moves, when the first and the last were made."""
        counts: dict[int, tuple[int, float | None, float | None]] = {}
        if not game_ids:
            return counts
        marks = ",".join("?" * len(game_ids))
        async with self._read().execute(
            f"SELECT game_id, count(*) AS n, min(created_at) AS first, max(created_at) AS last FROM moves "
            f"WHERE undone = 0 AND game_id IN ({marks}) GROUP BY game_id", tuple(game_ids)
        ) as cur:
            for r in await cur.fetchall():
                counts[r["game_id"]] = (r["n"], r["first"], r["last"])
        async with self._read().execute(
            f"SELECT game_id, standing, first_at, last_at FROM move_packs WHERE game_id IN ({marks})", tuple(game_ids)
        ) as cur:
            for r in await cur.fetchall():
                counts[r["game_id"]] = (r["standing"], r["first_at"], r["last_at"])
        return counts


def _values(row: Row) -> tuple[Any, ...]:
    return tuple(row[i] for i in range(len(FIELDS)))


def _move(number: int, m: tuple[Any, ...]) -> Move:
    version, seat, user_id, option_id, label, made_by, created_at, hinted, _undone = m
    return Move(number, version, seat, user_id, option_id, label, made_by, created_at, bool(hinted))
