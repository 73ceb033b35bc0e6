"""Board rendering and computer players' thinking in worker processes, so neither holds the
bot's event loop (or its GIL) while other players click: the pool's calls block only the
thread that waits on them.

The pool heals: a worker killed from outside (the OOM killer, a crash inside Pillow) breaks
a ``ProcessPoolExecutor`` for good, so a broken pool is replaced and the render retried once.
Workers exit by themselves when the bot process is gone (even after a kill -9 of the bot).

The pool fits its host: it has as many workers as ``[render] workers`` says, each answer brings
the worker's memory (and, every few seconds, its caches: ``bot.game.memory``), and a worker
that holds more than ``[render] worker_mb`` has the pool replaced by a fresh one, the pictures
already asked for drawn by the old one as it winds down.
"""

from __future__ import annotations

import logging
import multiprocessing
import os
import sys
import threading
import time
from collections.abc import Callable
from concurrent.futures import ProcessPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from typing import Any, TypeVar

from bot.game import memory, pictures

log = logging.getLogger(__name__)

State = dict[str, Any]
T = TypeVar("T")
#: Seconds between a worker's checks that the bot process is still its parent.
PARENT_CHECK_SECONDS = 0.5
#: After a kill -9 of the bot, multiprocessing's resource tracker (a process of its own on the
#: bot's stderr, started with the bot's interpreter flags) unlinks the pool's semaphores and warns
#: about them in plain text, which breaks a JSON log.  They are cleaned up all the same: the
#: tracker is told to keep quiet (a ``-W`` option it inherits).
QUIET_TRACKER = "ignore:resource_tracker:UserWarning"
#: A worker says what its caches hold at most this often (its memory, with every answer), and
#: gives back to the system what its freed pictures left in the heap.
REPORT_SECONDS = 5.0
_reported = [0.0]  # in a worker: when it last reported its caches


def _in_worker(fn: Callable[..., T], *args: Any) -> tuple[T, dict[str, Any]]:
    """``fn(*args)`` in a worker, with what the worker holds now (``memory.worker_report``)."""
    result = fn(*args)
    now = time.monotonic()
    full = now - _reported[0] >= REPORT_SECONDS
    if full:
        _reported[0] = now
        memory.give_back()
    return result, memory.worker_report(caches=full)


def _choose(state: State, level: str, seed: int, budget_ms: int) -> str:
    import engine.ai

    return engine.ai.choose(state, level, seed, budget_ms)


def _hint(state: State, seed: int) -> Any:
    from engine.ai.hints import ranked

    return ranked(state, "normal", seed)


def _ready() -> bool:
    return True


def _watch_parent(parent: int) -> None:
    # A re-parented worker (its parent died without shutting the pool down) has no one to
    # work for; exiting also lets multiprocessing's resource tracker see EOF and exit.
    while True:
        time.sleep(PARENT_CHECK_SECONDS)
        if os.getppid() != parent:
            os._exit(0)


def _worker_init(parent: int) -> None:
    threading.Thread(target=_watch_parent, args=(parent,), daemon=True, name="parent-watch").start()
    from renderers import board

    warm = getattr(board, "warm_up", None)
    if warm is not None:
        warm()


