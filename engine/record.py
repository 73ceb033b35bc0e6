"""The game record: a versioned JSON document holding a whole game, to keep, share and replay.

A record is the setup plus the move list (the moves are the truth; every state follows from
them) and, once the game is over, its result.  ``docs/record-format.md`` describes the format.

    text = dumps(build_record(setup, moves, final_state=state, exported_at=iso_utc(time.time())))
    record = read_record(text)          # RecordError: unreadable, malformed, foreign, newer
    state = replay_record(record)       # ReplayError: the first move that does not replay
"""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from datetime import UTC, datetime
from typing import Any

from engine import vp
from engine.data import FOOD_CHAIN
from engine.flow import prompt
from engine.history import ReplayError, Setup, apply_move, start_state
from engine.phases import end_by_resignation

State = dict[str, Any]

FORMAT = "dominant-species-game"
#: Bumped only by a change that an older reader would misread; new optional fields are not.
FORMAT_VERSION = 1
RULESETS = ("base",)
VARIANTS = {"standard": False, "multi-animal": True}
#: Who made a move: the seat's player, an AI, the clock (a turn timer acting for a player
#: who ran out of time) or the bot playing on for a seat that resigned.
BY = ("player", "planned", "ai", "clock", "resigned")
_RESULT_KEYS = ("scores", "seat_scores", "winner_seat", "winner")
#: How a game may end before its moves reach the end (``result.ended_by``).
ENDINGS = ("resignation",)


class RecordError(ValueError):
    """A record that cannot be used: unreadable, malformed, foreign, or of a newer format."""


class ResultMismatch(ValueError):
    """Every move replays, but the game does not end as the record says."""


@dataclass(frozen=True)
class RecordMove:
    seat: int
    option: str
    at: str | None = None  # ISO-8601 UTC, e.g. "2025-03-01T18:04:05Z"; None if unknown
    by: str = "player"
    hinted: bool = False  # the player asked for a hint before this choice

    def to_dict(self) -> dict[str, Any]:
        out: dict[str, Any] = {"seat": self.seat, "option": self.option, "at": self.at, "by": self.by}
        if self.hinted:
            out["hinted"] = True
        return out


@dataclass(frozen=True)
class GameRecord:
    """A validated record.  ``setup`` has the shape ``engine.history.Setup`` wants."""

    setup: dict[str, Any]
    moves: list[RecordMove]
    result: dict[str, Any] | None = None
    ruleset: str = "base"
    format_version: int = FORMAT_VERSION
    exported_at: str | None = None
    game: dict[str, Any] = field(default_factory=dict)

    def move_list(self) -> list[tuple[int, str]]:
        """The (seat, option id) pairs ``engine.apply`` takes."""
        return [(m.seat, m.option) for m in self.moves]


def iso_utc(epoch_seconds: float) -> str:
    """``1735732800.0`` -> ``"2025-01-01T12:00:00Z"`` (whole seconds)."""
    return datetime.fromtimestamp(int(epoch_seconds), UTC).strftime("%Y-%m-%dT%H:%M:%SZ")


# ---------------------------------------------------------------------------------------------
# Writing


def result_of(state: State) -> dict[str, Any] | None:
    """The result a record keeps: the engine's, with each animal's VPs by source."""
    if state.get("result") is None:
        return None
    return {**state["result"], "vp_by_source": vp.breakdowns(state)}


def build_record(
    setup: Setup,
    moves: Sequence[RecordMove | tuple[int, str]],
    *,
    final_state: State | None = None,
    exported_at: str | None = None,
    game: Mapping[str, Any] | None = None,
) -> dict[str, Any]:
    """The record of a game as JSON-ready data.

    ``setup`` is what the game was set up with (``animals`` as dealt); ``moves`` are the
    moves that stand (undone ones left out); ``final_state``, the state after them, gives the
    result when the game is over; ``game`` is free information (an id, a channel name...).
    """
    state = final_state if final_state is not None else start_state(setup)
    seats = state["seats"]
    return {
        "format": FORMAT,
        "format_version": FORMAT_VERSION,
        "ruleset": state.get("ruleset", "base"),
        "exported_at": exported_at,
        "game": dict(game or {}),
        "setup": {
            "players": setup["players"],
            "seed": setup["seed"],
            "variant": "multi-animal" if setup.get("multi_animal") else "standard",
            "seats": [{"name": s["name"], "animals": list(s["animals"])} for s in seats],
        },
        "moves": [(m if isinstance(m, RecordMove) else RecordMove(m[0], m[1])).to_dict() for m in moves],
        "result": result_of(state) if final_state is not None else None,
    }


