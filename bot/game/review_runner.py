"""The reviews worked out in the background, with a clock: one review at a time, in slices of
``slice_decisions`` decisions, each slice saved (``store.save_review``) and shown (the shell's
``on_progress`` edits the review post) before the next.  At start-up it carries on with every
review left unfinished (``ReviewJob(saved=...)`` resumes where the last saved slice stopped: the
result is the one an uninterrupted run gives), and it looks for new ones every ``poll_seconds``
(a game ends in a table's transaction, which queues its review) or when woken.

The work itself is CPU-bound (several minutes for a game): in the bot it runs in a worker
process of its own at the lowest priority (``ReviewWorker``: ``os.nice``), so it takes the
CPU only when moves, posts and pictures do not want it; ``bench/review.py`` measures the answer
time of moves in other games while a review runs.  The playground and tests work in a thread
of this process (``work_here``).
"""

from __future__ import annotations

import asyncio
import contextlib
import hashlib
import json
import logging
import multiprocessing
import os
import threading
import time
from collections.abc import Awaitable, Callable
from concurrent.futures import ProcessPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from dataclasses import dataclass
from typing import Any

from bot.game import context
from bot.game.review import Reviews
from bot.store.models import StoredReview
from engine.review import Budget, ReviewError, ReviewJob

log = logging.getLogger(__name__)

#: Decisions weighed per slice: a few seconds of one core, then saved and shown.
SLICE_DECISIONS = 20
#: How often the runner looks for reviews to work on (besides being woken).
POLL_SECONDS = 2.0
#: The review worker's niceness: the lowest priority there is.
NICENESS = 19


@dataclass(frozen=True)
class Slice:
    """A slice of a review's work done: the review in progress, and the result once finished."""

    saved: dict[str, Any]
    done: int
    total: int
    result: dict[str, Any] | None
    error: tuple[str, str] | None = None  # (reason, message): the record cannot be reviewed

    def checked(self) -> Slice:
        """This slice, or its ``ReviewError``."""
        if self.error is not None:
            raise ReviewError(*self.error)
        return self


#: work(record text, saved or None, budget, decisions) -> the slice done (ReviewError: no review)
Work = Callable[[str, dict[str, Any] | None, Budget, int], Awaitable[Slice]]

# -- in whichever process works: the job kept between slices -----------------------------------

_kept: dict[str, ReviewJob] = {}  # by the record text's hash; one review at a time


def work_slice(text: str, saved: dict[str, Any] | None, budget: dict[str, Any], decisions: int) -> Slice:
    """Weigh the next ``decisions`` decisions of the record's review (0: only check that it can be
    reviewed).  The job is kept between slices, so its replay is made once per review."""
    key = hashlib.sha256(text.encode()).hexdigest()
    job = _kept.get(key)
    if job is None or job.progress.done != len((saved or {}).get("verdicts", ())):
        try:
            job = ReviewJob(json.loads(text), Budget.from_dict(budget), saved=saved)
        except ReviewError as e:  # said as data: the error's own arguments do not cross processes
            return Slice({}, 0, 0, None, (e.reason, str(e)))
        _kept.clear()
        _kept[key] = job
    if decisions:
        job.work(decisions=decisions)
    p = job.progress
    result = job.result() if job.done else None
    if job.done:
        _kept.pop(key, None)
    return Slice(job.saved(), p.done, p.total, result)


async def work_here(text: str, saved: dict[str, Any] | None, budget: Budget, decisions: int) -> Slice:
    """The work in a thread of this process (the playground, tests)."""
    return (await asyncio.to_thread(work_slice, text, saved, budget.to_dict(), decisions)).checked()


def _watch_parent(parent: int) -> None:
    while True:  # a worker whose bot is gone has no one to work for
        time.sleep(0.5)
        if os.getppid() != parent:
            os._exit(0)


def _worker_init(parent: int, niceness: int) -> None:
    threading.Thread(target=_watch_parent, args=(parent,), daemon=True, name="parent-watch").start()
    with contextlib.suppress(OSError):
        os.nice(niceness)


