"""How a post is put to Discord: its mentions first and its text cut to fit (the end, which says
who acts, is kept), who may be pinged by it, and a picture with its alt text."""

from __future__ import annotations

import io

import discord

from bot.discord.limits import ALT_TEXT, CONTENT, clip, clip_end
from bot.game.replies import Reply


def mentions_for(users: list[str]) -> discord.AllowedMentions:
    """Only the player to act is ever pinged; names like "@everyone" ping nobody."""
    ids = [discord.Object(int(u)) for u in users if u.isdigit()]
    return discord.AllowedMentions(everyone=False, roles=False, replied_user=False, users=ids)


def message_text(reply: Reply, note: str = "", *, lang: str = "en") -> str:
    """A reply's text in ``lang`` with its mentions first, cut to fit (its end says who acts)."""
    return compose(reply.in_(lang), reply.mention, note)


def mention_head(mention: list[str]) -> str:
    return "".join(f"<@{u}> " for u in mention if u.isdigit())


def compose(text: str, mention: list[str], note: str = "") -> str:
    head = mention_head(mention)
    return head + clip_end(text, CONTENT - len(head) - len(note)) + note


def picture(data: bytes, name: str, alt: str | None) -> discord.File:
    """A picture to attach, with its alt text (Discord's ``description``, cut to its limit)."""
    return discord.File(io.BytesIO(data), filename=name, description=clip(alt, ALT_TEXT) if alt else None)
