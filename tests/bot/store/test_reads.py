"""Reads outside a transaction see every commit made before they were asked.

The SQLite store reads on a connection of its own (WAL: it never sees a transaction half-way).
A statement on it that is still open (run, its rows not yet all taken) holds a read snapshot,
and every read the connection runs meanwhile sees that snapshot: a move committed in between
is invisible to them.  This is how about one move in a hundred was stored and never posted
with several games moving at once: the post's read of the game saw the version before the
move, found the channel up to date, and posted nothing.
"""

from __future__ import annotations

import asyncio

import aiosqlite
import pytest

from bot.store.sqlite import Store


@pytest.fixture
def slow_rows(monkeypatch):
    """The event loop gets to other tasks between a statement's run and the taking of its rows
    (as it does whenever the loop is busy): here, deliberately, every time."""
    for name in ("fetchone", "fetchall"):
        original = getattr(aiosqlite.Cursor, name)

        async def later(self, _original=original):
            await asyncio.sleep(0.05)
            return await _original(self)

        monkeypatch.setattr(aiosqlite.Cursor, name, later)


async def test_a_read_in_flight_does_not_hide_a_commit_from_the_reads_asked_after_it(tmp_path, slow_rows):
    store = await Store.open(str(tmp_path / "games.sqlite3"))
    try:
        async with store.transaction():
            game_id = await store.insert_game("c1", 2, "standard", 1)
            for channel in ("c2", "c3", "c4"):
                await store.insert_game(channel, 2, "standard", 1)
        in_flight = asyncio.create_task(store.stale_lobbies(opened_before=1e12))  # four rows: its statement stays open
        await asyncio.sleep(0.01)
        async with store.transaction():
            await store.update_game(game_id, status="active")
        seen = await store.game(game_id)  # asked after the commit
        assert seen is not None and seen.status == "active"
        await in_flight
    finally:
        await store.close()


async def test_every_read_is_one_trip_to_the_database_thread(tmp_path):
    store = await Store.open(str(tmp_path / "games.sqlite3"))
    try:
        async with store.transaction():
            game_id = await store.insert_game("c1", 2, "standard", 1)
        before = store.trips
        await store.game(game_id)  # the game's row, then its seats
        assert store.trips - before == 2
    finally:
        await store.close()
