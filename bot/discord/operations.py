"""The one way out to Discord: every post, edit, deletion, direct message and thread change the
bot makes outside an interaction's own answer (that is ``answers``), each returning how it went
as a ``PostOutcome`` instead of raising.

What an error of Discord's (or of the network) means is decided here once (``outcome_of``): a
403 is a missing permission, a 403 with code 50007 closed direct messages, a 404 something
deleted, a 5xx, a 429 or a network failure passing (try again), any other refusal final.
The callers decide what each means for them: the live post is retried, a follower is
mentioned in the channel instead, an outbox item waits.
"""

from __future__ import annotations

import contextlib
import enum
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

import aiohttp
import discord

#: What a call to Discord may raise for Discord's or the network's reasons (anything else is a bug).
DISCORD_ERRORS = (discord.HTTPException, aiohttp.ClientError, TimeoutError)
DMS_CLOSED = 50007  # Discord's code for "Cannot send messages to this user"


class PostOutcome(enum.Enum):
    POSTED = "posted"
    FORBIDDEN = "forbidden"  # a 403: the bot lacks a permission in the channel; it lasts until fixed
    GONE = "gone"  # a 404 for the channel: it (or the game's thread) was deleted
    FAILED = "failed"  # anything passing (5xx, 429, network, timeout): retried
    CLOSED = "closed"  # a 403 with code 50007: the user's direct messages are closed
    REFUSED = "refused"  # any other refusal (a 400, say): trying the same again would not help


def dms_closed(error: BaseException) -> bool:
    """Whether Discord refused a direct message because the user's are closed (403, code 50007)."""
    return isinstance(error, discord.Forbidden) and error.code == DMS_CLOSED


def passing(error: BaseException) -> bool:
    """Whether a failure is Discord's (or the network's) and may pass: a 5xx, a 429, a timeout."""
    if isinstance(error, discord.HTTPException):
        return error.status == 429 or error.status >= 500
    return isinstance(error, aiohttp.ClientError | TimeoutError)


def outcome_of(error: BaseException) -> PostOutcome:
    """What an error of Discord's (or of the network) says about the call that raised it."""
    if dms_closed(error):
        return PostOutcome.CLOSED
    if isinstance(error, discord.Forbidden):
        return PostOutcome.FORBIDDEN
    if isinstance(error, discord.NotFound):
        return PostOutcome.GONE
    if passing(error):
        return PostOutcome.FAILED
    return PostOutcome.REFUSED


@dataclass(frozen=True)
class Sent:
    """How one call went: its outcome, the id of a message it posted, and the error if it failed."""

    outcome: PostOutcome
    message_id: str | None = None
    error: BaseException | None = None

    @property
    def ok(self) -> bool:
        return self.outcome is PostOutcome.POSTED

    def __repr__(self) -> str:  # what a log line says of a failure
        return repr(self.error) if self.error is not None else self.outcome.value


POSTED = Sent(PostOutcome.POSTED)


def _id_of(message: object) -> str | None:
    found = getattr(message, "id", None)
    return None if found is None else str(found)


def _failed(error: BaseException) -> Sent:
    return Sent(outcome_of(error), error=error)


class Operations:
    """The bot's calls to Discord on a client (``discord.Client``, or a fake with the same methods)."""

    def __init__(self, client: Any) -> None:
        self.client = client

    def channel(self, channel_id: str) -> discord.PartialMessageable:
        channel: discord.PartialMessageable = self.client.get_partial_messageable(int(channel_id))
        return channel

    async def post(self, channel_id: str, content: str, *, view: discord.ui.View | None = discord.utils.MISSING,
                   mentions: discord.AllowedMentions | None = None, files: Sequence[discord.File] = (),
                   nonce: str | None = None) -> Sent:
        """A new message in a channel (``view`` None: no buttons; ``nonce``: a repeat of the same
        post returns the first)."""
        fields: dict[str, Any] = {"content": content, "allowed_mentions": mentions or discord.AllowedMentions.none()}
        if view is not discord.utils.MISSING:
            fields["view"] = view
        if files:
            fields["files"] = list(files)
        if nonce is not None:
            fields["nonce"] = nonce
        try:
            message = await self.channel(channel_id).send(**fields)
        except DISCORD_ERRORS as e:
            return _failed(e)
        return Sent(PostOutcome.POSTED, _id_of(message))

    async def edit(self, channel_id: str, message_id: str | int, **changes: Any) -> Sent:
        """Change a message: ``content``, ``view`` (None: no buttons), ``allowed_mentions``, ``attachments``."""
        try:
            await self.channel(channel_id).get_partial_message(int(message_id)).edit(**changes)
        except DISCORD_ERRORS as e:
            return _failed(e)
        return POSTED

    async def delete(self, channel_id: str, message_id: str | int) -> Sent:
        try:
            await self.channel(channel_id).get_partial_message(int(message_id)).delete()
        except DISCORD_ERRORS as e:
            return _failed(e)
        return POSTED

    async def direct(self, user_id: str, content: str, *, files: Sequence[discord.File] = (),
                     nonce: str | None = None) -> Sent:
        """A direct message to a user (CLOSED: their direct messages are closed)."""
        fields: dict[str, Any] = {"allowed_mentions": discord.AllowedMentions.none()}
        if files:
            fields["files"] = list(files)
        if nonce is not None:
            fields["nonce"] = nonce
        try:
            dm = await self.client.create_dm(discord.Object(int(user_id)))
            message = await dm.send(content, **fields)
        except DISCORD_ERRORS as e:
            return _failed(e)
        return Sent(PostOutcome.POSTED, _id_of(message))

    async def archive(self, thread_id: str) -> Sent:
        """Archive a thread (the bot opened it, so it may); a channel that is no thread is left as it is."""
        try:
            thread = self.client.get_channel(int(thread_id)) or await self.client.fetch_channel(int(thread_id))
            if isinstance(thread, discord.Thread) and not thread.archived:
                await thread.edit(archived=True)
        except DISCORD_ERRORS as e:
            return _failed(e)
        return POSTED

    async def take_back_thread(self, thread: discord.Thread) -> None:
        """Delete a thread opened for a game that did not open; one the bot may not delete is
        archived and locked, so nobody plays in it by mistake (best effort)."""
        try:
            await thread.delete()
        except DISCORD_ERRORS:
            with contextlib.suppress(*DISCORD_ERRORS):
                await thread.edit(archived=True, locked=True)
