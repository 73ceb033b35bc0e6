"""Computer players in a game: seats the host gives the AI, and the AI holding a person's seat
(they left, resigned, or let a deadline pass with the pace's ``ai`` action).

A part of ``GameService``; whom the AI plays for is ``bot.game.ai_seats``'s.  The AI thinks
outside every lock and transaction, on the stored state (in the render worker processes in the
bot, a thread in the playground); its choice then takes the same path as a player's: the game's
table, the version check (a player who clicked in the meantime wins and the AI's choice is
dropped), the move log, marked ``made_by`` "ai", or "clock" when a deadline handed the decision
over.  Whose turn it is lives in the store: the turn clock makes a game whose seat to act the AI
plays due at once (``bot.game.clocks``), so the scheduler starts the AI's turn, also after a
restart.
"""

from __future__ import annotations

import asyncio
import logging
import secrets
from collections.abc import Awaitable, Callable

import engine
import engine.ai
import words
from bot.game import context
from bot.game.ai_seats import HOLD_LEVEL, AiSeats
from bot.game.asked import asked
from bot.game.channel import owed
from bot.game.limits import quote
from bot.game.play_on import PlayOn
from bot.game.replies import BadRequest, LobbyChanged, Reply, StaleState, WrongPhase
from bot.game.table import Moves, State, Table, Tables
from bot.game.telemetry import QUIET, Telemetry
from bot.game.texts import lang_of
from bot.store.api import GameStore, is_store_error
from bot.store.models import TurnClock
from engine import logbook, progress
from words import T, say

log = logging.getLogger(__name__)

#: chooser(state, level, seed) -> the id of a legal option of the state's prompt
Chooser = Callable[[State, str, int], Awaitable[str]]

#: The levels the host may seat, weakest first (``engine.ai`` documents each).
SEAT_LEVELS: tuple[str, ...] = engine.ai.LEVELS
#: The channel is brought up to date after this many computer moves in a row (and when a person
#: must act): not one post per AI decision, which would churn the channel and the rate limits.
SHOW_EVERY = 12


async def think_here(state: State, level: str, seed: int) -> str:
    """The AI's choice, computed in a thread of this process (the playground, tests)."""
    return await asyncio.to_thread(engine.ai.choose, state, level, seed)


