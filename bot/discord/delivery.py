"""Bringing a game's channel up to date: the live prompt message, posted, edited or retired
as ``bot.game.channel`` plans it, with retries.

A move is committed before anything is posted.  If Discord fails to take a post, the channel
stays behind (the game's ``announced_version``) and catching up is retried in the background;
any later interaction in the channel, ``/ds board`` or the next start-up tries again too.
"""

from __future__ import annotations

import asyncio
import contextlib
import enum
import logging
import time
from collections.abc import Awaitable, Callable

import aiohttp
import discord

from bot.discord.components import BoardButton, RematchButton, prompt_view
from bot.discord.limits import CONTENT, clip_end
from bot.discord.metrics import Metrics
from bot.discord.news import FollowerNews, dms_closed, passing
from bot.discord.posts import compose, mentions_for, message_text, picture
from bot.game.channel import ChannelPost
from bot.game.followers import FOLLOWERS
from bot.game.service import TURN_IMAGE, GameService
from bot.store.models import OutboxItem
from words import gettext

log = logging.getLogger(__name__)
#: Seconds between retries of a failed post (Discord's own client retries 429s itself).
RETRY_DELAYS = (2.0, 10.0, 60.0, 300.0)
OUTBOX_BATCH = 50  # items sent per scheduler tick at most
#: Seconds before an outbox item Discord refused is tried again: doubling from the first, up to
#: the last.  Every tick (0.5 s) would spend Discord's budget of invalid requests (10,000 in 10
#: minutes, then the bot is shut out) on a channel where the bot lost Send Messages.
OUTBOX_RETRY_SECONDS = (2.0, 300.0)
#: Seconds between sweeps for channels whose game is ahead of what they show and that nothing is
#: retrying: a post whose retries ran out, or whose attempt died, goes out without waiting for
#: someone to act in the channel.
CATCH_UP_SECONDS = 30.0
#: Outbox notices that end a game from outside its channel: its lobby card is brought up to date after
CLOSING = ("lobby_closed", "abandoned")


class PostOutcome(enum.Enum):
    POSTED = "posted"
    FORBIDDEN = "forbidden"  # a 403: the bot lacks a permission in the channel; it lasts until fixed
    GONE = "gone"  # a 404 for the channel: it (or the game's thread) was deleted
    FAILED = "failed"  # anything else (5xx, network, timeout): retried


def _outcome(error: Exception) -> PostOutcome:
    if isinstance(error, discord.Forbidden):
        return PostOutcome.FORBIDDEN
    if isinstance(error, discord.NotFound):
        return PostOutcome.GONE
    return PostOutcome.FAILED


