"""The table: one unit of work on a channel's game, the one way a use case changes a game.

A use case opens a table once::

    async with self.tables.at(channel_id) as table:
        game = await table.active()          # or lobby(), live(), by_id(), claimed()
        seat = table.seat(user_id)           # table.host(user_id, what) for the host's commands
        ...                                  # the engine, the store (table.store) in this transaction
        await table.write(state, moves, board_due)
    return Reply(..., changes=table.changes)

Entering takes the channel's lock, then a store transaction; leaving commits, and a refusal
(``ServiceError``) raised inside rolls everything back: nothing is written.  The table finds the
game and the seat with the checks every use case makes (and their refusals), writes moves (the
move list appended, the state saved with a compare-and-set on its version, the turn clock
restarted, a finished game rated, in this transaction), queues notices for the outbox, and
collects what changed for the shell (``changes``: ``PromptChanged``, ``LobbyChanged``,
``GameEnded``).  ``tables.transaction()`` is a table without a channel (no lock): a server's
ratings, a follower, the bookkeeping of a post.

``self._lock(`` appears in this module only; a store transaction is opened here (and by the
start-up layout move and the record import, which run before or beside the service).
"""

from __future__ import annotations

import asyncio
import logging
import weakref
from collections import OrderedDict
from collections.abc import Awaitable, Callable
from contextlib import AsyncExitStack
from types import TracebackType
from typing import Any

from bot.game import books, context
from bot.game.clocks import TurnClocks
from bot.game.notices import Kind
from bot.game.replies import Change, NoGame, NotAllowed, NotSeated, PromptChanged, StaleState, WrongPhase
from bot.game.telemetry import Telemetry
from bot.store.api import GameStore, StaleVersion
from bot.store.models import Game, Seat
from engine import logbook
from words import T, Words

log = logging.getLogger(__name__)

State = dict[str, Any]
#: Moves to append, each (seat, user id, option id, label, made by, the whole log's length after it).
Moves = list[tuple[int, str, str, str, str, int]]
#: Moves that are a player's own choices: a click or a command, or an answer they gave ahead
#: (a space from their standing plan, an order for their AP, an early answer).
OWN_CHOICES = ("player", "planned", "ordered", "early")
#: The moves answered ahead, applied by themselves (``bot.game.play_on``).
AHEAD_MOVES = ("planned", "ordered", "early")
#: rate(store, game, state): a game the table's move finished, rated in its transaction (``bot.game.ratings``)
Rater = Callable[[GameStore, Game, State], Awaitable[None]]
#: How many games' last saved states the service keeps for the reads after their moves (a post,
#: followers' news: within seconds of the move).  A state is 60-110 KB of objects (measured), so
#: this bounds the bytes too: 3.5 MB at most.
SAVED_KEPT = 32


def decided_after(decided: dict[int, int], moves: Moves) -> dict[int, int]:
    """Per seat, the log's length after its player's latest decision, once ``moves`` are made:
    only a player's own choices count (theirs or their plan's; not the bot playing on for a
    resigned seat, nor a clock or an AI acting for them)."""
    after = dict(decided)
    for seat, _user, _option, _label, made_by, log_end in moves:
        if made_by in OWN_CHOICES:
            after[seat] = log_end
    return after


class SavedStates:
    """Per game, the state its last move here saved, by its stored bytes: the reads after a move
    (its post, its followers' news) take it instead of decoding it again; never given to a move."""

    def __init__(self, kept: int = SAVED_KEPT) -> None:
        self.kept = kept
        self._saved: OrderedDict[int, tuple[bytes, State]] = OrderedDict()
        self.hits = 0  # reads that took a saved state
        self.misses = 0  # and those that found none

    def __len__(self) -> int:
        return len(self._saved)

    def remember(self, game_id: int, blob: bytes, state: State) -> None:
        self._saved[game_id] = (blob, state)
        self._saved.move_to_end(game_id)
        while len(self._saved) > self.kept:
            self._saved.popitem(last=False)

    def read(self, game: Game | None) -> Game | None:
        """``game`` (read for a post, not for a move) with the state this process saved, when the
        stored one is exactly it (a move rolled back after saving is never taken for another):
        one decode of the state per decision, not one per read."""
        if game is not None:
            saved = self._saved.get(game.id)
            if saved is not None and game.state_blob is not None and saved[0] == game.state_blob:
                game.state = saved[1]
                self.hits += 1
            else:
                self.misses += 1
        return game


