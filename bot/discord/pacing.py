"""Pacing what the bot asks of Discord: a token bucket, and the bot's whole HTTP API paced under
Discord's global limit of 50 requests a second.

discord.py waits out a 429 once Discord sends one; it never holds back before.  On a busy server
a restart's catch-up (every channel behind posts, deletes and edits at once) went to 76 requests
in one second in the soak.  The limit is the bot's, not a process's: with shards in several
processes each takes its shards' share.  Every request with the bot's token therefore takes a token first;
interaction callbacks and webhooks (an answer to a click, a followup) are not counted by Discord
against that limit and never wait here.
"""

from __future__ import annotations

import asyncio
import time
from collections.abc import Awaitable, Callable
from typing import Any

#: Requests a second, and at once, with the bot's token: under Discord's global 50 a second in
#: any second (45 + 5), room left for what discord.py sends by itself.
GLOBAL_RATE = 45.0
GLOBAL_BURST = 5
#: Routes Discord does not count against the global limit.
EXEMPT = ("/interactions/", "/webhooks/")


class Pacer:
    """At most ``rate`` a second, ``burst`` at once (a token bucket on ``clock``)."""

    def __init__(self, rate: float, burst: int, clock: Callable[[], float] = time.monotonic) -> None:
        self.rate, self.burst, self.clock = rate, burst, clock
        self._tokens, self._at = float(burst), clock()

    def _refill(self) -> None:
        now = self.clock()
        self._tokens = min(float(self.burst), self._tokens + (now - self._at) * self.rate)
        self._at = now

    def take(self) -> bool:
        self._refill()
        if self._tokens < 1:
            return False
        self._tokens -= 1
        return True

    def wait(self) -> float:
        """Seconds until ``take`` succeeds."""
        self._refill()
        return max(0.0, (1 - self._tokens) / self.rate)


def process_share(shards: int | None = None, of: int | None = None) -> float:
    """The requests a second this process may send: the global limit is the bot's, across every
    process, so one that runs ``shards`` of ``of`` shards takes that share of it."""
    if not shards or not of or shards >= of:
        return GLOBAL_RATE
    return GLOBAL_RATE * shards / of


class RequestPacer:
    """Waits until a request may go: tokens from a ``Pacer``, slept for with ``sleep``."""

    def __init__(self, rate: float = GLOBAL_RATE, burst: int = GLOBAL_BURST,
                 clock: Callable[[], float] = time.monotonic,
                 sleep: Callable[[float], Awaitable[Any]] = asyncio.sleep) -> None:
        self.bucket = Pacer(rate, burst, clock)
        self.sleep = sleep
        self.waited = 0  # requests that had to wait (a sign of a burst)

    async def acquire(self) -> None:
        waited = False
        while not self.bucket.take():
            waited = True
            await self.sleep(self.bucket.wait())
        self.waited += waited


def pace_http(http: Any, pacer: RequestPacer) -> None:
    """Make every request of discord.py's ``HTTPClient`` (``http.request(route, ...)``) take a
    token from ``pacer`` first, except those on ``EXEMPT`` routes."""
    request = http.request

    async def paced(route: Any, **kwargs: Any) -> Any:
        if not str(getattr(route, "path", "")).startswith(EXEMPT):
            await pacer.acquire()
        return await request(route, **kwargs)

    http.request = paced


__all__ = ["EXEMPT", "GLOBAL_BURST", "GLOBAL_RATE", "Pacer", "RequestPacer", "pace_http", "process_share"]
