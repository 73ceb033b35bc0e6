"""The live post: a game's channel brought up to date, the prompt message posted, edited or
retired as ``bot.game.channel`` plans it, with retries.

A move is committed before anything is posted.  If Discord fails to take a post, the channel
stays behind (the game's ``announced_version``) and catching up is retried in the background;
any later interaction in the channel, ``/ds board`` or the next start-up tries again too.
Every call to Discord goes through ``operations``; the outbox (``outbox``) and the direct
messages (``direct``) are rooms of their own.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import time
from collections.abc import Callable

import discord

from bot.discord.components import BoardButton, RematchButton, ReviewButton, prompt_view
from bot.discord.direct import DirectMessages
from bot.discord.limits import CONTENT, clip_end
from bot.discord.metrics import Metrics
from bot.discord.operations import POSTED, Operations, PostOutcome, Sent
from bot.discord.posts import compose, mentions_for, message_text, picture
from bot.game.channel import ChannelPost
from bot.game.service import TURN_IMAGE, GameService
from words import gettext

log = logging.getLogger(__name__)
#: Seconds between retries of a failed post (Discord's own client retries 429s itself).
RETRY_DELAYS = (2.0, 10.0, 60.0, 300.0)
#: Seconds between sweeps for channels whose game is ahead of what they show and that nothing is
#: retrying: a post whose retries ran out, or whose attempt died, goes out without waiting for
#: someone to act in the channel.
CATCH_UP_SECONDS = 30.0
#: What a live post that did not go out is tried again after (a permission granted, Discord back, a fix).
RETRIED = (PostOutcome.FORBIDDEN, PostOutcome.FAILED, PostOutcome.REFUSED)


class Announcer:
    def __init__(self, ops: Operations, service: GameService, *, direct: DirectMessages | None = None,
                 retry_delays: tuple[float, ...] = RETRY_DELAYS, metrics: Metrics | None = None,
                 wake_outbox: Callable[[], None] | None = None) -> None:
        self.ops = ops
        self.service = service
        self.direct = direct or DirectMessages(ops, service)
        self.retry_delays = retry_delays
        self._retrying: dict[str, asyncio.Task[None]] = {}
        self._hurry: dict[str, asyncio.Event] = {}  # set: the channel's retry task tries at once
        self._posting: dict[str, asyncio.Lock] = {}  # one post at a time per channel: never the same state twice
        self._blocked: set[str] = set()  # channels whose last post was refused (not yet delivered)
        self._told_blocked: set[str] = set()  # ... and where a player was already told why
        self.metrics = metrics  # the host's metrics count the posts Discord refused
        #: per channel, earlier prompt messages whose buttons Discord refused to take away (yet)
        self._unretired: dict[str, set[int]] = {}
        self._gone: set[str] = set()  # channels Discord says are deleted: never swept again
        self._swept_at: float | None = None  # time.monotonic() of the last catch-up sweep
        #: looks at the outbox now (the scheduler's alarm), when news for followers was queued
        self.wake_outbox = wake_outbox
        #: channels this process saw up to date: their last post recorded, or nothing to post (see before_move)
        self._caught_up: set[str] = set()

    def _lock(self, channel_id: str) -> asyncio.Lock:
        return self._posting.setdefault(channel_id, asyncio.Lock())

    # -- catching up ------------------------------------------------------------------------

    async def sync(self, channel_id: str) -> PostOutcome:
        """Bring the channel up to date with its game; on failure keep retrying in the background.
        Whatever fails (Discord, the database, a bug), the move is stored: its post is retried."""
        try:
            outcome = await self._sync_once(channel_id)
        except Exception:  # noqa: BLE001 - e.g. the database busy while the post was planned
            log.exception("bringing channel %s up to date failed; trying again", channel_id)
            outcome = PostOutcome.FAILED
        if outcome in RETRIED:
            self.retry_later(channel_id)
        return outcome

    async def before_move(self, channel_id: str) -> None:
        """Before a move in a channel this process has not seen up to date (since it started, or since a
        post there went out unrecorded): bring it up to date first.  A post Discord took just before a
        crash is found again by its nonce and recorded; planned after the move from the record before it,
        the next post edited an older prompt and left the lost one with its buttons, newest in the channel.
        Best effort: the move goes on whatever Discord says."""
        if channel_id in self._caught_up:
            return
        try:
            await self._sync_once(channel_id)
        except Exception:  # noqa: BLE001 - the move's own post tries again
            log.exception("bringing channel %s up to date before a move failed", channel_id)

    async def catch_up(self, *, force: bool = False) -> int:
        """Every ``CATCH_UP_SECONDS`` (or now, ``force``): each channel whose game is ahead of what it
        shows and that no retry is bringing up to date gets one; returns how many were started."""
        now = time.monotonic()
        if not force and self._swept_at is not None and now < self._swept_at + CATCH_UP_SECONDS:
            return 0
        self._swept_at = now
        started = 0
        for channel_id in await self.service.postbox.unposted_channels():
            task = self._retrying.get(channel_id)
            if channel_id in self._gone or (task is not None and not task.done()):
                continue
            self.retry_now(channel_id)
            started += 1
        if started:
            log.info("catching up %d channel(s) whose posts had not gone out", started)
        return started

    async def _sync_once(self, channel_id: str) -> PostOutcome:
        outcome = await self._post_once(channel_id)
        if outcome is PostOutcome.POSTED:
            try:
                await self.tell_followers(channel_id)
            except Exception:  # noqa: BLE001 - followers are told best effort; the game goes on
                log.exception("telling the followers of channel %s failed", channel_id)
        return outcome

    async def _post_once(self, channel_id: str) -> PostOutcome:
        async with self._lock(channel_id):  # re-read under the lock: a post in flight is not pending
            post = await self.service.postbox.channel_post(channel_id)
            if post is None:
                if self._unretired.get(channel_id):
                    await self._retire_leftovers(channel_id)
                self._blocked.discard(channel_id)
                self._caught_up.add(channel_id)
                return PostOutcome.POSTED
            self._caught_up.discard(channel_id)  # until its record: Discord may have it and the store not
            sent = await self._execute(channel_id, post)
            if not sent.ok:  # Discord, network or timeout: the post stays pending
                log.warning("posting to channel %s failed (%s): %r", channel_id, sent.outcome.value, sent)
                if self.metrics is not None:
                    self.metrics.post_failed(sent.outcome.value)
                self._blocked.add(channel_id)
                return sent.outcome
            message_id = sent.message_id
            await self.service.postbox.record_post(post, message_id)
            self._caught_up.add(channel_id)
            if self._unretired.get(channel_id):
                await self._retire_leftovers(channel_id)
            self._blocked.discard(channel_id)
            if message_id is not None:  # a new message went out: whatever was refused works again
                self._told_blocked.discard(channel_id)
            return PostOutcome.POSTED

    async def _execute(self, channel_id: str, post: ChannelPost) -> Sent:
        """Post or edit the live message; a newly posted message's id is the outcome's."""
        view, note = prompt_view(post.game_id, post.version, post.choices, board=not post.over,
                                 plan_ahead=post.planning, lang=post.lang,
                                 answer_ahead=not post.over)
        if post.over and post.new_message:  # the end: a rematch and the review, one click away
            view = view or discord.ui.View(timeout=None)
            view.add_item(RematchButton(post.game_id, post.lang))
            view.add_item(ReviewButton(post.game_id, post.lang))
        mention = post.mention
        if post.new_message and mention and not post.over and await self.direct.tell(
                mention[0], gettext("bot.dm.your_turn", post.lang, game=post.game_id, now=post.text.splitlines()[-1],
                                    link=post.link)) is PostOutcome.POSTED:
            mention = mention[1:]  # told by direct message: the channel post need not ping them as well
        content, allowed = compose(post.text, mention, note), mentions_for(mention)
        files = [picture(post.image, TURN_IMAGE, post.alts.get(TURN_IMAGE))] if post.image else []
        files += [picture(data, name, post.alts.get(name)) for name, data in post.extra_images]
        if post.new_message:
            # The same state is posted once: if a crash came between this post and its record,
            # the catch-up after the restart sends it again and Discord returns the first one.
            sent = await self.ops.post(channel_id, content, view=view, mentions=allowed, files=files,
                                       nonce=f"ds-{post.game_id}-{post.version}")
            if sent.ok:
                await self._retire(channel_id, post)
            return sent
        assert post.live.message_id is not None  # an edit is of the live message (plan() keeps its id)
        changes: dict[str, object] = {"content": content, "allowed_mentions": allowed, "view": view}
        if files:
            changes["attachments"] = files
        edited = await self.ops.edit(channel_id, post.live.message_id, **changes)
        if edited.outcome is PostOutcome.GONE:  # the live message was deleted (by a moderator): post a fresh one
            return await self.ops.post(channel_id, content, view=view, mentions=allowed, files=files)
        return edited

    async def _retire(self, channel_id: str, post: ChannelPost) -> None:
        """The previous live message: deleted, or kept as the record without its buttons.  Best
        effort: a stale button left behind is refused politely when clicked."""
        if post.old_message_id is None or post.retire is None:
            return
        old = post.old_message_id
        if post.retire == "delete":
            done = await self.ops.delete(channel_id, old)
        else:
            done = await self.ops.edit(channel_id, old, content=clip_end(post.old_text or "", CONTENT), view=None)
        if done.ok or done.outcome is PostOutcome.GONE:
            return
        log.warning("retiring message %s failed: %r", old, done)
        buttons = await self.ops.edit(channel_id, old, view=None)  # at least take its buttons away
        if not buttons.ok and buttons.outcome is not PostOutcome.GONE:
            # its buttons stay for now: taken away at the channel's next post
            self._unretired.setdefault(channel_id, set()).add(int(old))

    async def _retire_leftovers(self, channel_id: str) -> None:
        """Take the buttons off earlier prompt messages that Discord refused to retire (best effort:
        a click on one left behind is refused politely as stale)."""
        for message_id in sorted(self._unretired.get(channel_id, set())):
            done = await self.ops.edit(channel_id, message_id, view=None)
            if not done.ok and done.outcome is not PostOutcome.GONE:
                log.info("message %s still carries its buttons (%r); trying again later", message_id, done)
                continue
            self._unretired[channel_id].discard(message_id)

    # -- followers and the end ----------------------------------------------------------

    async def tell_followers(self, channel_id: str) -> None:
        """The turns just done, for each follower of the channel's game: queued in the outbox (a
        direct message with the turn picture, else a mention in the game's channel), sent from
        there: the move that ended the turn never waits for them."""
        if await self.service.followers.queue_turn_news(channel_id) and self.wake_outbox is not None:
            self.wake_outbox()

    async def disarm(self, game_id: int) -> Sent:
        """An abandoned game's last prompt loses its buttons and menus (a click on one would only
        be refused as stale).  A failure of Discord's is the caller's to retry (the outbox's)."""
        channel_id = await self.service.postbox.channel_of(game_id)
        if channel_id is None:
            return POSTED
        async with self._lock(channel_id):  # after a post in flight (it was planned before the end)
            live = await self.service.postbox.live_message(game_id)
            if live is None:
                return POSTED
            done = await self.ops.edit(*live, view=None)
            return POSTED if done.outcome is PostOutcome.GONE else done  # deleted meanwhile: nothing left to click

    # -- refused channels -------------------------------------------------------------------

    def is_blocked(self, channel_id: str) -> bool:
        """Whether the channel has a post that Discord refused and that was not delivered since."""
        return channel_id in self._blocked

    def tell_blocked_once(self, channel_id: str) -> bool:
        """True the first time a refused channel is reported to a player (until it recovers)."""
        if channel_id in self._told_blocked:
            return False
        self._told_blocked.add(channel_id)
        return True

    # -- retries ----------------------------------------------------------------------------

    def retry_now(self, channel_id: str) -> None:
        """Try the pending post of a channel at once (in the background), then retry as usual.

        A retry already running is hurried, never cancelled: cancelled in the middle of an
        attempt (say while discord.py waits out a 429, or after Discord took the post but
        before it was recorded), the post would be sent again, or, once the game has moved on,
        planned anew from a record that misses the message already in the channel."""
        task = self._retrying.get(channel_id)
        if task is not None and not task.done():
            self._hurry[channel_id].set()  # it skips its wait; an attempt under way is finished first
            return
        self._start_retry(channel_id, (0.0, *self.retry_delays))

    def retry_later(self, channel_id: str) -> None:
        task = self._retrying.get(channel_id)
        if task is None or task.done():
            self._start_retry(channel_id, self.retry_delays)

    def _start_retry(self, channel_id: str, delays: tuple[float, ...]) -> None:
        self._hurry[channel_id] = hurry = asyncio.Event()
        self._retrying[channel_id] = asyncio.create_task(self._retry(channel_id, delays, hurry))

    async def _retry(self, channel_id: str, delays: tuple[float, ...], hurry: asyncio.Event) -> None:
        pending = list(delays)
        while pending or hurry.is_set():
            if not hurry.is_set():
                with contextlib.suppress(TimeoutError):
                    await asyncio.wait_for(hurry.wait(), pending.pop(0))
            if hurry.is_set():  # retry_now: try at once, then the delays start over
                hurry.clear()
                pending = list(self.retry_delays)
            try:
                outcome = await self._sync_once(channel_id)
            except Exception:  # noqa: BLE001 - e.g. the database is busy: try again later
                log.exception("retrying the post to channel %s failed", channel_id)
                continue
            if outcome is PostOutcome.POSTED:
                return
            if outcome is PostOutcome.GONE:
                log.error("channel %s is gone; its game can no longer be shown there", channel_id)
                self._gone.add(channel_id)
                return
        log.error("giving up posting to channel %s for now; the next interaction there tries again", channel_id)

    async def deliver_pending(self, channel_id: str) -> bool:
        """Bring the channel up to date now; True when it is."""
        return await self._sync_once(channel_id) is PostOutcome.POSTED

    async def close(self) -> None:
        for task in self._retrying.values():
            task.cancel()
        await asyncio.gather(*self._retrying.values(), return_exceptions=True)


__all__ = ["Announcer", "BoardButton", "PostOutcome", "compose", "mentions_for", "message_text"]
