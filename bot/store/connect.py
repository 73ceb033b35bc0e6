"""Opening the store: the backend follows the target (a ``postgresql://`` URL, or a SQLite path)."""

from __future__ import annotations

import os
import sqlite3
import tempfile
import urllib.parse
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

from bot.store.api import GameStore, StoreUnavailable, database_path, is_url, redact
from bot.store.postgres import PgStore
from bot.store.shards import Shards
from bot.store.sqlite import SCHEMA_VERSION, Store


@dataclass(frozen=True)
class StoreReport:
    """What ``python -m bot --check`` found at the store, without changing it."""

    where: str  # a file, or a URL without its password
    exists: bool  # False: a SQLite file the bot will create
    schema: int  # the database's schema version now
    target: int = SCHEMA_VERSION  # this bot's

    @property
    def pending(self) -> int:
        return max(0, self.target - self.schema)


async def open_store(target: str | None = None, *, shards: Shards | None = None,
                     clock: Callable[[], float] | None = None) -> Store:
    """Open (creating and migrating if needed) the store at ``target``: a ``postgresql://`` URL,
    a SQLite path, or None for ``DS_DATABASE_URL`` / ``DS_DATABASE`` / the default file.
    ``StoreUnavailable`` (with a reason and no password) if that fails.  ``shards``: this
    process's (catch-up posts, reminders, deadlines: its servers only; None: all); ``clock``: what
    rows are dated by (the one housekeeping reads them with; None: the time)."""
    path = database_path(target)
    store = await PgStore.open(path) if is_url(path) else await Store.open(path)
    store.shards = shards
    if clock is not None:
        store.clock = clock
    return store


__all__ = ["GameStore", "StoreReport", "inspect_store", "open_store"]


async def inspect_store(target: str | None = None) -> StoreReport:
    """Reach the store at ``target`` and read its schema version, migrating nothing and creating
    nothing; ``StoreUnavailable`` (with a reason and no password) when it cannot be used."""
    path = database_path(target)
    if is_url(path):
        return StoreReport(redact(path), True, await PgStore.schema_of(path))
    return _inspect_sqlite(path)


def _try_creating_in(folder: Path, path: str) -> None:
    """Whether a file can be made in ``folder``, tried with a file removed at once: the access bits
    say yes where creating fails all the same (for root, in /proc, on a read-only mount)."""
    try:
        handle, probe = tempfile.mkstemp(prefix=".ds-check-", dir=folder)
    except OSError as e:
        raise StoreUnavailable(f"cannot create the database {path} in {folder}: {e.strerror or e}") from None
    os.close(handle)
    os.unlink(probe)


def _inspect_sqlite(path: str) -> StoreReport:
    file = Path(path)
    if not file.exists():
        folder = next(p for p in (file.absolute().parent, *file.absolute().parents) if p.exists())
        if not os.access(folder, os.W_OK | os.X_OK):
            raise StoreUnavailable(f"cannot create the database {path}: {folder} is not writable")
        _try_creating_in(folder, path)
        return StoreReport(path, False, 0)
    if not os.access(file, os.R_OK | os.W_OK):
        raise StoreUnavailable(f"cannot use the database {path}: the file is not readable and writable")
    try:
        conn = sqlite3.connect(f"file:{urllib.parse.quote(str(file.absolute()))}?mode=ro", uri=True)
        try:
            schema = conn.execute("PRAGMA user_version").fetchone()[0]
            conn.execute("SELECT count(*) FROM sqlite_master").fetchone()  # a file that is no database fails here
        finally:
            conn.close()
    except sqlite3.Error as e:
        raise StoreUnavailable(f"cannot use the database {path}: {e}") from None
    return StoreReport(path, True, schema)
