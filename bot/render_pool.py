"""Board rendering in worker processes, so drawing never holds the bot's event loop (or its
GIL) while other players click: the pool's calls block only the thread that waits on them."""

from __future__ import annotations

import multiprocessing
import os
from concurrent.futures import ProcessPoolExecutor
from typing import Any

State = dict[str, Any]


def _render_board(state: State, before: State | None) -> bytes:
    from renderers import highlight_between, render_board

    highlight = highlight_between(before, state) if before is not None else None
    return render_board(state, highlight=highlight)


def _render_tile(state: State, at: str) -> bytes:
    from renderers import render_tile

    return render_tile(state, at)


def _warm_up() -> None:
    from renderers import board

    warm = getattr(board, "warm_up", None)
    if warm is not None:
        warm()


class RenderPool:
    """Callables with the service's renderer signatures, backed by a process pool."""

    def __init__(self, workers: int = min(2, os.cpu_count() or 1)) -> None:
        # spawn: a clean interpreter, never a fork of a process holding sockets and threads
        self._pool = ProcessPoolExecutor(workers, mp_context=multiprocessing.get_context("spawn"),
                                         initializer=_warm_up)

    def board(self, state: State, before: State | None) -> bytes:
        return self._pool.submit(_render_board, state, before).result()

    def tile(self, state: State, at: str) -> bytes:
        return self._pool.submit(_render_tile, state, at).result()

    def close(self) -> None:
        self._pool.shutdown(wait=True, cancel_futures=True)
