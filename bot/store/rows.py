"""A stored row as what the store hands out, read by column name: a game with its seats, its
live post and its turn clock.  A column added to ``games`` or ``seats`` that is a field of the
same name is read by adding its name here (``GAME_COLUMNS``, ``SEAT_COLUMNS``)."""

from __future__ import annotations

import json
from collections.abc import Iterable
from typing import Any

from bot.store.api import Row
from bot.store.models import Game, LivePost, Seat, TurnClock

#: ``games`` columns read as the ``Game`` field of the same name, as they are.
GAME_COLUMNS = ("id", "channel_id", "status", "ruleset", "players", "variant", "seed", "version",
                "announced_version", "home_channel_id", "lobby_message_id", "guild_id", "finished_at", "told_turn",
                "created_at", "ended_at", "archived_at", "idle_told", "ahead")
#: ``seats`` columns read as the ``Seat`` field of the same name: as they are, or as a truth value.
SEAT_COLUMNS = ("seat", "user_id", "user_name", "animal", "away_until", "away_used", "ai_level", "hint_version")
SEAT_FLAGS = ("is_host", "resigned", "ai_hold")
#: The most games whose seats one query reads (a list of games is read in a query or two, not one a game).
SEATS_AT_ONCE = 500


def seat_from(r: Row) -> Seat:
    fields: dict[str, Any] = {c: r[c] for c in SEAT_COLUMNS}
    fields.update((c, bool(r[c])) for c in SEAT_FLAGS)
    return Seat(**fields)


def game_from(row: Row, seats: list[Seat]) -> Game:
    return Game(
        **{c: row[c] for c in GAME_COLUMNS},
        seats=seats,
        setup=json.loads(row["setup"]) if row["setup"] else None,
        settings=json.loads(row["settings"] or "{}"),
        post=LivePost(message_id=row["live_message_id"], seat=row["live_seat"], image=bool(row["live_image"]),
                      story_from=row["story_from"], board_due=row["board_due"], notice=row["notice"]),
        clock=TurnClock(since=row["turn_since"], reminded=row["reminders_sent"],
                        deadline_done=bool(row["deadline_done"]), due_at=row["due_at"]),
        decided={int(k): v for k, v in json.loads(row["decided"] or "{}").items()},
        planned=json.loads(row["planned"] or "[]"),
        at_once=json.loads(row["at_once"]) if row["at_once"] else None,
        state_blob=row["state"],
    )


def seats_by_game(rows: Iterable[Row]) -> dict[int, list[Seat]]:
    """Seat rows (in seat order within each game) by their game's id."""
    found: dict[int, list[Seat]] = {}
    for r in rows:
        found.setdefault(r["game_id"], []).append(seat_from(r))
    return found


def chunks(ids: list[int], size: int = SEATS_AT_ONCE) -> Iterable[list[int]]:
    for start in range(0, len(ids), size):
        yield ids[start:start + size]
