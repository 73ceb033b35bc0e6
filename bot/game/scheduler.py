"""The pace scheduler: one loop for every game, not a task per game.

Each tick asks the store which games are due (``games.due_at``, indexed), lets the service
decide what each owes (a reminder, a deadline: ``Clockwork.pace_tick``, one transaction per
game, written to the outbox), starts the computer players' turns where the AI is to act (its
own seat, a seat it holds, a decision a deadline handed over), lets housekeeping sweep every
``SWEEP_SECONDS`` (``bot.game.housekeeping``: lobbies to close, threads to archive, idle games),
then delivers the outbox.  The clock is injected, so tests run it in milliseconds; a deadline
that passed while the bot was down is due at the first tick after start-up, and fires once.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import time
from collections.abc import Awaitable, Callable

from bot.game import context
from bot.game.housekeeping import SWEEP_SECONDS
from bot.game.service import GameService
from bot.store.api import is_store_error

log = logging.getLogger(__name__)

#: Longest sleep between ticks: a reminder goes out within this of its time.
TICK_SECONDS = 0.5
BATCH = 100


class Alarm:
    """Wakes the scheduler before its next tick: rung by whoever just scheduled something (a move
    a computer player may answer, followers' news, a notice in the outbox).  Made before the
    scheduler, so what rings it is built without it."""

    def __init__(self) -> None:
        self.rung = asyncio.Event()

    def ring(self) -> None:
        self.rung.set()


class Scheduler:
    def __init__(self, service: GameService, deliver: Callable[[], Awaitable[int]], *,
                 on_ai: Callable[[int], Awaitable[None]] | None = None,
                 clock: Callable[[], float] | None = None, tick_seconds: float = TICK_SECONDS,
                 alarm: Alarm | None = None) -> None:
        self.service = service
        self.deliver = deliver  # sends the outbox; returns how many went out
        self.on_ai = on_ai  # starts the AI's turn in a game (by id); it must not wait for the AI to think
        self.clock = clock or time.time
        self.tick_seconds = tick_seconds
        self._task: asyncio.Task[None] | None = None
        self._wake = (alarm or Alarm()).rung
        self._swept: float | None = None  # when housekeeping last swept (by this clock)

    async def tick(self) -> int:
        """One pass: every due game handled, the outbox delivered.  Returns the games handled."""
        now = self.clock()
        handled = 0
        while True:
            due = await self.service.store.due_games(now, BATCH)
            for game_id in due:
                try:
                    with context.scope(game=game_id):
                        if await self.service.clockwork.pace_tick(game_id, now) and self.on_ai is not None:
                            await self.on_ai(game_id)
                except Exception as e:  # noqa: BLE001 - one game's trouble never stops the others
                    log.exception("pace of game %s failed", game_id, extra={"game": game_id})
                    if is_store_error(e):
                        self.service.telemetry.store_failed("pace")
                handled += 1
            if len(due) < BATCH:
                break
        if self._swept is None or not self._swept <= now < self._swept + SWEEP_SECONDS:
            self._swept = now  # housekeeping: lobbies to close, threads to archive, idle games
            try:
                await self.service.housekeeping.sweep(now)
            except Exception as e:  # noqa: BLE001 - the next sweep tries again
                log.exception("housekeeping failed")
                if is_store_error(e):
                    self.service.telemetry.store_failed("housekeeping")
        try:
            await self.deliver()
        except Exception:  # noqa: BLE001 - the outbox keeps what was not sent; the next tick retries
            log.exception("delivering reminders failed")
        return handled

    async def run(self) -> None:
        while True:
            try:
                await self.tick()
            except Exception as e:  # noqa: BLE001 - e.g. the database is busy: next tick
                log.exception("a scheduler tick failed")
                if is_store_error(e):
                    self.service.telemetry.store_failed("scheduler")
            self._wake.clear()
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(self._wake.wait(), self.tick_seconds)

    def wake(self) -> None:
        """Look again now (something was just scheduled)."""
        self._wake.set()

    def start(self) -> None:
        if self._task is None or self._task.done():
            self._task = asyncio.create_task(self.run(), name="pace-scheduler")

    async def stop(self) -> None:
        if self._task is not None:
            self._task.cancel()
            await asyncio.gather(self._task, return_exceptions=True)
            self._task = None