class Announcer:
    def __init__(self, client: discord.Client, service: GameService,
                 retry_delays: tuple[float, ...] = RETRY_DELAYS) -> None:
        self.client = client
        self.service = service
        self.retry_delays = retry_delays
        self._retrying: dict[str, asyncio.Task[None]] = {}
        self._hurry: dict[str, asyncio.Event] = {}  # set: the channel's retry task tries at once
        self._posting: dict[str, asyncio.Lock] = {}  # one post at a time per channel: never the same state twice
        self._blocked: set[str] = set()  # channels whose last post was refused (not yet delivered)
        self._told_blocked: set[str] = set()  # ... and where a player was already told why
        self.metrics: Metrics | None = None  # the host's metrics count the posts Discord refused
        #: refreshes a lobby's card in its parent channel (a lobby that closed: no Join button)
        self.on_lobby_closed: Callable[[int], Awaitable[None]] | None = None
        #: per channel, earlier prompt messages whose buttons Discord refused to take away (yet)
        self._unretired: dict[str, set[int]] = {}
        #: outbox items Discord refused: (tries so far, not before this time.monotonic())
        self._outbox_wait: dict[int, tuple[int, float]] = {}
        self._gone: set[str] = set()  # channels Discord says are deleted: never swept again
        self._swept_at: float | None = None  # time.monotonic() of the last catch-up sweep
        self.followers = FollowerNews(client, service)  # sends the followers' news from the outbox
        #: looks at the outbox now (the scheduler's wake), when news for followers was queued
        self.wake_outbox: Callable[[], None] | None = None

    def _lock(self, channel_id: str) -> asyncio.Lock:
        return self._posting.setdefault(channel_id, asyncio.Lock())

    def _channel(self, channel_id: str) -> discord.PartialMessageable:
        return self.client.get_partial_messageable(int(channel_id))

    # -- catching up ------------------------------------------------------------------------

    async def sync(self, channel_id: str) -> PostOutcome:
        """Bring the channel up to date with its game; on failure keep retrying in the background.
        Whatever fails (Discord, the database, a bug), the move is stored: its post is retried."""
        try:
            outcome = await self._sync_once(channel_id)
        except Exception:  # noqa: BLE001 - e.g. the database busy while the post was planned
            log.exception("bringing channel %s up to date failed; trying again", channel_id)
            outcome = PostOutcome.FAILED
        if outcome in (PostOutcome.FORBIDDEN, PostOutcome.FAILED):
            self.retry_later(channel_id)
        return outcome

    async def deliver(self) -> int:
        """The scheduler's delivery at each tick: the outbox, then (now and then) the catch-up."""
        sent = await self.deliver_outbox()
        await self.catch_up()
        return sent

    async def catch_up(self, *, force: bool = False) -> int:
        """Every ``CATCH_UP_SECONDS`` (or now, ``force``): each channel whose game is ahead of what it
        shows and that no retry is bringing up to date gets one; returns how many were started."""
        now = time.monotonic()
        if not force and self._swept_at is not None and now < self._swept_at + CATCH_UP_SECONDS:
            return 0
        self._swept_at = now
        started = 0
        for channel_id in await self.service.unposted_channels():
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
            post = await self.service.channel_post(channel_id)
            if post is None:
                if self._unretired.get(channel_id):
                    await self._retire_leftovers(channel_id)
                self._blocked.discard(channel_id)
                return PostOutcome.POSTED
            try:
                message_id = await self._execute(channel_id, post)
            except asyncio.CancelledError:
                raise
            except Exception as e:  # noqa: BLE001 - Discord, network or timeout: the post stays pending
                outcome = _outcome(e)
                log.warning("posting to channel %s failed (%s): %r", channel_id, outcome.value, e)
                if self.metrics is not None:
                    self.metrics.post_failed(outcome.value)
                self._blocked.add(channel_id)
                return outcome
            await self.service.record_post(post, message_id)
            if self._unretired.get(channel_id):
                await self._retire_leftovers(channel_id)
            self._blocked.discard(channel_id)
            if message_id is not None:  # a new message went out: whatever was refused works again
                self._told_blocked.discard(channel_id)
            return PostOutcome.POSTED

    async def _execute(self, channel_id: str, post: ChannelPost) -> str | None:
        """Post or edit the live message; returns the id of a newly posted message."""
        channel = self._channel(channel_id)
        view, note = prompt_view(post.game_id, post.version, post.choices, board=not post.over, lang=post.lang)
        if post.over and post.new_message:  # the end: a rematch, one click away
            view = view or discord.ui.View(timeout=None)
            view.add_item(RematchButton(post.game_id, post.lang))
        mention = post.mention
        if post.new_message and mention and not post.over and await self._direct(
                mention[0], gettext("bot.dm.your_turn", post.lang, game=post.game_id, now=post.text.splitlines()[-1],
                                    link=post.link)):
            mention = []  # told by direct message: the channel post need not ping them as well
        content, allowed = compose(post.text, mention, note), mentions_for(mention)
        files = [picture(post.image, TURN_IMAGE, post.alts.get(TURN_IMAGE))] if post.image else []
        files += [picture(data, name, post.alts.get(name)) for name, data in post.extra_images]
        if post.new_message:
            # The same state is posted once: if a crash came between this post and its record,
            # the catch-up after the restart sends it again and Discord returns the first one.
            message = await channel.send(content=content, view=view,  # type: ignore[arg-type]  # None: no buttons (as send() takes it)
                                         allowed_mentions=allowed, files=files,
                                         nonce=f"ds-{post.game_id}-{post.version}")
            await self._retire(channel, post)
            return str(message.id)
        assert post.live.message_id is not None  # an edit is of the live message (plan() keeps its id)
        live = channel.get_partial_message(int(post.live.message_id))
        try:
            if files:
                await live.edit(content=content, allowed_mentions=allowed, view=view, attachments=files)
            else:
                await live.edit(content=content, allowed_mentions=allowed, view=view)
        except discord.NotFound:  # the live message was deleted (by a moderator): post a fresh one
            message = await channel.send(content=content, view=view,  # type: ignore[arg-type]  # None: no buttons (as send() takes it)
                                         allowed_mentions=allowed, files=files)
            return str(message.id)
        return None

    async def _retire(self, channel: discord.PartialMessageable, post: ChannelPost) -> None:
        """The previous live message: deleted, or kept as the record without its buttons.  Best
        effort: a stale button left behind is refused politely when clicked."""
        if post.old_message_id is None or post.retire is None:
            return
        old = channel.get_partial_message(int(post.old_message_id))
        try:
            if post.retire == "delete":
                await old.delete()
            else:
                await old.edit(content=clip_end(post.old_text or "", CONTENT), view=None)
        except discord.NotFound:
            pass
        except discord.HTTPException as e:
            log.warning("retiring message %s failed: %r", post.old_message_id, e)
            try:  # at least take its buttons away
                await old.edit(view=None)
            except discord.NotFound:
                pass
            except discord.HTTPException:  # its buttons stay for now: taken away at the channel's next post
                self._unretired.setdefault(str(channel.id), set()).add(int(post.old_message_id))

    async def _retire_leftovers(self, channel_id: str) -> None:
        """Take the buttons off earlier prompt messages that Discord refused to retire (best effort:
        a click on one left behind is refused politely as stale)."""
        channel = self._channel(channel_id)
        for message_id in sorted(self._unretired.get(channel_id, set())):
            try:
                await channel.get_partial_message(message_id).edit(view=None)
            except discord.NotFound:
                pass
            except discord.HTTPException as e:
                log.info("message %s still carries its buttons (%s); trying again later", message_id, e)
                continue
            self._unretired[channel_id].discard(message_id)

    # -- direct messages and the outbox ------------------------------------------------------

    async def _direct(self, user_id: str, text: str, *, again: bool = False) -> bool:
        """A direct message to a player who asked for one; False if it did not go (closed direct
        messages are remembered: only a 403 with code 50007 says so).  ``again``: a failure of
        Discord's (a 5xx, a 429, the network) is raised, for the outbox to try again."""
        if not user_id.isdigit():
            return False
        wants, failed_at = await self.service.store.user_prefs(user_id)
        if not wants or failed_at is not None:
            return False
        try:
            user = self.client.get_user(int(user_id)) or await self.client.fetch_user(int(user_id))
            await user.send(clip_end(text, CONTENT))
        except (discord.HTTPException, aiohttp.ClientError, TimeoutError) as e:
            if dms_closed(e):  # mention them in the channel from now on
                log.info("direct messages to %s are closed (%s); mentioning them in the channel", user_id, e)
                await self.service.store.set_user(user_id, dm_failed_at=time.time())
                return False
            if again and passing(e):
                raise
            log.warning("a direct message to %s failed (%s); mentioning them in the channel this time", user_id, e)
            return False
        return True

    async def tell_followers(self, channel_id: str) -> None:
        """The turns just done, for each follower of the channel's game: queued in the outbox (a
        direct message with the turn picture, else a mention in the game's channel), sent from
        there: the move that ended the turn never waits for them."""
        if await self.service.queue_turn_news(channel_id) and self.wake_outbox is not None:
            self.wake_outbox()

    async def deliver_outbox(self, limit: int = OUTBOX_BATCH) -> int:
        """Send reminders and notices the scheduler decided; each is marked sent once it went out.
        Each item is claimed while it is sent: another bot process skips it."""
        sent, after = 0, 0
        for _ in range(limit):
            async with self.service.store.claim_unsent(after) as item:
                if item is None:
                    break
                after = item.id
                tries, not_before = self._outbox_wait.get(item.id, (0, 0.0))
                if time.monotonic() < not_before:
                    continue
                if item.kind == FOLLOWERS:
                    sent += await self._tell_followers(item, tries)
                    continue
                dropped = False
                try:
                    if item.kind == "archive":
                        await self._archive(item.channel_id)
                    else:
                        direct = item.kind == "reminder" and item.mention and await self._direct(
                            item.mention[0], f"{item.text}\n{await self.service.link_of(item.game_id)}", again=True)
                        if not direct:  # sent again after a crash before mark_sent: Discord keeps the first
                            await self._channel(item.channel_id).send(compose(item.text, item.mention),
                                                                      allowed_mentions=mentions_for(item.mention),
                                                                      nonce=f"ds-outbox-{item.id}")
                        if item.kind == "abandoned":
                            await self.disarm(item.game_id)
                except discord.NotFound as e:  # the channel is gone: it can never arrive
                    log.warning("dropping %s of game %s: its channel is gone (%r)", item.kind, item.game_id, e,
                                extra={"game": item.game_id})
                    self.service.telemetry.outbox_failed(item.kind)
                    dropped = True
                except (discord.HTTPException, aiohttp.ClientError, TimeoutError) as e:  # kept: retried, never doubled
                    self._later(item, tries, repr(e))
                    continue
                self._outbox_wait.pop(item.id, None)
                await self.service.store.mark_sent(item.id, time.time())  # sent, or dropped for good
                if not dropped:
                    log.info("%s of game %s sent", item.kind, item.game_id, extra={"game": item.game_id})
                    sent += 1
            if item.kind in CLOSING and self.on_lobby_closed is not None:
                with contextlib.suppress(Exception):  # its card in the parent channel: best effort
                    await self.on_lobby_closed(item.game_id)
        return sent

    def _later(self, item: OutboxItem, tries: int, why: str) -> None:
        """Discord failed an item: it is tried again ever less often."""
        first, last = OUTBOX_RETRY_SECONDS
        wait = min(last, first * 2 ** tries)
        self._outbox_wait[item.id] = (tries + 1, time.monotonic() + wait)
        log.warning("sending %s of game %s failed: %s; trying again in %.0f s", item.kind, item.game_id, why, wait,
                    extra={"game": item.game_id})
        self.service.telemetry.outbox_failed(item.kind)

    async def _tell_followers(self, item: OutboxItem, tries: int) -> int:
        """One pass over a followers' item (``bot.discord.news``); 1 once everyone is told."""
        told = await self.followers.tell(item)
        if told.done:
            self._outbox_wait.pop(item.id, None)
            await self.service.store.mark_sent(item.id, time.time())
            log.info("the followers of game %s are told", item.game_id, extra={"game": item.game_id})
            return 1
        if told.wait is not None:  # paced: the rest goes out in a moment
            self._outbox_wait[item.id] = (tries, time.monotonic() + told.wait)
        else:
            self._later(item, tries, "Discord failed some of its direct messages or mentions")
        return 0

    async def disarm(self, game_id: int) -> None:
        """An abandoned game's last prompt loses its buttons and menus (a click on one would only
        be refused as stale).  Discord's failures are the caller's (the outbox tries again)."""
        found = await self.service.store.game(game_id)
        if found is None:
            return
        async with self._lock(found.channel_id):  # after a post in flight (it was planned before the end)
            game = await self.service.store.game(game_id)
            if game is None or game.post.message_id is None:
                return
            with contextlib.suppress(discord.NotFound):  # deleted meanwhile: nothing left to click
                await self._channel(game.channel_id).get_partial_message(int(game.post.message_id)).edit(view=None)

    async def _archive(self, channel_id: str) -> None:
        """Archive a game's thread (the bot opened it, so it may); a thread that is gone, or that
        Discord does not let the bot archive, is left as it is."""
        try:
            thread = self.client.get_channel(int(channel_id)) or await self.client.fetch_channel(int(channel_id))
            if isinstance(thread, discord.Thread) and not thread.archived:
                await thread.edit(archived=True)
        except discord.NotFound:
            log.info("the thread %s of a game is gone; nothing to archive", channel_id)
        except discord.Forbidden as e:
            log.warning("archiving the thread %s was refused: %r", channel_id, e)

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
