"""What the store hands out: games, seats, moves, proposals, the channel's live post and the
turn clock, as plain dataclasses; and how a game state is kept (compressed JSON)."""

from __future__ import annotations

import zlib
from dataclasses import dataclass, field
from typing import Any, overload

import orjson


@dataclass
class Seat:
    seat: int
    user_id: str
    user_name: str
    animal: str | None
    is_host: bool
    resigned: bool
    away_until: float | None = None  # on vacation until then
    away_used: float = 0.0  # seconds of vacation taken in this game
    ai_hold: bool = False  # the AI plays this seat (its player asked to leave)
    ai_level: str | None = None  # a computer player's seat (added by the host), at this level
    hint_version: int | None = None  # the state version its player last asked a hint for

    @property
    def is_ai(self) -> bool:
        """A computer player's seat: nobody to mention, remind or send a message to."""
        return self.ai_level is not None

    @property
    def animals(self) -> list[str]:
        """The seat's animals: dealt when the game starts (a lobby seat may have chosen one, or none)."""
        return self.animal.split(",") if self.animal else []


@dataclass
class LivePost:
    """What the game's channel shows now: its live prompt message and the story told so far."""

    message_id: str | None = None
    seat: int | None = None  # the seat the live message asks
    image: bool = False  # it carries a picture (so it stays when a newer prompt replaces it)
    story_from: int = 0  # log index where the live message's story begins
    board_due: int = 4  # what is owed a picture since the last one (bot.game.channel.owed); 4: the start
    notice: str | None = None  # a line for the channel that is not in the game log (an undo, a rollback)


@dataclass
class TurnClock:
    """The clock of the player to act, as the pace scheduler keeps it (see ``bot.game.pace``)."""

    since: float | None = None  # asked, or last acted, at
    reminded: int = 0
    deadline_done: bool = False
    due_at: float | None = None  # when the scheduler must look at the game next


@dataclass
class OutboxItem:
    id: int
    game_id: int
    kind: str
    channel_id: str
    text: str
    mention: list[str]


@dataclass
class Move:
    number: int  # 1-based among the moves that stand (undone ones are not counted)
    version: int
    seat: int
    user_id: str
    option_id: str
    label: str | None
    made_by: str  # player | ai | clock | resigned
    created_at: float
    hinted: bool = False  # the player asked a hint for this decision


@dataclass
class AheadBook:
    """What one animal's player gave ahead, kept privately: its book (``engine.ahead.Book`` as
    JSON data), what became of the answers that stopped or went unused, not yet told to the
    player (each a dict: ``bot.game.ahead`` words it), and the book's version (each change adds
    one: a menu built for an older one is stale)."""

    animal: str
    book: dict[str, Any] = field(default_factory=dict)
    told: list[dict[str, Any]] = field(default_factory=list)
    version: int = 0


@dataclass
class Proposal:
    id: int
    game_id: int
    kind: str
    target: int
    proposer: str
    needed: list[str]
    approved: list[str]
    status: str
    message_id: str | None
    created_at: float


