"""One decision weighed: what the option played was worth by the AI's estimate, against the
best alternative it finds among the options of that position.

The estimator is ``expert``'s, turned from choosing to judging (``engine.ai.expert`` tells
each part at length):

1. **The ranking.**  Every option is valued as ``hard`` values it, on one footing: by the
   position after it, the seat's own follow-up picks of the step settled
   (``engine.ai.search``; without ``hard``'s deeper play of its three favourites' chains,
   which would value those three on another footing than the rest), or for a placement by
   what its action is worth this turn (``engine.ai.planning``), the spaces ``hard`` looks at
   again after the seat's own APs of the turn, and the space played, looked at again alike.
   A value is the seat's estimated final margin over its opponents (``relative``, without
   the bonus for a finished game's winner: a margin in VP, whether the game is over or not).
2. **The look-ahead.**  The ranking's best few options (``Budget.candidates``) within
   ``Budget.within`` VP of its best, and the option played wherever it ranks, are played
   forward from copies of the position whose hidden draws are sampled afresh (``expert``'s
   ``Playouts``: every seat plays ``easy``'s choices, the seat's own follow-up picks
   included), each to the same horizon: the end of the decision's action and of the action
   after it (or of the turn).  The same horizon matters: a playout cut off by its units would
   leave one option's gains unseen and another's counted.  Rounds of one playout per
   candidate, all candidates on the same imagined futures, are played while the decision's
   units last (one round at least); an option's value is its playouts' mean.  Placements
   are not played forward (a Planning placement's action comes after the rest of the draft):
   the ranking, which values the action itself, judges them, as it does any decision whose
   units the ranking used up.
3. **The verdict.**  The alternative is the best valued of the options weighed alike; the
   loss is what it is worth more than the option played (0 when the option played is the
   best).

The position is determinised first (``engine.ai.core.determinise``, from a seed of the
decision's own): the review judges a decision by what the player could know, never by the
draws that were still hidden then.  Values of one decision are comparable with each other
only: the ranking's and the look-ahead's differ in horizon.
"""

from __future__ import annotations

import zlib
from dataclasses import dataclass, replace
from typing import Any

from engine.ai import EXPERT, SEARCH_LEVELS, STRONG_WEIGHTS, planning
from engine.ai.core import clone, determinise, step, tie_break
from engine.ai.evaluate import relative
from engine.ai.expert import MAX_PLAYOUT_DECISIONS, Playouts, plan_cost
from engine.ai.search import PLACE_KINDS, Search
from engine.display import parse_space_id
from engine.flow import Prompt
from engine.history import action_key

State = dict[str, Any]

#: The review's margin: ``hard``'s weights, without the winner's bonus of a finished game.
WEIGHTS = replace(STRONG_WEIGHTS, win=0.0)
#: ``hard``'s settings under a name of their own (the placement values ``engine.ai.planning``
#: remembers are kept by level name: a review's never mix with a playing ``hard``'s), without
#: chains (see the ranking above).
LEVEL = replace(SEARCH_LEVELS["hard"], name="review", chain=0, weights=WEIGHTS)
#: The ranking's search: room to settle every option of a long Migration (a search out of
#: steps settles the options it reaches last less well than the first).
SEARCH = replace(LEVEL, budget=6000)
#: The playouts: ``expert``'s, with the review's level and margin.
SETTINGS = replace(EXPERT, rank=LEVEL, weights=WEIGHTS)
#: Units without bound for the placements looked at again (their cost is counted all the same).
_UNBOUNDED = 10**9
#: The look-ahead's horizon: actions completed after the decision (its own, and the next).
HORIZON = 2
#: Rounds of playouts at most (more would refine a mean the horizon already limits).
MAX_ROUNDS = 8
#: How a decision was weighed.
ONLY, RANKING, PLAYOUTS = "only", "ranking", "playouts"


@dataclass(frozen=True)
class Verdict:
    """What the estimator says of one decision (values in VP: the seat's estimated final margin,
    or for a placement what its action is worth this turn)."""

    played: str
    best: str  # the AI's alternative: the best valued option (``played`` when it was the best)
    played_value: float
    best_value: float
    loss: float  # best_value - played_value, never below 0
    method: str  # ONLY, RANKING or PLAYOUTS
    units: int  # the work units it took
    rank: int  # the option played's place in the ranking (0: the ranking's favourite)


def decision_seed(record_seed: int, move: int) -> int:
    """The seed of move ``move``'s review: its own, so any decision can be weighed alone."""
    return zlib.crc32(f"review:{record_seed}:{move}".encode())


