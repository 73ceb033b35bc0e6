"""A line chart drawn with Pillow: one line per animal, in its colour, ending in its lettered
pawn, over labelled axes.  Small enough not to need a plotting library (see bench/story.py).
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass

from PIL import Image, ImageDraw

from renderers import fonts, sprites
from renderers.layout import Box
from renderers.palette import ANIMAL_COLOURS, INK, MUTED, PAPER, mix

GRID = mix(MUTED, PAPER, 0.8)
LINE_WIDTH = 4
PAWN_RADIUS = 12
_LABEL_GAP = 2 * PAWN_RADIUS + 3  # end pawns never overlap


@dataclass(frozen=True)
class Series:
    animal: str
    values: Sequence[float]  # one per x = 0, 1, 2, ... (or per ``xs``)
    xs: Sequence[float] | None = None  # where each value is, when not at 0, 1, 2, ...

    def points(self) -> list[tuple[float, float]]:
        return list(zip(self.xs if self.xs is not None else range(len(self.values)), self.values, strict=True))


def nice_step(top: float, ticks: int = 6) -> int:
    """The smallest step of 1, 2, 2.5 or 5 times a power of ten giving at most ``ticks``
    intervals up to ``top`` (2.5 only where the step stays whole: 25, 250...)."""
    magnitude = 1
    while True:
        for m in (1, 2, 2.5, 5):
            step = m * magnitude
            if step == int(step) and top / step <= ticks:
                return int(step)
        magnitude *= 10


@dataclass(frozen=True)
class Axes:
    """Maps data to pixels inside ``plot``."""

    plot: Box
    x_max: int
    y_max: int

    def x(self, v: float) -> float:
        return self.plot.left + v * self.plot.width / max(1, self.x_max)

    def y(self, v: float) -> float:
        return self.plot.bottom - v * self.plot.height / max(1, self.y_max)


def draw_line_chart(img: Image.Image, box: Box, series: Sequence[Series], *, title: str, x_label: str,
                    y_label: str, text_size: int = 16, y_top: float = 0, x_top: float = 0) -> Axes:
    """Draw the chart inside ``box``; returns the axes (tests probe pixels through them).
    ``y_top`` and ``x_top``: the axes reach at least so far (two charts on one scale)."""
    d = ImageDraw.Draw(img)
    n = max(max((len(s.values) for s in series if s.xs is None), default=1),
            math.ceil(max((max(s.xs, default=0) for s in series if s.xs is not None), default=0)) + 1,
            math.ceil(x_top) + 1)
    top = max(max((max(s.values, default=0) for s in series), default=0), y_top)
    step = nice_step(max(top, 1))
    y_max = step * max(1, math.ceil(top / step))
    pad = text_size // 2
    label_w = round(fonts.width(str(y_max), text_size)) + pad
    plot = Box(box.left + text_size + pad + label_w + pad, box.top + text_size + 2 * pad,
               box.right - 2 * PAWN_RADIUS - 3 * pad, box.bottom - 2 * text_size - 2 * pad)
    axes = Axes(plot, max(1, n - 1), y_max)

    fonts.text(d, (plot.left, box.top), title, text_size + 2, INK, bold=True)
    for v in range(0, y_max + 1, step):
        y = round(axes.y(v))
        d.line((plot.left, y, plot.right, y), fill=INK if v == 0 else GRID, width=2 if v == 0 else 1)
        fonts.text(d, (plot.left - pad, y), str(v), text_size, MUTED, anchor="rm")
    x_step = nice_step(axes.x_max, ticks=max(1, plot.width // (3 * text_size)))
    for v in range(0, axes.x_max + 1, x_step):
        x = round(axes.x(v))
        d.line((x, plot.bottom, x, plot.bottom + pad // 2), fill=INK, width=2)
        fonts.text(d, (x, plot.bottom + pad), str(v), text_size, MUTED, anchor="mt")
    d.line((plot.left, plot.top, plot.left, plot.bottom), fill=INK, width=2)
    fonts.text(d, ((plot.left + plot.right) / 2, box.bottom), x_label, text_size, INK, anchor="md")
    _vertical_text(img, y_label, text_size, (box.left, (plot.top + plot.bottom) // 2))

    # An ink halo under each line keeps light colours (the reptiles' yellow) visible on paper.
    for s in series:
        points = [(axes.x(x), axes.y(v)) for x, v in s.points()]
        if len(points) > 1:
            d.line(points, fill=INK, width=LINE_WIDTH + 3, joint="curve")
    for s in series:
        points = [(axes.x(x), axes.y(v)) for x, v in s.points()]
        if len(points) > 1:
            d.line(points, fill=ANIMAL_COLOURS[s.animal], width=LINE_WIDTH, joint="curve")
    _end_pawns(img, axes, series)
    return axes


def _end_pawns(img: Image.Image, axes: Axes, series: Sequence[Series]) -> None:
    """Each line ends in its animal's pawn (colour and letter), nudged apart when ends meet."""
    ends = sorted(((axes.y(s.values[-1]), s) for s in series if s.values), key=lambda e: e[0])
    if not ends:
        return
    # pawns may touch in a short chart, but stay within the plot's height
    gap = min(_LABEL_GAP, axes.plot.height / max(1, len(ends) - 1))
    ys = [ends[0][0]]
    for y, _ in ends[1:]:
        ys.append(max(y, ys[-1] + gap))
    ys[-1] = min(ys[-1], axes.plot.bottom)
    for i in range(len(ys) - 2, -1, -1):
        ys[i] = min(ys[i], ys[i + 1] - gap)
    d = ImageDraw.Draw(img)
    x = round(axes.plot.right + PAWN_RADIUS + 10)
    for (y_true, s), y in zip(ends, ys, strict=True):
        # a thin grey leader: a coloured one would read as part of the line
        d.line((axes.plot.right + 2, y_true, x, y), fill=MUTED, width=1)
        sprites.paste_center(img, sprites.pawn(s.animal, PAWN_RADIUS), (x, round(y)))


def _vertical_text(img: Image.Image, text: str, size: int, left_middle: tuple[int, int]) -> None:
    w = math.ceil(fonts.width(text, size)) + 2
    label = Image.new("RGBA", (w, size + 6), (0, 0, 0, 0))
    fonts.text(ImageDraw.Draw(label), (w / 2, (size + 6) / 2), text, size, INK, anchor="mm")
    label = label.rotate(90, expand=True)
    img.paste(label, (left_middle[0], left_middle[1] - label.height // 2), label)
