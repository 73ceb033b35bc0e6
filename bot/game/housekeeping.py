"""Housekeeping: what a community's bot tidies by itself, from the one scheduler loop.

* A **lobby** nobody started within ``lobby_days`` (``[housekeeping] lobby_days``, 7 by default)
  closes itself and says so in its channel (its card in the parent channel loses its Join button).
* A finished or abandoned game's **thread** (one the bot opened for it) is archived a day after
  its end post: the final board, the abandonment, the closed lobby's notice.
* A finished game's **moves are packed** in one row a day after its end (``bot.store.packs``):
  a finished game never changes, and its thousand move rows would cost most of its bytes.
* A running game in which **nobody acted for 30 days** and that has no deadline is pointed out to
  its host, once (a move starts the count again).

A part of ``GameService``.  A sweep (``sweep``) finds candidates with indexed queries
over facts the store keeps anyway (when a lobby was opened, when a game ended, when its player to
act was asked), so a change of ``lobby_days`` applies to waiting lobbies too.  Each game is then
handled in its own transaction after claiming it (``claim_game``: another process busy with it
is skipped, and looks again next sweep) and re-checking what it found; what must reach Discord
(a notice, the archiving itself) goes to the outbox in that transaction, so it is done once,
across restarts and across processes.
"""

from __future__ import annotations

import logging
from collections.abc import Awaitable, Callable

from bot.game import context, pace
from bot.game.asked import asked
from bot.game.notices import ARCHIVE, IDLE, LOBBY_CLOSED
from bot.game.table import Tables
from bot.game.telemetry import QUIET, Telemetry
from bot.game.texts import lang_of
from bot.store.api import GameStore
from words import T, say

log = logging.getLogger(__name__)

DAY = pace.DAY
#: A game's thread is archived this long after its end post.
ARCHIVE_AFTER = DAY
#: A finished game's moves are packed this long after its end.
PACK_AFTER = DAY
#: A running game nobody acted in for this long (without a deadline) is pointed out to its host.
IDLE_AFTER = 30 * DAY
#: How often (by the scheduler's clock) a sweep runs; a sweep is cheap, the work is day-scale.
SWEEP_SECONDS = 60.0
BATCH = 100
#: Days a lobby waits for its start (``[housekeeping] lobby_days``).
LOBBY_DAYS = 7


class Housekeeping:
    def __init__(self, store: GameStore, tables: Tables, *, lobby_days: int = LOBBY_DAYS,
                 telemetry: Telemetry = QUIET) -> None:
        self.store = store
        self.tables = tables
        self.lobby_days = lobby_days  # days a lobby waits for its start
        self.telemetry = telemetry

    async def sweep(self, now: float) -> dict[str, int]:
        """One sweep at ``now``: how many lobbies closed, threads archived and idle games pointed out."""
        done = {"lobby_expired": 0, "thread_archived": 0, "idle_pointed_out": 0, "moves_packed": 0}
        sweeps: list[tuple[str, Callable[[], Awaitable[list[int]]], Callable[[int, float], Awaitable[bool]]]] = [
                  ("lobby_expired", lambda: self.store.stale_lobbies(now - self.lobby_days * DAY, BATCH),
                   self._expire_lobby),
                  ("thread_archived", lambda: self.store.ended_threads(now - ARCHIVE_AFTER, BATCH),
                   self._archive_thread),
                  ("idle_pointed_out", lambda: self.store.idle_games(now - IDLE_AFTER, BATCH), self._point_out_idle),
                  ("moves_packed", lambda: self.store.packable_games(now - PACK_AFTER, BATCH), self._pack_moves)]
        for action, find, handle in sweeps:
            for game_id in await find():
                with context.scope(game=game_id):
                    if await handle(game_id, now):
                        done[action] += 1
                        self.telemetry.housekept(action)
        return done

    async def _pack_moves(self, game_id: int, now: float) -> bool:
        async with self.tables.transaction() as table:
            game = await table.claimed(game_id)
            if game is None or game.status != "finished":
                return False
            await table.store.pack_moves(game_id)
        return True

    async def _expire_lobby(self, game_id: int, now: float) -> bool:
        found = await self.store.game(game_id)
        if found is None:
            return False
        async with self.tables.at(found.channel_id) as table:
            game = await table.claimed(game_id)
            if game is None or game.status != "lobby" or game.created_at > now - self.lobby_days * DAY:
                return False
            await table.store.set_status(game.id, "abandoned")
            await table.store.update_game(game.id, ended_at=now)
            text = T("bot.lobby_expired", game=game.id, days=pace.duration(self.lobby_days * DAY))
            await table.notice(LOBBY_CLOSED, say(text, lang_of(game)), [], now)
        log.info("the lobby of game %s closed: nobody started it within %s days", game.id, self.lobby_days,
                 extra={"action": "lobby_expired"})
        return True

    async def _archive_thread(self, game_id: int, now: float) -> bool:
        found = await self.store.game(game_id)
        if found is None:
            return False
        async with self.tables.at(found.channel_id) as table:
            game = await table.claimed(game_id)
            if (game is None or game.archived_at is not None or game.ended_at is None
                    or game.ended_at > now - ARCHIVE_AFTER or game.status not in ("finished", "abandoned")):
                return False
            await table.store.update_game(game.id, archived_at=now)
            live = await table.store.live_game(game.channel_id)
            if live is not None:
                return False  # a new game plays in the thread now: it stays open
            await table.notice(ARCHIVE, "", [], now)
        log.info("the thread of game %s is archived (%s)", game.id, game.status, extra={"action": "thread_archived"})
        return True

    async def _point_out_idle(self, game_id: int, now: float) -> bool:
        found = await self.store.game(game_id)
        if found is None:
            return False
        async with self.tables.at(found.channel_id) as table:
            game = await table.claimed(game_id)
            since = None if game is None else game.clock.since
            if (game is None or game.status != "active" or since is None or since > now - IDLE_AFTER
                    or (game.idle_told is not None and game.idle_told >= since)):
                return False
            await table.store.update_game(game.id, idle_told=since)  # this stretch is looked at, told or not
            if pace.Pace.of(game.settings).deadline is not None:
                return False  # the deadline acts (the AI plays, or the host is told then)
            prompt = asked(game.state) if game.state else None
            seat = None if prompt is None else next((s for s in game.seats if s.seat == prompt.seat), None)
            text = T("bot.idle", host=game.host.user_name, game=game.id, days=pace.duration(now - since),
                     player=seat.user_name if seat is not None else game.host.user_name)
            await table.notice(IDLE, say(text, lang_of(game)), [game.host.user_id], now)
        log.info("game %s: nobody acted for %d days; its host is told", game.id, (now - since) // DAY,
                 extra={"action": "idle_pointed_out"})
        return True
