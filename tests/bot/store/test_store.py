"""Schema migrations and the rules the schema itself enforces."""

import asyncio
import sqlite3

import pytest

from bot.store.api import StoreUnavailable
from bot.store.sqlite import MIGRATIONS, SCHEMA_VERSION, Store, _statements


async def test_a_fresh_file_gets_the_current_schema(tmp_path):
    store = await Store.open(str(tmp_path / "new.sqlite3"))
    try:
        assert await store.schema_version() == SCHEMA_VERSION == 16
        async with store.conn.execute("PRAGMA journal_mode") as cur:
            assert (await cur.fetchone())[0] == "wal"
        async with store.conn.execute("PRAGMA foreign_keys") as cur:
            assert (await cur.fetchone())[0] == 1
    finally:
        await store.close()


async def test_a_version_1_file_is_migrated_and_keeps_its_games(tmp_path):
    path = tmp_path / "old.sqlite3"
    conn = sqlite3.connect(path)
    for statement in _statements(MIGRATIONS[0]):
        conn.execute(statement)
    conn.execute("PRAGMA user_version = 1")
    conn.execute("INSERT INTO games (channel_id, status, players, variant, seed, created_at, updated_at) "
                 "VALUES ('c1', 'lobby', 4, 'standard', 9, 0, 0)")
    conn.commit()
    conn.close()
    store = await Store.open(str(path))
    try:
        assert await store.schema_version() == SCHEMA_VERSION
        game = await store.live_game("c1")
        assert game is not None and game.seed == 9 and game.announced_version == -1
    finally:
        await store.close()
    # opening again is a no-op
    store = await Store.open(str(path))
    assert await store.schema_version() == SCHEMA_VERSION
    await store.close()


async def test_plans_become_standing_plans_in_books(tmp_path):
    """Migration 15: each plan's spaces become its animal's standing plan (kept from then on);
    a plan with no space left is not carried over."""
    path = tmp_path / "v14.sqlite3"
    conn = sqlite3.connect(path)
    for migration in MIGRATIONS[:14]:
        for statement in _statements(migration):
            conn.execute(statement)
    conn.execute("PRAGMA user_version = 14")
    conn.execute("INSERT INTO games (id, channel_id, status, players, variant, seed, created_at, updated_at) "
                 "VALUES (1, 'c1', 'active', 2, 'standard', 9, 0, 0)")
    conn.execute("INSERT INTO plans VALUES (1, 'birds', '[\"wanderlust-1\", \"domination-2\"]', '[]', 5)")
    conn.execute("INSERT INTO plans VALUES (1, 'insects', '[]', '[[\"wanderlust-1\", \"birds\"]]', 5)")
    conn.commit()
    conn.close()
    store = await Store.open(str(path))
    try:
        books = await store.books(1)
        assert list(books) == ["birds"]
        assert books["birds"].book == {"animal": "birds", "standing": {"wishes": ["wanderlust-1", "domination-2"],
                                                                       "best": False}, "orders": [], "early": []}
    finally:
        await store.close()


async def test_a_newer_database_is_refused(tmp_path):
    path = tmp_path / "future.sqlite3"
    conn = sqlite3.connect(path)
    conn.execute("PRAGMA user_version = 99")
    conn.close()
    with pytest.raises(StoreUnavailable, match="newer than this bot"):
        await Store.open(str(path))


async def test_one_live_game_per_channel(tmp_path):
    store = await Store.open(str(tmp_path / "db.sqlite3"))
    try:
        async with store.transaction():
            first = await store.insert_game("chan", 2, "standard", 1)
        with pytest.raises(sqlite3.IntegrityError):
            async with store.transaction():
                await store.insert_game("chan", 3, "standard", 2)
        async with store.transaction():
            await store.set_status(first, "finished")
            second = await store.insert_game("chan", 3, "standard", 2)  # finished games do not count
            await store.insert_game("other", 3, "standard", 2)
        assert (await store.live_game("chan")).id == second
        assert (await store.game(first)).status == "finished"
    finally:
        await store.close()


# The compare-and-set from a second connection: tests/bot/store/test_store_backends.py (both backends).


async def test_reads_outside_a_transaction_see_only_committed_data(tmp_path):
    store = await Store.open(str(tmp_path / "db.sqlite3"))
    try:
        async with store.transaction():
            gid = await store.insert_game("chan", 2, "standard", 1)
            await store.save_state(gid, 0, 1, {"n": 1})

        async def reader_during_write():
            return (await store.game(gid)).version

        async with store.transaction():
            await store.save_state(gid, 1, 2, {"n": 2})
            assert (await store.game(gid)).version == 2  # the writer sees its own write
            seen = await asyncio.create_task(reader_during_write())
        assert seen == 1  # another task saw only what was committed
        with pytest.raises(RuntimeError):
            async with store.transaction():
                await store.save_state(gid, 2, 3, {"n": 3})
                raise RuntimeError("rolled back")
        assert (await store.game(gid)).version == 2
        assert not store.conn.in_transaction
    finally:
        await store.close()


async def test_a_transaction_cancelled_while_its_commit_finishes_stays_cancelled(tmp_path):
    # A task cancelled as it commits (a bot stopping while its scheduler marks an item sent): the
    # COMMIT goes on in the connection's thread, the ROLLBACK queued after it finds no transaction.
    # The cancellation must come out, not that refusal: the scheduler would swallow it as a failed
    # tick, run on, and the bot never stop.
    store = await Store.open(str(tmp_path / "games.sqlite3"))
    db = store.conn
    real = db.execute

    def execute(sql, parameters=()):
        statement = real(sql, parameters)
        if sql != "COMMIT":
            return statement

        async def cancelled_as_it_commits():
            asyncio.ensure_future(statement._run())  # the COMMIT is on its way to the thread
            await asyncio.sleep(0)
            raise asyncio.CancelledError

        return cancelled_as_it_commits()

    db.execute = execute
    try:
        with pytest.raises(asyncio.CancelledError):
            async with store.transaction():
                await store.insert_game("chan", 2, "standard", 1)
        db.execute = real
        assert not db.in_transaction and (await store.live_game("chan")) is not None  # committed, not stuck
    finally:
        db.execute = real
        await store.close()
