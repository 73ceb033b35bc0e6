"""A game's past, rebuilt from its setup and its move list (the moves are the truth).

One replay (``History``) gives what a UI needs to show any past moment:

* ``turn_starts``: how many moves had been made when each turn's Planning began;
* ``boundaries``: the move counts at which an action has just completed (the steps of a
  "previous / next action" button pair);
* ``timeline``: each animal's VPs and species on earth at the end of every turn and after
  every action;
* checkpoints: the state at each turn start, kept as JSON text, so that any moment is one
  ``json.loads`` plus the moves of at most one turn away.

A whole-game replay costs about 0.1-0.25 s (``bench/history.py``), so the timeline is
derived by replay rather than stored in every state: old games get one too, and the state
(saved after every move) does not grow.
"""

from __future__ import annotations

import copy
import json
import zlib
from bisect import bisect_left, bisect_right
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from engine.errors import RulesError
from engine.flow import apply
from engine.phases import start
from engine.state import SetupError, animals_in_play, new_game

State = dict[str, Any]
#: ``{"players", "seed", "multi_animal", "animals", "names"}``: what ``new_game`` was given
#: (``animals`` as dealt, so that a replay matches); the bot stores the same dict.
Setup = Mapping[str, Any]
Move = tuple[int, str]


class HistoryError(ValueError):
    """A moment that does not exist (yet), with a message for the player."""


class ReplayError(ValueError):
    """A move the engine refuses (or a setup it cannot build) while replaying."""

    def __init__(self, index: int, seat: Any, option: Any, message: str, refusal: RulesError | None = None) -> None:
        self.index, self.seat, self.option, self.message = index, seat, option, message
        self.refusal = refusal  # the engine's own refusal, for a caller that words it for a person
        super().__init__(f"move {index} (seat {seat}, option {option!r}) does not replay: {message}")


def start_state(setup: Setup) -> State:
    """The state of a new game from its setup, at its first prompt."""
    try:
        return start(new_game(
            setup["players"], setup["seed"], multi_animal=bool(setup.get("multi_animal", False)),
            animals=setup.get("animals"), names=setup.get("names"),
        ))
    except (SetupError, KeyError, TypeError) as e:
        raise ReplayError(-1, None, None, f"the setup is not valid: {e}") from None


def apply_move(state: State, index: int, move: Move) -> None:
    """Apply move number ``index`` (0-based) or raise ``ReplayError`` naming it."""
    seat, option = move
    try:
        apply(state, seat, option)
    except RulesError as e:
        raise ReplayError(index, seat, option, str(e), e) from None


def replay(setup: Setup, moves: Sequence[Move], upto: int | None = None) -> State:
    """The state after the first ``upto`` moves (all of them by default), from scratch."""
    state = start_state(setup)
    for i, move in enumerate(moves[:upto]):
        apply_move(state, i, move)
    return state


def action_key(state: State) -> tuple[int | str, ...]:
    """Which action the pending decision belongs to; it changes exactly when one completes.

    In Planning every AP placement is an action.  In Execution an action is one AP taken
    off the display, with everything it sets off (a Domination and its card, a card's own
    picks): the execution step's place on the display tells them apart.
    """
    if state["phase"] == "over" or not state["steps"]:
        return ("over",)
    base = state["steps"][0]
    if base["name"] == "planning":
        return (state["turn"], "planning", state["decisions"])
    if base["name"] == "execution":
        return (state["turn"], "execution", base["row"], base["space"])
    return (state["turn"], base["name"])


@dataclass(frozen=True)
class Point:
    """Each animal's VPs and species on earth after ``move`` moves."""

    move: int
    turn: int
    vp: dict[str, int]
    species: dict[str, int]

    def to_dict(self) -> dict[str, Any]:
        return {"move": self.move, "turn": self.turn, "vp": self.vp, "species": self.species}


