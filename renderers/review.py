"""The race picture of a game's review (``engine.review``): every animal's VP at the end of
each turn, and below it, on the same scale, the AI's estimate of each animal's final VP after
every action, the turning points numbered on it and keyed at the foot.  Portrait, with large
text: it is read on a phone.

    png = render_race(review, lang="hu")       # alt text: words.review.race_alt(review, "hu")
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from PIL import Image, ImageDraw

import words
from renderers import fonts, sprites
from renderers.board import encode
from renderers.chart import Axes, Series, draw_line_chart
from renderers.layout import Box
from renderers.palette import HEADER_BG, HEADER_TEXT, INK, MUTED, PAGE, PAPER, WHITE
from words import review as review_words

Review = Mapping[str, Any]

SIZE = (1000, 1440)
HEADER = Box(0, 0, 1000, 112)
VP_CHART = Box(12, 124, 988, 640)
ESTIMATE_CHART = Box(12, 652, 988, 1168)
KEY = Box(12, 1180, 988, 1428)  # five turning points, and the note that this is an opinion
_PAD = 14
_TEXT = 22
MARK_RADIUS = 15
PAWN_RADIUS = 14


def render_race(review: Review, *, lang: str = words.DEFAULT) -> bytes:
    """The race picture (PNG)."""
    return encode(draw_race(review, lang=lang))


def draw_race(review: Review, *, lang: str = words.DEFAULT) -> Image.Image:
    img = Image.new("RGB", SIZE, PAGE)
    d = ImageDraw.Draw(img)
    for box in (VP_CHART, ESTIMATE_CHART, KEY):
        d.rectangle(box.tuple(), fill=PAPER)
    _header(d, review, lang)
    _, estimate = charts(img, review, lang)
    _marks(img, review, estimate)
    _key(img, review, lang)
    return img


def _bounds(turn_starts: Sequence[int], moves: int) -> list[int]:
    """The move counts at which each turn began, and the last move's."""
    return [*turn_starts, moves] if turn_starts[-1] < moves else list(turn_starts)


def x_of(move: int, turn_starts: Sequence[int], moves: int) -> float:
    """Where move ``move`` sits on a turn axis: turn ``t`` runs from ``t - 1`` to ``t``."""
    ends = _bounds(turn_starts, moves)
    for t in range(len(ends) - 1):
        if move < ends[t + 1]:
            return t + (move - ends[t]) / (ends[t + 1] - ends[t])
    return float(len(ends) - 1)


def by_turn(review: Review) -> list[Mapping[str, Any]]:
    """The race's points at the setup and at the end of every turn (the last: the end)."""
    points = review["race"]["points"]
    ends = _bounds(review["race"]["turn_starts"], review["moves"])
    return [points[0], *(max((p for p in points if p["move"] <= e), key=lambda p: p["move"]) for e in ends[1:])]


def order(review: Review) -> list[str]:
    """Animals by final score, the highest first (its pawn is drawn last, on top)."""
    scores = review["result"]["scores"]
    return sorted(scores, key=lambda a: -scores[a])


def charts(img: Image.Image, review: Review, lang: str) -> tuple[Axes, Axes]:
    race = review["race"]
    animals = list(reversed(order(review)))
    turns = by_turn(review)
    xs = [x_of(p["move"], race["turn_starts"], review["moves"]) for p in race["points"]]
    top = max([max(p["estimate"].values()) for p in race["points"]] + [max(p["vp"].values()) for p in turns])
    x_top = len(turns) - 1
    vp = [Series(a, [p["vp"][a] for p in turns]) for a in animals]
    est = [Series(a, [max(0.0, p["estimate"][a]) for p in race["points"]], xs) for a in animals]
    turn_axis = words.gettext("pic.final.turn_setup", lang)
    vp_unit = words.term("term.vp", lang)
    inner = Box(VP_CHART.left + _PAD, VP_CHART.top + _PAD, VP_CHART.right - _PAD, VP_CHART.bottom - _PAD)
    a1 = draw_line_chart(img, inner, vp, title=words.gettext("pic.review.vp_chart", lang), x_label=turn_axis,
                         y_label=vp_unit, text_size=_TEXT, y_top=top, x_top=x_top)
    inner = Box(ESTIMATE_CHART.left + _PAD, ESTIMATE_CHART.top + _PAD, ESTIMATE_CHART.right - _PAD,
                ESTIMATE_CHART.bottom - _PAD)
    a2 = draw_line_chart(img, inner, est, title=words.gettext("pic.review.estimate_chart", lang),
                         x_label=turn_axis, y_label=vp_unit, text_size=_TEXT, y_top=top, x_top=x_top)
    return a1, a2


