"""Game records in and out of the store: ``/ds log file:True`` writes one, ``python -m bot --load``
reads one into the local playground.  The format is ``engine.record``'s
(``docs/record-format.md``); this module only maps it onto stored games and moves.

A record is checked completely (read, every move replayed, the result compared) before
anything is written, and then written in one transaction: a bad file changes nothing.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime
from typing import Any

import words
from bot.game.channel import RESET
from bot.game.chronicle import Chronicle
from bot.game.lobby import SETTINGS_DEFAULTS
from bot.store.api import GameStore
from bot.store.models import Game, Move
from engine import logbook
from engine.flow import prompt
from engine.history import History, apply_move, start_state
from engine.record import BY, GameRecord, RecordMove, build_record, dumps, iso_utc, read_record, replay_record

State = dict[str, Any]


def record_filename(game_id: int) -> str:
    return f"dominant-species-game-{game_id}.json"


def record_of(game: Game, moves: list[Move], state: State, now: float) -> dict[str, Any]:
    """The record of a stored game: its standing moves, with when and by whom each was made."""
    entries = [RecordMove(m.seat, m.option_id, iso_utc(m.created_at), m.made_by if m.made_by in BY else "player",
                          m.hinted) for m in moves]
    return build_record(game.started_setup, entries, final_state=state, exported_at=iso_utc(now),
                        game={"id": game.id, "variant": game.variant})


async def export_record(chronicle: Chronicle, channel_id: str, now: float) -> tuple[str, bytes, Game]:
    """``/ds log file:True``: the channel's game (running or last finished) as a record file."""
    game = await chronicle.shown_game(channel_id)

    def read(h: History, moves: list[Move]) -> tuple[list[Move], State]:
        # a finished game's stored state says how it ended (a resignation is not a move); a
        # running one's is taken from the same replay as the moves, so the two always agree
        return moves, (game.started_state if game.status == "finished" else h.state)

    moves, state = await chronicle.replayed(game, read, thread=True)
    text = dumps(record_of(game, moves, state, now))
    return record_filename(game.id), text.encode(), game


# -- loading -----------------------------------------------------------------------------------


@dataclass
class Loaded:
    """A record checked to the end: its final state and each move's label, ready to store."""

    record: GameRecord
    state: State
    labels: list[str | None]


def check_record(text: str | bytes) -> Loaded:
    """Read and replay a record; raises ``RecordError``, ``ReplayError`` or ``ResultMismatch``
    (all ``ValueError``s with a message for a person) and writes nothing."""
    record = read_record(text)
    state = replay_record(record)
    # the same moves again, for the labels the prompts gave them (the record keeps only ids)
    labels: list[str | None] = []
    replayed = start_state(record.setup)
    for i, move in enumerate(record.move_list()):
        p = prompt(replayed)
        option = p.option(move[1]) if p is not None else None
        labels.append(words.option(option, "en") if option is not None else None)
        apply_move(replayed, i, move)
    return Loaded(record, state, labels)


def _epoch(at: str | None, default: float) -> float:
    if at is None:
        return default
    return datetime.fromisoformat(at.replace("Z", "+00:00")).timestamp()


def _user_ids(names: list[str]) -> list[str]:
    """Playground user ids (``local:NAME``), made unique when two seats share a name."""
    ids: list[str] = []
    for name in names:
        uid, n = f"local:{name}", 2
        while uid in ids:
            uid, n = f"local:{name}#{n}", n + 1
        ids.append(uid)
    return ids


async def free_channel(store: GameStore, prefix: str) -> str:
    """The first ``PREFIX-loaded-N`` channel that has never held a game."""
    n = 1
    while await store.latest_game(f"{prefix}-loaded-{n}") is not None:
        n += 1
    return f"{prefix}-loaded-{n}"


async def import_record(store: GameStore, loaded: Loaded, channel_id: str, now: float) -> int:
    """Store a checked record as a new game in ``channel_id`` (one transaction); returns its id."""
    record, state = loaded.record, loaded.state
    setup = record.setup
    names = setup["names"]
    users = _user_ids(names)
    result = state.get("result") or {}
    resigned = {m.seat for m in record.moves if m.by == "resigned"}
    if result.get("ended_by") == "resignation":
        resigned.add(result["resigned_seat"])
    finished = state["phase"] == "over"
    async with store.transaction():
        game_id = await store.insert_game(channel_id, setup["players"],
                                          "multi-animal" if setup["multi_animal"] else "standard", setup["seed"],
                                          settings=dict(SETTINGS_DEFAULTS))
        for seat, (user, name) in enumerate(zip(users, names, strict=True)):
            await store.insert_seat(game_id, seat, user, name, None, seat == 0)
            await store.update_seat(game_id, seat, animal=",".join(state["seats"][seat]["animals"]),
                                    resigned=int(seat in resigned))
        for k, (move, label) in enumerate(zip(record.moves, loaded.labels, strict=True)):
            user = "resigned" if move.by == "resigned" else users[move.seat]
            await store.append_move(game_id, 1 + k, move.seat, user, move.option, label, move.by,
                                    created_at=_epoch(move.at, now), hinted=move.hinted)
        await store.save_state(game_id, 0, 1 + len(record.moves), logbook.kept(state),
                               status="finished" if finished else "active", setup=dict(setup), board_due=RESET)
    return game_id
