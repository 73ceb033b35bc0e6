"""Answering an interaction: who is asking, in which language, and the private or public
answer itself, cut to Discord's limits and pinging nobody."""

from __future__ import annotations

import io
import logging
from typing import Any

import discord

from bot.discord.limits import CONTENT, clip
from bot.game.replies import Reply
from words import T, Words, pick_language
from words import say as say_in

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


async def say(interaction: discord.Interaction, text: Words, *, ephemeral: bool, lang: str | None = None) -> None:
    """Answer an interaction (first response or followup), cut to fit, pinging nobody; in
    ``lang``, by default the user's (an answer in the game's language passes the game's)."""
    content = clip(say_in(text, lang or user_lang(interaction)), CONTENT)
    try:
        if interaction.response.is_done():
            await interaction.followup.send(content, ephemeral=ephemeral,
                                            allowed_mentions=discord.AllowedMentions.none())
        else:
            await interaction.response.send_message(content, ephemeral=ephemeral,
                                                    allowed_mentions=discord.AllowedMentions.none())
    except discord.HTTPException as e:  # nothing more can be said to this user
        log.warning("answering an interaction failed: %s", e)


async def send_error(interaction: discord.Interaction, text: Words) -> None:
    """A refusal: always private, in the user's language."""
    interaction.extras[OUTCOME] = "error" if text is OUR_FAULT else "refused"
    await say(interaction, text, ephemeral=True)


async def send_picture(interaction: discord.Interaction, reply: Reply, name: str = "board.png", *,
                       ephemeral: bool = False) -> None:
    """A reply with its picture (drawn in the game's language, as its text is)."""
    kwargs: dict[str, Any] = {"allowed_mentions": discord.AllowedMentions.none(), "ephemeral": ephemeral}
    if reply.image:
        kwargs["file"] = discord.File(io.BytesIO(reply.image), filename=name)
    await interaction.followup.send(clip(reply.in_(reply.lang or user_lang(interaction)), CONTENT), **kwargs)