def mark_at(review: Review, k: int) -> tuple[float, float]:
    """Turning point ``k``'s place on the estimate chart (turn axis, VP): the acting animal's
    estimate once the decision's action is over."""
    v = review["turning_points"][k]
    points = review["race"]["points"]
    after = next((p for p in points if p["move"] > v["move"]), points[-1])
    return x_of(after["move"], review["race"]["turn_starts"], review["moves"]), max(0.0, after["estimate"][v["animal"]])


def _marks(img: Image.Image, review: Review, axes: Axes) -> None:
    """A numbered disc on the line of the animal that decided, and a thin guide to the axis."""
    d = ImageDraw.Draw(img)
    for k in range(len(review["turning_points"])):
        x, y = mark_at(review, k)
        px, py = round(axes.x(x)), round(axes.y(y))
        d.line((px, py, px, axes.plot.bottom), fill=MUTED, width=1)
        sprites.paste_center(img, _disc(k + 1), (px, py))


def _disc(number: int) -> Image.Image:
    """A dark disc with a white number: a shape no line of the chart has."""
    size = 2 * MARK_RADIUS + 5
    disc = Image.new("RGBA", (size, size), (0, 0, 0, 0))
    dd = ImageDraw.Draw(disc)
    dd.ellipse((1, 1, size - 2, size - 2), fill=INK, outline=WHITE, width=2)
    fonts.text(dd, (size / 2, size / 2), str(number), 18, WHITE, anchor="mm", bold=True)
    return disc


def _header(d: ImageDraw.ImageDraw, review: Review, lang: str) -> None:
    d.rectangle(HEADER.tuple(), fill=HEADER_BG)
    res = review["result"]
    winner = res["winner_seat"]
    fonts.text(d, (_PAD, 34), fonts.fit(words.gettext("pic.review.head", lang), 32, HEADER.width - 2 * _PAD, True),
               32, HEADER_TEXT, anchor="lm", bold=True)
    line = words.gettext("pic.review.line", lang, player=fonts.safe(review_words.player(review, winner, lang)),
                         vp=res["seat_scores"][winner], turns=review["turns"])
    fonts.text(d, (_PAD, 84), fonts.fit(line, _TEXT, HEADER.width - 2 * _PAD), _TEXT, HEADER_TEXT, anchor="lm")


def _key(img: Image.Image, review: Review, lang: str) -> None:
    """The numbered turning points, one line each, after the deciding animal's pawn."""
    d = ImageDraw.Draw(img)
    points = review["turning_points"]
    y = KEY.top + _PAD + _TEXT // 2 + 4
    note = words.gettext("pic.review.note", lang)
    fonts.text(d, (KEY.left + _PAD, KEY.bottom - _PAD - _TEXT // 2), fonts.fit(note, 18, KEY.width - 2 * _PAD), 18,
               MUTED, anchor="lm")
    if not points:
        fonts.text(d, (KEY.left + _PAD, y), words.gettext("alt.review.no_points", lang), _TEXT, MUTED, anchor="lm")
        return
    step = (KEY.height - 2 * _PAD - 30) // max(5, len(points))
    left = KEY.left + _PAD + 2 * PAWN_RADIUS + 10
    for k, v in enumerate(points):
        sprites.paste_center(img, sprites.pawn(v["animal"], PAWN_RADIUS), (KEY.left + _PAD + PAWN_RADIUS + 2, y))
        label = fonts.safe(review_words.point_label(review, k, lang))
        fonts.text(d, (left, y), fonts.fit(label, _TEXT, KEY.right - _PAD - left), _TEXT, INK, anchor="lm")
        y += step
