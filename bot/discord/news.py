"""Telling a game's followers about the turns just done, from the outbox: a direct message to
each, with the turn picture; a mention in the game's channel for those whose direct messages
are closed.

The service puts one outbox item per told stretch of turns (``bot.game.followers``): the
followers still to tell, and the news as it was worded then.  Sending it is the outbox's work, never a player's
move's: the direct messages go out paced (``Pacer``: well under Discord's 50 requests a second,
with room left for the game's own posts), a few each scheduler tick, and the item keeps who is
still to be told, so a crash or a failure loses nobody and a repeat is kept from doubling by
the nonce.  Only a 403 with code 50007 means closed direct messages (remembered: they are
mentioned from then on); a 5xx, a 429 or a network error is tried again with the outbox's
back-off; any other refusal is a mention in the channel this time (``operations`` tells which).
"""

from __future__ import annotations

import logging
import zlib
from collections import OrderedDict
from dataclasses import dataclass

from bot.discord.limits import CONTENT, clip_end
from bot.discord.operations import Operations, PostOutcome, Sent
from bot.discord.pacing import Pacer
from bot.discord.posts import compose, mention_head, mentions_for, picture
from bot.game.followers import TurnNews
from bot.game.service import TURN_IMAGE, GameService
from bot.store.models import OutboxItem

log = logging.getLogger(__name__)

#: Followers' direct messages a second at most, and at once (each is one request, two when the
#: direct channel is opened): the game's posts and answers keep most of Discord's 50 a second.
DMS_PER_SECOND, DMS_AT_ONCE = 10.0, 10
#: Discord's limit on the users one message may ping.
MENTIONS_MAX = 100
NEWS_KEPT = 16  # news with its picture drawn, kept for the items still being sent


@dataclass(frozen=True)
class Told:
    """How far one pass over a followers' item got."""

    done: bool  # everyone is told: the item is sent
    failed: bool = False  # Discord failed some of them: try again after the outbox's back-off
    wait: float | None = None  # paced: the rest goes out in this many seconds


def mention_posts(text: str, brief: str, more: str, users: list[str]) -> list[tuple[str, list[str]]]:
    """The channel posts that mention ``users`` (followers whose direct messages are closed), each
    within Discord's 2,000 characters and its 100 mentions: one post of the news ``text`` when they
    all fit beside it, else the ``brief`` news with as many as fit and further posts of the short
    line ``more``."""
    posts: list[tuple[str, list[str]]] = []
    rest = [u for u in users if u.isdigit()]
    whole = len(rest) <= MENTIONS_MAX and len(mention_head(rest)) <= CONTENT - len(text)
    line = text if whole else brief
    room = CONTENT - len(line)
    while rest:
        part = _fitting(rest, room)
        posts.append((compose(line, part), part))
        rest = rest[len(part):]
        room, line = CONTENT - len(more), more
    return posts


def _fitting(users: list[str], room: int) -> list[str]:
    """The first of ``users`` whose mentions fit in ``room`` characters (one at least)."""
    part: list[str] = []
    size = 0
    for user in users[:MENTIONS_MAX]:
        size += len(mention_head([user]))
        if part and size > room:
            break
        part.append(user)
    return part


def _nonce(item: OutboxItem, users: list[str]) -> str:
    """The same post of the same item has the same nonce (Discord keeps a repeat from doubling)."""
    return f"ds-m{item.id}-{zlib.crc32(','.join(users).encode()):08x}"


class FollowerNews:
    def __init__(self, ops: Operations, service: GameService, pacer: Pacer | None = None) -> None:
        self.ops = ops
        self.service = service
        self.pacer = pacer or Pacer(DMS_PER_SECOND, DMS_AT_ONCE)
        self._news: OrderedDict[int, TurnNews | None] = OrderedDict()  # by outbox item

    async def tell(self, item: OutboxItem) -> Told:
        """One pass over a followers' item (claimed by the caller, who marks it sent when done)."""
        news = await self._worded(item)
        if news is None:
            log.info("the followers of game %s are not told: the game is gone", item.game_id)
            return self._forget(item, Told(done=True))
        pending = [u for u in item.mention if u.isdigit()]
        closed = await self.service.postbox.closed_dms(pending)
        told: set[str] = set()
        unreached: list[str] = []  # to mention in the channel
        again: list[str] = []  # Discord failed them: tried again last, after the others
        paced = False
        for user_id in pending:
            if user_id in closed:
                unreached.append(user_id)
                continue
            if not self.pacer.take():
                paced = True
                break
            sent = await self._direct(item, user_id, news)
            if sent.outcome is PostOutcome.CLOSED:
                log.info("direct messages to follower %s are closed; mentioning them in the channel", user_id)
                await self.service.postbox.dms_closed(user_id)
                unreached.append(user_id)
            elif sent.outcome is PostOutcome.FAILED:
                log.warning("a direct message to follower %s failed (%r); trying again later", user_id, sent,
                            extra={"game": item.game_id})
                again.append(user_id)
            elif not sent.ok:  # refused otherwise (not closed): a mention in the channel this time
                log.info("a direct message to follower %s was refused (%r); mentioning them in the channel",
                         user_id, sent)
                unreached.append(user_id)
            else:
                told.add(user_id)
        mentioned: set[str] = set()
        failed = bool(again)
        if not paced:  # every follower was tried: those not reached are mentioned, in as few posts as fit
            mentioned, failed = await self._mention(item, news, unreached, failed)
        done = told | mentioned
        left = [u for u in pending if u not in done and u not in again] + again
        if not left:
            return self._forget(item, Told(done=True))
        if left != item.mention:
            await self.service.postbox.still_to_tell(item.id, left)
        return Told(done=False, failed=failed, wait=self.pacer.wait() if paced else None)

    async def _direct(self, item: OutboxItem, user_id: str, news: TurnNews) -> Sent:
        files = [picture(news.image, TURN_IMAGE, news.alt)] if news.image else []
        return await self.ops.direct(user_id, clip_end(news.text, CONTENT), files=files, nonce=f"ds-f{item.id}")

    async def _mention(self, item: OutboxItem, news: TurnNews, users: list[str],
                       failed: bool) -> tuple[set[str], bool]:
        """Mention ``users`` in the game's channel; (those mentioned, whether something failed)."""
        mentioned: set[str] = set()
        for content, part in mention_posts(news.text, news.brief, news.more, users):
            sent = await self.ops.post(item.channel_id, content, mentions=mentions_for(part), nonce=_nonce(item, part))
            if sent.outcome is PostOutcome.GONE:  # the channel is gone: they cannot be mentioned there
                log.warning("the followers of game %s cannot be mentioned: its channel is gone (%r)", item.game_id,
                            sent, extra={"game": item.game_id})
            elif not sent.ok:
                log.warning("mentioning the followers of game %s failed (%r); trying again later", item.game_id, sent,
                            extra={"game": item.game_id})
                failed = True
                continue
            mentioned.update(part)
        return mentioned, failed

    async def _worded(self, item: OutboxItem) -> TurnNews | None:
        """The item's news, its picture drawn once while it is being sent."""
        if item.id not in self._news:
            self._news[item.id] = await self.service.followers.follower_news(item.game_id, item.text)
            while len(self._news) > NEWS_KEPT:
                self._news.popitem(last=False)
        return self._news[item.id]

    def _forget(self, item: OutboxItem, told: Told) -> Told:
        self._news.pop(item.id, None)
        return told
