"""The SQLite store's connections as its queries see them: each statement, its rows included,
runs in one trip to the connection's thread and is finished before the trip ends.

Why: an aiosqlite statement whose rows are taken in a later trip stays open in between, and an
open statement holds its connection's read snapshot.  Every other read that the (shared)
reading connection runs meanwhile sees that old snapshot, so a move committed just before it
was invisible: the channel's post read the game one version back, found the channel up to
date and posted nothing (issue 34: about one move in a hundred with several games moving).
One trip per statement also keeps the cost of a move down (three trips per read before).

The shape is the one ``bot.store.postgres``'s adapter gives the same queries: ``execute``
awaited or entered with ``async with``, a result with ``fetchone``/``fetchall``, ``rowcount``
and ``lastrowid``.
"""

from __future__ import annotations

import sqlite3
from collections.abc import Generator, Sequence
from pathlib import Path
from typing import Any

import aiosqlite

BUSY_TIMEOUT_MS = 2000  # only another process can hold the lock; give up well inside Discord's 3 s

#: Statements that give rows back; every other one is run for its effect (and its row count).
_ROW_HEADS = ("SELECT", "WITH", "PRAGMA", "VALUES")


def gives_rows(sql: str) -> bool:
    return sql.lstrip()[:6].upper().startswith(_ROW_HEADS) or " RETURNING " in sql.upper()


class Rows:
    """One statement's outcome, already complete."""

    def __init__(self, rows: list[aiosqlite.Row], rowcount: int = -1, lastrowid: int | None = None) -> None:
        self._rows = rows
        self.rowcount = rowcount
        self.lastrowid = lastrowid

    async def fetchone(self) -> aiosqlite.Row | None:
        return self._rows[0] if self._rows else None

    async def fetchall(self) -> list[aiosqlite.Row]:
        return self._rows


class _Statement:
    def __init__(self, db: SqliteDatabase, sql: str, parameters: Sequence[Any]) -> None:
        self._db, self._sql, self._parameters = db, sql, parameters

    async def _run(self) -> Rows:
        self._db.trips += 1
        raw = self._db.raw
        if gives_rows(self._sql):
            return Rows(list(await raw.execute_fetchall(self._sql, self._parameters)))
        cursor = await raw.execute(self._sql, self._parameters)  # done in its one step: nothing stays open
        return Rows([], cursor.rowcount, cursor.lastrowid)

    def __await__(self) -> Generator[Any, None, Rows]:
        return self._run().__await__()

    async def __aenter__(self) -> Rows:
        return await self._run()

    async def __aexit__(self, *exc: object) -> None:
        return None


class SqliteDatabase:
    """An aiosqlite connection run one whole statement per trip; ``trips`` counts them."""

    def __init__(self, raw: aiosqlite.Connection) -> None:
        self.raw = raw
        self.trips = 0

    def execute(self, sql: str, parameters: Sequence[Any] = ()) -> _Statement:
        return _Statement(self, sql, parameters)

    @property
    def in_transaction(self) -> bool:
        return self.raw.in_transaction


def probe(path: str, sql: str) -> None:
    """Read the file at ``path`` as a fresh connection does (from the file, no page held); never
    creates it (``mode=rw``): a file that is gone is a database that does not answer."""
    conn = sqlite3.connect(f"{Path(path).resolve().as_uri()}?mode=rw", uri=True, timeout=BUSY_TIMEOUT_MS / 1000)
    try:
        conn.execute(sql).fetchone()
    finally:
        conn.close()


async def connect(path: str) -> aiosqlite.Connection:
    conn = await aiosqlite.connect(path, isolation_level=None)  # we issue BEGIN ourselves
    try:
        conn.row_factory = aiosqlite.Row
        await conn.execute(f"PRAGMA busy_timeout = {BUSY_TIMEOUT_MS}")
        await conn.execute("PRAGMA synchronous = FULL")  # a committed move survives power loss too
        await conn.execute("PRAGMA foreign_keys = ON")
    except BaseException:
        await conn.close()  # its thread would otherwise keep the process alive
        raise
    return conn
