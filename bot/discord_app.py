"""The Discord shell: one ``/ds`` command group, buttons and selects, board posts.

Handlers only parse, call the game service and post its reply.  Every interaction is
acknowledged at once (or deferred before anything slow), errors are ephemeral, and the
board is posted only after the move is committed.
"""

from __future__ import annotations

import asyncio
import contextlib
import io
import logging
import os
import re
import signal
from collections.abc import Awaitable, Callable

import discord
import yarl
from discord import app_commands

from bot.components import OptionButton, OptionSelect, set_choice_handler
from bot.config import Config
from bot.delivery import Announcer, PostOutcome, message_text
from bot.limits import AUTOCOMPLETE_NAME, AUTOCOMPLETE_VALUE, CONTENT, clip
from bot.render_pool import RenderPool
from bot.replies import NoGame, Reply, ServiceError
from bot.rules_help import explain, find_topics
from bot.service import GameService, default_renderer
from bot.store import Store

log = logging.getLogger(__name__)
AUTOCOMPLETE_MAX = 25
_VERSIONED = re.compile(r"^(?P<version>[0-9]+)\|(?P<option>.+)$")
OUR_FAULT = "Something went wrong on our side; nothing was changed."

#: What the bot needs in a game's channel, by the permission's name in discord.py and in Discord's UI.
POST_PERMISSIONS = (("send_messages", "Send Messages"), ("attach_files", "Attach Files"))
THREAD_POST_PERMISSIONS = (("send_messages_in_threads", "Send Messages in Threads"), ("attach_files", "Attach Files"))


def missing_permissions(interaction: discord.Interaction) -> list[str]:
    """The permissions the bot lacks to post boards where this interaction happened."""
    channel = interaction.channel
    in_thread = isinstance(channel, discord.Thread) or getattr(channel, "type", None) in (
        discord.ChannelType.public_thread, discord.ChannelType.private_thread)
    perms = interaction.app_permissions
    needed = THREAD_POST_PERMISSIONS if in_thread else POST_PERMISSIONS
    return [label for name, label in needed if not getattr(perms, name, False)]


def permission_refusal(missing: list[str]) -> str:
    return (f"I cannot run a game in this channel: I am missing the permission{'s' if len(missing) > 1 else ''} "
            f"{', '.join(missing)}. Ask a server admin to grant {'them' if len(missing) > 1 else 'it'} to me "
            "here, then try again.")


def configure_endpoints(config: Config) -> None:
    """Point discord.py at Discord-compatible REST and gateway base URLs (proxies, tests)."""
    if config.api_base:
        discord.http.Route.BASE = config.api_base.rstrip("/")
    if config.gateway:
        discord.gateway.DiscordWebSocket.DEFAULT_GATEWAY = yarl.URL(config.gateway)


def _who(interaction: discord.Interaction) -> tuple[str, str, str]:
    return str(interaction.channel_id), str(interaction.user.id), interaction.user.display_name


