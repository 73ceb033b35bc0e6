"""The Discord shell: the client, how each interaction is answered, and the composition root.

Handlers only parse, call the game service and answer; the channel itself is brought up to
date by the ``Announcer`` after a move is committed.  Every interaction is acknowledged at
once (or deferred before anything slow), errors are private, and every outgoing text fits
Discord's limits (``bot.limits``).  The ``/ds`` commands are in ``bot.commands``.
"""

from __future__ import annotations

import asyncio
import contextlib
import io
import logging
import os
import signal
from collections.abc import Awaitable, Callable

import discord
import yarl
from discord import app_commands

from bot import commands_story, components
from bot.computer import AiTurns, think_here
from bot.config import Config
from bot.delivery import Announcer, PostOutcome, mentions_for, message_text
from bot.limits import CONTENT, clip
from bot.permissions import missing_permissions
from bot.render_pool import RenderPool
from bot.replies import NoGame, Reply, ServiceError
from bot.scheduler import Scheduler
from bot.service import GameService, default_renderer
from bot.store import Store, redact
from bot.texts import lang_of
from bot.translator import CatalogueTranslator
from words import T, Words, join, pick_language
from words import say as say_in

log = logging.getLogger(__name__)
OUR_FAULT = T("bot.our_fault")


def configure_endpoints(config: Config) -> None:
    """Point discord.py at Discord-compatible REST and gateway base URLs (proxies, tests)."""
    if config.api_base:
        discord.http.Route.BASE = config.api_base.rstrip("/")
    if config.gateway:
        discord.gateway.DiscordWebSocket.DEFAULT_GATEWAY = yarl.URL(config.gateway)


def who(interaction: discord.Interaction) -> tuple[str, str, str]:
    return str(interaction.channel_id), str(interaction.user.id), interaction.user.display_name


def user_lang(interaction: discord.Interaction) -> str:
    """The language of whoever is interacting: private answers and refusals are in it."""
    return pick_language(getattr(interaction.locale, "value", None))


