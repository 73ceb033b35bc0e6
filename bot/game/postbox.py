"""What the shell's deliveries read and note: the next post that brings a channel up to date
(planned by ``bot.game.channel``, with its picture) and that it went out, the outbox's items
(claimed while sent, then marked sent), whom a direct message may reach (and whose are closed),
and a game's live message and lobby card.  The shell asks the service; it never reads the store
itself.

A part of ``GameService``.  A render or a post that fails never loses a move: the move was
committed before (``bot.game.play``), and a post not recorded is planned again.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from contextlib import AbstractAsyncContextManager
from dataclasses import dataclass

from bot.game import channel, context
from bot.game.channel import DEFAULT_CADENCE, ChannelPost
from bot.game.chronicle import Chronicle
from bot.game.pictures import Pictures
from bot.game.table import SavedStates, Tables
from bot.game.texts import game_link, lang_of, lobby_card, prompt_line, result_text
from bot.store.api import GameStore
from bot.store.models import Game, OutboxItem
from words import Words, say
from words.alt import alt_text

#: The file name of the picture a channel post carries.
TURN_IMAGE = "board.png"


@dataclass(frozen=True)
class LobbyCard:
    """A lobby's card in its parent channel, as it should read now (``open``: with its Join button)."""

    game_id: int
    channel_id: str
    message_id: str
    text: Words
    lang: str
    open: bool


def cadence(game: Game) -> str:
    found: str = game.settings.get("board", DEFAULT_CADENCE)
    return found


class Postbox:
    def __init__(self, store: GameStore, tables: Tables, saved: SavedStates, pictures: Pictures,
                 chronicle: Chronicle, *, clock: Callable[[], float]) -> None:
        self.store = store
        self.tables = tables
        self.saved = saved
        self.pictures = pictures
        self.chronicle = chronicle
        self.clock = clock

    # -- what the channel shows --------------------------------------------------------------

    async def channel_post(self, channel_id: str) -> ChannelPost | None:
        """The next post that brings the channel's game up to date (None: it is), with its picture."""
        game = self.saved.read(await self.store.latest_game(channel_id))
        if game is None or game.state_blob is None or game.status not in ("active", "finished") \
                or game.announced_version >= game.version:
            return None
        context.note_game(game)
        lang = lang_of(game)
        state = game.started_state
        over = state["phase"] == "over"
        post = channel.plan(game, say(prompt_line(game), lang), say(result_text(game), lang) if over else None,
                            cadence(game), game.decided, lang=lang)
        if post is None:
            return None
        post.state = state
        post.link = game_link(game)
        if post.picture:
            before = await self.store.board_state(game.id)
            post.image = await self.pictures.turn(state, before, lang)
            post.alts[TURN_IMAGE] = alt_text(state, lang, kind="turn", before=before)
        if post.over:
            await self.chronicle.finish(game, post)  # the VP breakdown and the end-of-game image
        return post

    async def record_post(self, post: ChannelPost, message_id: str | None) -> None:
        """The channel now shows ``post`` (as message ``message_id`` when it was a new one)."""
        await self.store.record_post(post.game_id, post.version, channel.posted(post, message_id),
                                     post.state if post.picture else None)
        if post.over:  # the end post went out: the thread is archived a day after (``housekeeping``)
            async with self.tables.transaction() as table:
                await table.store.update_game(post.game_id, ended_at=self.clock())

    async def link_of(self, game_id: int) -> str:
        game = await self.store.game(game_id)
        return "" if game is None else game_link(game)

    async def unposted_channels(self) -> list[str]:
        return await self.store.unannounced_channels()

    # -- the outbox ------------------------------------------------------------------------------

    def claim_outbox(self, after: int = 0) -> AbstractAsyncContextManager[OutboxItem | None]:
        """The next unsent item after ``after``, claimed while it is sent (another process skips it)."""
        return self.store.claim_unsent(after)

    async def mark_sent(self, item_id: int) -> None:
        await self.store.mark_sent(item_id, time.time())

    async def still_to_tell(self, item_id: int, users: list[str]) -> None:
        """The followers an item has not reached yet (the rest were told)."""
        await self.store.set_outbox_mention(item_id, users)

    # -- direct messages ---------------------------------------------------------------------------

    async def wants_dm(self, user_id: str) -> bool:
        """Whether a player asked for direct messages and theirs are not known to be closed."""
        wants, failed_at = await self.store.user_prefs(user_id)
        return wants and failed_at is None

    async def closed_dms(self, user_ids: list[str]) -> set[str]:
        """Those of ``user_ids`` whose direct messages are known to be closed."""
        return await self.store.dm_failures(user_ids)

    async def dms_closed(self, user_id: str) -> None:
        """Discord said this user's direct messages are closed: they are mentioned from now on."""
        await self.store.set_user(user_id, dm_failed_at=time.time())

    # -- a game's messages -------------------------------------------------------------------------

    async def channel_of(self, game_id: int) -> str | None:
        game = await self.store.game(game_id)
        return None if game is None else game.channel_id

    async def live_message(self, game_id: int) -> tuple[str, str] | None:
        """(channel, message) of the game's live prompt message, if it has one."""
        game = await self.store.game(game_id)
        if game is None or game.post.message_id is None:
            return None
        return game.channel_id, game.post.message_id

    async def game_language(self, game_id: int | None) -> str:
        """The language of a game's public posts (English for no game)."""
        return lang_of(None if game_id is None else await self.store.game(game_id))

    async def lobby_card_of(self, game_id: int | None) -> LobbyCard | None:
        """The game's lobby card in its parent channel, as it should read now (None: it has none)."""
        game = None if game_id is None else await self.store.game(game_id)
        if game is None or not game.home_channel_id or not game.lobby_message_id:
            return None
        return LobbyCard(game.id, game.home_channel_id, game.lobby_message_id, lobby_card(game), lang_of(game),
                         game.status == "lobby")