class DominantBot(discord.Client):
    def __init__(self, config: Config, *, retry_delays: tuple[float, ...] | None = None) -> None:
        super().__init__(intents=discord.Intents.none() | discord.Intents(guilds=True),
                         allowed_mentions=discord.AllowedMentions.none())
        self.config = config
        self.tree = app_commands.CommandTree(self)
        self.store: Store | None = None
        self.service: GameService | None = None
        self.announcer: Announcer | None = None
        self.render_pool: RenderPool | None = None
        self._retry_delays = retry_delays
        self.tree.add_command(build_commands(self))
        self.tree.on_error = self.on_app_command_error

    async def setup_hook(self) -> None:
        if self.store is None:
            self.store = await Store.open(self.config.database)
        if default_renderer() is not None:
            self.render_pool = RenderPool()
            self.service = GameService(self.store, self.render_pool.board, self.render_pool.tile)
        else:
            self.service = GameService(self.store)
        kwargs = {} if self._retry_delays is None else {"retry_delays": self._retry_delays}
        self.announcer = Announcer(self, self.service, **kwargs)
        set_choice_handler(self.on_choice)
        self.add_dynamic_items(OptionButton, OptionSelect)
        if self.config.sync_guild:
            guild = discord.Object(self.config.sync_guild)
            self.tree.copy_global_to(guild=guild)
            await self.tree.sync(guild=guild)
        else:
            await self.tree.sync()

    async def on_ready(self) -> None:
        log.info("connected as %s", self.user)
        # Whatever Discord failed to take before a restart goes out now.
        for channel_id in await self.store.unannounced_channels():
            self.announcer.retry_later(channel_id)

    async def close(self) -> None:
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
        # A board Discord refused earlier (e.g. a missing permission, now granted) goes out at
        # the next interaction in that channel at the latest.
        if self.announcer is not None and interaction.channel_id is not None:
            channel_id = str(interaction.channel_id)
            if self.announcer.is_blocked(channel_id):
                self.announcer.retry_now(channel_id)

    # -- replies ----------------------------------------------------------------------------

    @staticmethod
    async def send_error(interaction: discord.Interaction, text: str) -> None:
        text = clip(text, CONTENT)
        try:
            if interaction.response.is_done():
                await interaction.followup.send(text, ephemeral=True)
            else:
                await interaction.response.send_message(text, ephemeral=True)
        except discord.HTTPException as e:  # nothing more can be said to this user
            log.warning("answering an interaction failed: %s", e)

    async def run_simple(self, interaction: discord.Interaction, action: Callable[[], Awaitable[Reply]],
                         *, ephemeral: bool = False) -> None:
        """A fast command: answer directly with the reply's text (errors: ephemeral)."""
        try:
            reply = await action()
        except ServiceError as e:
            await self.send_error(interaction, str(e))
            return
        await interaction.response.send_message(message_text(reply), ephemeral=ephemeral,
                                                allowed_mentions=discord.AllowedMentions.none())

    async def run_turn(self, interaction: discord.Interaction, action: Callable[[], Awaitable[Reply]],
                       *, confirm: str | None = None) -> Reply | None:
        """A command that may change whose turn it is: defer, act, answer the actor privately,
        then post the board and prompt (or the next prompt of the same player) publicly."""
        if not interaction.response.is_done():
            await interaction.response.defer(ephemeral=True, thinking=True)
        try:
            reply = await action()
        except ServiceError as e:
            await self.send_error(interaction, str(e))
            return None
        except Exception:  # noqa: BLE001 - a busy or full database: the transaction rolled back
            log.exception("a move failed")
            await self.send_error(interaction, OUR_FAULT)
            return None
        # The move is committed: from here on a Discord failure must not stop the public post.
        if interaction.type is discord.InteractionType.component and interaction.message is not None:
            with contextlib.suppress(discord.HTTPException):  # the answered prompt loses its buttons
                await interaction.message.edit(view=None)
        channel_id = str(interaction.channel_id)
        outcome = await self.publish(channel_id, reply)
        private = confirm or reply.text
        if outcome is PostOutcome.FORBIDDEN and self.announcer.tell_blocked_once(channel_id):
            missing = missing_permissions(interaction) or ["Send Messages", "Attach Files"]
            private = (f"Your move is saved, but I cannot post in this channel: I am missing "
                       f"{', '.join(missing)}. The board and the next prompt will appear here as soon "
                       "as a server admin grants it.\n\n" + private)
        try:
            await interaction.followup.send(clip(private, CONTENT), ephemeral=True,
                                            allowed_mentions=discord.AllowedMentions.none())
        except discord.HTTPException as e:
            log.warning("confirming a move to its player failed: %s", e)
        return reply

    async def publish(self, channel_id: str, reply: Reply) -> PostOutcome | None:
        if not reply.announce:
            if not reply.choices:
                return None
            reply.mention = []  # the same player goes on choosing: a fresh prompt, no ping
        return await self.announcer.announce(channel_id, reply)

    async def on_choice(self, interaction: discord.Interaction, game_id: int, version: int, option: str) -> None:
        """A button or select click on a prompt message."""
        channel_id, user_id, _ = _who(interaction)
        await interaction.response.defer(ephemeral=True, thinking=True)  # acknowledge before any I/O

        async def act() -> Reply:
            game = await self.store.live_game(channel_id)
            if game is None or game.id != game_id:
                raise NoGame("That prompt belongs to a game that is over here.")
            return await self.service.act(channel_id, user_id, option, version)

        await self.run_turn(interaction, act)


