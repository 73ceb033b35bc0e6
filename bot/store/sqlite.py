"""Persistence: one SQLite file (WAL) holding games, seats, the append-only move list and
each game's current state.  Every write happens in one short transaction.

The current state is stored zlib-compressed; the moves are the truth from which a game can
be replayed (and undone) from its setup.

The queries here are the store's, whatever the database: given a ``postgresql://`` URL,
``Store.open`` opens a ``bot.store.postgres.PgStore``, which runs these same queries on a shared
PostgreSQL (``bot.store.dialect`` translates them).  ``bot.store.api.GameStore`` names the interface.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import sqlite3
import time
from collections.abc import AsyncIterator, Callable
from contextlib import asynccontextmanager
from pathlib import Path
from typing import Any

import aiosqlite

from bot.store.ahead import AheadRows
from bot.store.api import Database, StaleVersion, StoreUnavailable, database_path, inserted_id
from bot.store.claims import Claims
from bot.store.community import Community
from bot.store.dialect import SQLITE, migration_script, statements
from bot.store.layouts import Layouts
from bot.store.members import Members
from bot.store.models import Game, LivePost, Move, Seat, TurnClock, decode_state, encode_state
from bot.store.outbox import OutboxRows
from bot.store.packs import Packs
from bot.store.proposals import Proposals
from bot.store.reviews import ReviewRows
from bot.store.rows import chunks, game_from, seat_from, seats_by_game
from bot.store.schema import MIGRATIONS
from bot.store.seats import SeatRows
from bot.store.shards import Shards
from bot.store.sqlite_db import SqliteDatabase, connect, probe
from bot.store.upkeep import PING, Upkeep

LIVE = ("lobby", "active")

SCHEMA_VERSION = len(MIGRATIONS)


# OutboxRows before Claims: Claims declares ``unsent`` (a stub of what it uses), OutboxRows defines it
class Store(OutboxRows, Claims, Upkeep, Community, Members, Proposals, Layouts, Packs, AheadRows, SeatRows,
            ReviewRows):
    """One aiosqlite connection; transactions are serialised by an asyncio lock."""

    dialect = SQLITE
    #: What the store dates rows by (created, ended, updated...); the composition root gives it the
    #: bot's clock, so under a test clock (``DS_TEST_CLOCK_FILE``) they agree with what housekeeping reads.
    clock: Callable[[], float] = time.time

    def __init__(self, conn: aiosqlite.Connection, path: str, reader: aiosqlite.Connection | None = None) -> None:
        self._conn = conn
        self.path = path
        # Reads outside a transaction use their own connection: in WAL mode it sees only
        # committed data, never another game's transaction half-way through.  Each statement
        # is one whole trip (``bot.store.sqlite_db``): none stays open to hold an old snapshot.
        self._writer = SqliteDatabase(conn)
        self._reader = SqliteDatabase(reader) if reader is not None else self._writer
        self._write_lock = asyncio.Lock()
        self._tx_owner: asyncio.Task[Any] | None = None
        #: the shards this process runs; None: all (one process).  See ``bot.store.shards``.
        self.shards: Shards | None = None

    # The queries below run on ``conn`` and ``reader`` as a ``Database``: ``PgStore`` gives them its adapter.
    @property
    def conn(self) -> Database:
        return self._writer

    @property
    def reader(self) -> Database:
        return self._reader

    @property
    def trips(self) -> int:
        """Statements run so far (each one trip to a database thread): what a move costs the store."""
        return self._writer.trips + (self._reader.trips if self._reader is not self._writer else 0)

    def _in_tx(self) -> bool:
        """Whether the calling task is inside this store's transaction."""
        return self._tx_owner is not None and self._tx_owner is asyncio.current_task()

    def _read(self) -> Database:
        return self.conn if self._in_tx() else self.reader

    @classmethod
    async def open(cls, path: str | None = None) -> Store:
        """Open (creating and migrating if needed) the database; ``StoreUnavailable`` if that fails.

        On failure every connection is closed again: an open aiosqlite thread would keep the
        process alive, and a supervisor must see it exit.  A ``postgresql://`` URL opens a
        ``PgStore`` instead (``bot.store.connect.open_store`` picks).
        """
        path = database_path(path)
        try:
            if path != ":memory:":
                Path(path).parent.mkdir(parents=True, exist_ok=True)
                # a file that cannot be opened fails here: failing inside aiosqlite, its thread
                # outlives the loop and prints two tracebacks after our one line
                sqlite3.connect(path).close()
            conn = await connect(path)
        except (sqlite3.Error, OSError) as e:
            raise StoreUnavailable(f"cannot open the database {path}: {e}") from e
        store = cls(conn, path)
        try:
            await conn.execute("PRAGMA journal_mode = WAL")
            await store.migrate()
            if path != ":memory:":
                store._reader = SqliteDatabase(await connect(path))
        except BaseException as e:
            await conn.close()
            if isinstance(e, sqlite3.Error | OSError):
                raise StoreUnavailable(f"cannot use the database {path}: {e}") from e
            raise
        return store

    async def ping(self) -> None:
        """The health check reads a real table over a connection opened for it: the store's own
        connections answer from the pages they hold, so a file overwritten under them answered
        "ok" until they next read it."""
        if self.path == ":memory:":  # another connection would be another, empty database
            return await super().ping()
        await asyncio.to_thread(probe, self.path, PING)

    async def close(self) -> None:
        if self._reader is not self._writer:
            await self._reader.raw.close()
        await self._conn.close()

    async def schema_version(self) -> int:
        async with self.conn.execute("PRAGMA user_version") as cur:
            row = await cur.fetchone()
        assert row is not None  # the pragma always answers
        return int(row[0])

    async def migrate(self) -> int:
        """Run every migration the file has not seen yet, each in its own transaction."""
        async with self._write_lock:
            while (current := await self.schema_version()) < SCHEMA_VERSION:
                await self.conn.execute("BEGIN IMMEDIATE")
                try:
                    # executescript would commit on its own; run the statements one by one
                    for statement in _statements(migration_script(MIGRATIONS[current], SQLITE)):
                        await self.conn.execute(statement)
                    await self.conn.execute(f"PRAGMA user_version = {current + 1}")
                    await self.conn.execute("COMMIT")
                except BaseException:
                    await self.conn.execute("ROLLBACK")
                    raise
            if current > SCHEMA_VERSION:
                raise StoreUnavailable(f"the database {self.path} has schema {current}, newer than this "
                                       f"bot ({SCHEMA_VERSION}); run a newer version of the bot")
            return current

    @asynccontextmanager
    async def transaction(self) -> AsyncIterator[Database]:
        """BEGIN IMMEDIATE ... COMMIT, rolled back on any error (or cancellation)."""
        async with self._write_lock:
            self._tx_owner = asyncio.current_task()
            try:
                await self.conn.execute("BEGIN IMMEDIATE")
                yield self.conn
                await self.conn.execute("COMMIT")
            except BaseException:
                # also after a failed COMMIT or a cancelled BEGIN: never leave the connection in a transaction.
                # A wait cancelled during COMMIT (a shutdown) leaves the COMMIT to run in the database's
                # thread: then there is nothing to roll back, and the cancellation must go on, not that error.
                if self.conn.in_transaction:
                    with contextlib.suppress(sqlite3.OperationalError):
                        await self.conn.execute("ROLLBACK")
                raise
            finally:
                self._tx_owner = None

    # -- reads -----------------------------------------------------------------------------

    async def live_game(self, channel_id: str) -> Game | None:
        return await self._game_where("channel_id = ? AND status IN ('lobby', 'active')", (channel_id,))

    async def latest_game(self, channel_id: str) -> Game | None:
        """The channel's live game, else the last one it had (finished or abandoned)."""
        return await self._game_where("channel_id = ? ORDER BY (status IN ('lobby', 'active')) DESC, id DESC "
                                      "LIMIT 1", (channel_id,))

    async def game(self, game_id: int) -> Game | None:
        return await self._game_where("id = ?", (game_id,))

    async def _game_where(self, where: str, args: tuple[Any, ...], *, skip_locked: bool = False) -> Game | None:
        lock = self._row_lock(skip_locked=skip_locked)
        async with self._read().execute(f"SELECT * FROM games WHERE {where}{lock}", args) as cur:
            row = await cur.fetchone()
        if row is None:
            return None
        async with self._read().execute(
            "SELECT * FROM seats WHERE game_id = ? ORDER BY seat", (row["id"],)
        ) as cur:
            seats = [seat_from(r) for r in await cur.fetchall()]
        return game_from(row, seats)

    async def _games(self, query: str, args: tuple[Any, ...]) -> list[Game]:
        """The games a query of ``games`` rows finds (``g.*``), in its order, with their seats: a
        query for the games and one for their seats (one per ``SEATS_AT_ONCE`` games), not one each."""
        async with self._read().execute(query, args) as cur:
            rows = list(await cur.fetchall())
        seats: dict[int, list[Seat]] = {}
        for ids in chunks([r["id"] for r in rows]):
            marks = ", ".join("?" * len(ids))
            async with self._read().execute(
                f"SELECT * FROM seats WHERE game_id IN ({marks}) ORDER BY game_id, seat", tuple(ids)
            ) as cur:
                seats.update(seats_by_game(await cur.fetchall()))
        return [game_from(r, seats.get(r["id"], [])) for r in rows]

    async def unannounced_channels(self) -> list[str]:
        """Channels whose newest game state was never posted (e.g. Discord was down), of this
        process's shards."""
        mine, args = self._mine()
        async with self._read().execute(
            "SELECT channel_id FROM games WHERE status IN ('active', 'finished') AND state IS NOT NULL "
            f"AND announced_version < version AND {mine} ORDER BY updated_at", args
        ) as cur:
            return [r["channel_id"] for r in await cur.fetchall()]

    async def board_state(self, game_id: int) -> dict[str, Any] | None:
        """The state the game's last board showed (None before the first one)."""
        async with self._read().execute("SELECT board_state FROM games WHERE id = ?", (game_id,)) as cur:
            row = await cur.fetchone()
        return None if row is None else decode_state(row["board_state"])

    async def moves(self, game_id: int) -> list[tuple[int, str]]:
        return [(m.seat, m.option_id) for m in await self.move_list(game_id)]

    async def move_list(self, game_id: int) -> list[Move]:
        """The moves that stand, numbered from 1, with who made them and when."""
        return (await self.standing_moves(game_id))[1]

    async def moves_after(self, game_id: int, version: int) -> tuple[int, list[Move]]:
        """How many standing moves have a version up to ``version``, and the standing moves
        after it, numbered on from those (to bring a kept copy of the move list up to date)."""
        return await self.standing_moves(game_id, version)

    async def due_games(self, now: float, limit: int = 100) -> list[int]:
        """Games the pace scheduler must look at now, most overdue first (an indexed range scan),
        of this process's shards."""
        mine, args = self._mine()
        async with self._read().execute(
            f"SELECT id FROM games WHERE due_at IS NOT NULL AND due_at <= ? AND {mine} ORDER BY due_at LIMIT ?",
            (now, *args, limit)
        ) as cur:
            return [r["id"] for r in await cur.fetchall()]

    async def next_due(self) -> float | None:
        async with self._read().execute("SELECT min(due_at) AS t FROM games WHERE due_at IS NOT NULL") as cur:
            row = await cur.fetchone()
        return None if row is None else row["t"]

    # -- writes (call inside ``transaction()``) --------------------------------------------

    async def insert_game(self, channel_id: str, players: int, variant: str, seed: int, *,
                          settings: dict[str, Any] | None = None, home_channel_id: str | None = None,
                          lobby_message_id: str | None = None, guild_id: str | None = None) -> int:
        """A new lobby; ``players`` is its maximum until the game starts, then the seats dealt."""
        now = self.clock()
        cur = await self.conn.execute(
            "INSERT INTO games (channel_id, status, players, variant, seed, settings, home_channel_id, "
            "lobby_message_id, guild_id, created_at, updated_at, layout) "
            "VALUES (?, 'lobby', ?, ?, ?, ?, ?, ?, ?, ?, ?, 2)",
            (channel_id, players, variant, seed, json.dumps(settings or {}), home_channel_id, lobby_message_id,
             guild_id, now, now))
        return inserted_id(cur.lastrowid)

    async def update_game(self, game_id: int, **fields: Any) -> None:
        """Set plain columns of a game (``settings``, ``planned``, ``at_once`` are stored as JSON)."""
        for kept_as_json in ("settings", "planned", "at_once"):
            if kept_as_json in fields:
                fields[kept_as_json] = json.dumps(fields[kept_as_json])
        sets = ", ".join(f"{k} = ?" for k in fields)
        await self.conn.execute(f"UPDATE games SET {sets}, updated_at = ? WHERE id = ?",
                                (*fields.values(), self.clock(), game_id))

    async def record_post(self, game_id: int, version: int, post: LivePost,
                          board_state: dict[str, Any] | None) -> None:
        """The channel now shows ``version``: its live message and story; the board it pictured, if any."""
        await self._write_alone(
            "UPDATE games SET announced_version = MAX(announced_version, ?), live_message_id = ?, "
            "live_seat = ?, live_image = ?, story_from = ?, "
            # a move made meanwhile may have passed a milestone (or left a notice) this post did
            # not show: keep it for the next post
            "board_due = CASE WHEN version = ? THEN ? ELSE board_due END, "
            "notice = CASE WHEN version = ? THEN NULL ELSE notice END, "
            "board_state = CASE WHEN ? = 1 THEN ? ELSE board_state END WHERE id = ?",
            (version, post.message_id, post.seat, int(post.image), post.story_from, version, post.board_due,
             version,
             int(board_state is not None), encode_state(board_state) if board_state is not None else None,
             game_id))

    async def _write_alone(self, sql: str, args: tuple[Any, ...]) -> None:
        """A write that is one statement: on its own (autocommit), one trip to the database; a
        transaction around it would be three.  In the caller's transaction, if it has one."""
        if self._in_tx():
            await self.conn.execute(sql, args)
            return
        async with self._write_lock:  # never inside another task's transaction on this connection
            await self.conn.execute(sql, args)

    async def set_clock(self, game_id: int, clock: TurnClock) -> None:
        await self.conn.execute(
            "UPDATE games SET turn_since = ?, reminders_sent = ?, deadline_done = ?, due_at = ? WHERE id = ?",
            (clock.since, clock.reminded, int(clock.deadline_done), clock.due_at, game_id))

    async def set_status(self, game_id: int, status: str) -> None:
        """The game's status; one that ends it (finished, abandoned) notes when (``ended_at``), once,
        and is never due for the scheduler again."""
        now = self.clock()
        await self.conn.execute(
            "UPDATE games SET status = ?, updated_at = ?, "
            "ended_at = CASE WHEN ? IN ('finished', 'abandoned') THEN COALESCE(ended_at, ?) ELSE ended_at END, "
            "due_at = CASE WHEN ? IN ('finished', 'abandoned') THEN NULL ELSE due_at END "
            "WHERE id = ?", (status, now, status, now, status, game_id))
        if status in ("finished", "abandoned"):  # answers ahead are for a game still played
            await self.conn.execute("DELETE FROM answers_ahead WHERE game_id = ?", (game_id,))

    async def save_state(self, game_id: int, expected_version: int, new_version: int,
                         state: dict[str, Any], *, status: str | None = None,
                         setup: dict[str, Any] | None = None, board_due: int | None = None,
                         decided: dict[int, int] | None = None) -> bytes:
        """Compare-and-swap: write the state only if the game is still at ``expected_version``;
        returns the state as stored (what a read of this version gives as ``Game.state_blob``).

        ``board_due``: what is now owed a picture in the channel (``bot.game.channel.owed``); None keeps it.
        ``decided``: per seat, the log's length after its latest decision; None keeps it.  The
        state is saved as it is given: the game service gives it with only its recent log.
        """
        now, blob = self.clock(), encode_state(state)
        cur = await self.conn.execute(
            "UPDATE games SET state = ?, version = ?, status = COALESCE(?, status), "
            "setup = COALESCE(?, setup), board_due = COALESCE(?, board_due), decided = COALESCE(?, decided), "
            "layout = 2, "
            "finished_at = CASE WHEN ? = 'finished' THEN COALESCE(finished_at, ?) ELSE finished_at END, "
            "ended_at = CASE WHEN ? = 'finished' THEN COALESCE(ended_at, ?) ELSE ended_at END, "
            "updated_at = ? WHERE id = ? AND version = ?",
            (blob, new_version, status, json.dumps(setup) if setup else None, board_due,
             None if decided is None else json.dumps(decided),
             status, now, status, now, now, game_id, expected_version))
        if cur.rowcount != 1:
            raise StaleVersion(game_id)
        return blob

    async def append_move(self, game_id: int, version: int, seat: int, user_id: str, option_id: str,
                          label: str | None = None, made_by: str = "player", *,
                          created_at: float | None = None, hinted: bool = False) -> None:
        """``created_at``: when the move was made, if not now (a game loaded from its record);
        ``hinted``: the player asked a hint for this decision."""
        await self.conn.execute(
            "INSERT INTO moves (game_id, version, seat, user_id, option_id, label, made_by, created_at, hinted) "
            "VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)",
            (game_id, version, seat, user_id, option_id, label, made_by,
             self.clock() if created_at is None else created_at, int(hinted)))

    async def mark_moves_undone(self, game_id: int, from_version: int) -> None:
        """Mark every standing move from ``from_version`` on as undone (they stay in the list)."""
        await self.conn.execute("UPDATE moves SET undone = 1 WHERE game_id = ? AND version >= ? AND undone = 0",
                                (game_id, from_version))

    async def mark_announced(self, game_id: int, version: int) -> None:
        await self._write_alone("UPDATE games SET announced_version = MAX(announced_version, ?) WHERE id = ?",
                                (version, game_id))

    async def backup(self, target: str) -> None:
        """An online copy of the whole database (SQLite's backup API), safe while running."""
        async with aiosqlite.connect(target) as dst:
            await self._conn.backup(dst)


_statements = statements  # the name tests and older code use
