"""How the shell answers: a fast command straight from the service's reply, a move (defer,
act, bring the channel up to date, then a private word), and the clicks on buttons and menus.

The commands (``bot.discord.commands``) and the component handlers call this; it holds the
game service and the announcer, never the client's event handling.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
from collections.abc import Awaitable, Callable

import discord

from bot.discord import components
from bot.discord.answers import OUR_FAULT, answer, defer, say, send_error, send_picture, user_lang, who
from bot.discord.delivery import Announcer, PostOutcome, mentions_for, message_text
from bot.discord.limits import CONTENT, clip
from bot.discord.permissions import missing_permissions
from bot.game.replies import NoGame, Reply, ServiceError, WrongPhase
from bot.game.scheduler import Scheduler
from bot.game.service import GameService
from bot.game.texts import game_link, lang_of, lobby_card
from bot.store.api import is_store_error
from words import T, Words, join
from words import say as say_in

log = logging.getLogger(__name__)
#: Seconds a private answer may take before the interaction is acknowledged ("thinking") and the
#: answer follows: on a busy server the store can keep it waiting past Discord's 3 s.
SLOW_ANSWER = 1.0


class Responder:
    def __init__(self, client: discord.Client, service: GameService, announcer: Announcer,
                 scheduler: Scheduler | None = None) -> None:
        self.client = client
        self.service = service
        self.store = service.store
        self.announcer = announcer
        self.scheduler = scheduler
        announcer.on_lobby_closed = self.refresh_lobby

    send_error = staticmethod(send_error)

    async def game_lang(self, reply: Reply) -> str:
        """The language a public reply is posted in: its game's."""
        if reply.lang is not None:
            return reply.lang
        game = await self.store.game(reply.game_id) if reply.game_id is not None else None
        return lang_of(game)

    async def run_simple(self, interaction: discord.Interaction, action: Callable[[], Awaitable[Reply]],
                         *, ephemeral: bool = False) -> Reply | None:
        """A fast command: answer directly with the reply's text (errors: private).  A public
        answer is in the game's language, a private one in the user's.  A private one that is
        not ready within ``SLOW_ANSWER`` is acknowledged first (only its member sees "thinking")."""
        pending = asyncio.ensure_future(action())
        if ephemeral and not (await asyncio.wait({pending}, timeout=SLOW_ANSWER))[0]:
            await defer(interaction, ephemeral=True, thinking=True)  # the answer follows (answer() knows)
        try:
            reply = await pending
        except ServiceError as e:
            await send_error(interaction, e.message)
            return None
        lang = user_lang(interaction) if ephemeral else await self.game_lang(reply)
        # only the people the service names (never anyone a user typed) are pinged
        await answer(interaction, message_text(reply, lang=lang), ephemeral=ephemeral,
                     allowed_mentions=mentions_for(reply.mention))
        return reply

    async def run_turn(self, interaction: discord.Interaction, action: Callable[[], Awaitable[Reply]],
                       *, confirm: Words | None = None, quiet: bool = False) -> Reply | None:
        """A command that changes the game: defer, act, bring the channel up to date, then
        answer the actor privately (``quiet``: only if something is worth saying)."""
        # a click (quiet): the live message itself will change; else a private word follows
        if not await (defer(interaction) if quiet else defer(interaction, ephemeral=True, thinking=True)):
            return None  # Discord did not take the acknowledgement: nothing is done for it
        await self.announcer.before_move(str(interaction.channel_id))
        try:
            reply = await action()
        except ServiceError as e:
            await send_error(interaction, e.message)
            return None
        except Exception as e:  # noqa: BLE001 - a busy or full database: the transaction rolled back
            log.exception("a move failed")
            if is_store_error(e):
                self.service.telemetry.store_failed("move")
            await send_error(interaction, OUR_FAULT)
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

    async def before_ai_move(self, game_id: int) -> None:
        """The computer players are about to move: their channel up to date first (``Announcer.before_move``)."""
        game = await self.store.game(game_id)
        if game is not None:
            await self.announcer.before_move(game.channel_id)

    async def after_ai_move(self, game_id: int) -> None:
        """A computer player moved: the channel shows it like anyone's move."""
        game = await self.store.game(game_id)
        if game is not None:
            await self.announcer.sync(game.channel_id)

    # -- components ---------------------------------------------------------------------------

    async def on_choice(self, interaction: discord.Interaction, game: int, version: int, option: str) -> None:
        """A button or select click on a prompt message."""
        channel_id, user_id, _ = who(interaction)

        async def act() -> Reply:
            try:
                return await self.service.act(channel_id, user_id, option, version, game_id=game)
            except (NoGame, WrongPhase):  # its game is not the one running here: say where it is, or that it is over
                raise NoGame(await self._whose_prompt(game, channel_id)) from None

        await self.run_turn(interaction, act, quiet=True)

    async def _whose_prompt(self, game_id: int, channel_id: str) -> Words:
        """Why a prompt of game ``game_id`` cannot be answered in ``channel_id``: its game is
        played elsewhere (then where, with a link), or it is over here, or it is gone."""
        game = await self.store.game(game_id)
        if game is None:
            return T("bot.err.button_invalid")
        if game.channel_id != channel_id and game.status in ("lobby", "active"):
            return T("bot.err.prompt_elsewhere", game=game.id, where=game_link(game))
        return T("bot.err.prompt_gone")

    async def on_board_button(self, interaction: discord.Interaction, game: int) -> None:
        """"Full board": the whole board of the game, privately."""
        if not await defer(interaction, ephemeral=True, thinking=True):
            return
        try:
            found = await self.store.game(game)
            if found is None or found.channel_id != str(interaction.channel_id):
                raise NoGame(T("bot.err.board_gone"))
            reply = await self.service.board(found.channel_id)
        except ServiceError as e:
            await send_error(interaction, e.message)
            return
        await send_picture(interaction, reply, ephemeral=True)

    async def on_join_button(self, interaction: discord.Interaction, game: int) -> None:
        """"Join" on a lobby message in the game's parent channel."""
        found = await self.store.game(game)
        if found is None or found.status != "lobby":
            await send_error(interaction, T("bot.err.lobby_gone"))
            return
        _, user_id, name = who(interaction)
        try:
            reply = await self.service.join(found.channel_id, user_id, name)
        except ServiceError as e:
            await send_error(interaction, e.message)
            return
        await say(interaction, join(reply.message, T("bot.played_in", where=f"<#{found.channel_id}>")),
                  ephemeral=True)
        await self.refresh_lobby(found.id)

    async def on_proposal(self, interaction: discord.Interaction, proposal: int, approve: bool) -> None:
        channel_id, user_id, _ = who(interaction)
        if not await defer(interaction, ephemeral=True, thinking=True):
            return
        try:
            reply = await self.service.answer_rollback(channel_id, user_id, proposal, approve)
        except ServiceError as e:
            await send_error(interaction, e.message)
            return
        await say(interaction, reply.message, ephemeral=True)
        if interaction.message is not None:
            with contextlib.suppress(discord.HTTPException):
                decided = reply.version is not None or "refuses" in reply.text or "expired" in reply.text
                said = reply.in_(await self.game_lang(reply))
                await interaction.message.edit(content=clip(f"{interaction.message.content}\n{said}", CONTENT),
                                               view=None if decided else discord.utils.MISSING)
        await self.announcer.sync(channel_id)

    async def refresh_lobby(self, game_id: int | None) -> None:
        """Keep the lobby message in the parent channel in step with the seats (best effort)."""
        game = None if game_id is None else await self.store.game(game_id)
        if game is None or not game.home_channel_id or not game.lobby_message_id:
            return
        message = self.client.get_partial_messageable(int(game.home_channel_id)).get_partial_message(
            int(game.lobby_message_id))
        view = components.join_view(game.id, lang_of(game)) if game.status == "lobby" else None
        with contextlib.suppress(discord.HTTPException):
            await message.edit(content=clip(say_in(lobby_card(game), lang_of(game)), CONTENT), view=view)