def build_commands(bot: DominantBot) -> app_commands.Group:
    ds = app_commands.Group(name="ds", description="Dominant Species, played by post", guild_only=True)

    @ds.command(name="new", description="Open a lobby for a new game in this channel")
    @app_commands.describe(players="How many players (2-6)", variant="standard, or multi-animal for 2-3 players")
    @app_commands.choices(variant=[app_commands.Choice(name="standard", value="standard"),
                                   app_commands.Choice(name="multi-animal (2-3 players)", value="multi-animal")])
    async def new(interaction: discord.Interaction, players: app_commands.Range[int, 2, 6] = 4,
                  variant: str = "standard") -> None:
        channel, user, name = _who(interaction)
        missing = missing_permissions(interaction)
        if missing:
            await bot.send_error(interaction, permission_refusal(missing))
            return
        await bot.run_simple(interaction, lambda: bot.service.create_lobby(channel, user, name, players, variant))

    @ds.command(name="join", description="Take a seat in this channel's lobby")
    @app_commands.describe(animal="Which animal to play (random if omitted)")
    async def join(interaction: discord.Interaction, animal: str | None = None) -> None:
        channel, user, name = _who(interaction)
        await bot.run_simple(interaction, lambda: bot.service.join(channel, user, name, animal))

    @join.autocomplete("animal")
    async def join_animals(interaction: discord.Interaction, current: str) -> list[app_commands.Choice[str]]:
        free = await bot.service.free_animals(str(interaction.channel_id))
        needle = current.strip().lower()
        return [app_commands.Choice(name=a, value=a) for a in free if needle in a][:AUTOCOMPLETE_MAX]

    @ds.command(name="leave", description="Give your lobby seat back")
    async def leave(interaction: discord.Interaction) -> None:
        channel, user, _ = _who(interaction)
        await bot.run_simple(interaction, lambda: bot.service.leave(channel, user))

    @ds.command(name="start", description="Deal the animals and start (host only)")
    async def start(interaction: discord.Interaction) -> None:
        channel, user, _ = _who(interaction)
        missing = missing_permissions(interaction)
        if missing:
            await bot.send_error(interaction, permission_refusal(missing))
            return
        await bot.run_turn(interaction, lambda: bot.service.start(channel, user), confirm="The game is on.")

    @ds.command(name="play", description="Make your choice for the current prompt")
    @app_commands.describe(option="Start typing: only your legal options are offered")
    async def play(interaction: discord.Interaction, option: str) -> None:
        channel, user, _ = _who(interaction)
        match = _VERSIONED.match(option)
        version, option_id = (int(match["version"]), match["option"]) if match else (None, option.strip())
        await bot.run_turn(interaction, lambda: bot.service.act(channel, user, option_id, version))

    @play.autocomplete("option")
    async def play_options(interaction: discord.Interaction, current: str) -> list[app_commands.Choice[str]]:
        channel, user, _ = _who(interaction)
        status = await bot.store.live_game(channel)
        if status is None:
            return []
        needle = current.strip().lower()
        choices = await bot.service.options(channel, user)
        hits = [c for c in choices if needle in c.label.lower() or needle in c.id.lower()]
        return [app_commands.Choice(name=clip(c.label, AUTOCOMPLETE_NAME),
                                    value=_autocomplete_value(status.version, c.id))
                for c in hits[:AUTOCOMPLETE_MAX]]

    @ds.command(name="board", description="Post the current board")
    async def board(interaction: discord.Interaction) -> None:
        channel = str(interaction.channel_id)
        try:
            await bot.service.check_started(channel)  # a refusal stays private: check before deferring
        except ServiceError as e:
            await bot.send_error(interaction, str(e))
            return
        await interaction.response.defer(thinking=True)
        try:
            reply = await bot.service.board(channel)
        except ServiceError as e:
            await interaction.followup.send(clip(str(e), CONTENT))
            return
        await _send_picture(interaction, reply)
        await bot.announcer.deliver_pending(channel)  # a board Discord dropped earlier counts as delivered now

    @ds.command(name="tile", description="Zoom on one tile and its neighbours")
    @app_commands.describe(at="A tile label such as C4")
    async def tile(interaction: discord.Interaction, at: str) -> None:
        try:
            await bot.service.check_started(str(interaction.channel_id), at)
        except ServiceError as e:
            await bot.send_error(interaction, str(e))
            return
        await interaction.response.defer(thinking=True)
        try:
            reply = await bot.service.tile(str(interaction.channel_id), at)
        except ServiceError as e:
            await interaction.followup.send(clip(str(e), CONTENT))
            return
        await _send_picture(interaction, reply, "tile.png")

    @tile.autocomplete("at")
    async def tile_labels(interaction: discord.Interaction, current: str) -> list[app_commands.Choice[str]]:
        labels = await bot.service.tile_labels(str(interaction.channel_id))
        needle = current.strip().upper()
        return [app_commands.Choice(name=t, value=t) for t in labels if needle in t][:AUTOCOMPLETE_MAX]

    @ds.command(name="status", description="Turn, phase, who acts on what, scores and cards")
    async def status(interaction: discord.Interaction) -> None:
        await bot.run_simple(interaction, lambda: bot.service.status(str(interaction.channel_id)), ephemeral=True)

    @ds.command(name="log", description="The last lines of the game log")
    @app_commands.describe(count="How many lines (1-50)")
    async def log_(interaction: discord.Interaction, count: app_commands.Range[int, 1, 50] = 10) -> None:
        await bot.run_simple(interaction, lambda: bot.service.log(str(interaction.channel_id), count), ephemeral=True)

    @ds.command(name="rules", description="Rules help: an action, a card or a term")
    @app_commands.describe(topic="What to explain")
    async def rules(interaction: discord.Interaction, topic: str | None = None) -> None:
        await interaction.response.send_message(clip(explain(topic), CONTENT), ephemeral=True)

    @rules.autocomplete("topic")
    async def rules_topics(interaction: discord.Interaction, current: str) -> list[app_commands.Choice[str]]:
        return [app_commands.Choice(name=t, value=t) for t in find_topics(current)]

    @ds.command(name="undo", description="Take back your last choice while it is still your turn")
    async def undo(interaction: discord.Interaction) -> None:
        channel, user, _ = _who(interaction)
        await bot.run_turn(interaction, lambda: bot.service.undo(channel, user))

    @ds.command(name="resign", description="Leave a running game; your animal plays on by declining")
    async def resign(interaction: discord.Interaction) -> None:
        channel, user, _ = _who(interaction)
        await bot.run_turn(interaction, lambda: bot.service.resign(channel, user))

    @ds.command(name="abandon", description="End this channel's game (host or Manage Channels)")
    async def abandon(interaction: discord.Interaction) -> None:
        channel, user, _ = _who(interaction)
        manage = bool(interaction.permissions and interaction.permissions.manage_channels)
        await bot.run_simple(interaction, lambda: bot.service.abandon(channel, user, manage))

    return ds


async def _send_picture(interaction: discord.Interaction, reply: Reply, name: str = "board.png") -> None:
    kwargs = {"allowed_mentions": discord.AllowedMentions.none()}
    if reply.image:
        kwargs["file"] = discord.File(io.BytesIO(reply.image), filename=name)
    await interaction.followup.send(clip(reply.text, CONTENT), **kwargs)


def _autocomplete_value(version: int, option_id: str) -> str:
    """The option with the version it was offered at (so a stale pick is refused), if that fits."""
    versioned = f"{version}|{option_id}"
    return versioned if len(versioned) <= AUTOCOMPLETE_VALUE else option_id


def run_discord(config: Config) -> int:
    """Run the bot until SIGTERM/SIGINT; the database is closed cleanly either way."""
    configure_endpoints(config)
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(name)s: %(message)s")
    delays = os.environ.get("DS_RETRY_DELAYS")  # tests shorten the retries of failed posts
    bot = DominantBot(config, retry_delays=tuple(float(d) for d in delays.split(",")) if delays else None)

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