class ReviewWorker:
    """One worker process at the lowest priority for the reviews (spawned at the first slice)."""

    def __init__(self, niceness: int = NICENESS) -> None:
        self.niceness = niceness
        self._pool: ProcessPoolExecutor | None = None

    def _new_pool(self) -> ProcessPoolExecutor:
        return ProcessPoolExecutor(1, mp_context=multiprocessing.get_context("spawn"), initializer=_worker_init,
                                   initargs=(os.getpid(), self.niceness))

    async def work(self, text: str, saved: dict[str, Any] | None, budget: Budget, decisions: int) -> Slice:
        loop = asyncio.get_running_loop()
        for attempt in (1, 2):
            if self._pool is None:
                self._pool = self._new_pool()
            try:
                done = await loop.run_in_executor(self._pool, work_slice, text, saved, budget.to_dict(), decisions)
                return done.checked()
            except BrokenProcessPool:
                self._pool = None  # killed from outside: once more, on a fresh worker
                if attempt == 2:
                    raise
        raise AssertionError("unreachable")

    def pid(self) -> int | None:
        processes = getattr(self._pool, "_processes", None) or {}
        return next(iter(processes), None)

    def close(self) -> None:
        if self._pool is not None:
            self._pool.shutdown(wait=True, cancel_futures=True)
            self._pool = None


class ReviewRunner:
    """Works out the pending reviews, one at a time, and has each slice shown."""

    def __init__(self, reviews: Reviews, work: Work, on_progress: Callable[[int], Awaitable[None]], *,
                 slice_decisions: int = SLICE_DECISIONS, poll_seconds: float = POLL_SECONDS) -> None:
        self.reviews = reviews
        self.work = work
        self.on_progress = on_progress
        self.slice_decisions = slice_decisions
        self.poll_seconds = poll_seconds
        self._wake = asyncio.Event()
        self._task: asyncio.Task[None] | None = None
        reviews.check = self.check

    async def check(self, text: str) -> int:
        """The decisions a record's review will weigh (``ReviewError``: it cannot be reviewed)."""
        return (await self.work(text, None, self.reviews.budget, 0)).total

    async def run_once(self) -> int:
        """Every pending review worked out and shown; returns how many were looked at."""
        pending = await self.reviews.pending()
        for stored in pending:
            with context.scope(game=stored.game_id):
                try:
                    await self._review(stored)
                except asyncio.CancelledError:
                    raise
                except Exception:  # noqa: BLE001 - one review's trouble never stops the others; retried later
                    log.exception("the review of game %s failed", stored.game_id)
        return len(pending)

    async def review_game(self, game_id: int) -> None:
        """One game's review worked out (and shown) now, if it has one pending."""
        stored = await self.reviews.store.review(game_id)
        if stored is not None and not stored.final:
            await self._review(stored)

    async def _review(self, stored: StoredReview) -> None:
        store = self.reviews.store
        if stored.result is None:
            game = await store.game(stored.game_id)
            if game is None:
                return
            text = await self.reviews.record_text(game)
            saved, budget = stored.saved, self.reviews.budget
            if saved is not None:
                budget = Budget.from_dict(saved.get("budget", {}))  # a review keeps the budget it began with
            if stored.total:  # its decisions are counted (asked for, or resumed): shown before the first slice
                await self.on_progress(stored.game_id)
            while True:
                try:
                    done = await self.work(text, saved, budget, self.slice_decisions)
                except ReviewError as e:
                    log.warning("game %s cannot be reviewed: %s", stored.game_id, e)
                    await store.drop_review(stored.game_id)
                    return
                await store.save_review(stored.game_id, done.saved, done.done, done.total, done.result)
                saved = done.saved
                log.info("review of game %s: %s of %s decisions", stored.game_id, done.done, done.total)
                await self.on_progress(stored.game_id)
                if done.result is not None:
                    return
        await self.on_progress(stored.game_id)

    async def run(self) -> None:
        while True:
            try:
                await self.run_once()
            except asyncio.CancelledError:
                raise
            except Exception:  # noqa: BLE001 - e.g. the database is busy: look again later
                log.exception("looking for reviews failed")
            self._wake.clear()
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(self._wake.wait(), self.poll_seconds)

    def wake(self) -> None:
        self._wake.set()

    def start(self) -> None:
        if self._task is None or self._task.done():
            self._task = asyncio.create_task(self.run(), name="reviews")

    async def stop(self) -> None:
        if self._task is not None:
            self._task.cancel()
            await asyncio.gather(self._task, return_exceptions=True)
            self._task = None


__all__ = ["NICENESS", "SLICE_DECISIONS", "ReviewRunner", "ReviewWorker", "Slice", "work_here", "work_slice"]
