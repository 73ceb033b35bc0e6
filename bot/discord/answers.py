"""Answering an interaction: who is asking, in which language, and the private or public
answer itself, cut to Discord's limits and pinging nobody."""

from __future__ import annotations

import asyncio
import io
import logging
from collections.abc import Awaitable, Callable, Sequence
from dataclasses import dataclass
from typing import Any, TypeVar

import aiohttp
import discord

from bot.discord.limits import ALT_TEXT, CONTENT, clip
from bot.game.replies import Reply, ServiceError
from words import T, Words, pick_language
from words import say as say_in

T_ = TypeVar("T_")

log = logging.getLogger(__name__)
OUR_FAULT = T("bot.our_fault")
#: ``interaction.extras[OUTCOME]``: how the interaction ended, when not well ("refused", "error"); the metrics count it.
OUTCOME = "ds_outcome"


def who(interaction: discord.Interaction) -> tuple[str, str, str]:
    """(channel id, user id, display name) of an interaction."""
    return str(interaction.channel_id), str(interaction.user.id), interaction.user.display_name


def user_lang(interaction: discord.Interaction) -> str:
    """The language of whoever is interacting: private answers and refusals are in it."""
    return pick_language(getattr(interaction.locale, "value", None))


async def _sent(what: str, call: Callable[[], Awaitable[object]]) -> bool:
    """Run one answer to Discord; False if it did not go through (logged: nothing more can be
    said to this user), never an exception.  discord.py itself tries an interaction's answer
    again after a 5xx (the first time after a second, inside Discord's 3 seconds) and waits out
    a 429; what still fails here is final (an expired interaction, a 403, an invalid body)."""
    try:
        await call()
        return True
    except (discord.HTTPException, aiohttp.ClientError, TimeoutError) as e:
        log.warning("%s failed (%s): %s", what, getattr(e, "status", None) or type(e).__name__, e)
        return False


@dataclass(frozen=True)
class Attachment:
    """A file to attach: its name, its bytes, and (for a picture) the alt text a screen reader reads."""

    name: str
    data: bytes
    description: str | None = None

    def file(self) -> discord.File:
        # a fresh File for every send: discord.py reads and closes the one it sends
        return discord.File(io.BytesIO(self.data), filename=self.name, description=self.description)


async def answer(interaction: discord.Interaction, content: str | None = None, *, ephemeral: bool = False,
                 allowed_mentions: discord.AllowedMentions | None = None,
                 attachments: Sequence[Attachment] = (), **kwargs: Any) -> bool:
    """The interaction's first response, or a followup once it has one; pinging nobody unless
    told whom.  ``kwargs``: ``view`` as discord.py takes it."""
    mentions = allowed_mentions or discord.AllowedMentions.none()
    if interaction.response.is_done():
        return await _sent("a followup", lambda: interaction.followup.send(
            content or discord.utils.MISSING, ephemeral=ephemeral, allowed_mentions=mentions,
            files=[a.file() for a in attachments] or discord.utils.MISSING, **kwargs))
    return await _sent("an answer", lambda: interaction.response.send_message(
        content, ephemeral=ephemeral, allowed_mentions=mentions,
        files=[a.file() for a in attachments] or discord.utils.MISSING, **kwargs))


#: Seconds a private answer may take before the interaction is acknowledged ("thinking") and the
#: answer follows: on a busy server the store can keep it waiting past Discord's 3 s.
SLOW_ANSWER = 1.0


async def soon(interaction: discord.Interaction, pending: Awaitable[T_], *, ephemeral: bool = True) -> T_:
    """``pending``'s result; if it is not ready within ``SLOW_ANSWER``, the interaction is
    acknowledged first (a command's privately, "thinking"; a click's as an update of its message)."""
    task = asyncio.ensure_future(pending)
    if not (await asyncio.wait({task}, timeout=SLOW_ANSWER))[0]:
        component = interaction.type == discord.InteractionType.component
        await defer(interaction) if component else await defer(interaction, ephemeral=ephemeral, thinking=True)
    return await task


async def defer(interaction: discord.Interaction, *, ephemeral: bool = False, thinking: bool = False) -> bool:
    """Acknowledge now, answer later (within 15 minutes).  False: Discord did not take the
    acknowledgement, so nothing should be done for this interaction."""
    if interaction.response.is_done():
        return True
    return await _sent("an acknowledgement", lambda: interaction.response.defer(ephemeral=ephemeral,
                                                                              thinking=thinking))


async def offer_nothing(interaction: discord.Interaction) -> None:
    """An autocomplete's answer when it has nothing to offer (or failed): no choices."""
    await _sent("an autocomplete", lambda: interaction.response.autocomplete([]))


async def say(interaction: discord.Interaction, text: Words, *, ephemeral: bool, lang: str | None = None) -> None:
    """Answer an interaction (first response or followup), cut to fit, pinging nobody; in
    ``lang``, by default the user's (an answer in the game's language passes the game's)."""
    await answer(interaction, clip(say_in(text, lang or user_lang(interaction)), CONTENT), ephemeral=ephemeral)


async def send_error(interaction: discord.Interaction, text: Words) -> None:
    """A refusal: always private, in the user's language."""
    interaction.extras[OUTCOME] = "error" if text is OUR_FAULT else "refused"
    await say(interaction, text, ephemeral=True)


async def answer_refusal(interaction: discord.Interaction, error: BaseException) -> bool:
    """The one refusal path: ``error`` the service's refusal (bare, or as discord.py wraps a
    command's) is said privately, once, in the user's language, and True; anything else False.
    The tree's error handler and the buttons' and menus' wrapper call it; a handler lets a
    refusal rise (after a defer too: the answer is then the followup)."""
    refused = error.original if isinstance(error, discord.app_commands.CommandInvokeError) else error
    if not isinstance(refused, ServiceError):
        return False
    await send_error(interaction, refused.message)
    return True


async def send_picture(interaction: discord.Interaction, reply: Reply, name: str = "board.png", *,
                       lang: str) -> None:
    """A reply with its picture, in the channel or privately as the reply says; its text in
    ``lang``, the language its picture is drawn in (``Responder.language``)."""
    alt = clip(reply.alt, ALT_TEXT) if reply.alt else None
    pictures = [Attachment(name, reply.image, alt)] if reply.image else []
    await answer(interaction, clip(reply.in_(lang), CONTENT), ephemeral=not reply.public, attachments=pictures)
