"""What the parts of ``bot.store.sqlite.Store`` (``upkeep``, ``community``, ``members``,
``proposals``, ``outbox`` ...) use of the store they belong to: declared once, so the type checker sees each
part use the store as it is, and refuses a store that leaves one undefined."""

from __future__ import annotations

from collections.abc import Callable
from contextlib import AbstractAsyncContextManager
from typing import Any, Protocol

from bot.store.api import Database
from bot.store.models import Game


class StorePart(Protocol):
    dialect: str
    clock: Callable[[], float]

    @property
    def conn(self) -> Database: ...
    def _read(self) -> Database: ...
    async def _write_alone(self, sql: str, args: tuple[Any, ...]) -> None: ...
    def _mine(self) -> tuple[str, tuple[Any, ...]]: ...
    def _row_lock(self, *, skip_locked: bool = False) -> str: ...
    def transaction(self) -> AbstractAsyncContextManager[Database]: ...
    async def game(self, game_id: int) -> Game | None: ...
    async def _games(self, query: str, args: tuple[Any, ...]) -> list[Game]: ...
