"""Computer players: ``choose(state, level, seed)`` picks one legal option for the seat to act.

Pure like the rest of the engine: no I/O, the state is never changed, and the same state,
level and seed always give the same option.

Levels, weakest first:

* ``random``: today's random player (``engine.simulate.pick``).
* ``greedy``: the baseline of ``engine.ai.greedy``.
* ``easy``, ``normal``, ``hard``: the heuristic evaluation of ``engine.ai.evaluate`` with the
  search of ``engine.ai.search`` and the placements of ``engine.ai.planning``.
* ``expert``: ``hard``'s best few options played forward to the end of the turn, the hidden
  draws sampled, within a budget (``engine.ai.expert``).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from engine.ai import expert, greedy, planning, tuned
from engine.ai.core import clone, determinise, random_choice
from engine.ai.evaluate import DEFAULT, Weights
from engine.ai.search import PLACE_KINDS, Level, best_option
from engine.flow import prompt

State = dict[str, Any]

#: The weights ``hard`` and ``expert`` evaluate with: ``engine.ai.tuned``'s once adopted.
STRONG_WEIGHTS: Weights = Weights(**tuned.TUNED_WEIGHTS) if tuned.ADOPTED else DEFAULT

#: The searching levels.
SEARCH_LEVELS: dict[str, Level] = {
    "easy": Level("easy", settle_depth=0, budget=400, plan_depth=0, plan_order=False),
    "normal": Level("normal", settle_depth=1, budget=1500, plan_depth=0),
    "hard": Level("hard", settle_depth=1, chain=3, budget=3000, plan_depth=0, sequence=12, plan_budget=4000,
                  weights=STRONG_WEIGHTS),
}


def _random(state: State, seed: int) -> str:
    p = prompt(state)
    assert p is not None
    return random_choice(p.options, seed)


def _searching(level: Level) -> Callable[[State, int], str]:
    def choose_searching(state: State, seed: int) -> str:
        p = prompt(state)
        assert p is not None
        if len(p.options) == 1:
            return p.options[0].id
        if p.kind in PLACE_KINDS:
            return planning.choose_space(state, p, level, seed)
        base = clone(state)
        determinise(base, seed)
        return best_option(base, p, level, seed)
    return choose_searching


def choose_at(state: State, level: Level, seed: int) -> str:
    """``choose`` at a searching level given whole (its settings and weights), for tuning."""
    if prompt(state) is None:
        raise ValueError("the game is over: there is nothing to choose")
    return _searching(level)(state, seed)


_CHOOSERS: dict[str, Callable[[State, int], str]] = {
    "random": _random,
    "greedy": greedy.choose,
    **{name: _searching(level) for name, level in SEARCH_LEVELS.items()},
}

#: The ``expert`` level's settings: ``hard`` ranks, ``easy`` plays the playouts.
EXPERT = expert.Expert(rank=SEARCH_LEVELS["hard"], playout=SEARCH_LEVELS["easy"],
                       weights=SEARCH_LEVELS["hard"].weights)

#: Every level, weakest first.
LEVELS: tuple[str, ...] = (*_CHOOSERS, "expert")
#: The levels that think within a time budget (``budget_ms``); the others ignore it.
BUDGETED: frozenset[str] = frozenset({"expert"})
#: The default budget of a decision, in milliseconds of one core.
DEFAULT_BUDGET_MS = expert.DEFAULT_MS


def choose(state: State, level: str, seed: int, budget_ms: int = DEFAULT_BUDGET_MS) -> str:
    """One legal option id of ``engine.prompt(state)`` for the seat to act.

    ``budget_ms`` bounds the thinking of the levels in ``BUDGETED`` (1 to 60,000 ms); it is
    turned into a fixed amount of work, so the answer still depends only on the arguments.
    Raises ``ValueError`` for an unknown level, a bad budget or a finished game.
    """
    if level not in LEVELS:
        raise ValueError(f"unknown AI level {level!r}; choose one of {', '.join(LEVELS)}")
    budget = expert.check_budget(budget_ms)
    if prompt(state) is None:
        raise ValueError("the game is over: there is nothing to choose")
    if level == "expert":
        return expert.choose(state, seed, budget, EXPERT)
    return _CHOOSERS[level](state, seed)
