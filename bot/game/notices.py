"""Notices: what the game side decides to tell a channel or its people, kept in the outbox in the
transaction that decided it and sent by the shell (``bot.discord.outbox``) once, across restarts
and processes.  Each kind says how it is delivered; the outbox row keeps the kind's name.

A new kind of notice: a ``Kind`` here (in ``KINDS``), queued by a part with ``Table.notice``;
a new way of delivering one is a ``Delivery`` and its branch in ``bot.discord.outbox``.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum


class Delivery(Enum):
    """How the shell sends an outbox item."""

    POST = "post"  # a message in the game's channel, its mentions pinged
    DIRECT_FIRST = "direct_first"  # a direct message to the first mentioned (with the game's link), else a post
    ARCHIVE = "archive"  # the game's thread archived (no text)
    NEWS = "news"  # each follower told by direct message, else mentioned in the channel, paced
    DIRECT = "direct"  # a direct message to the first mentioned only: never posted (it is private)


@dataclass(frozen=True)
class Kind:
    name: str  # the outbox's ``kind`` column
    delivery: Delivery
    disarms: bool = False  # once posted, the game's last prompt loses its buttons (retried until it has)
    closes_lobby: bool = False  # once sent, the game's lobby card is brought up to date (no Join button)


REMINDER = Kind("reminder", Delivery.DIRECT_FIRST)  # the player to act, nudged (``clockwork``)
DEADLINE = Kind("deadline", Delivery.POST)  # a deadline passed: the AI plays, or the host is told
IDLE = Kind("idle", Delivery.POST)  # nobody acted for long: the host is told (``housekeeping``)
LOBBY_CLOSED = Kind("lobby_closed", Delivery.POST, closes_lobby=True)  # nobody started it in time
ABANDONED = Kind("abandoned", Delivery.POST, disarms=True, closes_lobby=True)  # by a server manager
ARCHIVE = Kind("archive", Delivery.ARCHIVE)  # an ended game's thread, a day after its end post
FOLLOWERS = Kind("followers", Delivery.NEWS)  # the turns just done, for the game's followers
#: an answer given ahead stopped or went unused: its player only (``bot.game.play_on``); when the
#: direct message cannot be sent, the player reads it atop their "Answer ahead" view
AHEAD_STOPPED = Kind("ahead_stopped", Delivery.DIRECT)

KINDS: dict[str, Kind] = {k.name: k for k in (REMINDER, DEADLINE, IDLE, LOBBY_CLOSED, ABANDONED, ARCHIVE, FOLLOWERS,
                                                       AHEAD_STOPPED)}
