"""Pace: reminders, deadlines and vacations, as plain rules over a game's clock.

Everything here is pure: given a game's pace settings, when the player to act was last asked
(or last acted), how many reminders went out since, their vacation and the time now, it says
what is due and when to look again.  The scheduler (``bot.game.scheduler``) and the service do the
doing; tests drive these rules with any clock.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any, Literal, overload

from words import DEFAULT, T, Text, Words, join, say

MINUTE, HOUR, DAY = 60, 3600, 86400
UNITS = {"s": 1, "m": MINUTE, "h": HOUR, "d": DAY}
#: No duration may be longer than this (a deadline of a year is a typo, not a plan).
LONGEST = 30 * DAY
DEFAULT_REMINDER = DAY
DEFAULT_AWAY_CAP = 7 * DAY
#: What happens when a deadline passes: the AI plays the player's pending decisions, or the
#: game waits and the host is told.
AT_DEADLINE = ("ai", "wait")
OFF_WORDS = ("off", "none", "never", "no")

_PART = re.compile(r"(\d+)\s*([smhd])")


class DurationError(ValueError):
    """A duration that cannot be used; the message says what is allowed."""


@overload
def parse_duration(text: str, *, allow_off: Literal[False] = False) -> int: ...
@overload
def parse_duration(text: str, *, allow_off: bool) -> int | None: ...


def parse_duration(text: str, *, allow_off: bool = False) -> int | None:
    """``30s``, ``10m``, ``12h``, ``2d`` or a sum such as ``1d12h`` -> seconds (``off`` -> None)."""
    raw = (text or "").strip().lower()
    if allow_off and raw in OFF_WORDS:
        return None
    compact = raw.replace(" ", "")
    parts = _PART.findall(compact)
    if not compact or "".join(n + u for n, u in parts) != compact:
        shown = raw if len(raw) <= 20 else raw[:19] + "…"
        raise DurationError(T("bot.err.duration_off" if allow_off else "bot.err.duration", given=shown))
    seconds = sum(int(n) * UNITS[u] for n, u in parts)
    if seconds <= 0:
        raise DurationError(T("bot.err.duration_zero"))
    if seconds > LONGEST:
        raise DurationError(T("bot.err.duration_long"))
    return seconds


def duration(seconds: float) -> Words:
    """``1 day 4 hours``, ``25 minutes``, ``40 seconds``: the two largest units, as a text."""
    seconds = max(0, int(round(seconds)))
    parts: list[Words] = []
    for unit, size in (("day", DAY), ("hour", HOUR), ("minute", MINUTE), ("second", 1)):
        n, seconds = divmod(seconds, size)
        if n:
            parts.append(T(f"bot.unit.{unit}", n=n))
    return join(*parts[:2]) if parts else T("bot.unit.second", n=0)


def format_duration(seconds: float, lang: str = DEFAULT) -> str:
    """``duration`` in ``lang``: ``1 day 4 hours`` / ``1 nap 4 óra``."""
    return say(duration(seconds), lang)


@dataclass(frozen=True)
class Pace:
    """A game's pace settings (seconds; None: off)."""

    reminder: int | None = DEFAULT_REMINDER
    deadline: int | None = None
    at_deadline: str = "ai"
    away_cap: int = DEFAULT_AWAY_CAP

    @classmethod
    def of(cls, settings: dict[str, Any]) -> Pace:
        raw = settings.get("pace") or {}
        return cls(raw.get("reminder", DEFAULT_REMINDER), raw.get("deadline"), raw.get("at_deadline", "ai"),
                   raw.get("away_cap", DEFAULT_AWAY_CAP))

    def to_dict(self) -> dict[str, Any]:
        return {"reminder": self.reminder, "deadline": self.deadline, "at_deadline": self.at_deadline,
                "away_cap": self.away_cap}

    def describe(self) -> Text:
        reminder = (T("bot.pace.reminder_every", every=duration(self.reminder)) if self.reminder
                    else T("bot.pace.no_reminders"))
        if self.deadline is None:
            return T("bot.pace.no_deadline", reminder=reminder)
        then = T("bot.pace.then_ai" if self.at_deadline == "ai" else "bot.pace.then_wait")
        return T("bot.pace.deadline", reminder=reminder, limit=duration(self.deadline), then=then)


@dataclass(frozen=True)
class Clock:
    """Where the player to act stands: asked (or last acted) at ``since``, reminded ``reminded``
    times since, the deadline handled or not, away until ``away_until``."""

    since: float
    reminded: int = 0
    deadline_done: bool = False
    away_until: float | None = None

    def start(self) -> float:
        """The clock runs from when they were asked, or from the end of their vacation."""
        return max(self.since, self.away_until or 0.0)


@dataclass(frozen=True)
class Due:
    reminder: bool  # send one reminder now
    deadline: bool  # the deadline passed now
    next_at: float | None  # when to look again (None: never, until something changes)


def due(pace: Pace, clock: Clock, now: float) -> Due:
    """What is due for the player to act at ``now``, and when to look again."""
    if clock.away_until is not None and now < clock.away_until:
        return Due(False, False, clock.away_until)  # on vacation: nothing until they are back
    start = clock.start()
    reminder = False
    next_reminder = None
    if pace.reminder:
        at = start + pace.reminder * (clock.reminded + 1)
        if now >= at:
            reminder = True
            # one reminder per interval, even after a long sleep of the bot
            next_reminder = max(at + pace.reminder, now + pace.reminder)
        else:
            next_reminder = at
    deadline = False
    deadline_at = None
    if pace.deadline and not clock.deadline_done:
        deadline_at = start + pace.deadline
        if now >= deadline_at:
            deadline, deadline_at = True, None
    times = [t for t in (next_reminder, deadline_at) if t is not None]
    return Due(reminder, deadline, min(times) if times else None)


def time_left(pace: Pace, clock: Clock, now: float) -> float | None:
    """Seconds before the deadline (None: no deadline, or it was already handled)."""
    if not pace.deadline or clock.deadline_done:
        return None
    return max(0.0, clock.start() + pace.deadline - now)
