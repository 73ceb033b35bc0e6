"""Planning played forward, for the ``expert`` level (``engine.ai.expert``): placing APs is a
draft, a space taken is gone for the others, so a placement is valued by the rest of Planning
played out, every seat placing by its own action values (``engine.ai.planning``)."""

from __future__ import annotations

import math
from typing import Any

from engine.ai import planning
from engine.ai.core import clone, tie_break
from engine.ai.evaluate import Weights
from engine.ai.search import Level
from engine.display import is_free_space, place_ap, vacant_spaces
from engine.flow import Prompt

State = dict[str, Any]


def _planners(state: State) -> tuple[list[str], int]:
    """The Planning order (``engine.phases._planner``'s) and whose turn it is in it."""
    top = state["steps"][-1]
    return state["initiative"], top["next"]


def _plain_pick(state: State, animal: str, values: dict[str, Any], level: Level,
                keys: list[float]) -> tuple[str, int] | None:
    best: tuple[str, int] | None = None
    best_key = (-math.inf, 0.0)
    for n, (row, i) in enumerate(vacant_spaces(state)):
        key = (planning.space_value(state, values, animal, row, i, level), keys[n % len(keys)])
        if key > best_key:
            best, best_key = (row, i), key
    return best


class Draft:
    """Planning played forward: every seat places its remaining APs by its own action values
    (the values ``hard`` places by, without its revaluation), then each seat is credited
    with what its spaces are worth where they ended up (a Domination AP behind others
    scores a worse tile).  The others' values are work too: within ``plan_units`` (units of
    the placement valuation), they are worked out in the order the animals place next, and an
    animal left without is left out of the draft (``complete`` says whether any was)."""

    def __init__(self, state: State, p: Prompt, level: Level, weights: Weights, seed: int, plan_units: int):
        self.state = state
        self.seat = p.seat
        self.level = level
        self.weights = weights
        self.keys = tie_break(seed, 64)
        order, _ = _planners(state)
        me = _planner_animal(state)
        # the seat's own values are the ranking's, already paid for
        self.values = {me: planning.action_values(state, me, self.seat, self.level)}
        self.used = 0
        cost = planning.valued(state, me, self.seat, self.level)[1]
        start = order.index(me)
        for k in range(1, len(order)):
            a = order[(start + k) % len(order)]
            if self.used + cost > plan_units:  # the last one's cost: what the next is likely to take
                break
            self.values[a], cost = planning.valued(state, a, state["animals"][a]["seat"], self.level)
            self.used += cost
        self.complete = len(self.values) == len(order)
        self.rivals = any(state["animals"][a]["seat"] != self.seat for a in self.values)

    def worth(self, space: tuple[str, int]) -> float:
        """The seat's plain value of a space now."""
        animal = _planner_animal(self.state)
        return planning.space_value(self.state, self.values[animal], animal, *space, self.level)

    def play(self, space: tuple[str, int]) -> float:
        """The seat's margin at the end of Planning after it places on ``space``."""
        c = clone(self.state)
        order, nxt = _planners(c)
        animal = _planner_animal(c)
        place_ap(c, animal, *space)
        i = (order.index(animal) + 1) % len(order)
        while True:
            who = None
            if vacant_spaces(c):
                for k in range(len(order)):
                    a = order[(i + k) % len(order)]
                    if c["animals"][a]["aps"] > 0 and a in self.values:
                        who, i = a, (i + k + 1) % len(order)
                        break
            if who is None:
                break
            pick = _plain_pick(c, who, self.values[who], self.level, self.keys)
            if pick is None:
                break
            place_ap(c, who, *pick)
            self.used += 1
        return self.margin(c)

    def margin(self, c: State) -> float:
        """The seat's placed spaces' worth against its opponents' (as ``relative`` blends them)."""
        by_animal = dict.fromkeys(self.values, 0.0)
        for row, spaces in c["display"].items():
            for i, a in enumerate(spaces):
                if a is not None and a in by_animal and not is_free_space(row, i) \
                        and self.state["display"][row][i] is None:
                    by_animal[a] += planning.space_value(c, self.values[a], a, row, i, self.level)
        seats = [sum(by_animal.get(a, 0.0) for a in s["animals"]) for s in c["seats"]]
        # a seat none of whose animals is in the draft is not in it
        others = [v for k, (v, s) in enumerate(zip(seats, c["seats"], strict=True))
                  if k != self.seat and any(a in self.values for a in s["animals"])]
        w = self.weights.leader
        return seats[self.seat] - (w * max(others) + (1 - w) * sum(others) / len(others))


def _planner_animal(state: State) -> str:
    order, nxt = _planners(state)
    for k in range(len(order)):
        a = order[(nxt + k) % len(order)]
        if state["animals"][a]["aps"] > 0:
            return a
    raise AssertionError("nobody is left to place")
