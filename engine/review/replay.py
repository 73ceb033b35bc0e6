"""A finished game's record, checked and replayed once for what a review needs besides the
verdicts: which moves were decisions (more than one option), where each turn began, the race
(every animal's VPs and the AI's estimate of its final VPs after every action) and the end.

The estimate is ``engine.ai.evaluate.animal_values`` with the weights ``hard`` plays by: an
animal's VPs plus what its position is still expected to score.  It is an estimate of final
VP rather than a chance to win: there is no model that turns a margin into a chance to win
for this game (lichess fits its curve to millions of rated games; we have none, and a curve
fitted to AI games would describe the AIs), a chance to win of six animals needs a joint
model the estimate does not have, and VP are what the score track shows, so both halves of
the race picture read in one unit and the estimate ends exactly on the final scores.
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from engine.ai import STRONG_WEIGHTS
from engine.ai.evaluate import animal_values
from engine.flow import prompt
from engine.history import ReplayError, action_key, apply_move, start_state
from engine.progress import current_action
from engine.record import GameRecord, RecordError, ResultMismatch, parse_record, replay_record
from engine.state import animals_in_play

State = dict[str, Any]


class ReviewError(ValueError):
    """A review that cannot be worked out; ``reason`` names why (``words`` words it):
    ``running`` (the game is not over), ``record`` (the record is not valid), ``replay`` (its
    moves no longer replay), ``saved`` (a saved review that does not belong to this record)."""

    def __init__(self, reason: str, message: str) -> None:
        super().__init__(message)
        self.reason = reason


@dataclass(frozen=True)
class Decision:
    """A move with more than one option, where it was made."""

    move: int  # moves made before it (the position is the record replayed that far)
    turn: int
    turn_move: int  # moves made in its turn before it (``/ds history turn: move:``)
    phase: str
    action: str | None  # the action being carried out (Execution), else None
    seat: int
    animal: str
    by: str
    kind: str
    options: int
    act: str  # the action it is a step of (``engine.history.action_key``): its steps share it


@dataclass
class Facts:
    """What one replay of a finished game tells."""

    fingerprint: str
    seed: int
    seats: list[dict[str, Any]]
    result: dict[str, Any]
    turns: int
    moves: int
    turn_starts: list[int]
    decisions: list[Decision] = field(default_factory=list)
    race: list[dict[str, Any]] = field(default_factory=list)


def as_record(record: GameRecord | Mapping[str, Any]) -> GameRecord:
    if isinstance(record, GameRecord):
        return record
    try:
        return parse_record(record)
    except RecordError as e:
        raise ReviewError("record", f"This game record cannot be reviewed: {e}") from None


def fingerprint(record: GameRecord) -> str:
    """What a review depends on, hashed: a saved review is resumed only for the same record."""
    result = record.result or {}
    body = {"setup": record.setup, "moves": [[m.seat, m.option, m.by] for m in record.moves],
            "ending": [result.get("ended_by"), result.get("resigned_seat"), result.get("winner_seat")]}
    return hashlib.sha256(json.dumps(body, sort_keys=True, separators=(",", ":")).encode()).hexdigest()


def finished_state(record: GameRecord) -> State:
    """The final state, or a ``ReviewError`` saying why there is none."""
    try:
        state = replay_record(record)
    except ReplayError as e:
        raise ReviewError("replay", f"This game's record no longer replays: {e}") from None
    except (RecordError, ResultMismatch) as e:
        raise ReviewError("record", f"This game record cannot be reviewed: {e}") from None
    if state["phase"] != "over" or state.get("result") is None:
        raise ReviewError("running", f"This game is not over ({len(record.moves)} moves so far, turn "
                                     f"{state['turn']}): only a finished game is reviewed.")
    return state


def _point(state: State, move: int) -> dict[str, Any]:
    values = animal_values(state, STRONG_WEIGHTS)
    animals = animals_in_play(state)
    return {"move": move, "turn": state["turn"],
            "vp": {a: state["animals"][a]["vp"] for a in animals},
            "estimate": {a: round(values[a], 1) + 0.0 for a in animals}}


def facts(record: GameRecord) -> Facts:
    """Replay a finished game's record (``ReviewError`` if it is not one)."""
    final = finished_state(record)
    state = start_state(record.setup)
    moves = record.moves
    out = Facts(fingerprint(record), record.setup["seed"], [{"name": s["name"], "animals": list(s["animals"])}
                                                            for s in final["seats"]],
                {k: final["result"][k] for k in ("scores", "seat_scores", "winner_seat", "winner")},
                final["turn"], len(moves), [0])
    if final["result"].get("ended_by"):
        out.result["ended_by"] = final["result"]["ended_by"]
        out.result["resigned_seat"] = final["result"]["resigned_seat"]
    out.race.append(_point(final if not moves else state, 0))
    key = action_key(state)
    for i, m in enumerate(moves):
        p = prompt(state)
        assert p is not None  # replay_record played these very moves
        if len(p.options) > 1:
            doing = current_action(state)
            out.decisions.append(Decision(i, state["turn"], i - out.turn_starts[-1], state["phase"],
                                          doing[1] if doing else None, m.seat, p.animal, m.by, p.kind,
                                          len(p.options), ":".join(str(k) for k in key)))
        turn = state["turn"]
        apply_move(state, i, (m.seat, m.option))
        if state["turn"] != turn:
            out.turn_starts.append(i + 1)
        now = action_key(state)
        if now != key or i + 1 == len(moves):
            key = now
            out.race.append(_point(final if i + 1 == len(moves) else state, i + 1))
    return out
