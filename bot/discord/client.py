"""The Discord client: it logs in, syncs the ``/ds`` commands (in every language we have),
routes buttons and menus to the responder, starts the scheduler once connected, and on
shutdown stops what it started.  Everything it runs is built by the composition root
(``bot.compose``) and handed over with ``attach``.
"""

from __future__ import annotations

import logging
from collections.abc import Mapping
from typing import TypedDict

import aiohttp
import discord
import yarl
from discord import app_commands

from bot.discord import ahead, components, components_story, plans
from bot.discord.answers import OUR_FAULT, answer_refusal, offer_nothing, send_error
from bot.discord.commands_admin import install_admin_buttons
from bot.discord.commands_story import install_story_buttons
from bot.discord.delivery import Announcer
from bot.discord.metrics import Metrics
from bot.discord.pacing import GLOBAL_BURST, GLOBAL_RATE, RequestPacer, pace_http, process_share
from bot.discord.rematch import open_rematch
from bot.discord.responder import Responder
from bot.discord.reviews import install_review_buttons
from bot.discord.translator import CatalogueTranslator
from bot.game import context
from bot.game.computer import AiTurns
from bot.game.review_runner import ReviewRunner
from bot.game.scheduler import Scheduler
from bot.store.api import is_store_error
from bot.store.shards import Shards
from words import T

log = logging.getLogger(__name__)
COMMANDS_UPDATING = T("bot.err.commands_updating")


def configure_endpoints(api_base: str | None, gateway: str | None) -> None:
    """Point discord.py at Discord-compatible REST and gateway base URLs (proxies, tests)."""
    if api_base:
        discord.http.Route.BASE = api_base.rstrip("/")
    if gateway:
        discord.gateway.DiscordWebSocket.DEFAULT_GATEWAY = yarl.URL(gateway)


class _Traced(TypedDict, total=False):
    """What the client is given besides its intents and mentions: the metrics' trace of its requests."""

    http_trace: aiohttp.TraceConfig


class _Tree(app_commands.CommandTree):
    """The command tree, noting each command (and autocomplete) as its handling starts: for the
    log lines written while it is answered, and for the metrics."""

    metrics: Metrics | None = None

    async def interaction_check(self, interaction: discord.Interaction, /) -> bool:
        context.note_interaction(interaction.id, interaction.guild_id)
        if self.metrics is not None:
            self.metrics.start(interaction)
        return True

    async def _call(self, interaction: discord.Interaction) -> None:
        """discord.py's handling of one command or autocomplete, after which an autocomplete that
        is still unanswered gets its choices (none): whatever failed (a command or an option the
        bot no longer has, as Discord shows some clients the tree before the last sync, or an
        error in its callback), an autocomplete takes no other answer."""
        try:
            await super()._call(interaction)
        finally:
            if interaction.type is discord.InteractionType.autocomplete and not interaction.response.is_done():
                await offer_nothing(interaction)


