"""What the game side tells the host's metrics: moves by who made them, pictures drawn and how
long they took, how late the scheduler handled what was due, outbox sends to retry, and
database failures met on the way.

``bot/game`` owns this small interface and imports no metrics library: the composition root
hands the service and the scheduler an implementation (``bot.discord.metrics.Metrics``, in
Prometheus' terms); without one nothing is recorded (``QUIET``).  Every method is a few
nanoseconds of bookkeeping and never raises into a move.
"""

from __future__ import annotations

import asyncio
import time
from collections.abc import Callable
from typing import Any, Protocol, TypeVar

R = TypeVar("R")

#: Who made a move, as the move list marks it (``moves.made_by``).
MOVE_SOURCES = ("player", "planned", "ordered", "early", "ai", "clock", "resigned")
#: The pictures the service draws: the board (``/ds board``), the turn picture of a post, a
#: tile zoom, a past board (``/ds history``), the end-of-game image.
RENDER_KINDS = ("board", "turn", "tile", "history", "final")


class Telemetry(Protocol):
    def moved(self, made_by: str, count: int = 1) -> None:
        """``count`` moves made by ``made_by`` were written with the game's new state (counted in the
        move's transaction, once the version check passed: a commit failing after it, which is
        rare, still counts)."""

    def rendered(self, kind: str, seconds: float, ok: bool) -> None:
        """A picture of ``kind`` drawn (or failed) in ``seconds``."""

    def overdue(self, seconds: float) -> None:
        """The scheduler handled something due ``seconds`` ago (its lag)."""

    def outbox_failed(self, kind: str) -> None:
        """An outbox item of ``kind`` could not be sent; it stays for the next tick."""

    def store_failed(self, where: str) -> None:
        """The database failed an operation of ``where`` (a move, a tick, a health check...)."""

    def housekept(self, what: str) -> None:
        """Housekeeping did ``what`` (a lobby closed, a thread archived, an idle game pointed out)."""


class Quiet:
    """Telemetry that records nothing (the playground, tests, a bot without metrics)."""

    def moved(self, made_by: str, count: int = 1) -> None:
        pass

    def rendered(self, kind: str, seconds: float, ok: bool) -> None:
        pass

    def overdue(self, seconds: float) -> None:
        pass

    def outbox_failed(self, kind: str) -> None:
        pass

    def store_failed(self, where: str) -> None:
        pass

    def housekept(self, what: str) -> None:
        pass


QUIET = Quiet()


async def drawn(telemetry: Telemetry, kind: str, fn: Callable[..., R], *args: Any) -> R:
    """``fn(*args)`` in a thread (a render: in this process or waiting on a worker), timed as ``kind``."""
    start = time.perf_counter()
    try:
        result = await asyncio.to_thread(fn, *args)
    except BaseException:
        telemetry.rendered(kind, time.perf_counter() - start, False)
        raise
    telemetry.rendered(kind, time.perf_counter() - start, True)
    return result
