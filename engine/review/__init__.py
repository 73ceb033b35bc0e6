"""The review of a finished game: what decided it, by the AI's estimate.

From a finished game's record (a game won by resignation too), pure and deterministic: the
same record and budget give the same review, byte for byte in its JSON.

* **The race**: every animal's VPs and the AI's estimate of its final VPs after every action
  (``engine.review.replay`` says why VP and not a chance to win).
* **Every decision weighed** (a move with more than one option): what the option played was
  worth against the best alternative the AI finds among that position's options
  (``engine.review.estimate``), so each seat's estimated VP lost per decision, its costliest
  decisions with the alternative, a count by named thresholds, and the game's 3-5 turning
  points (``engine.review.tally``).
* **Luck** is not told, for the reason ``job.LUCK`` gives.
* **A budget** in work units (``Budget``), worked out in resumable pieces (``ReviewJob``).

    from engine.review import ReviewJob, review
    data = review(record)                       # all at once
    job = ReviewJob(record, saved=None)         # or piece by piece (see ``engine.review.job``)

The review is plain data (``job.ReviewJob.result`` lists its fields); ``docs/playing.md``,
"How it is worked out", tells players what its numbers mean.
"""

from __future__ import annotations

from engine.review.budget import DEFAULT_BUDGET, Budget
from engine.review.job import ESTIMATE, LUCK, REVIEW_FORMAT, Progress, ReviewJob, review
from engine.review.replay import ReviewError
from engine.review.tally import GRADES, THRESHOLDS, grade

__all__ = ["DEFAULT_BUDGET", "ESTIMATE", "GRADES", "LUCK", "REVIEW_FORMAT", "THRESHOLDS", "Budget", "Progress",
           "ReviewError", "ReviewJob", "grade", "review"]
