"""Search for the ``easy``, ``normal`` and ``hard`` levels.

Every decision is a pick from a list, and most are one step of a chain (a Speciation picks a
corner, then a count per tile; a Domination picks a tile, then maybe a card and that card's
targets).  An option is worth the evaluation of the position after it *and the rest of its
step*: the follow-up prompts of the same action for the same seat are "settled" by picking,
at each, the option with the best evaluation (looking ``settle_depth`` prompts further
where a pick shows nothing by itself, such as an element before its corner).  A repeated
pick (the next Migration move, the next Competition kill) is not settled: it is the next
decision.  ``hard`` also plays out that rest of the chain for its best few options.

Placements (Planning, Initiative, Instinct) are valued by ``engine.ai.planning``.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from engine.ai.core import clone, step, tie_break
from engine.ai.evaluate import DEFAULT, Weights, relative
from engine.flow import Prompt

State = dict[str, Any]

#: Prompts that place an AP on the action display: valued by planning, not by search.
PLACE_KINDS = frozenset({"place_ap", "initiative_place", "instinct"})
#: Prompts that are one pick of the same repeated decision (a move, then its count).
_GROUP = {"migration_count": "migration"}


@dataclass(frozen=True)
class Level:
    name: str
    settle_depth: int = 1       # follow-up prompts looked through when a pick shows nothing
    chain: int = 0              # options whose whole chain is played out (0: none)
    budget: int = 1500          # search steps per decision, a cap on the time it takes
    plan_depth: int = 1         # settle depth inside the planning simulations
    plan_order: bool = True     # planning counts the APs that act before this one
    sequence: int = 0           # planning: best spaces valued again after this turn's own APs
    plan_budget: int = 0        # planning: work units (search steps) of that revaluation, at most
    weights: Weights = field(default=DEFAULT)


class Search:
    """One decision's search: the seat, the step being decided and a budget of steps."""

    def __init__(self, state: State, p: Prompt, level: Level):
        self.seat = p.seat
        self.group = _GROUP.get(p.kind, p.kind)
        self.level = level
        self.left = level.budget
        self.height = len(state["steps"])
        self.below = state["steps"][:-1]

    def value(self, state: State) -> float:
        return relative(state, self.seat, self.level.weights)

    def same_action(self, state: State, p: Prompt | None) -> bool:
        """The prompt still belongs to the decision's action, for the same seat."""
        return (p is not None and p.seat == self.seat and p.kind not in PLACE_KINDS
                and len(state["steps"]) >= self.height
                and state["steps"][:self.height - 1] == self.below)

    def after(self, state: State, option_id: str, depth: int) -> tuple[State, Prompt | None]:
        """A copy with the option applied and the rest of its step settled."""
        c = clone(state)
        self.left -= 1
        p = step(c, option_id)
        return c, self.settle(c, p, depth)

    def settle(self, state: State, p: Prompt | None, depth: int) -> Prompt | None:
        while p is not None and self.same_action(state, p) and _GROUP.get(p.kind, p.kind) != self.group:
            p = step(state, self.pick(state, p, depth))
        return p

    def pick(self, state: State, p: Prompt, depth: int, seed: int = 0) -> str:
        """The option with the best evaluation after it (looking ``depth`` prompts on)."""
        options = p.options
        if len(options) == 1 or self.left <= 0:
            return options[0].id
        keys = tie_break(seed, len(options))
        best, best_key = options[0].id, None
        for i, o in enumerate(options):
            c, _ = self.after(state, o.id, depth - 1) if depth > 0 else self._one(state, o.id)
            key = (self.value(c), keys[i])
            if best_key is None or key > best_key:
                best, best_key = o.id, key
        return best

    def _one(self, state: State, option_id: str) -> tuple[State, None]:
        c = clone(state)
        self.left -= 1
        step(c, option_id)
        return c, None

    def play_chain(self, state: State, p: Prompt | None) -> None:
        """Play the rest of the decision's chain (the same repeated pick) greedily."""
        while p is not None and self.same_action(state, p) and self.left > 0:
            p = step(state, self.pick(state, p, self.level.settle_depth))
            p = self.settle(state, p, self.level.settle_depth)


def ranked_options(state: State, p: Prompt, level: Level, seed: int) -> tuple[list[tuple[float, str]], int]:
    """Every option of ``p`` with its value once its step is settled, best first (the best
    ``level.chain`` valued again after their whole chain), and the search steps it took."""
    search = Search(state, p, level)
    keys = tie_break(seed, len(p.options))
    scored = []
    for i, o in enumerate(p.options):
        c, nxt = search.after(state, o.id, level.settle_depth)
        scored.append((search.value(c), keys[i], o.id, c, nxt))
    scored.sort(key=lambda t: (t[0], t[1]), reverse=True)
    ranked = [(v, oid) for v, _, oid, _, _ in scored]
    if level.chain and len(scored) > 1:
        deepened = []
        for v, k, oid, c, nxt in scored[:level.chain]:
            if search.same_action(c, nxt) and nxt is not None and _GROUP.get(nxt.kind, nxt.kind) == search.group:
                search.play_chain(c, nxt)
                v = search.value(c)
            deepened.append((v, k, oid))
        deepened.sort(reverse=True)
        ranked = [(v, oid) for v, _, oid in deepened] + ranked[level.chain:]
    return ranked, level.budget - search.left


def best_option(state: State, p: Prompt, level: Level, seed: int) -> str:
    """The option of ``p`` with the best evaluation once its step is settled."""
    return ranked_options(state, p, level, seed)[0][0][1]