def dumps(record: Mapping[str, Any]) -> str:
    """Compact JSON with one move per line: small, and a diff or a reader can follow it."""
    head = {k: v for k, v in record.items() if k != "moves"}
    body = ",\n".join(json.dumps(m, separators=(",", ":")) for m in record["moves"])
    text = json.dumps(head, separators=(",", ":"))
    return text[:-1] + ',"moves":[\n' + body + "\n]}\n"


# ---------------------------------------------------------------------------------------------
# Reading


def read_record(text: str | bytes) -> GameRecord:
    """Parse and validate a record file's contents; raises ``RecordError`` saying what is wrong."""
    try:
        data = json.loads(text)
    except (ValueError, UnicodeDecodeError) as e:
        raise RecordError(f"This file is not JSON ({e}).") from None
    return parse_record(data)


def _fail(where: str, what: str) -> RecordError:
    return RecordError(f"{where}: {what}")


def _int(value: Any, where: str, low: int | None = None, high: int | None = None) -> int:
    if not isinstance(value, int) or isinstance(value, bool):
        raise _fail(where, f"expected a whole number, found {value!r}")
    if (low is not None and value < low) or (high is not None and value > high):
        raise _fail(where, f"{value} is out of range ({low} to {high})")
    return value


def _obj(value: Any, where: str) -> dict[str, Any]:
    if not isinstance(value, dict):
        raise _fail(where, f"expected an object, found {type(value).__name__}")
    return value


def _time(value: Any, where: str) -> str | None:
    if value is None:
        return None
    try:
        when = datetime.fromisoformat(value) if isinstance(value, str) else None
    except ValueError:
        when = None
    offset = None if when is None else when.utcoffset()
    if not isinstance(value, str) or offset is None or offset.total_seconds() != 0:
        raise _fail(where, f"expected an ISO-8601 UTC time such as 2025-03-01T18:04:05Z, found {value!r}")
    return value


def parse_record(data: Any) -> GameRecord:
    """Validate already-parsed JSON as a record."""
    if not isinstance(data, dict):
        raise RecordError("This is not a game record: a record is a JSON object.")
    if data.get("format") != FORMAT:
        raise RecordError(f'This is not a Dominant Species game record (it lacks "format": "{FORMAT}").')
    version = _int(data.get("format_version"), "format_version", 1)
    if version > FORMAT_VERSION:
        raise RecordError(f"This record has format version {version}, newer than this program reads "
                          f"({FORMAT_VERSION}); update the bot to read it.")
    ruleset = data.get("ruleset", "base")
    if ruleset not in RULESETS:
        raise _fail("ruleset", f"{ruleset!r} is not supported (only {', '.join(RULESETS)})")
    setup = _setup(_obj(data.get("setup"), "setup"))
    raw_moves = data.get("moves")
    if not isinstance(raw_moves, list):
        raise _fail("moves", "expected a list of moves")
    moves = [_move(m, f"moves[{i}]", setup["players"]) for i, m in enumerate(raw_moves)]
    result = data.get("result")
    if result is not None:
        result = _obj(result, "result")
        for key in _RESULT_KEYS:
            if key not in result:
                raise _fail("result", f'"{key}" is missing')
        _ending(result, setup["players"])
    game = data.get("game") or {}
    return GameRecord(setup=setup, moves=moves, result=result, ruleset=ruleset, format_version=version,
                      exported_at=_time(data.get("exported_at"), "exported_at"), game=_obj(game, "game"))


def _setup(raw: dict[str, Any]) -> dict[str, Any]:
    players = _int(raw.get("players"), "setup.players", 2, 6)
    seed = _int(raw.get("seed"), "setup.seed")
    variant = raw.get("variant", "standard")
    if variant not in VARIANTS:
        raise _fail("setup.variant", f"{variant!r} is not one of {', '.join(VARIANTS)}")
    seats = raw.get("seats")
    if not isinstance(seats, list) or len(seats) != players:
        raise _fail("setup.seats", f"expected a list of {players} seats")
    names, animals = [], []
    for i, seat in enumerate(seats):
        seat = _obj(seat, f"setup.seats[{i}]")
        name = seat.get("name")
        if not isinstance(name, str) or not name.strip():
            raise _fail(f"setup.seats[{i}].name", "expected a name")
        dealt = seat.get("animals", [])
        if not isinstance(dealt, list) or any(a not in FOOD_CHAIN for a in dealt):
            raise _fail(f"setup.seats[{i}].animals", f"expected animals among {', '.join(FOOD_CHAIN)}")
        names.append(name)
        animals.append(list(dealt))
    return {"players": players, "seed": seed, "multi_animal": VARIANTS[variant],
            "animals": animals, "names": names}