# -- the checks every use case makes (also for a look without a table: a hint's) --------------------


async def active_game(store: GameStore, channel_id: str) -> Game:
    """The channel's running game (refused: none, one finished, a lobby)."""
    game = await store.live_game(channel_id)
    if game is None:
        last = await store.latest_game(channel_id)
        if last is not None and last.status == "finished":
            raise WrongPhase(T("bot.err.finished", game=last.id))
        raise NoGame(T("bot.err.no_running_game"))
    context.note_game(game)
    if game.status != "active":
        raise WrongPhase(T("bot.err.not_started", game=game.id))
    return game


async def lobby_game(store: GameStore, channel_id: str) -> Game:
    """The channel's lobby (refused: none, or its game started)."""
    game = await store.live_game(channel_id)
    if game is None:
        raise NoGame(T("bot.err.no_lobby"))
    context.note_game(game)
    if game.status != "lobby":
        raise WrongPhase(T("bot.err.started", game=game.id))
    return game


def seat_in(game: Game, user_id: str) -> Seat:
    seat = game.seat_of(user_id)
    if seat is None:
        raise NotSeated(T("bot.err.not_seated", game=game.id))
    return seat


def check_host(game: Game, user_id: str, what: Words) -> None:
    if game.host.user_id != user_id:
        raise NotAllowed(T("bot.err.host_only", host=game.host.user_name, what=what))


class Tables:
    """Opens tables: the channels' locks, the store, and what a table's writes need."""

    def __init__(self, store: GameStore, *, clock: Callable[[], float], telemetry: Telemetry, clocks: TurnClocks,
                 saved: SavedStates, rate: Rater) -> None:
        self.store = store
        self.clock = clock
        self.telemetry = telemetry
        self.clocks = clocks
        self.saved = saved
        self.rate = rate
        #: a channel's lock lives while a use case holds it or waits for it
        self._locks: weakref.WeakValueDictionary[str, asyncio.Lock] = weakref.WeakValueDictionary()

    def _lock(self, channel_id: str) -> asyncio.Lock:
        return self._locks.setdefault(channel_id, asyncio.Lock())

    def at(self, channel_id: str) -> Table:
        """The table of ``channel_id``'s game: its lock and a transaction."""
        return Table(self, channel_id, self._lock(channel_id))

    def transaction(self) -> Table:
        """A table without a channel: a transaction, no lock."""
        return Table(self, None, None)


