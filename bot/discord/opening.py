"""``/ds new``: opening a game in a thread of its own, with a lobby card in the channel.

Nothing is opened for a game that would be refused: the request is checked before the thread
and the public message exist, and a refusal is private, as every refusal is.  Where Discord
refuses the thread (a missing permission), the game is played in the channel itself; where
the lobby cannot be stored after the thread was opened, what was opened is taken away again.
"""

from __future__ import annotations

import contextlib
import logging
from typing import TYPE_CHECKING

import discord

from bot.discord.answers import OUR_FAULT, answer, say, send_error, user_lang, who
from bot.discord.limits import CONTENT, THREAD_NAME, clip
from bot.discord.permissions import can_open_thread, in_thread, missing_permissions, permission_refusal
from bot.game.replies import Reply, ServiceError
from bot.game.texts import default_game_language
from words import T, Words, join
from words import say as say_in

if TYPE_CHECKING:
    from bot.discord.responder import Responder

log = logging.getLogger(__name__)
NO_THREAD = T("bot.no_thread")
NONE = discord.AllowedMentions.none()


def guild_of(interaction: discord.Interaction) -> str | None:
    return None if interaction.guild_id is None else str(interaction.guild_id)


def _is_text_channel(interaction: discord.Interaction) -> bool:
    return getattr(interaction.channel, "type", None) == discord.ChannelType.text


async def open_game(shell: Responder, interaction: discord.Interaction, players: int, variant: str,
                    language: str | None, hints: bool | None = None) -> None:
    channel, user, name = who(interaction)
    # asked for, else the server's default (/ds admin defaults), else the server's Discord language
    fallback = default_game_language(getattr(interaction.guild_locale, "value", None))
    lang = await shell.service.admin.new_game_language(guild_of(interaction), language, fallback)
    missing = missing_permissions(interaction)
    if missing:
        await send_error(interaction, permission_refusal(missing))
        return
    shell.service.lobby.check_new(players, variant, lang)  # a refusal rises: nothing is opened yet
    if not can_open_thread(interaction):
        # a thread hosts its game itself; a channel where no thread can be opened does too
        await shell.run_simple(interaction, lambda: shell.service.lobby.create_lobby(
            channel, user, name, players, variant, guild_id=guild_of(interaction), language=lang, hints=hints))
        if not in_thread(interaction) and _is_text_channel(interaction):
            await say(interaction, NO_THREAD, ephemeral=False, lang=lang)
        return
    if not await answer(interaction, say_in(T("bot.opening", player=name), lang)):
        return  # Discord took no answer: nothing was opened
    try:
        card = await interaction.original_response()
        thread = await card.create_thread(name=clip(say_in(T("bot.thread_name", player=name), lang), THREAD_NAME))
    except discord.HTTPException as e:  # e.g. 403: the thread is refused here after all
        log.info("no thread for a new game in channel %s (%s): playing in the channel", channel, e.status)
        await _in_the_channel(shell, interaction, players, variant, lang, hints)
        return
    try:
        reply = await shell.service.lobby.create_lobby(str(thread.id), user, name, players, variant,
                                                 home_channel_id=channel, lobby_message_id=str(card.id),
                                                 guild_id=guild_of(interaction), language=lang, hints=hints)
    except Exception as e:  # noqa: BLE001 - refused or failed: nothing may be left behind
        await _take_back(shell, interaction, thread)
        if isinstance(e, ServiceError):
            raise  # said by the one refusal path (``answers.answer_refusal``)
        log.exception("storing a new game failed")
        await send_error(interaction, T("bot.err.new_failed"))
        return
    with contextlib.suppress(discord.HTTPException):
        await thread.send(clip(reply.in_(lang), CONTENT), allowed_mentions=NONE)
    await shell.show(reply.changes)


async def _in_the_channel(shell: Responder, interaction: discord.Interaction, players: int, variant: str,
                          lang: str, hints: bool | None = None) -> None:
    """The thread was refused: the lobby opens in the channel, and the public message says so."""
    channel, user, name = who(interaction)
    try:
        reply: Reply = await shell.service.lobby.create_lobby(channel, user, name, players, variant,
                                                        guild_id=guild_of(interaction), language=lang, hints=hints)
    except Exception as e:  # noqa: BLE001 - refused (a game runs here already) or failed: say so privately
        await _take_back(shell, interaction, None)
        if isinstance(e, ServiceError):
            raise  # said by the one refusal path (``answers.answer_refusal``)
        log.exception("storing a new game failed")
        await send_error(interaction, OUR_FAULT)
        return
    text: Words = join(reply.message, NO_THREAD, sep="\n")
    try:
        await interaction.edit_original_response(content=clip(say_in(text, lang), CONTENT), allowed_mentions=NONE)
    except discord.HTTPException:  # the opening message is gone: the lobby's news goes out anew
        with contextlib.suppress(discord.HTTPException):
            await interaction.followup.send(clip(say_in(text, lang), CONTENT), allowed_mentions=NONE)


async def _take_back(shell: Responder, interaction: discord.Interaction, thread: discord.Thread | None) -> None:
    """Remove what was opened for a game that is not stored: the thread (deleted, or at least
    archived and locked when the bot may not delete it) and the public opening message."""
    if thread is not None:
        await shell.ops.take_back_thread(thread)
    with contextlib.suppress(discord.HTTPException):
        await interaction.delete_original_response()


__all__ = ["open_game", "user_lang"]