class DominantBot(discord.Client):
    def __init__(self, config: Config, *, retry_delays: tuple[float, ...] | None = None) -> None:
        shards = {}
        if config.shards is not None and isinstance(self, discord.AutoShardedClient):
            shards = {"shard_ids": list(config.shards.ids), "shard_count": config.shards.count}
        super().__init__(intents=discord.Intents.none() | discord.Intents(guilds=True),
                         allowed_mentions=discord.AllowedMentions.none(), **shards)
        self.config = config
        self.tree = app_commands.CommandTree(self)
        self.store: Store | None = None
        self.service: GameService | None = None
        self.announcer: Announcer | None = None
        self.render_pool: RenderPool | None = None
        self.scheduler: Scheduler | None = None
        self.ai_turns: AiTurns | None = None
        self._retry_delays = retry_delays
        from bot.commands import build_commands

        self.tree.add_command(build_commands(self))
        self.tree.on_error = self.on_app_command_error

    async def setup_hook(self) -> None:
        await self.tree.set_translator(CatalogueTranslator())  # before the sync: it sends the localisations
        if self.store is None:
            self.store = await Store.open(self.config.database)
        # Catch-up posts, reminders and deadlines: only for the servers on this process's shards.
        self.store.shards = self.config.shards
        if default_renderer() is not None:
            self.render_pool = RenderPool()
            pool = self.render_pool

            async def think(state: dict, level: str, seed: int) -> str:  # in a worker process
                return await asyncio.to_thread(pool.choose, state, level, seed)

            self.service = GameService(self.store, self.render_pool.board, self.render_pool.tile,
                                       picture_renderer=self.render_pool.turn, chooser=think)
        else:
            self.service = GameService(self.store, chooser=think_here)
        kwargs = {} if self._retry_delays is None else {"retry_delays": self._retry_delays}
        self.announcer = Announcer(self, self.service, **kwargs)
        self.ai_turns = AiTurns(self.service, self.after_ai_move)
        self.scheduler = Scheduler(self.service, self.announcer.deliver_outbox, on_ai=self.ai_turns.start)
        components.set_handler("choice", self.on_choice)
        components.set_handler("board", self.on_board_button)
        components.set_handler("join", self.on_join_button)
        components.set_handler("proposal", self.on_proposal)
        self.add_dynamic_items(*components.DYNAMIC_ITEMS)
        commands_story.install(self)  # the history and log buttons
        if self.render_pool is not None:
            self.service.chronicle.final_renderer = self.render_pool.final
        if self.config.sync_guild:
            guild = discord.Object(self.config.sync_guild)
            self.tree.copy_global_to(guild=guild)
            await self.tree.sync(guild=guild)
        else:
            await self.tree.sync()

    async def on_ready(self) -> None:
        log.info("connected as %s", self.user)
        self.scheduler.start()  # reminders and deadlines (those due while the bot was down fire now, once)
        # Whatever Discord failed to take before a restart goes out now.
        for channel_id in await self.service.unposted_channels():
            self.announcer.retry_now(channel_id)

    async def close(self) -> None:
        if self.scheduler is not None:
            await self.scheduler.stop()
        if self.ai_turns is not None:
            await self.ai_turns.stop()
        if self.announcer is not None:
            await self.announcer.close()
        await super().close()
        if self.store is not None:
            await self.store.close()
            self.store = None
        if self.render_pool is not None:
            await asyncio.to_thread(self.render_pool.close)
            self.render_pool = None

    async def on_app_command_error(self, interaction: discord.Interaction,
                                   error: app_commands.AppCommandError) -> None:
        log.exception("command failed", exc_info=error)
        await self.send_error(interaction, OUR_FAULT)

    async def on_interaction(self, interaction: discord.Interaction) -> None:
        # A post Discord refused earlier (e.g. a missing permission, now granted) goes out at
        # the next interaction in that channel at the latest.
        if self.announcer is not None and interaction.channel_id is not None:
            channel_id = str(interaction.channel_id)
            if self.announcer.is_blocked(channel_id):
                self.announcer.retry_now(channel_id)

    async def after_ai_move(self, game_id: int) -> None:
        """A computer player moved: the channel shows it like anyone's move."""
        game = await self.store.game(game_id)
        if game is not None:
            await self.announcer.sync(game.channel_id)

    # -- answering ----------------------------------------------------------------------------

    @staticmethod
    async def send_error(interaction: discord.Interaction, text: Words) -> None:
        await say(interaction, text, ephemeral=True)

    async def game_lang(self, reply: Reply) -> str:
        """The language a public reply is posted in: its game's."""
        if reply.lang is not None:
            return reply.lang
        game = await self.store.game(reply.game_id) if reply.game_id is not None else None
        return lang_of(game)

    async def run_simple(self, interaction: discord.Interaction, action: Callable[[], Awaitable[Reply]],
                         *, ephemeral: bool = False) -> Reply | None:
        """A fast command: answer directly with the reply's text (errors: private).  A public
        answer is in the game's language, a private one in the user's."""
        try:
            reply = await action()
        except ServiceError as e:
            await self.send_error(interaction, e.message)
            return None
        lang = user_lang(interaction) if ephemeral else await self.game_lang(reply)
        # only the people the service names (never anyone a user typed) are pinged
        await interaction.response.send_message(message_text(reply, lang=lang), ephemeral=ephemeral,
                                                allowed_mentions=mentions_for(reply.mention))
        return reply

    async def run_turn(self, interaction: discord.Interaction, action: Callable[[], Awaitable[Reply]],
                       *, confirm: Words | None = None, quiet: bool = False) -> Reply | None:
        """A command that changes the game: defer, act, bring the channel up to date, then
        answer the actor privately (``quiet``: only if something is worth saying)."""
        if not interaction.response.is_done():
            if quiet:
                await interaction.response.defer()  # a click: the live message itself will change
            else:
                await interaction.response.defer(ephemeral=True, thinking=True)
        try:
            reply = await action()
        except ServiceError as e:
            await self.send_error(interaction, e.message)
            return None
        except Exception:  # noqa: BLE001 - a busy or full database: the transaction rolled back
            log.exception("a move failed")
            await self.send_error(interaction, OUR_FAULT)
            return None
        # The move is committed: from here on a Discord failure must not stop the public post.
        channel_id = str(interaction.channel_id)
        if self.scheduler is not None:
            self.scheduler.wake()  # a computer player may be next: its turn starts now, not at the next tick
        outcome = await self.announcer.sync(channel_id)
        private = confirm or reply.message
        if outcome is PostOutcome.FORBIDDEN and self.announcer.tell_blocked_once(channel_id):
            missing = missing_permissions(interaction) or ["Send Messages", "Attach Files"]
            private = join(T("bot.cannot_post", missing=", ".join(missing)), private, sep="\n\n")
        elif quiet:
            return reply
        await say(interaction, private, ephemeral=True)
        return reply

    # -- components ---------------------------------------------------------------------------

    async def on_choice(self, interaction: discord.Interaction, game: int, version: int, option: str) -> None:
        """A button or select click on a prompt message."""
        channel_id, user_id, _ = who(interaction)

        async def act() -> Reply:
            live = await self.store.live_game(channel_id)
            if live is None or live.id != game:
                raise NoGame(T("bot.err.prompt_gone"))
            return await self.service.act(channel_id, user_id, option, version)

        await self.run_turn(interaction, act, quiet=True)

    async def on_board_button(self, interaction: discord.Interaction, game: int) -> None:
        """"Full board": the whole board of the game, privately."""
        await interaction.response.defer(ephemeral=True, thinking=True)
        try:
            found = await self.store.game(game)
            if found is None or found.channel_id != str(interaction.channel_id):
                raise NoGame(T("bot.err.board_gone"))
            reply = await self.service.board(found.channel_id)
        except ServiceError as e:
            await self.send_error(interaction, e.message)
            return
        await send_picture(interaction, reply, ephemeral=True)

    async def on_join_button(self, interaction: discord.Interaction, game: int) -> None:
        """"Join" on a lobby message in the game's parent channel."""
        found = await self.store.game(game)
        if found is None or found.status != "lobby":
            await self.send_error(interaction, T("bot.err.lobby_gone"))
            return
        _, user_id, name = who(interaction)
        try:
            reply = await self.service.join(found.channel_id, user_id, name)
        except ServiceError as e:
            await self.send_error(interaction, e.message)
            return
        await say(interaction, join(reply.message, T("bot.played_in", where=f"<#{found.channel_id}>")),
                  ephemeral=True)
        await self.refresh_lobby(found.id)

    async def on_proposal(self, interaction: discord.Interaction, proposal: int, approve: bool) -> None:
        channel_id, user_id, _ = who(interaction)
        await interaction.response.defer(ephemeral=True, thinking=True)
        try:
            reply = await self.service.answer_rollback(channel_id, user_id, proposal, approve)
        except ServiceError as e:
            await self.send_error(interaction, e.message)
            return
        await say(interaction, reply.message, ephemeral=True)
        if interaction.message is not None:
            with contextlib.suppress(discord.HTTPException):
                decided = reply.version is not None or "refuses" in reply.text or "expired" in reply.text
                said = reply.in_(await self.game_lang(reply))
                await interaction.message.edit(content=clip(f"{interaction.message.content}\n{said}", CONTENT),
                                               view=None if decided else discord.utils.MISSING)
        await self.announcer.sync(channel_id)

    async def refresh_lobby(self, game_id: int) -> None:
        """Keep the lobby message in the parent channel in step with the seats (best effort)."""
        game = await self.store.game(game_id)
        if game is None or not game.home_channel_id or not game.lobby_message_id:
            return
        from bot.texts import lobby_card

        message = self.get_partial_messageable(int(game.home_channel_id)).get_partial_message(
            int(game.lobby_message_id))
        view = components.join_view(game.id, lang_of(game)) if game.status == "lobby" else None
        with contextlib.suppress(discord.HTTPException):
            await message.edit(content=clip(say_in(lobby_card(game), lang_of(game)), CONTENT), view=view)


