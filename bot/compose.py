"""The composition root: the one place that builds the store, the game service with its
renderers and computer players, and the Discord client, and wires them together.

``local_service`` serves the playground (everything in this process); ``run_discord`` the
bot (pictures and computer players' thinking in worker processes).
"""

from __future__ import annotations

import asyncio
import functools
import logging
import os
import signal
import time
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any

import discord

from bot.config import Config, StartupError
from bot.discord.client import DominantBot, bot_class, configure_endpoints
from bot.discord.commands import build_commands
from bot.discord.delivery import RETRY_DELAYS, Announcer
from bot.discord.metrics import Metrics
from bot.discord.monitor import Check, Monitor
from bot.discord.news import FollowerNews
from bot.discord.operations import Operations
from bot.discord.outbox import Outbox
from bot.discord.responder import Responder
from bot.discord.reviews import ReviewPosts
from bot.game import memory
from bot.game.ai_seats import HOLD_LEVEL
from bot.game.computer import AiTurns, think_here
from bot.game.hints import hint_here
from bot.game.housekeeping import LOBBY_DAYS
from bot.game.layout import relayout
from bot.game.pictures import can_draw, default_picture_renderer, default_renderer, default_tile_renderer, race_here
from bot.game.render_pool import RenderPool
from bot.game.review_runner import ReviewRunner, ReviewWorker
from bot.game.scheduler import Alarm, Scheduler
from bot.game.service import GameService
from bot.game.telemetry import QUIET, Telemetry
from bot.logs import configure_logging, secrets_of
from bot.store.api import GameStore, redact
from bot.store.connect import open_store
from engine.review import DEFAULT_BUDGET, Budget

log = logging.getLogger(__name__)
#: Threads for the work given to threads (``asyncio.to_thread``), most of them waiting on a worker.
WAITING_THREADS = 24


def local_service(store: GameStore, *, review_budget: Budget = DEFAULT_BUDGET) -> GameService:
    """The service drawing and thinking in this process (the playground, tests)."""
    return GameService(store, default_renderer(), default_tile_renderer(),
                       picture_renderer=default_picture_renderer(), chooser=think_here, hinter=hint_here,
                       race_renderer=race_here if can_draw() else None, review_budget=review_budget)


def pooled_service(store: GameStore, pool: RenderPool | None, *, telemetry: Telemetry = QUIET,
                   expert_ms: int = 1000, clock: Callable[[], float] | None = None, lobby_days: int = LOBBY_DAYS,
                   hold_level: str = HOLD_LEVEL, review_budget: Budget = DEFAULT_BUDGET) -> GameService:
    """The bot's service: pictures and computer players in the worker processes of ``pool``
    (None when the renderers are not installed: no pictures, the AI thinks in a thread);
    ``expert_ms``: the ``expert`` level's time per decision (``[ai] expert_ms``); ``lobby_days``
    and ``hold_level``: ``[housekeeping] lobby_days`` and ``[ai] hold_level``; ``review_budget``: ``[review]``."""
    settings: dict[str, Any] = {"telemetry": telemetry, "clock": clock, "lobby_days": lobby_days,
                                "hold_level": hold_level, "review_budget": review_budget}
    if pool is None:
        return GameService(store, chooser=think_here, hinter=hint_here, **settings)

    async def think(state: dict[str, Any], level: str, seed: int) -> str:  # in a worker process
        return await asyncio.to_thread(pool.choose, state, level, seed, expert_ms)

    async def hint(state: dict[str, Any], seed: int) -> Any:  # in a worker process, as the AI thinks
        return await asyncio.to_thread(pool.hint, state, seed)

    async def race(review: dict[str, Any], lang: str) -> bytes:  # a review's race picture, in a worker process
        return await asyncio.to_thread(pool.race, review, lang)

    return GameService(store, pool.board, pool.tile, picture_renderer=pool.turn, final_renderer=pool.final,
                       chooser=think, hinter=hint, race_renderer=race, **settings)


def test_clock(path: str | None) -> Callable[[], float] | None:
    """For tests: the real time plus the seconds written in the file at ``path`` (read at each
    look, so a test moves the bot's days on while it runs, or while it is stopped)."""
    if not path:
        return None

    def clock() -> float:
        try:
            return time.time() + float(Path(path).read_text().strip() or 0)
        except (OSError, ValueError):
            return time.time()

    return clock


async def _starting() -> str | None:
    return "starting (the store and the gateway come next)"


def health_checks(client: DominantBot, store: GameStore, pool: RenderPool | None,
                  telemetry: Telemetry) -> dict[str, Check]:
    """What ``/healthz`` asks: the gateway is connected, the store answers, the render workers live."""

    async def gateway() -> str | None:
        return client.gateway_problem()

    async def database() -> str | None:
        try:
            await store.ping()
        except Exception as e:  # noqa: BLE001 - the answer is the problem itself
            telemetry.store_failed("health")
            why = (str(e).splitlines() or [""])[0] or type(e).__name__
            return f"the database {store.path} does not answer: {why}"
        return None

    checks: dict[str, Check] = {"gateway": gateway, "store": database}
    if pool is not None:
        async def workers() -> str | None:
            return await asyncio.to_thread(pool.problem)

        checks["render workers"] = workers
    return checks


