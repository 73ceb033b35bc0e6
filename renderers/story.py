"""The end of a game in one image: who won (and by which tie-break), where every animal's VPs
came from, and how the race went turn by turn.

    from engine.history import timeline
    png = render_final(state, timeline(setup, moves))
"""

from __future__ import annotations

from typing import Any

from PIL import Image, ImageDraw

import words
from engine import vp
from engine.data import TURN_LIMIT
from engine.history import Timeline
from engine.phases import how_it_ended
from engine.phases import result as compute_result
from renderers import fonts, sprites
from renderers.board import encode
from renderers.chart import Axes, Series, draw_line_chart
from renderers.layout import Box
from renderers.palette import (
    HEADER_BG,
    HEADER_TEXT,
    INK,
    MUTED,
    PAGE,
    PAPER,
    ROW_ACTIVE,
    mix,
)

State = dict[str, Any]

SIZE = (1600, 900)
HEADER = Box(0, 0, 1600, 96)
TABLE = Box(16, 112, 780, 884)
VP_CHART = Box(796, 112, 1584, 560)
SPECIES_CHART = Box(796, 576, 1584, 884)
_PAD = 16
_LABEL_W = 200  # the sources column
_TEXT = 18


def render_final(state: State, timeline: Timeline, *, lang: str = words.DEFAULT) -> bytes:
    """The final post's image (PNG): scores by source, the winner, VP and species by turn."""
    return encode(draw_final(state, timeline, lang=lang))


def draw_final(state: State, timeline: Timeline, *, lang: str = words.DEFAULT) -> Image.Image:
    img = Image.new("RGB", SIZE, PAGE)
    d = ImageDraw.Draw(img)
    for box in (TABLE, VP_CHART, SPECIES_CHART):
        d.rectangle(box.tuple(), fill=PAPER)
    res = state.get("result") or compute_result(state)
    order = column_order(state, res)
    _header(d, state, res, lang)
    _table(img, state, res, order, lang)
    _charts(img, timeline, order, lang)
    return img


def column_order(state: State, res: dict[str, Any]) -> list[str]:
    """Animals by their player's final place (the winner first), then by their own VPs."""
    seats = sorted(range(len(state["seats"])), key=lambda s: (s != res["winner_seat"], -res["seat_scores"][s]))
    return [a for s in seats for a in sorted(state["seats"][s]["animals"], key=lambda a: -res["scores"][a])]


def _header(d: ImageDraw.ImageDraw, state: State, res: dict[str, Any], lang: str) -> None:
    d.rectangle(HEADER.tuple(), fill=HEADER_BG)
    winner = res["winner_seat"]
    name = fonts.safe(state["seats"][winner]["name"])
    head = words.gettext("pic.final.head", lang, player=name, animals=state["seats"][winner]["animals"],
                         vp=res["seat_scores"][winner])
    fonts.text(d, (_PAD, 30), fonts.fit(head, 30, HEADER.width - 2 * _PAD), 30, HEADER_TEXT, anchor="lm", bold=True)
    tie = res.get("tie_break")
    ended = how_it_ended(state) or "ice_age"
    ending = words.gettext(f"pic.final.ended.{ended}", lang, n=TURN_LIMIT)
    line = words.gettext("pic.final.line", lang, turns=state["turn"], players=len(state["seats"]), ending=ending)
    if tie:
        line = words.gettext("pic.final.line_tie", lang, line=line, tie=words.tie_break(tie, res["winner"], lang))
    fonts.text(d, (_PAD, 72), fonts.fit(fonts.safe(line), _TEXT, HEADER.width - 2 * _PAD), _TEXT,
               HEADER_TEXT, anchor="lm")


