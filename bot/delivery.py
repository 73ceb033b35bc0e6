"""Posting to channels: the board and the prompt after a turn, with retries.

A move is committed before anything is posted.  If Discord fails to take the post, the
announcement stays pending in the store (``announced_version``) and is retried in the
background, and ``/ds board`` or the next start-up posts it too.
"""

from __future__ import annotations

import asyncio
import enum
import io
import logging

import discord

from bot.components import prompt_view
from bot.limits import CONTENT, clip_end
from bot.replies import Reply
from bot.service import GameService

log = logging.getLogger(__name__)
#: Seconds between retries of a failed post (Discord's own client retries 429s itself).
RETRY_DELAYS = (2.0, 10.0, 60.0, 300.0)


def mentions_for(reply: Reply) -> discord.AllowedMentions:
    """Only the player to act is ever pinged; names like "@everyone" ping nobody."""
    users = [discord.Object(int(u)) for u in reply.mention if u.isdigit()]
    return discord.AllowedMentions(everyone=False, roles=False, replied_user=False, users=users)


def message_text(reply: Reply, note: str = "") -> str:
    head = "".join(f"<@{u}> " for u in reply.mention if u.isdigit())
    return head + clip_end(reply.text, CONTENT - len(head) - len(note)) + note  # the end says who acts


class PostOutcome(enum.Enum):
    POSTED = "posted"
    FORBIDDEN = "forbidden"  # a 403: the bot lacks a permission in the channel; it lasts until fixed
    FAILED = "failed"  # anything else (5xx, network, timeout): retried


class Announcer:
    def __init__(self, client: discord.Client, service: GameService,
                 retry_delays: tuple[float, ...] = RETRY_DELAYS) -> None:
        self.client = client
        self.service = service
        self.retry_delays = retry_delays
        self._retrying: dict[str, asyncio.Task] = {}
        self._posting: dict[str, asyncio.Lock] = {}  # one post at a time per channel: never the same state twice
        self._blocked: set[str] = set()  # channels whose last post was refused (not yet delivered)
        self._told_blocked: set[str] = set()  # ... and where a player was already told why

    def _lock(self, channel_id: str) -> asyncio.Lock:
        return self._posting.setdefault(channel_id, asyncio.Lock())

    async def _channel(self, channel_id: str) -> discord.abc.Messageable:
        channel = self.client.get_channel(int(channel_id))
        if channel is None:
            channel = await self.client.fetch_channel(int(channel_id))
        return channel  # type: ignore[return-value]

    async def post(self, channel_id: str, reply: Reply) -> PostOutcome:
        """Post a reply (with its board and prompt components)."""
        view, note = prompt_view(reply)
        kwargs = {"content": message_text(reply, note), "allowed_mentions": mentions_for(reply)}
        if view is not None:
            kwargs["view"] = view
        if reply.image:
            kwargs["file"] = discord.File(io.BytesIO(reply.image), filename="board.png")
        try:
            channel = await self._channel(channel_id)
            await channel.send(**kwargs)
        except asyncio.CancelledError:
            raise
        except discord.Forbidden as e:
            log.warning("posting to channel %s is forbidden (a missing permission): %s", channel_id, e)
            self._blocked.add(channel_id)
            return PostOutcome.FORBIDDEN
        except Exception as e:  # noqa: BLE001 - Discord, network or timeout: the post stays pending
            log.warning("posting to channel %s failed: %r", channel_id, e)
            self._blocked.add(channel_id)
            return PostOutcome.FAILED
        self._blocked.discard(channel_id)
        self._told_blocked.discard(channel_id)
        return PostOutcome.POSTED

    def is_blocked(self, channel_id: str) -> bool:
        """Whether the channel has a post that Discord refused and that was not delivered since."""
        return channel_id in self._blocked

    def tell_blocked_once(self, channel_id: str) -> bool:
        """True the first time a refused channel is reported to a player (until it recovers)."""
        if channel_id in self._told_blocked:
            return False
        self._told_blocked.add(channel_id)
        return True

    async def announce(self, channel_id: str, reply: Reply) -> PostOutcome:
        """Post a turn's board and prompt; on failure keep retrying in the background."""
        async with self._lock(channel_id):
            if await self.service.announced(reply.game_id, reply.version):
                return PostOutcome.POSTED  # a retry of an earlier failure already posted this very state
            outcome = await self.post(channel_id, reply)
            if outcome is PostOutcome.POSTED and reply.game_id is not None and reply.version is not None:
                await self.service.mark_announced(reply.game_id, reply.version)
        if outcome is not PostOutcome.POSTED:
            self.retry_later(channel_id)
        return outcome

    def retry_now(self, channel_id: str) -> None:
        """Try the pending post of a channel at once (in the background), then retry as usual."""
        task = self._retrying.get(channel_id)
        if task is not None and not task.done():
            task.cancel()
        self._retrying[channel_id] = asyncio.create_task(self._retry(channel_id, (0.0, *self.retry_delays)))

    def retry_later(self, channel_id: str) -> None:
        task = self._retrying.get(channel_id)
        if task is None or task.done():
            self._retrying[channel_id] = asyncio.create_task(self._retry(channel_id, self.retry_delays))

    async def _retry(self, channel_id: str, delays: tuple[float, ...]) -> None:
        for delay in delays:
            await asyncio.sleep(delay)
            try:
                if await self.deliver_pending(channel_id):
                    return
            except Exception:  # noqa: BLE001 - e.g. the database is busy: try again later
                log.exception("retrying the post to channel %s failed", channel_id)
        log.error("giving up posting to channel %s; /ds board will post the game", channel_id)

    async def deliver_pending(self, channel_id: str) -> bool:
        """Post the newest state of the channel's game if it was never announced."""
        async with self._lock(channel_id):  # re-read under the lock: a post in flight is not pending
            reply = await self.service.pending_announcement(channel_id)
            if reply is None:
                self._blocked.discard(channel_id)
                return True
            if await self.post(channel_id, reply) is PostOutcome.POSTED:
                await self.service.mark_announced(reply.game_id, reply.version)
                return True
        log.info("channel %s: the pending post failed again", channel_id)
        return False

    async def close(self) -> None:
        for task in self._retrying.values():
            task.cancel()
        await asyncio.gather(*self._retrying.values(), return_exceptions=True)