class Table:
    def __init__(self, tables: Tables, channel_id: str | None, lock: asyncio.Lock | None) -> None:
        self.tables = tables
        self.store = tables.store
        self.channel_id = channel_id
        self.game: Game | None = None  # the game found (by ``active``, ``lobby``, ``live``...)
        self.changes: tuple[Change, ...] = ()
        self._lock = lock
        self._stack = AsyncExitStack()

    async def __aenter__(self) -> Table:
        async with AsyncExitStack() as stack:
            if self._lock is not None:
                await stack.enter_async_context(self._lock)
            await stack.enter_async_context(self.store.transaction())
            self._stack = stack.pop_all()
        return self

    async def __aexit__(self, kind: type[BaseException] | None, error: BaseException | None,
                        trace: TracebackType | None) -> None:
        await self._stack.__aexit__(kind, error, trace)  # commit (or roll back), then the lock; nothing is swallowed

    # -- the game and the seat ------------------------------------------------------------------

    def _found(self, game: Game) -> Game:
        self.game = game
        return game

    def _channel(self) -> str:
        assert self.channel_id is not None, "a table without a channel finds games by id"
        return self.channel_id

    async def active(self) -> Game:
        return self._found(await active_game(self.store, self._channel()))

    async def lobby(self) -> Game:
        return self._found(await lobby_game(self.store, self._channel()))

    async def live(self, none: Words | None = None) -> Game:
        """The channel's lobby or running game (refused with ``none``, else "no game here")."""
        game = await self.live_game()
        if game is None:
            raise NoGame(none if none is not None else T("bot.err.no_game"))
        return game

    async def live_game(self) -> Game | None:
        """The channel's lobby or running game, if it has one."""
        game = await self.store.live_game(self._channel())
        return None if game is None else self._found(game)

    async def by_id(self, game_id: int) -> Game | None:
        game = await self.store.game(game_id)
        return None if game is None else self._found(game)

    async def claimed(self, game_id: int) -> Game | None:
        """The game, held for this transaction; None if another process holds it now."""
        game = await self.store.claim_game(game_id)
        if game is None:
            return None
        context.note_game(game)
        return self._found(game)

    def _game(self) -> Game:
        assert self.game is not None, "find the game first"
        return self.game

    def seat(self, user_id: str) -> Seat:
        return seat_in(self._game(), user_id)

    def host(self, user_id: str, what: Words) -> None:
        check_host(self._game(), user_id, what)

    # -- what changed -----------------------------------------------------------------------------

    def changed(self, *changes: Change) -> None:
        """The shell shows these after answering (once each, in the order first said)."""
        self.changes += tuple(c for c in changes if c not in self.changes)

    def prompt_changed(self) -> None:
        self.changed(PromptChanged(self._game().channel_id))

    # -- writing ----------------------------------------------------------------------------------

    async def write(self, state: State, moves: Moves, board_due: int | None = None, *, hinted: bool = False) -> None:
        """Append the moves, write the state with a compare-and-set on the game's version, rate a
        game they finish, restart its clock; ``hinted``: the first move is a choice its player
        asked a hint for."""
        game, store = self._game(), self.store
        for i, (seat, user, option, label, made_by, _) in enumerate(moves):
            await store.append_move(game.id, game.version + i, seat, user, option, label, made_by,
                                    hinted=hinted and i == 0)
        status = "finished" if state["phase"] == "over" else None
        decided = decided_after(game.decided, moves)
        people = [s for s in game.seats if books.keeps_books(s)]
        step = books.at_once(state, game.at_once, game.version + len(moves), (s.seat for s in people))
        if step is game.at_once and people and books.execution_begins(state, game.at_once):
            # once a turn: everyone with an AP to act
            step = books.invited(state, game.version + len(moves), (s.seat for s in people))
        if step is not game.at_once:  # an independent step begins: everyone it asks is told at once
            await store.update_game(game.id, at_once=step)
            game.at_once = step
        state = logbook.kept(state)
        try:
            blob = await store.save_state(game.id, game.version, game.version + len(moves), state, status=status,
                                          board_due=board_due, decided=decided if decided != game.decided else None)
        except StaleVersion:
            raise StaleState(T("bot.err.moved_on")) from None
        game.decided = decided
        self.tables.saved.remember(game.id, blob, state)
        if status == "finished":
            await self.finish(state)  # in the same transaction: rated once, its review queued once
        await self.restart_clock(state)
        if status == "finished":
            log.info("game %s finished after %s moves", game.id, game.version + len(moves))
        for made_by in {m[4] for m in moves}:
            self.tables.telemetry.moved(made_by, sum(1 for m in moves if m[4] == made_by))
        self.prompt_changed()

    async def rate_finished(self, state: State) -> None:
        await self.tables.rate(self.store, self._game(), state)

    async def finish(self, state: State) -> None:
        """The game is over (its last move, or a resignation): rate it, drop the answers given
        ahead (they are for a game still played) and queue its review (``bot.game.review_runner``
        works it out)."""
        await self.rate_finished(state)
        game = self._game()
        await self.store.drop_books(game.id)
        await self.store.start_review(game.id, game.channel_id, 0)

    async def restart_clock(self, state: State) -> None:
        await self.tables.clocks.restart(self._game(), state)

    async def reclock(self) -> None:
        await self.tables.clocks.reclock(self._game())

    async def notice(self, kind: Kind, text: str, mention: list[str] | None = None, at: float | None = None) -> None:
        """Put a notice of the game's in the outbox (sent once this transaction commits)."""
        game = self._game()
        await self.store.add_outbox(game.id, kind.name, game.channel_id, text, mention or [],
                                    self.tables.clock() if at is None else at)
