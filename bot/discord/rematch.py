"""The end-of-game post's **Rematch** button: a new lobby, in a new thread beside the old one,
with the finished game's settings; its former players invited (pinged once) to join with the
lobby's button, its computer seats back by themselves, the one who clicked its host.

The click is checked and claimed first (``service.rematch.claim_rematch``: a former player's, and
only the first click), so nothing is opened for a refused one; the refusal is private.
"""

from __future__ import annotations

import contextlib
import logging
from typing import TYPE_CHECKING

import discord

from bot.discord import components
from bot.discord.answers import OUR_FAULT, defer, say, send_error
from bot.discord.limits import THREAD_NAME, clip
from bot.discord.posts import compose, mentions_for
from bot.game.replies import ServiceError
from words import T
from words import say as say_in

if TYPE_CHECKING:
    from bot.discord.responder import Responder

log = logging.getLogger(__name__)
NONE = discord.AllowedMentions.none()


async def open_rematch(shell: Responder, interaction: discord.Interaction, game_id: int) -> None:
    if not await defer(interaction, ephemeral=True, thinking=True):
        return
    plan = await shell.service.rematch.claim_rematch(game_id, str(interaction.user.id))
    old, lang = plan.game, plan.lang
    card: discord.Message | None = None
    thread: discord.Thread | None = None
    try:
        if old.home_channel_id:  # a thread of its own, from a lobby card in the old game's channel
            home = (shell.client.get_channel(int(old.home_channel_id))
                    or await shell.client.fetch_channel(int(old.home_channel_id)))
            assert isinstance(home, discord.TextChannel)  # a thread's parent: where the lobby card goes
            card = await home.send(say_in(T("bot.opening", player=plan.host_name), lang), allowed_mentions=NONE)
            thread = await card.create_thread(name=clip(say_in(T("bot.thread_name", player=plan.host_name), lang),
                                                        THREAD_NAME))
            channel_id = str(thread.id)
            where: discord.Thread | discord.PartialMessageable = thread
            reply = await shell.service.rematch.open_rematch(plan, channel_id, home_channel_id=old.home_channel_id,
                                                     lobby_message_id=str(card.id))
        else:  # the old game was played in the channel itself: so is the rematch
            channel_id = old.channel_id
            where = shell.client.get_partial_messageable(int(channel_id))
            reply = await shell.service.rematch.open_rematch(plan, channel_id)
    except Exception as e:  # noqa: BLE001 - nothing opened may stay claimed or posted: the next click tries again
        refused = isinstance(e, discord.Forbidden)
        if not refused:
            log.exception("opening the rematch of game %s failed", game_id)
        await _take_back(shell, card, thread)
        await shell.service.rematch.release_rematch(plan)
        if isinstance(e, ServiceError):
            raise  # said by the one refusal path (``answers.answer_refusal``)
        await send_error(interaction, T("bot.err.rematch_refused", where=f"<#{old.home_channel_id}>")
                         if refused else OUR_FAULT)
        return
    # the invitation: each former player pinged once, with the button that seats them
    assert reply.game_id is not None  # a lobby opened: it has its number
    with contextlib.suppress(discord.HTTPException):
        await where.send(compose(reply.in_(lang), reply.mention), view=components.join_view(reply.game_id, lang),
                         allowed_mentions=mentions_for(reply.mention))
    await shell.show(reply.changes)
    await say(interaction, T("bot.rematch.opened", game=reply.game_id, where=f"<#{channel_id}>"), ephemeral=True)


async def _take_back(shell: Responder, card: discord.Message | None, thread: discord.Thread | None) -> None:
    """Remove the lobby card and thread of a rematch that did not open (best effort: a thread the
    bot may not delete is archived and locked)."""
    if thread is not None:
        await shell.ops.take_back_thread(thread)
    if card is not None:
        with contextlib.suppress(discord.HTTPException):
            await card.delete()
