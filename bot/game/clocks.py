"""The turn clock kept with a move: when the player to act was asked, and when the scheduler must
look at the game next (a reminder, a deadline, the AI's turn at once).  The table restarts it
with every move it writes (``Table.write``); the rules of the clock are ``bot.game.pace``'s."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace
from typing import Any

from bot.game import pace
from bot.game.ai_seats import AiSeats
from bot.game.asked import asked
from bot.store.api import GameStore
from bot.store.models import Game, Seat, TurnClock

State = dict[str, Any]


def watched(seat: Seat) -> bool:
    """A seat whose player the clock watches (not one the bot plays)."""
    return not seat.resigned and not seat.ai_hold and not seat.is_ai


class TurnClocks:
    def __init__(self, store: GameStore, clock: Callable[[], float], ai: AiSeats) -> None:
        self.store = store
        self.clock = clock
        self.ai = ai

    async def restart(self, game: Game, state: State) -> None:
        """(In the caller's transaction.) The game moved: the player to act is asked from now."""
        now = self.clock()
        prompt = asked(state)
        seat = None if prompt is None else next((s for s in game.seats if s.seat == prompt.seat), None)
        clock = TurnClock(now, 0, False, None)
        if seat is not None and self.ai.holds(seat):
            clock.due_at = now  # the AI's turn: the scheduler starts it at once
        elif seat is not None and watched(seat):
            rules = pace.Pace.of(game.settings)
            clock.due_at = pace.due(rules, pace.Clock(now, 0, False, seat.away_until), now).next_at
        await self.store.set_clock(game.id, clock)

    async def reclock(self, game: Game) -> None:
        """(In the caller's transaction.) When to look at the game next (its clock keeps running
        from ``since``): a seat went away or came back, or the AI holds it now."""
        prompt = asked(game.started_state)
        seat = None if prompt is None else next((s for s in game.seats if s.seat == prompt.seat), None)
        now = self.clock()
        if seat is not None and self.ai.holds(seat):
            await self.store.set_clock(game.id, replace(game.clock, due_at=now))  # the AI's turn, at once
            return
        if seat is None or not watched(seat):
            await self.store.set_clock(game.id, replace(game.clock, due_at=None))
            return
        clock = pace.Clock(game.clock.since or now, game.clock.reminded, game.clock.deadline_done, seat.away_until)
        await self.store.set_clock(game.id, replace(game.clock, since=clock.since,
                                                    due_at=pace.due(pace.Pace.of(game.settings), clock, now).next_at))
