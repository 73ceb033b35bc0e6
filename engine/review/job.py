"""A review worked out in pieces: each decision is weighed on its own (its position, its seed,
its share of the budget), so a review in progress is its verdicts so far, plain data that a
host saves and resumes after a restart with the same result as an uninterrupted run.

    job = ReviewJob(record)                     # ReviewError: not over, bad record, no replay
    while not job.done:
        job.work(decisions=10)                  # or units=...: a slice of the work
        save(job.saved()); report(job.progress)
    review = job.result()                       # the review, JSON-ready

    job = ReviewJob(record, saved=loaded)       # after a restart: carries on where it stopped
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import asdict, dataclass
from typing import Any

from engine.flow import prompt
from engine.history import apply_move, start_state
from engine.record import GameRecord
from engine.review import tally
from engine.review.budget import DEFAULT_BUDGET, Budget
from engine.review.estimate import decision_seed, weigh
from engine.review.replay import Decision, ReviewError, as_record, facts

State = dict[str, Any]

REVIEW_FORMAT = "dominant-species-review"
SAVED_FORMAT = "dominant-species-review-in-progress"
FORMAT_VERSION = 1
#: What the race's estimate is (``engine.review.replay`` says why it is not a chance to win).
ESTIMATE = "final_vp"
#: Luck is not told: every draw of the game (the element box, a Wanderlust tile, a card turned
#: up) is laid out in the open for every animal alike, and what it gave an animal is decided
#: by the placements after it, which the review weighs as decisions; the estimate does not
#: value the element box or the face-up tiles and cards at the moment of a draw, so a figure
#: of luck would be the estimator's noise (``docs/playing.md``, "How it is worked out").
LUCK = {"told": False, "reason": "shared_draws"}


@dataclass(frozen=True)
class Progress:
    """How far a review has come: decisions weighed of all, and the work units spent."""

    done: int
    total: int
    units: int

    @property
    def fraction(self) -> float:
        return self.done / self.total if self.total else 1.0

    def to_dict(self) -> dict[str, Any]:
        return asdict(self)


class ReviewJob:
    """The review of one finished game's record, in progress (not thread-safe: one worker)."""

    def __init__(self, record: GameRecord | Mapping[str, Any], budget: Budget = DEFAULT_BUDGET, *,
                 saved: Mapping[str, Any] | None = None) -> None:
        self.record = as_record(record)
        self.facts = facts(self.record)
        self.verdicts: list[dict[str, Any]] = []
        self.units = 0
        if saved is not None:
            budget = self._restore(saved)
        self.budget = budget
        self.allowance = budget.per_decision(len(self.facts.decisions))
        self._state: State = start_state(self.record.setup)
        self._at = 0  # moves applied to ``_state``

    # -- progress, saved and restored --------------------------------------------------------

    @property
    def done(self) -> bool:
        return len(self.verdicts) == len(self.facts.decisions)

    @property
    def progress(self) -> Progress:
        return Progress(len(self.verdicts), len(self.facts.decisions), self.units)

    def saved(self) -> dict[str, Any]:
        """The review in progress as JSON-ready data (``ReviewJob(record, saved=...)`` resumes it)."""
        return {"format": SAVED_FORMAT, "format_version": FORMAT_VERSION, "record": self.facts.fingerprint,
                "budget": self.budget.to_dict(), "units": self.units, "verdicts": list(self.verdicts)}

    def _restore(self, saved: Mapping[str, Any]) -> Budget:
        def damaged(what: str) -> ReviewError:
            return ReviewError("saved", f"The saved review cannot be resumed: {what}.")

        if not isinstance(saved, Mapping) or saved.get("format") != SAVED_FORMAT:
            raise damaged("it is not a review in progress")
        if saved.get("format_version") != FORMAT_VERSION:
            raise damaged(f"it has format version {saved.get('format_version')!r}, not {FORMAT_VERSION}")
        if saved.get("record") != self.facts.fingerprint:
            raise damaged("it belongs to another game record")
        try:
            budget = Budget.from_dict(saved["budget"])
            verdicts = list(saved["verdicts"])
            units = saved["units"]
        except (KeyError, TypeError, ValueError) as e:
            raise damaged(f"{type(e).__name__}: {e}") from None
        decisions = self.facts.decisions
        if len(verdicts) > len(decisions) or not isinstance(units, int) or any(
                not isinstance(v, Mapping) or v.get("move") != d.move
                for v, d in zip(verdicts, decisions, strict=False)):
            raise damaged("its verdicts are not this game's decisions")
        self.verdicts, self.units = [dict(v) for v in verdicts], units
        return budget

    # -- the work ----------------------------------------------------------------------------

    def work(self, *, decisions: int | None = None, units: int | None = None) -> Progress:
        """Weigh the next decisions: ``decisions`` of them at most, and stop once ``units``
        work units are spent (after the decision that spends them); all that is left without
        either."""
        weighed = spent = 0
        while not self.done and (decisions is None or weighed < decisions) and (units is None or spent < units):
            verdict = self._weigh(self.facts.decisions[len(self.verdicts)])
            self.verdicts.append(verdict)
            self.units += verdict["units"]
            weighed, spent = weighed + 1, spent + verdict["units"]
        return self.progress

    def _weigh(self, d: Decision) -> dict[str, Any]:
        if self._at > d.move:  # a cursor past the decision (never in order): replay afresh
            self._state, self._at = start_state(self.record.setup), 0
        moves = self.record.moves
        while self._at < d.move:
            apply_move(self._state, self._at, (moves[self._at].seat, moves[self._at].option))
            self._at += 1
        p = prompt(self._state)
        assert p is not None and p.seat == d.seat
        played = moves[d.move].option
        v = weigh(self._state, p, played, self.allowance, decision_seed(self.facts.seed, d.move),
                  self.budget.within, self.budget.candidates)
        out: dict[str, Any] = {**asdict(d), "played": v.played, "best": v.best, "played_value": v.played_value,
                               "best_value": v.best_value, "loss": v.loss, "grade": tally.grade(v.loss),
                               "method": v.method, "units": v.units, "rank": v.rank}
        if v.loss > 0:  # how to word it, without replaying: the question and the two options
            texts = {o.id: o.text.to_dict() for o in p.options}
            out["ask"] = p.text.to_dict()
            out["played_text"], out["best_text"] = texts[v.played], texts[v.best]
        return out

    # -- the review --------------------------------------------------------------------------

    def result(self) -> dict[str, Any]:
        """The finished review, JSON-ready (a ``ValueError`` while decisions are left)."""
        if not self.done:
            raise ValueError(f"the review is not finished: {self.progress.done} of {self.progress.total} decisions")
        f = self.facts
        seats = []
        for i, s in enumerate(f.seats):
            seats.append({"name": s["name"], "animals": s["animals"], "score": f.result["seat_scores"][i],
                          **tally.seat_figures(self.verdicts, i)})
        return {
            "format": REVIEW_FORMAT,
            "format_version": FORMAT_VERSION,
            "record": f.fingerprint,
            "budget": self.budget.to_dict(),
            "estimate": ESTIMATE,
            "thresholds": dict(tally.THRESHOLDS),
            "players": len(f.seats),
            "turns": f.turns,
            "moves": f.moves,
            "result": f.result,
            "seats": seats,
            "race": {"animals": list(f.result["scores"]), "turn_starts": f.turn_starts, "points": f.race},
            "turning_points": tally.turning_points(self.verdicts),
            "luck": dict(LUCK),
            "units": self.units,
            "decisions": self.verdicts,
        }


def review(record: GameRecord | Mapping[str, Any], budget: Budget = DEFAULT_BUDGET) -> dict[str, Any]:
    """A finished game's whole review at once."""
    job = ReviewJob(record, budget)
    job.work()
    return job.result()
