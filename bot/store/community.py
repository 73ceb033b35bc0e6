"""The table around the games: each server's ratings (``bot.game.ratings``) and the followers
of a game (``bot.game.followers``).  A part of ``bot.store.sqlite.Store`` (and so of ``PgStore``)."""

from __future__ import annotations

from bot.store.dialect import HOLD_RATINGS, RATINGS_LOCK
from bot.store.models import Game, Rating, RatingChange
from bot.store.part import StorePart


class Community(StorePart):
    async def ratings(self, guild_id: str, players: list[str] | None = None) -> list[Rating]:
        """The server's ratings (of ``players`` only, if given), best conservative rating first."""
        where, args = "guild_id = ?", [guild_id]
        if players is not None:
            if not players:
                return []
            where += f" AND player IN ({', '.join('?' * len(players))})"
            args += players
        async with self._read().execute(
            f"SELECT * FROM ratings WHERE {where} ORDER BY mu - 3 * sigma DESC, games DESC, player", args
        ) as cur:
            return [Rating(r["player"], r["name"], r["mu"], r["sigma"], r["games"], r["wins"])
                    for r in await cur.fetchall()]

    async def rating_changes(self, *, game_id: int | None = None, guild_id: str | None = None,
                             player: str | None = None, limit: int = 1000) -> list[RatingChange]:
        """A game's rating changes by seat, or a player's on a server, newest first."""
        args: list[str | int | None]
        if game_id is not None:
            where, args, order = "game_id = ?", [game_id], "seat"
        else:
            where, args, order = "guild_id = ? AND player = ?", [guild_id, player], "finished_at DESC, game_id DESC"
        async with self._read().execute(
            f"SELECT * FROM rating_changes WHERE {where} ORDER BY {order} LIMIT ?", (*args, limit)
        ) as cur:
            return [RatingChange(r["game_id"], r["seat"], r["player"], r["place"], r["players"], r["mu_before"],
                                 r["sigma_before"], r["mu_after"], r["sigma_after"], r["finished_at"])
                    for r in await cur.fetchall()]

    async def finished_games(self, guild_id: str) -> list[Game]:
        """The server's finished games in the order they finished (the order ratings are computed in)."""
        return await self._games(
            "SELECT g.* FROM games g WHERE status = 'finished' AND guild_id = ? AND state IS NOT NULL "
            "ORDER BY finished_at, id", (guild_id,))

    async def hold_ratings(self, guild_id: str) -> None:
        """(In a transaction, before its ratings are read.) Until the transaction ends, no other
        rates a game of the server (nor rebuilds its table): it waits, then reads what this one
        wrote.  Locking the rows read would not do: a player's first rating has no row to lock
        yet, so two of their first games finishing at once were both rated from scratch, and two
        games lock their players' rows in different orders (a deadlock)."""
        hold = HOLD_RATINGS[self.dialect]
        if hold is not None:
            await self.conn.execute(hold, (RATINGS_LOCK, guild_id))

    async def put_ratings(self, guild_id: str, ratings: list[Rating], changes: list[RatingChange]) -> None:
        """(In a transaction.) Keep these ratings (new or changed) and the game's changes that led there."""
        for r in ratings:
            await self.conn.execute(
                "INSERT INTO ratings (guild_id, player, name, mu, sigma, games, wins) VALUES (?, ?, ?, ?, ?, ?, ?) "
                "ON CONFLICT (guild_id, player) DO UPDATE SET name = excluded.name, mu = excluded.mu, "
                "sigma = excluded.sigma, games = excluded.games, wins = excluded.wins",
                (guild_id, r.player, r.name, r.mu, r.sigma, r.games, r.wins))
        for c in changes:
            await self.conn.execute(
                "INSERT INTO rating_changes (game_id, seat, guild_id, player, place, players, mu_before, "
                "sigma_before, mu_after, sigma_after, finished_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
                (c.game_id, c.seat, guild_id, c.player, c.place, c.players, c.mu_before, c.sigma_before,
                 c.mu_after, c.sigma_after, c.finished_at))

    async def clear_ratings(self, guild_id: str) -> None:
        """(In a transaction.) Forget the server's ratings and changes (before they are rebuilt)."""
        await self.conn.execute("DELETE FROM ratings WHERE guild_id = ?", (guild_id,))
        await self.conn.execute("DELETE FROM rating_changes WHERE guild_id = ?", (guild_id,))

    # -- followers (``bot.game.followers``) --------------------------------------------------

    async def followers(self, game_id: int) -> list[str]:
        async with self._read().execute(
            "SELECT user_id FROM followers WHERE game_id = ? ORDER BY created_at, user_id", (game_id,)
        ) as cur:
            return [r["user_id"] for r in await cur.fetchall()]

    async def followed_games(self, user_id: str) -> list[Game]:
        """The games ``user_id`` follows that are not over yet, newest first."""
        return await self._games(
            "SELECT g.* FROM games g JOIN followers f ON f.game_id = g.id WHERE f.user_id = ? "
            "AND g.status IN ('lobby', 'active') ORDER BY g.id DESC", (user_id,))

    async def set_follower(self, game_id: int, user_id: str, on: bool) -> bool:
        """(In a transaction.) Follow or stop following; False when nothing changed."""
        if on:
            cur = await self.conn.execute(
                "INSERT OR IGNORE INTO followers (game_id, user_id, created_at) VALUES (?, ?, ?)",
                (game_id, user_id, self.clock()))
        else:
            cur = await self.conn.execute("DELETE FROM followers WHERE game_id = ? AND user_id = ?",
                                          (game_id, user_id))
        return cur.rowcount == 1

    async def claim_told_turn(self, game_id: int, told: int, now_told: int) -> bool:
        """(In a transaction: the one that queues the news.)  Move the game's last told turn from
        ``told`` to ``now_told``; False if another post (or process) did it first: each turn is
        told once."""
        cur = await self.conn.execute("UPDATE games SET told_turn = ? WHERE id = ? AND told_turn = ?",
                                      (now_told, game_id, told))
        return cur.rowcount == 1

