"""The outbox, sent: reminders, notices, archived threads and followers' news that the game side
decided (``bot.game.housekeeping``, ``bot.game.followers``), each marked sent once it went out,
each delivered as its kind says (``bot.game.notices``).

Each item is claimed while it is sent, so another bot process skips it.  An item Discord failed
stays and is tried again ever less often (every tick would spend Discord's budget of invalid
requests on a channel where the bot lost Send Messages); one whose channel is gone is dropped.
A repeat after a crash before ``mark_sent`` is kept from doubling by the nonce.
"""

from __future__ import annotations

import contextlib
import logging
import time
from collections.abc import Awaitable, Callable

from bot.discord.delivery import Announcer
from bot.discord.direct import DirectMessages
from bot.discord.news import FollowerNews
from bot.discord.operations import POSTED, Operations, PostOutcome, Sent
from bot.discord.posts import compose, mentions_for
from bot.game.notices import KINDS, Delivery, Kind
from bot.game.service import GameService
from bot.store.models import OutboxItem

log = logging.getLogger(__name__)
OUTBOX_BATCH = 50  # items sent per scheduler tick at most
#: Seconds before an outbox item Discord refused is tried again: doubling from the first, up to
#: the last.  Every tick (0.5 s) would spend Discord's budget of invalid requests (10,000 in 10
#: minutes, then the bot is shut out) on a channel where the bot lost Send Messages.
OUTBOX_RETRY_SECONDS = (2.0, 300.0)


def kind_of(item: OutboxItem) -> Kind:
    """What an item is (``bot.game.notices``); a kind this version does not know is posted."""
    return KINDS.get(item.kind) or Kind(item.kind, Delivery.POST)


class Outbox:
    def __init__(self, ops: Operations, service: GameService, live: Announcer, direct: DirectMessages,
                 followers: FollowerNews, *, on_lobby_closed: Callable[[int], Awaitable[None]] | None = None) -> None:
        self.ops = ops
        self.service = service
        self.live = live
        self.direct = direct
        self.followers = followers
        #: refreshes a lobby's card in its parent channel (a lobby that closed: no Join button)
        self.on_lobby_closed = on_lobby_closed
        #: outbox items Discord refused: (tries so far, not before this time.monotonic())
        self._wait: dict[int, tuple[int, float]] = {}

    async def deliver(self) -> int:
        """The scheduler's delivery at each tick: the outbox, then (now and then) the live posts' catch-up."""
        sent = await self.send()
        await self.live.catch_up()
        return sent

    async def send(self, limit: int = OUTBOX_BATCH) -> int:
        """Send what is due; returns how many items went out."""
        sent, after = 0, 0
        for _ in range(limit):
            async with self.service.postbox.claim_outbox(after) as item:
                if item is None:
                    break
                after = item.id
                kind = kind_of(item)
                tries, not_before = self._wait.get(item.id, (0, 0.0))
                if time.monotonic() < not_before:
                    continue
                if kind.delivery is Delivery.NEWS:
                    sent += await self._tell_followers(item, tries)
                    continue
                done = await self._send_one(item, kind)
                if done.outcome is PostOutcome.GONE:  # the channel is gone: it can never arrive
                    log.warning("dropping %s of game %s: its channel is gone (%r)", item.kind, item.game_id, done,
                                extra={"game": item.game_id})
                    self.service.telemetry.outbox_failed(item.kind)
                elif not done.ok:  # kept: retried, never doubled
                    self._later(item, tries, repr(done))
                    continue
                self._wait.pop(item.id, None)
                await self.service.postbox.mark_sent(item.id)  # sent, or dropped for good
                if done.ok:
                    log.info("%s of game %s sent", item.kind, item.game_id, extra={"game": item.game_id})
                    sent += 1
            if kind.closes_lobby and self.on_lobby_closed is not None:
                with contextlib.suppress(Exception):  # its card in the parent channel: best effort
                    await self.on_lobby_closed(item.game_id)
        return sent

    async def _send_one(self, item: OutboxItem, kind: Kind) -> Sent:
        if kind.delivery is Delivery.ARCHIVE:
            return await self._archive(item.channel_id)
        told = PostOutcome.REFUSED
        if kind.delivery is Delivery.DIRECT:  # private: a refused direct message is never posted instead
            if not item.mention:
                return POSTED
            link = await self.service.postbox.link_of(item.game_id)
            told = await self.direct.tell(item.mention[0], f"{item.text}\n{link}")
            return Sent(told) if told is PostOutcome.FAILED else POSTED
        if kind.delivery is Delivery.DIRECT_FIRST and item.mention:
            link = await self.service.postbox.link_of(item.game_id)
            told = await self.direct.tell(item.mention[0], f"{item.text}\n{link}")
            if told is PostOutcome.FAILED:
                return Sent(told)
        if told is not PostOutcome.POSTED:  # sent again after a crash before mark_sent: Discord keeps the first
            posted = await self.ops.post(item.channel_id, compose(item.text, item.mention),
                                         mentions=mentions_for(item.mention), nonce=f"ds-outbox-{item.id}")
            if not posted.ok:
                return posted
        if kind.disarms:
            return await self.live.disarm(item.game_id)
        return POSTED

    async def _archive(self, channel_id: str) -> Sent:
        """Archive a game's thread; a thread that is gone, or that Discord does not let the bot
        archive, is left as it is."""
        done = await self.ops.archive(channel_id)
        if done.outcome is PostOutcome.GONE:
            log.info("the thread %s of a game is gone; nothing to archive", channel_id)
            return POSTED
        if done.outcome is PostOutcome.FORBIDDEN:
            log.warning("archiving the thread %s was refused: %r", channel_id, done)
            return POSTED
        return done

    def _later(self, item: OutboxItem, tries: int, why: str) -> None:
        """Discord failed an item: it is tried again ever less often."""
        first, last = OUTBOX_RETRY_SECONDS
        wait = min(last, first * 2 ** tries)
        self._wait[item.id] = (tries + 1, time.monotonic() + wait)
        log.warning("sending %s of game %s failed: %s; trying again in %.0f s", item.kind, item.game_id, why, wait,
                    extra={"game": item.game_id})
        self.service.telemetry.outbox_failed(item.kind)

    async def _tell_followers(self, item: OutboxItem, tries: int) -> int:
        """One pass over a followers' item (``bot.discord.news``); 1 once everyone is told."""
        told = await self.followers.tell(item)
        if told.done:
            self._wait.pop(item.id, None)
            await self.service.postbox.mark_sent(item.id)
            log.info("the followers of game %s are told", item.game_id, extra={"game": item.game_id})
            return 1
        if told.wait is not None:  # paced: the rest goes out in a moment
            self._wait[item.id] = (tries, time.monotonic() + told.wait)
        else:
            self._later(item, tries, "Discord failed some of its direct messages or mentions")
        return 0
