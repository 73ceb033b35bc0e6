"""The Discord client: it logs in, syncs the ``/ds`` commands (in every language we have),
routes buttons and menus to the responder, starts the scheduler once connected, and on
shutdown stops what it started.  Everything it runs is built by the composition root
(``bot.compose``) and handed over with ``attach``.
"""

from __future__ import annotations

import logging
from collections.abc import Mapping

import discord
import yarl
from discord import app_commands

from bot.discord import components, components_story
from bot.discord.answers import OUR_FAULT, send_error
from bot.discord.commands_story import install_story_buttons
from bot.discord.delivery import Announcer
from bot.discord.rematch import open_rematch
from bot.discord.responder import Responder
from bot.discord.translator import CatalogueTranslator
from bot.game.computer import AiTurns
from bot.game.scheduler import Scheduler
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


class DominantBot(discord.Client):
    def __init__(self, *, sync_guild: int | None = None, shards: Shards | None = None) -> None:
        intents = discord.Intents.none() | discord.Intents(guilds=True)
        if shards is not None and isinstance(self, discord.AutoShardedClient):
            # a ShardedDominantBot: super() here is AutoShardedClient (its MRO), the one that takes shards
            discord.AutoShardedClient.__init__(self, intents=intents, allowed_mentions=discord.AllowedMentions.none(),
                                               shard_ids=list(shards.ids), shard_count=shards.count)
        else:
            super().__init__(intents=intents, allowed_mentions=discord.AllowedMentions.none())
        self.sync_guild = sync_guild
        self.tree = app_commands.CommandTree(self)
        self.tree.error(self.on_app_command_error)
        self.responder: Responder | None = None
        self.announcer: Announcer | None = None
        self.scheduler: Scheduler | None = None
        self.ai_turns: AiTurns | None = None

    def attach(self, responder: Responder, commands: app_commands.Group, scheduler: Scheduler,
               ai_turns: AiTurns) -> None:
        """What the client runs, from the composition root, before it logs in."""
        self.responder, self.announcer = responder, responder.announcer
        self.scheduler, self.ai_turns = scheduler, ai_turns
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
        items = (*components.DYNAMIC_ITEMS, *components_story.DYNAMIC_ITEMS)
        components.register_items(*items)
        self.add_dynamic_items(*items)
        if self.sync_guild:
            guild = discord.Object(self.sync_guild)
            self.tree.copy_global_to(guild=guild)
            await self.tree.sync(guild=guild)
        else:
            await self.tree.sync()

    async def on_ready(self) -> None:
        log.info("connected as %s", self.user)
        assert self.scheduler is not None and self.responder is not None and self.announcer is not None
        self.scheduler.start()  # reminders and deadlines (those due while the bot was down fire now, once)
        # Whatever Discord failed to take before a restart goes out now.
        for channel_id in await self.responder.service.unposted_channels():
            self.announcer.retry_now(channel_id)

    async def close(self) -> None:
        """Stop what runs on its own (the scheduler, computer players, retries), then log out.
        The store and the render pool are the composition root's to close."""
        if self.scheduler is not None:
            await self.scheduler.stop()
        if self.ai_turns is not None:
            await self.ai_turns.stop()
        if self.announcer is not None:
            await self.announcer.close()
        await super().close()

    async def on_app_command_error(self, interaction: discord.Interaction,
                                   error: app_commands.AppCommandError) -> None:
        if isinstance(error, app_commands.CommandSignatureMismatch | app_commands.CommandNotFound):
            # Discord still shows a user the commands as they were before the last sync (it takes
            # a while to reach every client): the command is fine, their copy of it is old.
            log.info("an outdated command was used: %s", error)
            await send_error(interaction, COMMANDS_UPDATING)
            return
        log.exception("command failed", exc_info=error)
        await send_error(interaction, OUR_FAULT)

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
