"""The host's window on a running bot: ``/metrics`` (Prometheus' text format) and ``/healthz``.

One small aiohttp server inside the bot's process, on its event loop: aiohttp comes with
discord.py, so nothing more is installed, and a health check answered on the same loop that
answers Discord is itself a check (a loop stuck on something answers neither).  It listens on
127.0.0.1 unless ``[metrics] host`` says otherwise; it is bound before anything else starts, so
a port in use stops the bot at once with one line.

``/healthz`` runs every check at once, each within ``CHECK_SECONDS``: 200 and ``{"status": "ok"}``
when all pass, else 503 with what is wrong, check by check.  ``/metrics`` first asks the store
for what is counted as it is now (live games, the outbox's depth).
"""

from __future__ import annotations

import asyncio
import json
import logging
from collections.abc import Awaitable, Callable

from aiohttp import web
from prometheus_client import CONTENT_TYPE_LATEST

from bot.discord.metrics import Metrics
from bot.store.api import is_store_error

log = logging.getLogger(__name__)

#: A check: None when healthy, else what is wrong (one line).
Check = Callable[[], Awaitable[str | None]]
CHECK_SECONDS = 3.0


class Monitor:
    def __init__(self, metrics: Metrics, checks: dict[str, Check], *,
                 census: Callable[[], Awaitable[None]] | None = None, host: str = "127.0.0.1",
                 port: int = 9108) -> None:
        self.metrics = metrics
        self.checks = checks
        self.census = census
        self.host, self.port = host, port
        self._runner: web.AppRunner | None = None

    def ready(self, checks: dict[str, Check], census: Callable[[], Awaitable[None]] | None = None) -> None:
        """The bot is up (it listened from the start, its checks saying so): ``/healthz`` asks
        these checks from now on, and ``/metrics`` counts with ``census``."""
        self.checks, self.census = checks, census

    async def start(self) -> None:
        """Listen; ``OSError`` when the address cannot be had (a port in use, a host not of this machine)."""
        app = web.Application()
        app.router.add_get("/metrics", self._metrics)
        app.router.add_get("/healthz", self._healthz)
        runner = web.AppRunner(app, access_log=None, handle_signals=False)
        await runner.setup()
        try:
            await web.TCPSite(runner, self.host, self.port).start()
        except BaseException:
            await runner.cleanup()
            raise
        self._runner = runner
        log.info("metrics and health on http://%s:%s/metrics and /healthz", self.host, self.port)

    async def stop(self) -> None:
        if self._runner is not None:
            await self._runner.cleanup()
            self._runner = None

    async def health(self) -> dict[str, str]:
        """Each check's verdict: "ok" or what is wrong."""
        names = list(self.checks)
        verdicts = await asyncio.gather(*(self._run(self.checks[n]) for n in names))
        return {n: v or "ok" for n, v in zip(names, verdicts, strict=True)}

    async def _run(self, check: Check) -> str | None:
        try:
            return await asyncio.wait_for(check(), CHECK_SECONDS)
        except TimeoutError:
            return f"no answer within {CHECK_SECONDS:g} s"
        except Exception as e:  # noqa: BLE001 - a failing check is an answer: unhealthy, and why
            return f"{type(e).__name__}: {str(e).splitlines()[0] if str(e) else ''}".rstrip(": ")

    async def _healthz(self, _request: web.Request) -> web.Response:
        checks = await self.health()
        ok = all(v == "ok" for v in checks.values())
        if not ok:
            log.warning("unhealthy: %s", "; ".join(f"{n}: {v}" for n, v in checks.items() if v != "ok"))
        body = {"status": "ok" if ok else "failing", "checks": checks}
        return web.Response(text=json.dumps(body) + "\n", status=200 if ok else 503, content_type="application/json")

    async def _metrics(self, _request: web.Request) -> web.Response:
        if self.census is not None:
            try:
                await asyncio.wait_for(self.census(), CHECK_SECONDS)
            except Exception as e:  # noqa: BLE001 - the counters are still worth a scrape; the gauges keep their values
                log.warning("reading the live games and the outbox for /metrics failed: %r", e)
                if is_store_error(e):
                    self.metrics.store_failed("metrics")
        return web.Response(body=self.metrics.exposition(), headers={"Content-Type": CONTENT_TYPE_LATEST})
