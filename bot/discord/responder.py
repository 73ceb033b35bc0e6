"""How the shell answers: a fast command straight from the service's reply, a move (defer,
act, bring the channel up to date, then a private word), and the clicks on buttons and menus.

The commands (``bot.discord.commands``) and the component handlers call this; it holds the
game service and the announcer, never the client's event handling.  A refusal of the service's
is never caught here: it rises to the one refusal path (``answers.answer_refusal``), which the
client calls for commands, buttons and menus alike.  What a reply changed (``Reply.changes``)
reaches Discord in one place, ``show``: the live post, a lobby card, an abandoned game's prompt.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Awaitable, Callable, Iterable

import discord

from bot.discord import components
from bot.discord.answers import OUR_FAULT, SLOW_ANSWER, answer, defer, say, send_error, send_picture, user_lang, who
from bot.discord.delivery import Announcer
from bot.discord.limits import CONTENT, clip
from bot.discord.operations import PostOutcome
from bot.discord.permissions import missing_permissions
from bot.discord.posts import mentions_for, message_text
from bot.game.replies import Change, GameEnded, LobbyChanged, NoGame, PromptChanged, Reply, ServiceError, WrongPhase
from bot.game.service import GameService
from bot.store.api import is_store_error
from words import T, Words, join
from words import say as say_in

log = logging.getLogger(__name__)


class Responder:
    def __init__(self, client: discord.Client, service: GameService, announcer: Announcer, *,
                 wake: Callable[[], None] | None = None) -> None:
        self.client = client
        self.service = service
        self.announcer = announcer
        self.ops = announcer.ops
        self._wake = wake  # the scheduler's alarm: it looks at once (None: no scheduler here)

    send_error = staticmethod(send_error)

    def wake(self) -> None:
        """The scheduler looks now, not at its next tick (a computer player may be next, a notice is queued)."""
        if self._wake is not None:
            self._wake()

    async def show(self, changes: Iterable[Change]) -> PostOutcome:
        """The one place where what the service changed reaches Discord, in the order it says:
        the channel's live post brought up to date, a lobby card read anew, an abandoned game's
        prompt disarmed.  The outcome of the live post (POSTED when there was none to bring)."""
        outcome = PostOutcome.POSTED
        for change in changes:
            match change:
                case PromptChanged(channel_id):
                    outcome = await self.announcer.sync(channel_id)
                case LobbyChanged(game_id):
                    await self.refresh_lobby(game_id)
                case GameEnded(game_id):
                    await self.announcer.disarm(game_id)  # best effort: a stale click is refused
        return outcome

    async def language(self, interaction: discord.Interaction, reply: Reply) -> str:
        """The one rule for the language of an answer: a private one (``reply.public`` false: a
        refusal, /ds status, the Full board, /ds history) is in the reader's language, a public
        one in its game's."""
        if not reply.public:
            return user_lang(interaction)
        return reply.lang if reply.lang is not None else await self.service.postbox.game_language(reply.game_id)

    async def run_simple(self, interaction: discord.Interaction, action: Callable[[], Awaitable[Reply]],
                         *, private: bool = False) -> Reply:
        """A fast command: answer directly with the reply's text, in the channel or privately as
        the reply says (a refusal rises to the one refusal path, ``answers.answer_refusal``).
        ``private``: a command whose answer is private; one not ready within ``SLOW_ANSWER`` is
        acknowledged first (only its member sees "thinking")."""
        pending = asyncio.ensure_future(action())
        if private and not (await asyncio.wait({pending}, timeout=SLOW_ANSWER))[0]:
            await defer(interaction, ephemeral=True, thinking=True)  # the answer follows (answer() knows)
        reply = await pending
        # only the people the service names (never anyone a user typed) are pinged
        await answer(interaction, message_text(reply, lang=await self.language(interaction, reply)),
                     ephemeral=not reply.public, allowed_mentions=mentions_for(reply.mention))
        await self.show(reply.changes)
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
        except ServiceError:
            raise  # a refusal: said by the one refusal path (``answers.answer_refusal``)
        except Exception as e:  # noqa: BLE001 - a busy or full database: the transaction rolled back
            log.exception("a move failed")
            if is_store_error(e):
                self.service.telemetry.store_failed("move")
            await send_error(interaction, OUR_FAULT)
            return None
        # The move is committed: from here on a Discord failure must not stop the public post.
        channel_id = str(interaction.channel_id)
        self.wake()  # a computer player may be next: its turn starts now, not at the next tick
        # the live post first (the player is told if it could not go out), the answer, then the rest
        live = tuple(c for c in reply.changes if isinstance(c, PromptChanged))
        outcome = await self.show(live)
        private: Words | None = confirm or reply.message
        if outcome is PostOutcome.FORBIDDEN and self.announcer.tell_blocked_once(channel_id):
            missing = missing_permissions(interaction) or ["Send Messages", "Attach Files"]
            private = join(T("bot.cannot_post", missing=", ".join(missing)), private, sep="\n\n")
        elif quiet:
            private = None  # a click: the live message itself changed
        if private is not None:
            await say(interaction, private, ephemeral=True)
        await self.show(c for c in reply.changes if c not in live)
        return reply

    async def before_ai_move(self, game_id: int) -> None:
        """The computer players are about to move: their channel up to date first (``Announcer.before_move``)."""
        channel_id = await self.service.postbox.channel_of(game_id)
        if channel_id is not None:
            await self.announcer.before_move(channel_id)

    async def after_ai_move(self, game_id: int) -> None:
        """A computer player moved: the channel shows it like anyone's move."""
        channel_id = await self.service.postbox.channel_of(game_id)
        if channel_id is not None:
            await self.show((PromptChanged(channel_id),))

    # -- components ---------------------------------------------------------------------------

    async def on_choice(self, interaction: discord.Interaction, game: int, version: int, option: str) -> None:
        """A button or select click on a prompt message."""
        channel_id, user_id, _ = who(interaction)

        async def act() -> Reply:
            try:
                return await self.service.play.act(channel_id, user_id, option, version, game_id=game)
            except (NoGame, WrongPhase):  # its game is not the one running here: say where it is, or that it is over
                raise NoGame(await self.service.reads.whose_prompt(game, channel_id)) from None

        await self.run_turn(interaction, act, quiet=True)

    async def on_board_button(self, interaction: discord.Interaction, game: int) -> None:
        """"Full board": the whole board of the game, privately."""
        if not await defer(interaction, ephemeral=True, thinking=True):
            return
        reply = await self.service.reads.full_board(game, str(interaction.channel_id), user_lang(interaction))
        await send_picture(interaction, reply, lang=await self.language(interaction, reply))

    async def on_join_button(self, interaction: discord.Interaction, game: int) -> None:
        """"Join" on a lobby message in the game's parent channel."""
        _, user_id, name = who(interaction)
        reply = await self.service.lobby.join_from_card(game, user_id, name)
        await say(interaction, reply.message, ephemeral=True, lang=await self.language(interaction, reply))
        await self.show(reply.changes)

    async def on_proposal(self, interaction: discord.Interaction, proposal: int, approve: bool) -> None:
        channel_id, user_id, _ = who(interaction)
        if not await defer(interaction, ephemeral=True, thinking=True):
            return
        reply = await self.service.takeback.answer_rollback(channel_id, user_id, proposal, approve)
        await say(interaction, reply.message, ephemeral=True)
        if interaction.message is not None:
            said = reply.in_(await self.language(interaction, reply))  # on the public proposal: the game's
            await self.ops.edit(channel_id, interaction.message.id,
                                content=clip(f"{interaction.message.content}\n{said}", CONTENT),
                                view=None if reply.settled else discord.utils.MISSING)
        await self.show(reply.changes)

    async def refresh_lobby(self, game_id: int | None) -> None:
        """Keep the lobby message in the parent channel in step with the seats (best effort)."""
        card = await self.service.postbox.lobby_card_of(game_id)
        if card is None:
            return
        view = components.join_view(card.game_id, card.lang) if card.open else None
        await self.ops.edit(card.channel_id, card.message_id, content=clip(say_in(card.text, card.lang), CONTENT),
                            view=view)
