"""Who decides for a seat: its person, or the AI (a computer player's seat; a seat the AI holds
because its player left or resigned; a decision a deadline handed over).  What the parts ask
of it (the clock, the lobby's settings, the computer players' turns) is here, so none of them
asks another part."""

from __future__ import annotations

from dataclasses import dataclass

from bot.game import pace
from bot.store.models import Game, Seat

#: The level at which the AI holds a person's seat (left, resigned, or past a deadline), unless
#: the host's configuration says another (``[ai] hold_level``: ``expert`` thinks longer, plays better).
HOLD_LEVEL = "hard"
#: The levels that may hold a person's seat: the ones that play as a person would.
HOLD_LEVELS = ("easy", "normal", "hard", "expert")


@dataclass(frozen=True)
class AiSeats:
    available: bool = False  # computer players here (else only ``wait`` at deadlines)
    hold_level: str = HOLD_LEVEL

    def plays(self, game: Game, seat: Seat) -> tuple[str, str] | None:
        """(level, made_by) when the AI makes ``seat``'s current decision; None: its person does.
        The deadline part applies to the seat to act (it is the turn clock's)."""
        if seat.ai_level is not None:
            return seat.ai_level, "ai"
        if not self.available:
            return None
        if seat.ai_hold or seat.resigned:
            return self.hold_level, "ai"
        if game.clock.deadline_done and pace.Pace.of(game.settings).at_deadline == "ai":
            return self.hold_level, "clock"
        return None

    def holds(self, seat: Seat) -> bool:
        """Whether the AI plays every decision of ``seat`` (not only those past a deadline)."""
        return seat.ai_level is not None or (self.available and (seat.ai_hold or seat.resigned))
