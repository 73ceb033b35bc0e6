"""Answers given ahead: for each animal of a game, its player's book (a standing plan, orders for
its APs, early answers), what its player has not been told yet of the answers that stopped, and
the book's version; kept privately (no post, picture, log or record reads them).  A part of
``bot.store.sqlite.Store`` (and so of ``PgStore``)."""

from __future__ import annotations

import json

from bot.store.models import AheadBook
from bot.store.part import StorePart


class AheadRows(StorePart):
    async def books(self, game_id: int) -> dict[str, AheadBook]:
        """Every animal's book in the game (animals without one are left out)."""
        async with self._read().execute("SELECT animal, book, told, version FROM answers_ahead WHERE game_id = ?",
                                        (game_id,)) as cur:
            return {r["animal"]: AheadBook(r["animal"], json.loads(r["book"]), json.loads(r["told"]), r["version"])
                    for r in await cur.fetchall()}

    async def put_book(self, game_id: int, book: AheadBook) -> None:
        """(In a transaction.) Keep ``book`` as the animal's, its version one more (a book with
        nothing in it and nothing left to tell is removed)."""
        empty = not book.book.get("orders") and not book.book.get("early") and not (
            book.book.get("standing") or {}).get("wishes") and not (book.book.get("standing") or {}).get("best")
        if empty and not book.told:
            await self.conn.execute("DELETE FROM answers_ahead WHERE game_id = ? AND animal = ?",
                                    (game_id, book.animal))
            return
        book.version += 1
        await self.conn.execute("UPDATE games SET ahead = 1 WHERE id = ? AND ahead = 0", (game_id,))
        await self.conn.execute(
            "INSERT INTO answers_ahead (game_id, animal, book, told, version, updated_at) VALUES (?, ?, ?, ?, ?, ?) "
            "ON CONFLICT (game_id, animal) DO UPDATE SET book = excluded.book, told = excluded.told, "
            "version = excluded.version, updated_at = excluded.updated_at",
            (game_id, book.animal, json.dumps(book.book), json.dumps(book.told), book.version, self.clock()))

    async def drop_books(self, game_id: int, animals: list[str] | None = None) -> None:
        """(In a transaction.) Forget the books of ``animals`` (None: every book of the game)."""
        if animals is None:
            await self.conn.execute("DELETE FROM answers_ahead WHERE game_id = ?", (game_id,))
            return
        for animal in animals:
            await self.conn.execute("DELETE FROM answers_ahead WHERE game_id = ? AND animal = ?", (game_id, animal))
