"""Opening the store: the backend follows the target (a ``postgresql://`` URL, or a SQLite path)."""

from __future__ import annotations

from bot.store.api import GameStore, database_path, is_url
from bot.store.postgres import PgStore
from bot.store.sqlite import Store


async def open_store(target: str | None = None) -> Store:
    """Open (creating and migrating if needed) the store at ``target``: a ``postgresql://`` URL,
    a SQLite path, or None for ``DS_DATABASE_URL`` / ``DS_DATABASE`` / the default file.
    ``StoreUnavailable`` (with a reason and no password) if that fails."""
    path = database_path(target)
    if is_url(path):
        return await PgStore.open(path)
    return await Store.open(path)


__all__ = ["GameStore", "open_store"]