class ComputerPlayers:
    def __init__(self, store: GameStore, tables: Tables, ai: AiSeats, play_on: PlayOn, *,
                 chooser: Chooser | None = None, clock: Callable[[], float], telemetry: Telemetry = QUIET) -> None:
        self.store = store
        self.tables = tables
        self.ai = ai
        self.play_on = play_on
        self.chooser = chooser  # how the AI is asked for a choice; None: no computer players here
        self.clock = clock
        self.telemetry = telemetry

    # -- the lobby -----------------------------------------------------------------------------

    async def add_ai(self, channel_id: str, user_id: str, level: str) -> Reply:
        """The host seats a computer player at ``level`` in the lobby."""
        if not self.ai.available:
            raise BadRequest(T("bot.err.no_ai_seats"))
        if level not in SEAT_LEVELS:
            raise BadRequest(T("bot.err.ai_level", given=quote(level), levels=", ".join(SEAT_LEVELS)))
        async with self.tables.at(channel_id) as table:
            game = await table.lobby()
            table.host(user_id, T("bot.host.addbot"))
            if len(game.seats) >= game.players:
                raise WrongPhase(T("bot.err.lobby_full", players=game.players))
            base = say(T("bot.ai_name", level=T(f"bot.ai_level.{level}")), lang_of(game))
            taken = {s.user_name for s in game.seats}
            name = next(n for n in (base, *(f"{base} {k}" for k in range(2, 8))) if n not in taken)
            # never a Discord snowflake, so never mentioned, reminded or sent a message
            ai_user = f"ai:{secrets.token_hex(4)}"
            await table.store.insert_seat(game.id, len(game.seats), ai_user, name, None, False, ai_level=level)
            table.changed(LobbyChanged(game.id))
        seated = len(game.seats) + 1
        return Reply(T("bot.joins", player=name, game=game.id, seated=seated, players=game.players),
                     game_id=game.id, lang=lang_of(game), changes=table.changes)

    # -- the AI's turn -------------------------------------------------------------------------

    async def ai_turn(self, game_id: int) -> bool:
        """Let the AI make the current decision of game ``game_id`` if it is the AI's to make.
        Returns True when a move was written (the caller shows it and asks again)."""
        if self.chooser is None:
            return False
        game = await self.store.game(game_id)
        if game is None or game.status != "active" or game.state is None:
            return False
        prompt = asked(game.state)
        seat = None if prompt is None else next((s for s in game.seats if s.seat == prompt.seat), None)
        if prompt is None or seat is None:
            return False
        plays = self.ai.plays(game, seat)
        if plays is None:
            return False
        level, made_by = plays
        option = await self.chooser(game.state, level, (game.seed * 7919 + game.version) & 0x7FFFFFFF)
        try:
            async with self.tables.at(game.channel_id) as table:
                now = await table.by_id(game_id)
                if now is None or now.version != game.version or now.status != "active":
                    return False  # someone moved first (a late click, an undo): their move stands
                held = next(s for s in now.seats if s.seat == seat.seat)
                if self.ai.plays(now, held) != plays:
                    return False  # taken back meanwhile (/ds away for:off, a substitute): the person decides
                state = now.started_state
                before = progress.snapshot(state)  # what owed() compares, not the whole state
                engine.apply(state, seat.seat, option)
                picked = prompt.option(option)
                assert picked is not None  # the engine applied it: it is one of the prompt's options
                moves: Moves = [(seat.seat, seat.user_id, option, words.option(picked, "en"), made_by,
                                 logbook.total(state))]
                moves += await self.play_on(table, now, state)
                await table.write(state, moves, owed(now.post.board_due, before, state))
                if made_by == "clock":
                    await self._keep_deadline(table, state, seat.seat)
        except StaleState:
            return False  # another process wrote this game first
        return True

    async def _keep_deadline(self, table: Table, state: State, seat: int) -> None:
        """(In the move's table.) A deadline hands over a seat's current decisions: while the same
        seat must decide on, the AI goes on deciding; its next turn has a fresh clock."""
        nxt = asked(state)
        if nxt is not None and nxt.seat == seat and table.game is not None:
            now = self.clock()
            await table.store.set_clock(table.game.id, TurnClock(now, 0, True, now))


class AiTurns:
    """The computer players' turns as tasks, one per game at a time, so the scheduler's tick
    stays short however long an AI thinks; ``after_move`` shows each move (the channel),
    ``before_move`` (if given) gets the channel ready before the first."""

    def __init__(self, service: ComputerPlayers, after_move: Callable[[int], Awaitable[None]],
                 before_move: Callable[[int], Awaitable[None]] | None = None) -> None:
        self.service = service
        self.after_move = after_move
        self.before_move = before_move
        self._tasks: dict[int, asyncio.Task[None]] = {}

    async def start(self, game_id: int) -> None:
        if game_id in self._tasks:
            return  # already thinking about this game
        self._tasks[game_id] = asyncio.create_task(self._run(game_id), name=f"ai-game-{game_id}")

    async def _run(self, game_id: int) -> None:
        context.GAME.set(game_id)  # this task's log lines are about the game
        moved = 0
        try:
            if self.before_move is not None:
                await self.before_move(game_id)
            while await self.service.ai_turn(game_id):
                moved += 1
                if moved % SHOW_EVERY == 0:  # a long stretch of computer moves shows as it goes
                    await self.after_move(game_id)
        except Exception as e:  # noqa: BLE001 - the game is due again later (AI_RETRY_SECONDS): retried then
            log.exception("the AI's turn in game %s failed", game_id, extra={"game": game_id})
            if is_store_error(e):
                self.service.telemetry.store_failed("ai")
        finally:
            self._tasks.pop(game_id, None)
        if moved % SHOW_EVERY:
            # once, when a person must act: one post tells every computer move since the last one
            await self.after_move(game_id)

    def busy(self) -> list[int]:
        return sorted(self._tasks)

    async def stop(self) -> None:
        tasks = list(self._tasks.values())
        for task in tasks:
            task.cancel()
        await asyncio.gather(*tasks, return_exceptions=True)
        self._tasks.clear()


__all__ = ["HOLD_LEVEL", "SEAT_LEVELS", "AiTurns", "Chooser", "ComputerPlayers", "think_here"]
