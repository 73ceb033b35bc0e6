"""Text: Pillow's bundled scalable font (no system fonts needed), cached per size."""

from __future__ import annotations

from functools import cache

from PIL import ImageDraw, ImageFont

#: The smallest text on a 1600 px wide board: still readable on a phone when zoomed.
MIN_SIZE = 14


@cache
def font(size: int) -> ImageFont.FreeTypeFont:
    """The bundled font at ``size`` px (Pillow >= 10.1 ships a scalable FreeType font)."""
    return ImageFont.load_default(size=max(MIN_SIZE, size))  # type: ignore[return-value]


def width(text: str, size: int) -> float:
    return font(size).getlength(text)


def text(
    draw: ImageDraw.ImageDraw,
    xy: tuple[float, float],
    s: str,
    size: int,
    fill: tuple[int, int, int],
    *,
    anchor: str = "la",
    bold: bool = False,
) -> None:
    """Draw ``s``; ``bold`` thickens the single bundled weight with a thin stroke."""
    if bold:
        draw.text(xy, s, font=font(size), fill=fill, anchor=anchor, stroke_width=0.5, stroke_fill=fill)
    else:
        draw.text(xy, s, font=font(size), fill=fill, anchor=anchor)


def fit(s: str, size: int, max_width: float) -> str:
    """``s`` cut with an ellipsis so that it fits ``max_width`` (long Discord names)."""
    if width(s, size) <= max_width:
        return s
    while s and width(s + "...", size) > max_width:
        s = s[:-1]
    return s.rstrip() + "..."


def safe(s: str) -> str:
    """Player names come from Discord; the bundled font covers Latin-1 only, so anything
    else (emoji, other scripts) becomes '?' instead of an empty box."""
    return "".join(c if 32 <= ord(c) < 256 else "?" for c in s)
