"""The composition root: the one place that builds the store, the game service with its
renderers and computer players, and the Discord client, and wires them together.

``local_service`` serves the playground (everything in this process); ``run_discord`` the
bot (pictures and computer players' thinking in worker processes).
"""

from __future__ import annotations

import asyncio
import logging
import os
import signal
from typing import Any

from bot.config import Config
from bot.discord.client import bot_class, configure_endpoints
from bot.discord.commands import build_commands
from bot.discord.delivery import Announcer
from bot.discord.responder import Responder
from bot.game.computer import AiTurns, think_here
from bot.game.render_pool import RenderPool
from bot.game.scheduler import Scheduler
from bot.game.service import (
    GameService,
    default_picture_renderer,
    default_renderer,
    default_tile_renderer,
)
from bot.store.api import GameStore, redact
from bot.store.connect import open_store

log = logging.getLogger(__name__)


def local_service(store: GameStore) -> GameService:
    """The service drawing and thinking in this process (the playground, tests)."""
    return GameService(store, default_renderer(), default_tile_renderer(),
                       picture_renderer=default_picture_renderer(), chooser=think_here)


def pooled_service(store: GameStore, pool: RenderPool | None, expert_ms: int = 1000) -> GameService:
    """The bot's service: pictures and computer players in the worker processes of ``pool``
    (None when the renderers are not installed: no pictures, the AI thinks in a thread);
    ``expert_ms``: the ``expert`` level's time per decision (``[ai] expert_ms``)."""
    if pool is None:
        return GameService(store, chooser=think_here)

    async def think(state: dict[str, Any], level: str, seed: int) -> str:  # in a worker process
        return await asyncio.to_thread(pool.choose, state, level, seed, expert_ms)

    service = GameService(store, pool.board, pool.tile, picture_renderer=pool.turn, chooser=think)
    service.chronicle.final_renderer = pool.final
    return service


def run_discord(config: Config) -> int:
    """Run the bot until SIGTERM/SIGINT; the database and the workers are closed cleanly either way."""
    configure_endpoints(config.api_base, config.gateway)
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(name)s: %(message)s")
    delays = os.environ.get("DS_RETRY_DELAYS")  # tests shorten the retries of failed posts
    retry = {"retry_delays": tuple(float(d) for d in delays.split(","))} if delays else {}
    if config.shards is not None:
        log.info("running %s against %s", config.shards, redact(config.database))

    async def main() -> None:
        # The database first: a file that cannot be used stops the bot before it logs in.
        store = await open_store(config.database)
        store.shards = config.shards  # catch-up posts, reminders, deadlines: this process's servers only
        pool = RenderPool() if default_renderer() is not None else None
        try:
            service = pooled_service(store, pool, config.expert_ms)
            client = bot_class(config.shards)(sync_guild=config.sync_guild, shards=config.shards)
            announcer = Announcer(client, service, **retry)
            responder = Responder(client, service, announcer)
            ai_turns = AiTurns(service, responder.after_ai_move)
            responder.scheduler = Scheduler(service, announcer.deliver_outbox, on_ai=ai_turns.start)
            client.attach(responder, build_commands(responder), responder.scheduler, ai_turns)
            loop = asyncio.get_running_loop()
            closing: list[asyncio.Future[None]] = []
            for sig in (signal.SIGTERM, signal.SIGINT):
                loop.add_signal_handler(sig, lambda: closing.append(asyncio.ensure_future(client.close())))
            async with client:
                await client.start(config.token or "")
            await asyncio.gather(*closing)  # let the shutdown finish before the store goes
        finally:
            await store.close()
            if pool is not None:
                await asyncio.to_thread(pool.close)

    asyncio.run(main())
    return 0