def _ending(result: dict[str, Any], players: int) -> None:
    """A result that says how the game ended early must say it fully."""
    ended_by = result.get("ended_by")
    if ended_by is None:
        return
    if ended_by not in ENDINGS:
        raise _fail("result.ended_by", f"{ended_by!r} is not one of {', '.join(ENDINGS)}")
    resigned = _int(result.get("resigned_seat"), "result.resigned_seat", 0, players - 1)
    winner = _int(result.get("winner_seat"), "result.winner_seat", 0, players - 1)
    if resigned == winner:
        raise _fail("result.resigned_seat", "the seat that resigned cannot be the winner")


def _move(raw: Any, where: str, players: int) -> RecordMove:
    raw = _obj(raw, where)
    seat = _int(raw.get("seat"), f"{where}.seat", 0, players - 1)
    option = raw.get("option")
    if not isinstance(option, str) or not option:
        raise _fail(f"{where}.option", "expected an option id")
    by = raw.get("by", "player")
    if by not in BY:
        raise _fail(f"{where}.by", f"{by!r} is not one of {', '.join(BY)}")
    hinted = raw.get("hinted", False)
    if not isinstance(hinted, bool):
        raise _fail(f"{where}.hinted", "expected true or false")
    return RecordMove(seat, option, _time(raw.get("at"), f"{where}.at"), by, hinted)


# ---------------------------------------------------------------------------------------------
# Replaying


def replay_record(record: GameRecord) -> State:
    """The state after every move of the record.

    Raises ``ReplayError`` for the first move the engine refuses, ``ResultMismatch`` if the
    record's result is not what the moves lead to, ``RecordError`` for a setup the engine
    cannot build.
    """
    try:
        state = start_state(record.setup)
    except ReplayError as e:
        raise RecordError(e.message) from None
    for i, move in enumerate(record.move_list()):
        apply_move(state, i, move)
    if record.result is not None and record.result.get("ended_by") == "resignation":
        # the moves stop where a player resigned; the result says so
        if state["phase"] == "over":
            raise ResultMismatch("The record says a player resigned, but its moves play the game to its end.")
        end_by_resignation(state, record.result["resigned_seat"], record.result["winner_seat"])
    if record.result is not None:
        got = state.get("result")
        if got is None:
            raise ResultMismatch(f"The record gives a result, but after its {len(record.moves)} moves "
                                 "the game is not over.")
        for key in _RESULT_KEYS:
            if record.result[key] != got[key]:
                raise ResultMismatch(f"The record's result differs from the replay's in {key!r}: "
                                     f"recorded {record.result[key]!r}, replayed {got[key]!r}.")
    return state


def summary(state: State) -> dict[str, Any]:
    """A short account of a position: where the game stands, the scores, who acts or won."""
    out: dict[str, Any] = {
        "players": len(state["seats"]),
        "variant": state["variant"],
        "turn": state["turn"],
        "phase": state["phase"],
        "decisions": state["decisions"],
        "scores": {a: state["animals"][a]["vp"] for a in FOOD_CHAIN if a in state["animals"]},
    }
    res = state.get("result")
    if res is not None:
        out.update(seat_scores=res["seat_scores"], winner=res["winner"], winner_seat=res["winner_seat"],
                   winner_name=state["seats"][res["winner_seat"]]["name"],
                   tie_break=res.get("tie_break"))
        if res.get("ended_by"):
            out.update(ended_by=res["ended_by"], resigned_seat=res.get("resigned_seat"))
    else:
        p = prompt(state)
        if p is not None:
            out["to_act"] = {"seat": p.seat, "name": state["seats"][p.seat]["name"],
                             "animal": p.animal, "prompt": p.text.to_dict()}
    return out


__all__ = [
    "BY", "FORMAT", "FORMAT_VERSION", "GameRecord", "RecordError", "RecordMove", "ReplayError",
    "ResultMismatch", "build_record", "dumps", "iso_utc", "parse_record", "read_record", "replay_record",
    "result_of", "summary",
]