class ShardedDominantBot(DominantBot, discord.AutoShardedClient):
    """The same bot on the shards ``config.shards`` names (other processes run the others,
    against the same PostgreSQL database)."""


def bot_class(config: Config) -> type[DominantBot]:
    return DominantBot if config.shards is None else ShardedDominantBot


async def say(interaction: discord.Interaction, text: Words, *, ephemeral: bool, lang: str | None = None) -> None:
    """Answer an interaction (first response or followup), cut to fit, pinging nobody; in
    ``lang``, by default the user's (an answer in the game's language passes the game's)."""
    text = clip(say_in(text, lang or user_lang(interaction)), CONTENT)
    try:
        if interaction.response.is_done():
            await interaction.followup.send(text, ephemeral=ephemeral, allowed_mentions=discord.AllowedMentions.none())
        else:
            await interaction.response.send_message(text, ephemeral=ephemeral,
                                                    allowed_mentions=discord.AllowedMentions.none())
    except discord.HTTPException as e:  # nothing more can be said to this user
        log.warning("answering an interaction failed: %s", e)


async def send_picture(interaction: discord.Interaction, reply: Reply, name: str = "board.png", *,
                       ephemeral: bool = False) -> None:
    """A reply with its picture (drawn in the game's language, as its text is)."""
    kwargs: dict = {"allowed_mentions": discord.AllowedMentions.none(), "ephemeral": ephemeral}
    if reply.image:
        kwargs["file"] = discord.File(io.BytesIO(reply.image), filename=name)
    await interaction.followup.send(clip(reply.in_(reply.lang or user_lang(interaction)), CONTENT), **kwargs)


def run_discord(config: Config) -> int:
    """Run the bot until SIGTERM/SIGINT; the database is closed cleanly either way."""
    configure_endpoints(config)
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(name)s: %(message)s")
    delays = os.environ.get("DS_RETRY_DELAYS")  # tests shorten the retries of failed posts
    bot = bot_class(config)(config, retry_delays=tuple(float(d) for d in delays.split(",")) if delays else None)
    if config.shards is not None:
        log.info("running %s against %s", config.shards, redact(config.database))

    async def main() -> None:
        # The database first: a file that cannot be used stops the bot before it logs in.
        bot.store = await Store.open(config.database)
        loop = asyncio.get_running_loop()
        closing: list[asyncio.Future] = []
        for sig in (signal.SIGTERM, signal.SIGINT):
            loop.add_signal_handler(sig, lambda: closing.append(asyncio.ensure_future(bot.close())))
        async with bot:
            await bot.start(config.token)
        await asyncio.gather(*closing)  # let the shutdown finish: store and render pool closed

    asyncio.run(main())
    return 0