def _table(img: Image.Image, state: State, res: dict[str, Any], order: list[str], lang: str) -> None:
    d = ImageDraw.Draw(img)
    sources = vp.sources_used(state)
    multi = any(len(s["animals"]) > 1 for s in state["seats"])
    rows = len(sources) + 1 + (1 if multi else 0)
    head_h = 78
    row_h = min(44, (TABLE.height - 2 * _PAD - head_h - 30) // max(1, rows))
    col_w = (TABLE.width - 2 * _PAD - _LABEL_W) // max(1, len(order))
    x0, y0 = TABLE.left + _PAD, TABLE.top + _PAD
    fonts.text(d, (x0, y0), words.gettext("pic.final.by_source", lang), _TEXT + 2, INK, bold=True)
    top = y0 + 30
    winners = set(state["seats"][res["winner_seat"]]["animals"])
    breakdowns = vp.breakdowns(state)
    for i, a in enumerate(order):
        cx = x0 + _LABEL_W + i * col_w + col_w // 2
        if a in winners:  # the winner's column stands out by fill, not colour alone: "WINNER" too
            d.rectangle((cx - col_w // 2 + 2, top, cx + col_w // 2 - 2, top + head_h + rows * row_h),
                        fill=ROW_ACTIVE)
            tag = fonts.fit(words.gettext("pic.winner", lang), 13, col_w - 6, bold=True)
            fonts.text(d, (cx, top + 4), tag, 13, INK, anchor="mt", bold=True)
        sprites.paste_center(img, sprites.pawn(a, 15), (cx, top + 32))
        fonts.text(d, (cx, top + 52), fonts.fit(words.term(f"animal.{a}", lang), 15, col_w - 6, bold=True), 15, INK,
                   anchor="mt", bold=True)
        seat = state["seats"][state["animals"][a]["seat"]]["name"]
        fonts.text(d, (cx, top + 70), fonts.fit(fonts.safe(seat), 14, col_w - 6), 14, MUTED, anchor="mm")
    y = top + head_h
    labels = [words.vp_source(s, lang) for s in sources] + [words.gettext("pic.final.total", lang)]
    for r, label in enumerate(labels):
        total = r == len(sources)
        if total:
            d.line((x0, y, TABLE.right - _PAD, y), fill=INK, width=2)
        elif r % 2:
            d.rectangle((x0, y, TABLE.right - _PAD, y + row_h), fill=mix(PAPER, MUTED, 0.06))
        _label(d, (x0 + 4, y + row_h / 2), label, _LABEL_W - 8, row_h, bold=total)
        for i, a in enumerate(order):
            cx = x0 + _LABEL_W + i * col_w + col_w // 2
            n = res["scores"][a] if total else breakdowns[a].get(sources[r], 0)
            fonts.text(d, (cx, y + row_h / 2), str(n) if n or total else "·", _TEXT + (4 if total else 0),
                       INK if n or total else MUTED, anchor="mm", bold=total)
        y += row_h
    if multi:
        _label(d, (x0 + 4, y + row_h / 2), words.gettext("pic.final.player_score", lang), _LABEL_W - 8, row_h)
        scoring = _scoring_animals(state, res)
        for i, a in enumerate(order):
            seat = state["animals"][a]["seat"]
            if scoring[seat] == a:
                cx = x0 + _LABEL_W + i * col_w + col_w // 2
                fonts.text(d, (cx, y + row_h / 2), f"{res['seat_scores'][seat]}*", _TEXT, INK, anchor="mm")
        fonts.text(d, (x0, TABLE.bottom - _PAD), words.gettext("pic.final.lowest", lang), 14, MUTED, anchor="ld")


def _label(d: ImageDraw.ImageDraw, at: tuple[float, float], text: str, room: float, row_h: int,
           bold: bool = False) -> None:
    """A row's name in the sources column: on one line, else on two (a longer Hungarian source,
    "Termékeny föld (kártya)"), smaller if need be; cut only when no two lines hold it."""
    x, y = at
    for size in (_TEXT, _TEXT - 2, fonts.MIN_SIZE):
        if fonts.width(text, size, bold) <= room:
            fonts.text(d, (x, y), text, size, INK, anchor="lm", bold=bold)
            return
        pair = _two_lines(text, size, room, bold)
        step = round(size * 1.2)
        if pair is not None and 2 * step <= row_h:
            for line, dy in zip(pair, (-step / 2, step / 2), strict=True):
                fonts.text(d, (x, y + dy), line, size, INK, anchor="lm", bold=bold)
            return
    fonts.text(d, (x, y), fonts.fit(text, fonts.MIN_SIZE, room, bold), fonts.MIN_SIZE, INK, anchor="lm", bold=bold)


def _two_lines(text: str, size: int, room: float, bold: bool) -> tuple[str, str] | None:
    """``text`` cut between two words so that both lines fit ``room`` (the first as long as it may)."""
    words_ = text.split()
    for cut in range(len(words_) - 1, 0, -1):
        first, second = " ".join(words_[:cut]), " ".join(words_[cut:])
        if fonts.width(first, size, bold) <= room and fonts.width(second, size, bold) <= room:
            return first, second
    return None


def _scoring_animals(state: State, res: dict[str, Any]) -> list[str]:
    scoring: list[str] = res["scoring_animals"] if "scoring_animals" in res \
        else compute_result(state)["scoring_animals"]  # a result saved before the field existed
    return scoring


def _charts(img: Image.Image, timeline: Timeline, order: list[str], lang: str) -> tuple[Axes, Axes]:
    animals = [a for a in order if a in timeline.animals]
    vp_series = [Series(a, [p.vp[a] for p in timeline.by_turn]) for a in reversed(animals)]
    sp_series = [Series(a, [p.species[a] for p in timeline.by_turn]) for a in reversed(animals)]
    inner = Box(VP_CHART.left + _PAD, VP_CHART.top + _PAD, VP_CHART.right - _PAD, VP_CHART.bottom - _PAD)
    vp_axes = draw_line_chart(img, inner, vp_series, title=words.gettext("pic.final.vp_chart", lang),
                              x_label=words.gettext("pic.final.turn_setup", lang), y_label=words.term("term.vp", lang))
    inner = Box(SPECIES_CHART.left + _PAD, SPECIES_CHART.top + _PAD, SPECIES_CHART.right - _PAD,
                SPECIES_CHART.bottom - _PAD)
    sp_axes = draw_line_chart(img, inner, sp_series, title=words.gettext("pic.final.species_chart", lang),
                              x_label=words.term("term.turn", lang), y_label=words.gettext("pic.final.species", lang),
                              text_size=15)
    return vp_axes, sp_axes