class DominantBot(discord.Client):
    def __init__(self, *, sync_guild: int | None = None, shards: Shards | None = None,
                 metrics: Metrics | None = None) -> None:
        intents, mentions = discord.Intents.none() | discord.Intents(guilds=True), discord.AllowedMentions.none()
        # every REST answer of Discord's, seen on the wire
        traced: _Traced = {"http_trace": metrics.http_trace()} if metrics is not None else {}
        if shards is not None and isinstance(self, discord.AutoShardedClient):
            # a ShardedDominantBot: super() here is AutoShardedClient (its MRO), the one that takes shards
            discord.AutoShardedClient.__init__(self, intents=intents, allowed_mentions=mentions,
                                               shard_ids=list(shards.ids), shard_count=shards.count, **traced)
        else:
            super().__init__(intents=intents, allowed_mentions=mentions, **traced)
        # under Discord's 50 requests a second (the bot's, across its processes), whatever posts at once
        share = process_share(len(shards.ids), shards.count) if shards is not None else GLOBAL_RATE
        pace_http(self.http, RequestPacer(rate=share, burst=max(1, round(GLOBAL_BURST * share / GLOBAL_RATE))))
        self.sync_guild = sync_guild
        self.shard_config = shards
        self.metrics = metrics
        self.tree = _Tree(self)
        self.tree.metrics = metrics
        self.tree.error(self.on_app_command_error)
        self.responder: Responder | None = None
        self.announcer: Announcer | None = None
        self.scheduler: Scheduler | None = None
        self.ai_turns: AiTurns | None = None
        self.reviews: ReviewRunner | None = None

    def attach(self, responder: Responder, commands: app_commands.Group, scheduler: Scheduler,
               ai_turns: AiTurns, reviews: ReviewRunner | None = None) -> None:
        """What the client runs, from the composition root, before it logs in."""
        self.responder, self.announcer = responder, responder.announcer
        self.scheduler, self.ai_turns, self.reviews = scheduler, ai_turns, reviews
        self.tree.add_command(commands)

    async def setup_hook(self) -> None:
        assert self.responder is not None, "attach() the responder before starting the client"
        await self.tree.set_translator(CatalogueTranslator())  # before the sync: it sends the localisations
        responder = self.responder
        components.set_handler("choice", responder.on_choice)
        components.set_handler("board", responder.on_board_button)
        components.set_handler("join", responder.on_join_button)
        components.set_handler("proposal", responder.on_proposal)
        components.set_handler("rematch", lambda i, game: open_rematch(responder, i, game))
        install_story_buttons(responder)  # the history and log buttons
        install_review_buttons(responder)  # the end post's Review
        install_admin_buttons(responder)  # the pages of /ds admin games
        plans.install_plan_buttons(responder)  # "Plan ahead" and its menus
        ahead.install_ahead_buttons(responder)  # "Answer ahead" and its menus
        await self._release_dead_rematches()
        components.wrap_handlers(self._noted)
        items = (*components.DYNAMIC_ITEMS, *components_story.DYNAMIC_ITEMS, *plans.DYNAMIC_ITEMS,
                 *ahead.DYNAMIC_ITEMS)
        components.register_items(*items)
        self.add_dynamic_items(*items)
        if self.sync_guild:
            guild = discord.Object(self.sync_guild)
            self.tree.copy_global_to(guild=guild)
            await self.tree.sync(guild=guild)
        else:
            await self.tree.sync()

    async def _release_dead_rematches(self) -> None:
        """Before the first click is heard: the rematches a process before this one claimed and
        died opening may be opened again at once (else their claims are released by age)."""
        assert self.responder is not None
        try:
            await self.responder.service.rematch.release_dead_rematches()
        except Exception:  # noqa: BLE001 - not worth failing the start over: the claims' age releases them
            log.exception("releasing the rematches left half-opened failed")

    def _noted(self, kind: str, handler: components.Handler) -> components.Handler:
        """A button's or menu's handler, noting the click as a command's handling is noted (``_Tree``)."""

        async def noted(interaction: discord.Interaction, **fields: object) -> None:
            context.note_interaction(interaction.id, interaction.guild_id)
            if self.metrics is not None:
                self.metrics.start(interaction, kind)
            try:
                await handler(interaction, **fields)
            except Exception as e:
                if await answer_refusal(interaction, e):  # the service said no: counted as refused
                    if self.metrics is not None:
                        self.metrics.finish(interaction)
                    return
                if self.metrics is not None:
                    self.metrics.finish(interaction, "error")
                    if is_store_error(e):
                        self.metrics.store_failed("component")
                raise
            if self.metrics is not None:
                self.metrics.finish(interaction)

        return noted

    def gateway_problem(self) -> str | None:
        """None while connected to Discord's gateway (every shard of this process), else what is wrong."""
        if self.is_closed():
            return "the gateway connection is closed"
        if not self.is_ready():
            return "not connected to the gateway yet"
        if isinstance(self, discord.AutoShardedClient):
            wanted = set(self.shard_config.ids) if self.shard_config is not None else set(self.shards)
            down = sorted(wanted - {i for i, shard in self.shards.items() if not shard.is_closed()})
            return f"gateway shards {down} are not connected" if down else None
        ws = self.ws
        return None if ws is not None and ws.open else "the gateway connection is down (reconnecting)"

    async def on_app_command_completion(self, interaction: discord.Interaction, _command: object) -> None:
        if self.metrics is not None:
            self.metrics.finish(interaction)

    async def on_ready(self) -> None:
        log.info("connected as %s", self.user)
        assert self.scheduler is not None and self.responder is not None and self.announcer is not None
        self.scheduler.start()  # reminders and deadlines (those due while the bot was down fire now, once)
        if self.reviews is not None:
            self.reviews.start()  # reviews left unfinished by a restart carry on
        # Whatever Discord failed to take before a restart goes out now.
        for channel_id in await self.responder.service.postbox.unposted_channels():
            self.announcer.retry_now(channel_id)

    async def close(self) -> None:
        """Stop what runs on its own (the scheduler, computer players, retries), then log out.
        The store and the render pool are the composition root's to close."""
        if self.scheduler is not None:
            await self.scheduler.stop()
        if self.ai_turns is not None:
            await self.ai_turns.stop()
        if self.reviews is not None:
            await self.reviews.stop()
        if self.announcer is not None:
            await self.announcer.close()
        await super().close()

    async def on_app_command_error(self, interaction: discord.Interaction,
                                   error: app_commands.AppCommandError) -> None:
        if interaction.type is discord.InteractionType.autocomplete:  # answered with no choices (``_Tree._call``)
            log.info("an autocomplete could not be answered: %s", error)
            return
        if isinstance(error, app_commands.CommandSignatureMismatch | app_commands.CommandNotFound):
            # Discord still shows a user the commands as they were before the last sync (it takes
            # a while to reach every client): the command is fine, their copy of it is old.
            log.info("an outdated command was used: %s", error)
            await send_error(interaction, COMMANDS_UPDATING)
        elif not await answer_refusal(interaction, error):  # the service's refusal: said privately; else ours
            log.exception("command failed", exc_info=error)
            await send_error(interaction, OUR_FAULT)
            if self.metrics is not None and is_store_error(getattr(error, "original", error)):
                self.metrics.store_failed("command")
        if self.metrics is not None:
            self.metrics.finish(interaction)  # refused (by the service, an outdated command) or our fault, as said

    async def on_interaction(self, interaction: discord.Interaction) -> None:
        # A click on a custom id of ours that no item answers (mangled, forged, or from an
        # older version of the bot) is told so, rather than left to fail in Discord's client.
        data: Mapping[str, object] = interaction.data or {}
        custom_id = str(data.get("custom_id", ""))
        if (interaction.type is discord.InteractionType.component and custom_id.startswith("ds:")
                and not components.is_ours(custom_id)):
            await components.refuse_invalid(interaction)
        # A post Discord refused earlier (e.g. a missing permission, now granted) goes out at
        # the next interaction in that channel at the latest.
        if self.announcer is not None and interaction.channel_id is not None:
            channel_id = str(interaction.channel_id)
            if self.announcer.is_blocked(channel_id):
                self.announcer.retry_now(channel_id)


class ShardedDominantBot(DominantBot, discord.AutoShardedClient):
    """The same bot on the shards it is given (other processes run the others, against the
    same PostgreSQL database)."""


def bot_class(shards: Shards | None) -> type[DominantBot]:
    return DominantBot if shards is None else ShardedDominantBot
