""""Since your last move": the few lines a player sees when their turn comes back.

Pure functions over the game log and the stored moves, so ``bot.game.channel.plan`` stays pure:
the service works out, from the moves (who made each, in order) and where each move's lines
begin in the log (``engine.history.History.log_starts``), the log index just after each seat's
latest decision; ``recap_text`` then tells what came after it.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

import words
from engine import logbook
from engine.logbook import Entry, Render, recap, text_of

#: At most this many lines, each at most this wide: a reminder, never a wall.
RECAP_LINES = 4
RECAP_WIDTH = 120


def since_last_moves(moves: Sequence[tuple[int, str]], log_starts: Sequence[int], log_length: int) -> dict[int, int]:
    """For each seat that has decided: the log index just after its latest decision's lines.

    ``moves`` are ``(seat, made_by)`` in order; only a player's own choices count as theirs
    (not the bot playing on for a resigned seat, nor a clock or an AI acting for them).
    """
    since: dict[int, int] = {}
    for k, (seat, made_by) in enumerate(moves):
        if made_by in ("player", "planned", "ordered", "early"):  # a click or answered ahead, not the bot for them
            since[seat] = log_starts[k + 1] if k + 1 < len(log_starts) else log_length
    return since


def recap_text(state: Mapping[str, Any], since: Mapping[int, int] | None, seat: int | None, story_from: int,
               render: Render | None = None, lang: str = words.DEFAULT) -> str:
    """What happened since ``seat``'s latest decision and before ``story_from`` (where the
    message's own story begins, so nothing is told twice); "" when there is nothing to add.
    Indices count in the whole log; the state's kept part is what is told."""
    start = None if since is None or seat is None else since.get(seat)
    if start is None or start >= story_from:
        return ""
    told = recap(logbook.since(state, start)[:story_from - max(start, logbook.log_from(state))], [],
                 render or _plain, limit=RECAP_LINES, width=RECAP_WIDTH)
    if not told.lines:
        return ""
    head = (words.ngettext("bot.recap.head_more", told.omitted, lang) if told.omitted
            else words.gettext("bot.recap.head", lang))
    return "\n".join([head, *(f"· {line}" for line in told.lines)])


def _plain(entry: Entry) -> str:
    """A stored line as it reads, without its turn prefix."""
    return text_of(entry) if isinstance(entry, str) else str(entry)