def weigh(state: State, p: Prompt, played: str, units: int, seed: int, within: float, candidates: int) -> Verdict:
    """The verdict on choosing ``played`` at ``p`` (the pending prompt of ``state``, which is
    not changed), within ``units`` work units."""
    ids = [o.id for o in p.options]
    if played not in ids:
        raise ValueError(f"{played!r} is not an option of this position")
    if len(ids) == 1:
        return Verdict(played, played, 0.0, 0.0, 0.0, ONLY, 0, 0)
    base = clone(state)
    determinise(base, seed)
    if p.kind in PLACE_KINDS:
        value, used = _placements(base, p, played, seed)
    else:
        value, used = _settled(base, p, seed)
    keys = tie_break(seed, len(ids))
    ranked = sorted(value, key=lambda oid: (value[oid], keys[ids.index(oid)]), reverse=True)
    top = value[ranked[0]]
    close = [oid for oid in ranked[:candidates] if value[oid] >= top - within]
    if played not in close:
        close.append(played)
    method, order = RANKING, ranked
    if len(close) > 1 and p.kind not in PLACE_KINDS and units > used:
        value, spent = _played_out(state, p, seed, close, units - used)
        used += spent
        method = PLAYOUTS
        order = sorted(close, key=lambda oid: (value[oid], -ranked.index(oid)), reverse=True)
    best = order[0]
    loss = _r(max(0.0, value[best] - value[played]))
    if loss == 0.0:  # no better by a hundredth of a VP: the option played was the best
        best = played
    return Verdict(played, best, _r(value[played]), _r(value[best]), loss, method, used, ranked.index(played))


def _settled(base: State, p: Prompt, seed: int) -> tuple[dict[str, float], int]:
    """Every option's value once its step is settled (``hard``'s search without chains)."""
    search = Search(base, p, SEARCH)
    value = {}
    for o in p.options:
        c, _ = search.after(base, o.id, SEARCH.settle_depth)
        value[o.id] = search.value(c)
    return value, SEARCH.budget - search.left


def _placements(base: State, p: Prompt, played: str, seed: int) -> tuple[dict[str, float], int]:
    """Every space's worth as ``hard`` values it; of the spaces it looks at again after the
    seat's own APs of the turn, and the space played, only those (valued alike) are kept
    when it does."""
    values, plan_units = planning.valued(base, p.animal, p.seat, LEVEL)
    spaces = [parse_space_id(o.id) for o in p.options]
    worth = [planning.space_value(base, values, p.animal, *s, LEVEL) if s else 0.0 for s in spaces]
    ids = [o.id for o in p.options]
    if base["phase"] == "planning":
        first = sorted(range(len(ids)), key=lambda i: worth[i], reverse=True)[:LEVEL.sequence]
        if ids.index(played) not in first:
            first.append(ids.index(played))
        every = replace(LEVEL, sequence=len(first))
        again, more = planning._sequenced(base, p, every, values, [spaces[i] for i in first],
                                          [worth[i] for i in first], allowance=_UNBOUNDED)
        if more:  # looked at again: only those are on one footing
            plan_units += more
            return {ids[i]: v for i, v in zip(first, again, strict=True)}, plan_cost(plan_units, EXPERT)
    return dict(zip(ids, worth, strict=True)), plan_cost(plan_units, EXPERT)


def _played_out(state: State, p: Prompt, seed: int, close: list[str], left: int) -> tuple[dict[str, float], int]:
    """Every candidate's mean over the same playouts, in rounds while the units last (one at
    least), and the units spent."""
    play = Playouts(state, p, SETTINGS, seed)
    totals = dict.fromkeys(close, 0.0)
    rounds = last = 0
    while rounds == 0 or (rounds < MAX_ROUNDS and play.used + last <= left):
        before = play.used
        for oid in close:
            totals[oid] += _to_horizon(play, oid, rounds)
        rounds += 1
        last = play.used - before
    return {oid: totals[oid] / rounds for oid in close}, play.used


def _to_horizon(play: Playouts, option_id: str, j: int) -> float:
    """The ``j``-th playout after ``option_id``, to ``HORIZON`` actions or the end of the turn."""
    c = play.determinised(j)
    key = action_key(c)
    p = step(c, option_id)
    play.used += 1
    ends = n = 0
    while p is not None and c["turn"] == play.turn and n < MAX_PLAYOUT_DECISIONS:
        now = action_key(c)
        if now != key:
            ends, key = ends + 1, now
            if ends >= HORIZON:
                break
        p = step(c, play.policy(c, p, play.seed * 7919 + j * 613 + n))
        play.used += 1
        n += 1
    return relative(c, play.seat, WEIGHTS)


def _r(v: float) -> float:
    """Two decimals (and never ``-0.0``): a review is stored and compared as JSON, byte for byte."""
    return round(v, 2) + 0.0
