"""The words of a game's review (``engine.review``): its turning points, each player's private
part, what is not told and why, the race picture's alt text, and a refusal.

    words.review.turning_points(review, "hu")    # one line per turning point
    words.review.seat_part(review, seat, "en")   # what only that seat's player is told
    words.review.race_alt(review, "en")          # the race picture, for a screen reader

Every number is the AI's estimate in VP, written with one decimal as the reader writes it.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from engine.ai.search import PLACE_KINDS
from engine.review import THRESHOLDS, ReviewError
from words import DEFAULT, gettext, ngettext, option, prompt_text, term
from words.render import decimal

Review = Mapping[str, Any]
Verdict = Mapping[str, Any]
#: Discord's limit for an attachment's description.
ALT_LIMIT = 1024
#: The reasons a review is refused (``engine.review.ReviewError.reason``).
REASONS = ("running", "record", "replay", "saved")
#: The catalogue keys this module words (the catalogue test counts them as used).
KEYS = (
    "review.head", "review.point", "review.where.planning", "review.where.action", "review.where.phase",
    "review.grade.inaccuracy", "review.grade.mistake", "review.grade.blunder", "review.grade.none", "review.no_points",
    "review.worth.margin", "review.worth.place",
    "review.seat.head", "review.seat.counts", "review.seat.made_for", "review.seat.costliest",
    "review.seat.decision", "review.seat.clean", "review.seat.line", "review.luck.shared_draws",
    "review.opinion", "review.progress", *(f"review.error.{r}" for r in REASONS),
    "alt.review.race", "alt.review.leader", "alt.review.points", "alt.review.point", "alt.review.no_points",
    "pic.review.point",
)


def number(x: float, lang: str = DEFAULT) -> str:
    """A VP figure as the review writes it: one decimal."""
    return decimal(x, lang)


def player(review: Review, seat: int, lang: str = DEFAULT) -> str:
    """``Ann (Birds)``: a seat's name and its animals."""
    s = review["seats"][seat]
    animals = ", ".join(term(f"animal.{a}", lang) for a in s["animals"])
    return f"{s['name']} ({animals})"


def where(v: Verdict, lang: str = DEFAULT) -> str:
    """The phase of a decision, and its action in Execution."""
    if v["phase"] == "planning":
        return gettext("review.where.planning", lang)
    if v.get("action"):
        return gettext("review.where.action", lang, phase=v["phase"], action=v["action"])
    return gettext("review.where.phase", lang, phase=v["phase"])


def grade(name: str | None, lang: str = DEFAULT) -> str:
    """A grade's name (``None``: a loss below an inaccuracy)."""
    return gettext(f"review.grade.{name or 'none'}", lang)


def _options(v: Verdict, lang: str) -> dict[str, str]:
    return {"question": prompt_text({"text": v["ask"]}, lang), "played": option({"text": v["played_text"]}, lang),
            "best": option({"text": v["best_text"]}, lang)}


def turning_point(review: Review, k: int, lang: str = DEFAULT) -> str:
    """Turning point ``k`` (from 0) in a sentence: when, who, what was played, what the AI
    would have played, what each was worth."""
    v = review["turning_points"][k]
    # a placement's values are what its action is worth this turn; any other's, a margin
    values = gettext("review.worth.place" if v["kind"] in PLACE_KINDS else "review.worth.margin", lang,
                    played_value=number(v["played_value"], lang), best_value=number(v["best_value"], lang))
    return gettext("review.point", lang, number=k + 1, turn=v["turn"], where=where(v, lang),
                   player=review["seats"][v["seat"]]["name"], animal=v["animal"], **_options(v, lang),
                   loss=number(v["loss"], lang), grade=grade(v.get("grade"), lang), values=values)


def turning_points(review: Review, lang: str = DEFAULT) -> list[str]:
    """The turning points, one line each (or a line saying there were none)."""
    if not review["turning_points"]:
        return [gettext("review.no_points", lang)]
    return [turning_point(review, k, lang) for k in range(len(review["turning_points"]))]


def _thresholds() -> dict[str, str]:
    return {name: f"{line:g}" for name, line in THRESHOLDS}


def seat_line(review: Review, seat: int, lang: str = DEFAULT) -> str:
    """A seat's figures in one line, for everyone: VP lost per decision and the counts."""
    s = review["seats"][seat]
    return gettext("review.seat.line", lang, player=player(review, seat, lang),
                   per=number(s["loss_per_decision"], lang), decisions=s["decisions"], **s["counts"])


