"""The store on a shared PostgreSQL server (asyncpg), for several bot processes.

Same tables, same queries, same guarantees as the SQLite store (``bot.store.sqlite``): this class
inherits every query and changes only how they reach the database.

* A pool of connections: a transaction takes one for itself, so games move concurrently (the
  SQLite store has one writer at a time); a read outside a transaction takes one for that
  statement.  The pool replaces a connection the server dropped, so after an outage the bot
  goes on by itself; the statement that met the outage fails and its transaction rolls back.
* A game read inside a transaction is locked (``SELECT ... FOR UPDATE``): two processes
  moving one game queue on its row, and the second sees the first's version (then the version
  check refuses its stale move), as ``BEGIN IMMEDIATE`` makes SQLite writers queue.
* Claims: the scheduler takes a game with ``FOR UPDATE SKIP LOCKED`` (busy elsewhere: skipped,
  looked at next tick); the outbox sender holds an item's row the same way while it sends it.
* Migrations: ``bot.store.schema`` translated by ``bot.store.dialect``, one transaction each, under an
  advisory lock so that processes starting together migrate once.

A connection adapter gives the inherited queries what they expect of an aiosqlite connection
(``execute`` as an awaitable and async context manager, ``fetchone``/``fetchall``,
``rowcount``, ``lastrowid``), in PostgreSQL's dialect.
"""

from __future__ import annotations

import asyncio
import contextvars
import itertools
import urllib.parse
from collections.abc import AsyncIterator, Generator, Sequence
from contextlib import asynccontextmanager
from typing import Any

import asyncpg
from asyncpg.pool import PoolConnectionProxy

from bot.store.api import StoreUnavailable, redact
from bot.store.dialect import POSTGRESQL, identity_tables, migration_script, row_lock, statements, to_postgres
from bot.store.models import OutboxItem
from bot.store.outbox import outbox_item
from bot.store.schema import MIGRATIONS
from bot.store.sqlite import SCHEMA_VERSION, Store
from bot.store.upkeep import Upkeep

#: Any key of our own: processes that start together take it to migrate one at a time.
MIGRATION_LOCK = 0x44533031
POOL_SIZE = 10
CONNECT_TIMEOUT = 10.0
COMMAND_TIMEOUT = 30.0  # never wait for ever on a server that went away
_IDENTITY = identity_tables(MIGRATIONS)
_instances = itertools.count()

#: What a lost or unreachable server raises (the pool reconnects on the next acquire).
CONNECTION_ERRORS = (OSError, asyncio.TimeoutError, asyncpg.PostgresConnectionError, asyncpg.InterfaceError,
                     asyncpg.CannotConnectNowError)


class _Result:
    """One statement's outcome, shaped like an aiosqlite cursor."""

    def __init__(self, conn: _Connection, sql: str, args: Sequence[Any]) -> None:
        self._conn, self._sql, self._args = conn, sql, args
        self._rows: list[asyncpg.Record] = []
        self.rowcount = -1
        self.lastrowid: int | None = None

    async def _run(self) -> _Result:
        sql = to_postgres(self._sql, _IDENTITY)
        args = [int(a) if isinstance(a, bool) else a for a in self._args]  # our flags are INTEGER columns
        head = sql.lstrip()[:6].upper()
        returns_rows = head in ("SELECT", "WITH") or " RETURNING " in sql.upper()
        # A read outside a transaction is tried again once when it met a connection the server
        # dropped (the pool has just been told to replace them all); in a transaction the error
        # stands: it rolls back, and the caller says nothing was changed.
        self._conn.tally.trips += 1
        for attempt in (1, 2):
            try:
                async with self._conn.connection() as raw:
                    if returns_rows:
                        self._rows = await raw.fetch(sql, *args)
                    else:
                        status = await raw.execute(sql, *args)
                break
            except CONNECTION_ERRORS:
                await self._conn.pool.expire_connections()
                if self._conn.raw is not None or attempt == 2:
                    raise
        if returns_rows:
            self.rowcount = len(self._rows)
            if self._rows and "RETURNING id" in sql:
                self.lastrowid = self._rows[0]["id"]
        else:
            self.rowcount = int(status.rsplit(" ", 1)[-1]) if status[-1:].isdigit() else -1
        return self

    def __await__(self) -> Generator[Any, None, _Result]:
        return self._run().__await__()

    async def __aenter__(self) -> _Result:
        return await self._run()

    async def __aexit__(self, *exc: object) -> None:
        return None

    async def fetchone(self) -> asyncpg.Record | None:
        return self._rows[0] if self._rows else None

    async def fetchall(self) -> list[asyncpg.Record]:
        return self._rows