class RenderPool:
    """Callables with the service's renderer signatures, backed by a self-healing process pool."""

    def __init__(self, workers: int = 1, worker_bytes: int = 170 * 2**20) -> None:
        self._workers = workers
        self._worker_bytes = worker_bytes  # a worker holding more is replaced (with its pool)
        self._lock = threading.Lock()
        self._pool = self._new_pool()
        #: each worker's last report (by process id): its memory, its caches
        self._reports: dict[int, dict[str, Any]] = {}
        self.recycled = 0  # pools replaced because a worker grew past its bound

    def _new_pool(self) -> ProcessPoolExecutor:
        if QUIET_TRACKER not in sys.warnoptions:  # before the pool's first semaphore starts the tracker
            sys.warnoptions.append(QUIET_TRACKER)
        # spawn: a clean interpreter, never a fork of a process holding sockets and threads
        return ProcessPoolExecutor(self._workers, mp_context=multiprocessing.get_context("spawn"),
                                   initializer=_worker_init, initargs=(os.getpid(),))

    def _run(self, fn: Callable[..., T], *args: Any) -> T:
        pool = self._pool
        try:
            result, report = pool.submit(_in_worker, fn, *args).result()
        except BrokenProcessPool:
            self._replace(pool)
            pool = self._pool
            result, report = pool.submit(_in_worker, fn, *args).result()  # the one retry, on a fresh pool
        self._note(pool, report)
        return result

    def _note(self, pool: ProcessPoolExecutor, report: dict[str, Any]) -> None:
        """Keep a worker's report; replace its pool when the worker holds more than its bound."""
        known = self._reports.get(report["pid"])
        if known is not None and "caches" not in report:
            report = {**report, "caches": known.get("caches", [])}
        self._reports[report["pid"]] = report
        if report["rss"] <= self._worker_bytes:
            return
        with self._lock:
            if self._pool is not pool:
                return  # already replaced
            self._pool = self._new_pool()
            self.recycled += 1
        log.info("render worker %s holds %d MB (more than %d MB): the render pool was replaced by a fresh one",
                 report["pid"], report["rss"] // 2**20, self._worker_bytes // 2**20)
        pool.shutdown(wait=False)  # what it was given it still draws, then its workers exit
        self._pool.submit(_ready)  # a fresh worker starts now, not at the next picture

    def reports(self) -> list[dict[str, Any]]:
        """The live workers' last reports (``memory.worker_report``), by process id."""
        live = set(self.worker_pids())
        for pid in [p for p in list(self._reports) if p not in live]:
            self._reports.pop(pid, None)
        return [report for _, report in sorted(list(self._reports.items()))]

    def _replace(self, broken: ProcessPoolExecutor) -> None:
        with self._lock:
            if self._pool is not broken:
                return  # another render already replaced it (and said so)
            log.warning("a render worker died; the render pool was restarted")
            broken.shutdown(wait=False, cancel_futures=True)
            self._pool = self._new_pool()

    def worker_pids(self) -> list[int]:
        """The live workers' process ids (for operators and tests)."""
        processes = getattr(self._pool, "_processes", None) or {}
        return sorted(processes)

    def problem(self) -> str | None:
        """None while no worker has died; else what happened, and the pool is replaced at once
        (one worker started), so the next look finds it healthy (the health check asks this)."""
        pool = self._pool
        try:
            dead = [pid for pid, p in list((getattr(pool, "_processes", None) or {}).items()) if not p.is_alive()]
        except RuntimeError:  # the pool's own thread changed its list of workers meanwhile: look again next time
            return None
        if not dead and not getattr(pool, "_broken", False):
            return None
        self._replace(pool)
        self._pool.submit(_ready)  # start a worker of the new pool now, not at the next picture
        which = f"render worker {dead[0]}" if dead else "a render worker"
        return f"{which} died; the render pool was restarted"

    def board(self, state: State, before: State | None, lang: str = "en", past: tuple[int, int] | None = None) -> bytes:
        return self._run(pictures.board, state, before, lang, past)

    def turn(self, state: State, before: State | None, lang: str = "en") -> bytes:
        return self._run(pictures.turn, state, before, lang)

    def tile(self, state: State, at: str, lang: str = "en") -> bytes:
        return self._run(pictures.tile, state, at, lang)

    def final(self, state: State, timeline: Any, lang: str = "en") -> bytes:
        """The end-of-game image (``renderers.render_final``); ``timeline`` is an ``engine.history.Timeline``."""
        return self._run(pictures.final, state, timeline, lang)

    def race(self, review: dict[str, Any], lang: str = "en") -> bytes:
        """A game review's race picture (``renderers.review.render_race``)."""
        return self._run(pictures.race, review, lang)

    def choose(self, state: State, level: str, seed: int, budget_ms: int = 1000) -> str:
        """A computer player's choice (``engine.ai.choose``), thought out in a worker process
        (``budget_ms``: the ``expert`` level's time per decision, spent in that worker)."""
        return self._run(_choose, state, level, seed, budget_ms)

    def hint(self, state: State, seed: int) -> Any:
        """The best options as the ``normal`` level values them (``engine.ai.hints.ranked``)."""
        return self._run(_hint, state, seed)

    def close(self) -> None:
        self._pool.shutdown(wait=True, cancel_futures=True)