def seat_part(review: Review, seat: int, lang: str = DEFAULT) -> str:
    """What only that seat's player is told: their figures, the counts by grade (the lines
    named) and their costliest decisions with the AI's alternative."""
    s = review["seats"][seat]
    lines = [ngettext("review.seat.head", s["decisions"], lang, player=player(review, seat, lang),
                      per=number(s["loss_per_decision"], lang), total=number(s["loss"], lang)),
             gettext("review.seat.counts", lang, **s["counts"], **{f"{k}_vp": t for k, t in _thresholds().items()})]
    if s["made_for"]:
        lines.append(ngettext("review.seat.made_for", s["made_for"], lang))
    if s["costliest"]:
        lines.append(gettext("review.seat.costliest", lang))
        for v in s["costliest"]:
            lines.append(gettext("review.seat.decision", lang, turn=v["turn"], where=where(v, lang),
                                 **_options(v, lang), loss=number(v["loss"], lang), grade=grade(v.get("grade"), lang)))
    else:
        lines.append(gettext("review.seat.clean", lang))
    lines.append(gettext("review.opinion", lang))
    return "\n".join(lines)


def summary(review: Review, lang: str = DEFAULT) -> list[str]:
    """The review's public text: its head, every seat's line, the turning points, luck and
    the reminder that this is an AI's opinion."""
    out = [gettext("review.head", lang)]
    out += [seat_line(review, i, lang) for i in range(len(review["seats"]))]
    out += turning_points(review, lang)
    luck = review.get("luck", {})
    if not luck.get("told", True):
        out.append(gettext(f"review.luck.{luck['reason']}", lang))
    out.append(gettext("review.opinion", lang))
    return out


def progress(done: int, total: int, lang: str = DEFAULT) -> str:
    """A review being worked out: how far it has come."""
    return gettext("review.progress", lang, done=done, total=total)


def error(exc: ReviewError, lang: str = DEFAULT) -> str:
    """A refused review, for the player who asked."""
    reason = exc.reason if exc.reason in REASONS else "record"
    return gettext(f"review.error.{reason}", lang, detail=str(exc))


def point_label(review: Review, k: int, lang: str = DEFAULT) -> str:
    """A turning point in a few words, as the race picture keys its numbers."""
    v = review["turning_points"][k]
    return gettext("pic.review.point", lang, number=k + 1, turn=v["turn"],
                   player=review["seats"][v["seat"]]["name"], animal=v["animal"], loss=number(v["loss"], lang))


def leader_changes(review: Review) -> tuple[str | None, int, int]:
    """Who leads the estimate at the end, from which turn on, and how often the lead changed,
    read at the end of every turn (within a turn it sways with every action)."""
    ends = {*review["race"]["turn_starts"][1:], review["moves"]}
    points: Sequence[Mapping[str, Any]] = [p for p in review["race"]["points"] if p["move"] in ends]
    leader: str | None = None
    since, changes = 1, 0
    for p in points:
        est = p["estimate"]
        top = max(est.values())
        leaders = [a for a, v in est.items() if v == top]
        now = leaders[0] if len(leaders) == 1 else leader
        if now != leader:
            if leader is not None:
                changes += 1
            leader, since = now, p["turn"]
    return leader, since, changes


def race_alt(review: Review, lang: str = DEFAULT) -> str:
    """The race picture's alt text (at most ``ALT_LIMIT`` characters)."""
    final = review["result"]["scores"]
    scores = ", ".join(gettext("alt.score", lang, animal=a, vp=final[a])
                       for a in sorted(final, key=lambda a: -final[a]))
    parts = [gettext("alt.review.race", lang, turns=review["turns"]), gettext("alt.scores", lang, vps=scores)]
    leader, since, changes = leader_changes(review)
    if leader is not None:
        parts.append(ngettext("alt.review.leader", changes, lang, animal=leader, turn=since))
    points = review["turning_points"]
    if points:
        parts.append(gettext("alt.review.points", lang))
        parts += [gettext("alt.review.point", lang, label=point_label(review, k, lang)) for k in range(len(points))]
    else:
        parts.append(gettext("alt.review.no_points", lang))
    text = " ".join(parts)
    return text if len(text) <= ALT_LIMIT else text[:ALT_LIMIT - 1] + "…"


__all__ = ["KEYS", "REASONS", "error", "grade", "leader_changes", "player", "point_label", "progress", "race_alt",
           "seat_line", "seat_part", "summary", "turning_point", "turning_points", "where"]