class _Tally:
    """Statements a store ran (each a trip to the server), over all its connections."""

    trips = 0


class _Connection:
    """The inherited queries' ``conn``: a transaction's own connection, or the pool (one
    pooled connection per statement, in autocommit)."""

    def __init__(self, pool: asyncpg.Pool[asyncpg.Record],
                 raw: PoolConnectionProxy[asyncpg.Record] | None = None, tally: _Tally | None = None) -> None:
        self.pool = pool
        self.raw = raw
        self.tally = tally or _Tally()
        self.lock_reads = True  # a game read in this transaction locks the game's row

    def execute(self, sql: str, args: Sequence[Any] = ()) -> _Result:
        return _Result(self, sql, args)

    @property
    def in_transaction(self) -> bool:
        return self.raw is not None and self.raw.is_in_transaction()

    @asynccontextmanager
    async def connection(self) -> AsyncIterator[PoolConnectionProxy[asyncpg.Record]]:
        if self.raw is not None:
            yield self.raw
        else:
            async with self.pool.acquire() as raw:
                yield raw


class PgStore(Store):
    dialect = POSTGRESQL

    def __init__(self, pool: asyncpg.Pool[asyncpg.Record], url: str) -> None:  # noqa: D107 - Store's state, another way
        self.pool = pool
        self.path = redact(url)
        self.shards = None
        self._auto = _Connection(pool)
        # the transaction of the task that opened it (a task it starts reads committed data, as in SQLite)
        self._tx: contextvars.ContextVar[tuple[asyncio.Task[Any] | None, _Connection] | None] = contextvars.ContextVar(
            f"pg-store-tx-{next(_instances)}", default=None)

    # -- connections -------------------------------------------------------------------------

    def _current(self) -> _Connection | None:
        held = self._tx.get()
        return held[1] if held is not None and held[0] is asyncio.current_task() else None

    def _in_tx(self) -> bool:
        return self._current() is not None

    def _row_lock(self, *, skip_locked: bool = False) -> str:
        current = self._current()
        return row_lock(self.dialect, skip_locked=skip_locked) if current is not None and current.lock_reads else ""

    @property
    def conn(self) -> _Connection:
        return self._current() or self._auto

    @property
    def reader(self) -> _Connection:
        return self._auto

    @property
    def trips(self) -> int:
        return self._auto.tally.trips

    def _read(self) -> _Connection:
        return self.conn

    @classmethod
    async def open(cls, path: str | None = None) -> PgStore:
        """Connect (a pool) and migrate; ``StoreUnavailable`` with a password-free reason if that fails."""
        url = path or ""
        try:
            pool = await asyncpg.create_pool(url, min_size=1, max_size=POOL_SIZE, timeout=CONNECT_TIMEOUT,
                                             command_timeout=COMMAND_TIMEOUT, statement_cache_size=256)
        except (*CONNECTION_ERRORS, asyncpg.PostgresError, ValueError) as e:
            raise StoreUnavailable(f"cannot connect to the database {redact(url)}: {_reason(e, url)}") from None
        store = cls(pool, url)
        try:
            await store.migrate()
        except BaseException as e:
            await pool.close()
            if isinstance(e, (*CONNECTION_ERRORS, asyncpg.PostgresError)):
                raise StoreUnavailable(f"cannot use the database {store.path}: {_reason(e, url)}") from None
            raise
        return store

    @staticmethod
    async def schema_of(url: str) -> int:
        """The schema version of the database at ``url``, read over one connection (nothing is
        migrated); ``StoreUnavailable`` with a password-free reason if it cannot be reached."""
        try:
            conn = await asyncpg.connect(url, timeout=CONNECT_TIMEOUT)
        except (*CONNECTION_ERRORS, asyncpg.PostgresError, ValueError) as e:
            raise StoreUnavailable(f"cannot connect to the database {redact(url)}: {_reason(e, url)}") from None
        try:
            exists = await conn.fetchval("SELECT to_regclass('schema_version') IS NOT NULL")
            return await conn.fetchval("SELECT version FROM schema_version") if exists else 0
        except (*CONNECTION_ERRORS, asyncpg.PostgresError) as e:
            raise StoreUnavailable(f"cannot use the database {redact(url)}: {_reason(e, url)}") from None
        finally:
            await conn.close()

    async def ping(self) -> None:
        """A real table read over the pool (the server reads its own files: no page is held here)."""
        await Upkeep.ping(self)

    async def close(self) -> None:
        await self.pool.close()

    @asynccontextmanager
    async def transaction(self) -> AsyncIterator[_Connection]:
        """One transaction on a connection of its own (a nested one is a savepoint)."""
        current = self._current()
        if current is not None:
            assert current.raw is not None  # a transaction's connection is its own
            async with current.raw.transaction():
                yield current
            return
        try:
            async with self.pool.acquire() as raw, raw.transaction():
                conn = _Connection(self.pool, raw, self._auto.tally)
                token = self._tx.set((asyncio.current_task(), conn))
                try:
                    yield conn
                finally:
                    self._tx.reset(token)
        except CONNECTION_ERRORS:
            await self.pool.expire_connections()  # the server went away: every pooled connection is replaced
            raise

    async def _write_alone(self, sql: str, args: tuple[Any, ...]) -> None:
        await self.conn.execute(sql, args)  # the caller's transaction, else one pooled statement (autocommit)

    # -- schema ------------------------------------------------------------------------------

    async def schema_version(self) -> int:
        async with self.pool.acquire() as raw:
            exists = await raw.fetchval("SELECT to_regclass('schema_version') IS NOT NULL")
            version: int = await raw.fetchval("SELECT version FROM schema_version") if exists else 0
            return version

    async def migrate(self) -> int:
        """Every migration the database has not seen, each in its own transaction, one process at a time."""
        while True:
            async with self.pool.acquire() as raw, raw.transaction():
                await raw.execute("SELECT pg_advisory_xact_lock($1)", MIGRATION_LOCK)
                await raw.execute("CREATE TABLE IF NOT EXISTS schema_version (version INTEGER NOT NULL)")
                current: int | None = await raw.fetchval("SELECT version FROM schema_version")
                if current is None:
                    await raw.execute("INSERT INTO schema_version (version) VALUES (0)")
                    current = 0
                if current > SCHEMA_VERSION:
                    raise StoreUnavailable(f"the database {self.path} has schema {current}, newer than this "
                                           f"bot ({SCHEMA_VERSION}); run a newer version of the bot")
                if current == SCHEMA_VERSION:
                    return current
                for statement in statements(migration_script(MIGRATIONS[current], POSTGRESQL)):
                    await raw.execute(statement)
                await raw.execute("UPDATE schema_version SET version = $1", current + 1)

    # -- claims ------------------------------------------------------------------------------

    @asynccontextmanager
    async def claim_unsent(self, after: int = 0) -> AsyncIterator[OutboxItem | None]:
        """The oldest unsent item after ``after`` that no other process holds, its row locked
        until the block ends (mark it sent inside the block)."""
        async with self.transaction() as conn, conn.execute(
            "SELECT * FROM outbox WHERE sent_at IS NULL AND id > ? ORDER BY id LIMIT 1 FOR UPDATE SKIP LOCKED",
            (after,),
        ) as cur:
            conn.lock_reads = False  # sending may read its game: never hold a game's row over a Discord call
            row = await cur.fetchone()
            yield None if row is None else outbox_item(row)

    async def backup(self, target: str) -> None:
        raise StoreUnavailable("--backup copies a SQLite file; back up PostgreSQL with pg_dump "
                               f"(pg_dump -Fc -f {target} DATABASE)")


def _reason(error: BaseException, url: str) -> str:
    """Why a connection failed, in one line, never with the password."""
    text = (str(error).splitlines() or [""])[0] or type(error).__name__
    password = urllib.parse.urlsplit(url).password if "://" in url else None
    return text.replace(password, "***") if password else text