def run_discord(config: Config) -> int:
    """Run the bot until SIGTERM/SIGINT; the database and the workers are closed cleanly either way."""
    configure_endpoints(config.api_base, config.gateway)
    configure_logging(config.log_format, secrets=secrets_of(config.token, config.database))
    delays = os.environ.get("DS_RETRY_DELAYS")  # tests shorten the retries of failed posts
    clock = test_clock(os.environ.get("DS_TEST_CLOCK_FILE")) or time.time
    retry_delays = tuple(float(d) for d in delays.split(",")) if delays else RETRY_DELAYS
    if config.shards is not None:
        log.info("running %s against %s", config.shards, redact(config.database))

    async def main() -> None:
        # Threads that wait on the render workers (a picture, a computer player's thought) are
        # asyncio's default executor's: with one worker many wait at once, and a replay or a
        # decode given to a thread must not queue behind them (a /ds log answered after 27 s).
        asyncio.get_running_loop().set_default_executor(ThreadPoolExecutor(WAITING_THREADS, "ds-wait"))
        # The metrics port first (a port in use stops the bot before anything started), then the
        # database: a file that cannot be used stops the bot before it logs in.
        # the metrics when they are served, or when JSON logs want a line per interaction answered
        wanted = config.metrics_port is not None or config.log_format == "json"
        metrics = Metrics() if wanted else None
        monitor = None
        if metrics is not None and config.metrics_port is not None:
            monitor = Monitor(metrics, {"start-up": _starting}, host=config.metrics_host, port=config.metrics_port)
            try:
                await monitor.start()
            except OSError as e:
                raise StartupError(f"the metrics endpoint cannot listen on {config.metrics_host}:"
                                   f"{config.metrics_port}: {e.strerror or e}") from None
        telemetry: Telemetry = metrics if metrics is not None else QUIET
        try:
            # catch-up posts, reminders, deadlines: this process's servers only; rows dated by the
            # clock housekeeping reads them with
            store = await open_store(config.database, shards=config.shards, clock=clock)
        except BaseException:
            if monitor is not None:
                await monitor.stop()
            raise
        try:
            await relayout(store)  # games stored by an older version, before any interaction
        except BaseException:
            await store.close()
            if monitor is not None:
                await monitor.stop()
            raise
        pool = (RenderPool(config.render_workers, config.worker_mb * 2**20)
                if default_renderer() is not None else None)
        review_worker = ReviewWorker()  # the reviews' own process, at the lowest priority
        try:
            budget = Budget(game_units=config.review_game_units, decision_units=config.review_decision_units)
            service = pooled_service(store, pool, telemetry=telemetry, expert_ms=config.expert_ms, clock=clock,
                                     lobby_days=config.lobby_days, hold_level=config.hold_level, review_budget=budget)
            client = bot_class(config.shards)(sync_guild=config.sync_guild, shards=config.shards, metrics=metrics)
            ops = Operations(client)  # every call to Discord outside an interaction's answer
            alarm = Alarm()  # wakes the scheduler: followers' news goes out at once, paced; an AI turn starts
            announcer = Announcer(ops, service, retry_delays=retry_delays, metrics=metrics, wake_outbox=alarm.ring)
            if metrics is not None:  # each process's memory and caches, at the scrape
                metrics.watch_memory(functools.partial(memory.census, service, pool),
                                     None if pool is None else (lambda: pool.recycled))
            if monitor is not None and metrics is not None:
                async def census() -> None:
                    metrics.census(*await store.census())

                monitor.ready(health_checks(client, store, pool, telemetry), census)
            responder = Responder(client, service, announcer, wake=alarm.ring)
            outbox = Outbox(ops, service, announcer, announcer.direct, FollowerNews(ops, service),
                            on_lobby_closed=responder.refresh_lobby)
            ai_turns = AiTurns(service.computer, responder.after_ai_move, responder.before_ai_move)
            scheduler = Scheduler(service, outbox.deliver, on_ai=ai_turns.start, clock=clock, alarm=alarm)
            reviews = ReviewRunner(service.review, review_worker.work, ReviewPosts(ops, service).show)
            client.attach(responder, build_commands(responder), scheduler, ai_turns, reviews)
            loop = asyncio.get_running_loop()
            giving_back = asyncio.create_task(memory.give_back_often())
            closing: list[asyncio.Future[None]] = []
            for sig in (signal.SIGTERM, signal.SIGINT):
                loop.add_signal_handler(sig, lambda: closing.append(asyncio.ensure_future(client.close())))
            async with client:
                try:
                    await client.start(config.token or "")
                except discord.LoginFailure:  # 401: a token reset in the Developer Portal, or mistyped
                    raise StartupError("Discord refused the bot's token (401 Unauthorized): set DISCORD_TOKEN "
                                       "(or [discord] token) to the token of the bot's application") from None
                except discord.PrivilegedIntentsRequired:
                    raise StartupError("Discord refused the gateway's intents: enable those the bot asks for "
                                       "in the Developer Portal (Bot, Privileged Gateway Intents)") from None
            await asyncio.gather(*closing)  # let the shutdown finish before the store goes
            giving_back.cancel()
        finally:
            if monitor is not None:
                await monitor.stop()
            await store.close()
            await asyncio.to_thread(review_worker.close)
            if pool is not None:
                await asyncio.to_thread(pool.close)

    asyncio.run(main())
    return 0
