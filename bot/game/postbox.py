"""What the shell's deliveries read and note: the outbox's items (claimed while sent, then marked
sent), whom a direct message may reach (and whose are closed), and a game's live message and
lobby card.  The shell asks the service; it never reads the store itself.

A mixin of ``GameService``.
"""

from __future__ import annotations

import time
from contextlib import AbstractAsyncContextManager
from dataclasses import dataclass

from bot.game.core import ServiceCore
from bot.game.texts import lang_of, lobby_card
from bot.store.models import OutboxItem
from words import Words


@dataclass(frozen=True)
class LobbyCard:
    """A lobby's card in its parent channel, as it should read now (``open``: with its Join button)."""

    game_id: int
    channel_id: str
    message_id: str
    text: Words
    lang: str
    open: bool


class Postbox(ServiceCore):
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
