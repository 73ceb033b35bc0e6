"""What a review may spend: work units per decision and per game, the way ``expert`` counts them.

A unit is one search step (a copy of the position, an engine step and an evaluation), counted
exactly as the review goes, never read from a clock: the same record and the same budget give
the same review on any machine, at any load.  ``engine.ai.expert`` measured the rate on the
project's 2-core machine: about 8 units per ms of CPU alone, 3-4 when the other core is busy.

A game's budget is shared out evenly over its decisions (the moves with more than one
option), at most ``decision_units`` each: a long game looks less far ahead per decision
rather than taking longer than its host allowed.  The ranking of a decision's options is
always done in full (its cost is counted); what is left of the decision's units buys the
look-ahead.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import asdict, dataclass
from typing import Any

#: The largest game budget accepted: about an hour of one core even on an idle machine.
MAX_GAME_UNITS = 30_000_000


@dataclass(frozen=True)
class Budget:
    """How much thinking a review may do."""

    #: A whole game's units, shared out over its decisions.  The default keeps a 4-player game
    #: within 10 minutes of CPU on the loaded 2-core machine (``bench/review.py`` measures it).
    game_units: int = 1_200_000
    #: One decision's units at most (a short game gets no more than this per decision).
    decision_units: int = 3_000
    #: Options of the AI's ranking looked ahead from, besides the one played.
    candidates: int = 3
    #: Of those, options the ranking puts this many VP below its best are left out (the one
    #: played never is): ``engine.ai.expert.WITHIN``'s line.
    within: float = 6.0

    def __post_init__(self) -> None:
        for name, low, high in (("game_units", 1, MAX_GAME_UNITS), ("decision_units", 1, MAX_GAME_UNITS),
                                ("candidates", 1, 8)):
            value = getattr(self, name)
            if isinstance(value, bool) or not isinstance(value, int) or not low <= value <= high:
                raise ValueError(f"a review's {name} must be a whole number from {low} to {high}, not {value!r}")
        within = self.within
        if isinstance(within, bool) or not isinstance(within, (int, float)) or not 0 <= within <= 100:
            raise ValueError(f"a review's within must be a number of VP from 0 to 100, not {within!r}")

    def per_decision(self, decisions: int) -> int:
        """The units each decision of a game with ``decisions`` decisions may spend."""
        return max(1, min(self.decision_units, self.game_units // max(1, decisions)))

    def to_dict(self) -> dict[str, Any]:
        return asdict(self)

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> Budget:
        known = {k: data[k] for k in ("game_units", "decision_units", "candidates", "within") if k in data}
        return cls(**known)


DEFAULT_BUDGET = Budget()