def point(state: State, move: int) -> Point:
    animals = animals_in_play(state)
    on_earth = dict.fromkeys(animals, 0)
    for tile in state["tiles"].values():
        for a, n in tile["species"].items():
            on_earth[a] += n
    return Point(move, state["turn"], {a: state["animals"][a]["vp"] for a in animals}, on_earth)


@dataclass
class Timeline:
    """``by_turn[0]`` is the setup; ``by_turn[t]`` the end of turn ``t`` (for the turn being
    played: now).  ``by_action`` has one point per action boundary."""

    animals: list[str]
    by_turn: list[Point] = field(default_factory=list)
    by_action: list[Point] = field(default_factory=list)

    def to_dict(self) -> dict[str, Any]:
        return {"animals": self.animals, "by_turn": [p.to_dict() for p in self.by_turn],
                "by_action": [p.to_dict() for p in self.by_action]}

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> Timeline:
        """Back from ``to_dict`` (e.g. a timeline kept as JSON beside a finished game)."""
        return cls(list(data["animals"]), [Point(**p) for p in data["by_turn"]],
                   [Point(**p) for p in data["by_action"]])


class History:
    """One replay of a game, kept to answer "what did it look like then?" cheaply.

    Pure and in memory: the bot may keep one per game and ``extend`` it as moves come in.
    """

    def __init__(self, setup: Setup, moves: Sequence[Move] = (), *, checkpoints: bool = True) -> None:
        self.setup = dict(setup)
        self.moves: list[Move] = []
        self.turn_starts: list[int] = [0]
        self.boundaries: list[int] = [0]
        #: the log's length before each move: move k wrote ``log[log_starts[k]:log_starts[k + 1]]``
        #: (the last one, up to ``log_length``); every move writes at least one line
        self.log_starts: list[int] = []
        self._keep = checkpoints
        self._checkpoints: dict[int, bytes] = {}
        self._packed = 0  # the checkpoints' bytes
        self._state_json = 0  # the length of the live state's JSON at the last checkpoint
        self._state = start_state(self.setup)
        self._key = action_key(self._state)
        self._turn_ends = [point(self._state, 0)]  # the setup, then the end of each turn
        self._actions = [point(self._state, 0)]
        self._checkpoint()
        self.extend(moves)

    def _checkpoint(self) -> None:
        # compressed: a state at a turn's start carries the whole log so far, and a long game's
        # checkpoints are 3-4 MB of JSON (some 0.4 MB so; a read back costs 1-2 ms more)
        text = json.dumps(self._state, separators=(",", ":"))
        self._state_json = len(text)
        if self._keep:
            packed = zlib.compress(text.encode(), 1)
            self._checkpoints[len(self.moves)] = packed
            self._packed += len(packed)

    @property
    def size(self) -> int:
        """About how many bytes this replay holds: its checkpoints, the live state (some six times
        its JSON at the last turn's start: measured with tracemalloc) and its records of each move."""
        return self._packed + 6 * self._state_json + 400 * len(self.moves)

    def extend(self, moves: Sequence[Move]) -> None:
        """Play further moves of the same game (e.g. the ones made since it was built)."""
        for move in moves:
            move = (move[0], move[1])
            turn = self._state["turn"]
            told = len(self._state["log"])
            apply_move(self._state, len(self.moves), move)
            self.moves.append(move)
            self.log_starts.append(told)
            k = len(self.moves)
            if self._state["turn"] != turn:
                self.turn_starts.append(k)
                self._turn_ends.append(point(self._state, k))  # nothing scores in Planning
                self._checkpoint()
            key = action_key(self._state)
            if key != self._key:
                self._key = key
                self.boundaries.append(k)
                self._actions.append(point(self._state, k))

    def matches(self, moves: Sequence[Move]) -> bool:
        """Whether ``moves`` continue the moves this history has replayed (then ``extend``
        with the new ones; otherwise, e.g. after an undo, build a new ``History``)."""
        return len(moves) >= len(self.moves) and all(
            (m[0], m[1]) == h for m, h in zip(moves, self.moves, strict=False))

    # -- reading ----------------------------------------------------------------------------

    @property
    def timeline(self) -> Timeline:
        """The setup, the end of every finished turn, and now (the end, once it is over)."""
        now = point(self._state, len(self.moves))
        return Timeline(animals_in_play(self._state), [*self._turn_ends, now], list(self._actions))

    @property
    def state(self) -> State:
        """The state after every move (a copy: the history keeps its own)."""
        return copy.deepcopy(self._state)

    @property
    def log_length(self) -> int:
        """How many log lines the moves so far have written (with the setup's)."""
        return len(self._state["log"])

    @property
    def log(self) -> list[Any]:
        """The whole log so far (read it, do not change it): a saved state keeps only its recent
        entries (``engine.logbook.kept``), a replay has them all."""
        log: list[Any] = self._state["log"]
        return log

    @property
    def turn(self) -> int:
        """The turn being played (or the last one, when the game is over)."""
        return len(self.turn_starts)

    def state_after(self, k: int) -> State:
        """The state after the first ``k`` moves (a fresh copy)."""
        if not 0 <= k <= len(self.moves):
            raise HistoryError(f"There is no move {k}: the game has {len(self.moves)} moves so far.")
        if k == len(self.moves):
            return self.state
        state: State
        if self._keep:
            base = max(c for c in self._checkpoints if c <= k)
            state = json.loads(zlib.decompress(self._checkpoints[base]))
        else:
            base, state = 0, start_state(self.setup)
        for i in range(base, k):
            apply_move(state, i, self.moves[i])
        return state

    def move_index(self, turn: int, move: int = 0) -> int:
        """The move count ``move`` decisions into ``turn`` (0: the start of its Planning)."""
        if not 1 <= turn <= self.turn:
            raise HistoryError(f"Turn {turn} does not exist: the game is in turn {self.turn}."
                               if turn > self.turn else "Turns are numbered from 1.")
        first = self.turn_starts[turn - 1]
        last = self.turn_starts[turn] if turn < self.turn else len(self.moves)
        if not 0 <= move <= last - first:
            raise HistoryError(f"Turn {turn} has {last - first} moves so far; choose 0 to {last - first}.")
        return first + move

    def state_at(self, turn: int, move: int = 0) -> State:
        """The state at the start of ``turn``'s Planning, or ``move`` decisions into it."""
        return self.state_after(self.move_index(turn, move))

    def turn_of(self, k: int) -> int:
        """The turn during which the ``k``-th move state is (k moves made)."""
        return bisect_right(self.turn_starts, k)

    def next_action(self, k: int) -> int | None:
        """The first action boundary after ``k`` moves, or None at the present."""
        i = bisect_right(self.boundaries, k)
        if i < len(self.boundaries):
            return self.boundaries[i]
        return len(self.moves) if k < len(self.moves) else None

    def previous_action(self, k: int) -> int | None:
        """The last action boundary before ``k`` moves, or None at the setup."""
        i = bisect_left(self.boundaries, k)
        return self.boundaries[i - 1] if i > 0 else None


def timeline(setup: Setup, moves: Sequence[Move]) -> Timeline:
    """Each animal's VPs and species on earth, turn by turn and action by action."""
    return History(setup, moves, checkpoints=False).timeline


def state_at(setup: Setup, moves: Sequence[Move], turn: int, move: int = 0) -> State:
    """The state at the start of ``turn``'s Planning (or ``move`` decisions into it),
    replaying only as far as needed (``History`` answers many such questions faster)."""
    if turn < 1:
        raise HistoryError("Turns are numbered from 1.")
    state = start_state(setup)
    k = 0
    while state["turn"] < turn and k < len(moves):
        apply_move(state, k, moves[k])
        k += 1
    if state["turn"] != turn:
        raise HistoryError(f"Turn {turn} does not exist: the game is in turn {state['turn']}.")
    for i in range(move):
        if state["turn"] != turn or k + i >= len(moves):
            raise HistoryError(f"Turn {turn} has {i} moves; choose 0 to {i}.")
        apply_move(state, k + i, moves[k + i])
    return state