@dataclass
class Game:
    id: int
    channel_id: str
    status: str
    ruleset: str
    players: int
    variant: str
    seed: int
    version: int
    setup: dict[str, Any] | None
    announced_version: int
    seats: list[Seat]
    settings: dict[str, Any] = field(default_factory=dict)
    home_channel_id: str | None = None
    lobby_message_id: str | None = None
    post: LivePost = field(default_factory=lambda: LivePost())
    guild_id: str | None = None
    clock: TurnClock = field(default_factory=lambda: TurnClock())
    finished_at: float | None = None
    told_turn: int = 0  # the last turn its followers were told about
    created_at: float = 0.0
    ended_at: float | None = None  # when its end was posted (finished, abandoned, a lobby closed)
    archived_at: float | None = None  # when housekeeping archived its thread
    idle_told: float | None = None  # the turn clock's start of the last waiting stretch housekeeping looked at
    #: per seat, the log's length just after its player's latest decision (the recap of a new prompt)
    decided: dict[int, int] = field(default_factory=dict)
    #: where in the log the recent moves answered ahead are (their lines are marked): a log index
    #: (a placement from a plan), or [index, how] (``ordered``, ``early``); see ``marks``
    planned: list[Any] = field(default_factory=list)
    #: the independent step under way whose prompts everyone answers at once (``bot.game.books.at_once``)
    at_once: dict[str, Any] | None = None
    ahead: int = 0  # 1: the game has had a book of answers ahead (a move in one without reads none)
    #: the stored state, decoded when first read (most reads of a game never look at it)
    state_blob: bytes | None = field(default=None, repr=False)
    _state: dict[str, Any] | None = field(default=None, repr=False, compare=False)
    _decoded: bool = field(default=False, repr=False, compare=False)

    def marks(self) -> dict[int, str]:
        """Where in the log the recent moves answered ahead are, and how each was answered."""
        return {m: "planned" for m in self.planned if isinstance(m, int)} | {
            int(m[0]): str(m[1]) for m in self.planned if isinstance(m, list)}

    @property
    def state(self) -> dict[str, Any] | None:
        if not self._decoded:
            self._state, self._decoded = decode_state(self.state_blob), True
        return self._state

    @state.setter
    def state(self, value: dict[str, Any] | None) -> None:
        self._state, self._decoded = value, True

    def seat_of(self, user_id: str) -> Seat | None:
        return next((s for s in self.seats if s.user_id == user_id), None)

    @property
    def host(self) -> Seat:
        return next(s for s in self.seats if s.is_host)

    @property
    def started_state(self) -> dict[str, Any]:
        """The state of a game that has started (running or over); a lobby has none yet."""
        if self.state is None:
            raise ValueError(f"game {self.id} has not started")
        return self.state

    @property
    def started_setup(self) -> dict[str, Any]:
        """How a started game was set up (what its moves replay from); a lobby has none yet."""
        if self.setup is None:
            raise ValueError(f"game {self.id} has not started")
        return self.setup


@dataclass
class Rating:
    """A player's rating on one server: a member (``u:<user id>``) or a computer level (``ai:<level>``)."""

    player: str
    name: str
    mu: float
    sigma: float
    games: int = 0
    wins: int = 0

    @property
    def conservative(self) -> float:
        """μ − 3σ: what the player is almost surely at least (the leaderboard's order)."""
        return self.mu - 3 * self.sigma


@dataclass
class RatingChange:
    """How one seat's rating changed with one rated game."""

    game_id: int
    seat: int
    player: str
    place: int  # 1 = first; seats that resigned share the last place
    players: int
    mu_before: float
    sigma_before: float
    mu_after: float
    sigma_after: float
    finished_at: float = 0.0

    @property
    def before(self) -> float:
        return self.mu_before - 3 * self.sigma_before

    @property
    def after(self) -> float:
        return self.mu_after - 3 * self.sigma_after


def encode_state(state: dict[str, Any]) -> bytes:
    # orjson: the whole state is written on every move; integer keys become strings, as json's
    return zlib.compress(orjson.dumps(state, option=orjson.OPT_NON_STR_KEYS), 1)


@overload
def decode_state(blob: bytes) -> dict[str, Any]: ...
@overload
def decode_state(blob: None) -> None: ...
@overload
def decode_state(blob: bytes | None) -> dict[str, Any] | None: ...


def decode_state(blob: bytes | None) -> dict[str, Any] | None:
    if blob is None:
        return None
    DECODES.count += 1
    state: dict[str, Any] = orjson.loads(zlib.decompress(blob))
    return state


class DECODES:
    """How many states were decoded in this process (benchmarks and tests read it)."""

    count = 0




@dataclass
class StoredReview:
    """A finished game's review as stored (``bot.game.review``): in progress or done, and its post."""

    game_id: int
    channel_id: str
    saved: dict[str, Any] | None  # the review in progress (``engine.review.ReviewJob.saved``)
    result: dict[str, Any] | None  # the finished review
    done: int  # decisions weighed
    total: int  # of all
    message_id: str | None  # the review post in the game's channel
    shown: int  # decisions the post showed last (-1: not posted)
    final: bool  # the post shows the finished review

    @property
    def finished(self) -> bool:
        return self.result is not None
