"""The verdicts added up: each seat's estimated VP lost per decision, its costliest decisions,
a count by named thresholds, and the game's turning points.

**The thresholds** (as lichess names its inaccuracy, mistake and blunder, in VP of the seat's
estimated final margin over the others instead of win chance):

* an *inaccuracy* loses 3 VP or more: a second place on a middling tile's scoring
  (``TILE_SCORING``: savannah 7/4/2, jungle 6/3/2), about what separates neighbours in a close
  final table.  Below it the look-ahead's own noise would be told as a fault: the same
  decision weighed with other seeds (other sampled draws and tie-breaks) moves its loss by
  2.5 VP or less in 9 of 10 decisions (``bench/review.py --noise 40``: median 0, at most 6.3;
  the grade changed in 2 of 40);
* a *mistake* 6 VP or more: a first place on such a tile, and the line beyond which ``expert``
  stops looking at an option at all (``engine.ai.expert.WITHIN``);
* a *blunder* 12 VP or more: two tile scorings, more than the sea's first place; a
  winning margin in many games.

**The turning points** are the decisions that moved the estimate most.  The estimate of a
game moves for two reasons: draws, and decisions; a decision moves its seat's estimate by at
most what it loses against the best option (the best keeps it), so the decisions that moved it
most are the costliest ones.  One per action (the steps of one Migration are one turning
point, its costliest step; a player's placements of one Planning phase are one too, or a
game's turning points could all be one player's draft), up to ``MOST`` of those graded a
mistake or worse, at least ``LEAST`` when that many lost anything; told in the order they
were played.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

#: Grades by the VP a decision lost, worst first (a grade is the worst whose line it reaches).
THRESHOLDS: tuple[tuple[str, float], ...] = (("blunder", 12.0), ("mistake", 6.0), ("inaccuracy", 3.0))
GRADES: tuple[str, ...] = tuple(name for name, _ in reversed(THRESHOLDS))
#: Turning points: at most, and at least (when that many decisions lost anything).
MOST, LEAST = 5, 3
#: A seat's costliest decisions told.
COSTLIEST = 5
#: Moves that were made for a player rather than by them: a clock that ran out, and the bot
#: declining for a seat that resigned.  Reviewed, but not counted in the player's figures.
MADE_FOR = frozenset({"clock", "resigned"})

Verdict = dict[str, Any]


def grade(loss: float) -> str | None:
    """The name of a decision's loss (``None`` below an inaccuracy)."""
    for name, line in THRESHOLDS:
        if loss >= line:
            return name
    return None


def _costliest_first(verdicts: Sequence[Verdict]) -> list[Verdict]:
    return sorted((v for v in verdicts if v["loss"] > 0), key=lambda v: (-v["loss"], v["move"]))


def seat_figures(verdicts: Sequence[Verdict], seat: int) -> dict[str, Any]:
    """One seat's part: its own decisions (not those made for it), what they lost in all and
    per decision, a count by grade and its costliest ones (with the alternative)."""
    mine = [v for v in verdicts if v["seat"] == seat]
    own = [v for v in mine if v["by"] not in MADE_FOR]
    loss = sum(v["loss"] for v in own)
    counts = dict.fromkeys(GRADES, 0)
    for v in own:
        g = grade(v["loss"])
        if g is not None:
            counts[g] += 1
    return {
        "seat": seat,
        "decisions": len(own),
        "made_for": len(mine) - len(own),
        "loss": round(loss, 2) + 0.0,
        "loss_per_decision": round(loss / len(own), 2) + 0.0 if own else 0.0,
        "counts": counts,
        "costliest": _costliest_first(own)[:COSTLIEST],
    }


def _moment(v: Verdict) -> str:
    """What one turning point stands for: an action, or a player's placements of one Planning."""
    return f"{v['turn']}:planning:{v['seat']}" if v.get("phase") == "planning" else str(v["act"])


def turning_points(verdicts: Sequence[Verdict]) -> list[Verdict]:
    """The decisions that moved the estimate most, one per action, in the order played."""
    mistake = dict(THRESHOLDS)["mistake"]
    chosen: list[Verdict] = []
    seen: set[str] = set()
    for v in _costliest_first(verdicts):
        if len(chosen) >= MOST or (len(chosen) >= LEAST and v["loss"] < mistake):
            break
        moment = _moment(v)
        if moment in seen:
            continue
        seen.add(moment)
        chosen.append(v)
    return sorted(chosen, key=lambda v: v["move"])
