"""Small anti-aliased pictures (tiles, element discs, APs, badges, cones), drawn once and cached.

Pillow draws polygons and ellipses without anti-aliasing, so shapes are drawn at 4x and
scaled down; text is drawn afterwards at 1x (FreeType anti-aliases it already).  A render
then only pastes these sprites, which is what keeps it fast.  Every sprite has odd
dimensions with its centre on the middle pixel, so ``paste_center`` puts it exactly.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from functools import cache

from PIL import Image, ImageDraw

from renderers import fonts
from renderers.layout import BADGE_FONT, BADGE_H, LABEL_DY, SQRT3, TERRAIN_NAME_DY
from renderers.palette import (
    ANIMAL_COLOURS,
    ANIMAL_LETTERS,
    ELEMENT_COLOURS,
    ELEMENT_GLYPHS,
    EMPTY_HEX,
    EMPTY_HEX_LINE,
    EMPTY_HEX_TEXT,
    INK,
    RGB,
    TERRAIN_COLOURS,
    TUNDRA_FROST,
    WHITE,
    mix,
    text_on,
)

SS = 4  # supersampling factor

Painter = Callable[[ImageDraw.ImageDraw, float, float, int], None]


def _odd(n: float) -> int:
    n = math.ceil(n)
    return n if n % 2 else n + 1


def _supersampled(w: int, h: int, paint: Painter) -> Image.Image:
    """An RGBA image of w x h; ``paint(draw, cx, cy, k)`` draws at k times the size around
    the (scaled) centre of the middle pixel."""
    big = Image.new("RGBA", (w * SS, h * SS), (0, 0, 0, 0))
    paint(ImageDraw.Draw(big), (w // 2 + 0.5) * SS, (h // 2 + 0.5) * SS, SS)
    return big.resize((w, h), Image.Resampling.BOX)


def paste_center(img: Image.Image, sprite: Image.Image, center: tuple[int, int]) -> None:
    x, y = center[0] - sprite.width // 2, center[1] - sprite.height // 2
    if img.mode == "RGB" and sprite.mode == "RGBA" and not img.readonly:
        # what Image.paste does for these modes, without its checks: a picture pastes a
        # hundred sprites or more
        img.im.paste(sprite.im, (x, y, x + sprite.width, y + sprite.height), sprite.im)
    else:
        img.paste(sprite, (x, y), sprite)


def _hexagon(cx: float, cy: float, r: float) -> list[tuple[float, float]]:
    return [(cx + r * math.cos(math.radians(a)), cy + r * math.sin(math.radians(a)))
            for a in range(0, 360, 60)]


# --- earth tiles ----------------------------------------------------------------------------


@cache
def tile(terrain: str, radius: int) -> Image.Image:
    """A large tile: terrain fill, outline, and tundra's frosted band."""
    scale = radius / 78
    w, h = _odd(2 * radius + 4), _odd(SQRT3 * radius + 4)
    fill = TERRAIN_COLOURS[terrain]

    def paint(d: ImageDraw.ImageDraw, cx: float, cy: float, k: int) -> None:
        r = radius * k
        if terrain == "tundra":
            # A frosted band of short strokes along the edge marks tundra beyond its colour.
            d.polygon(_hexagon(cx, cy, r), fill=TUNDRA_FROST)
            d.polygon(_hexagon(cx, cy, r - 9 * scale * k), fill=fill)
            band = r - 4.5 * scale * k
            for i in range(6):
                a0, a1 = math.radians(60 * i), math.radians(60 * (i + 1))
                p0 = (cx + band * math.cos(a0), cy + band * math.sin(a0))
                p1 = (cx + band * math.cos(a1), cy + band * math.sin(a1))
                for t in (0.2, 0.4, 0.6, 0.8):
                    x = p0[0] + (p1[0] - p0[0]) * t
                    y = p0[1] + (p1[1] - p0[1]) * t
                    s = 4 * scale * k
                    d.line([(x - s, y - s), (x + s, y + s)], fill=WHITE, width=max(1, round(1.6 * scale * k)))
        else:
            d.polygon(_hexagon(cx, cy, r), fill=fill)
        d.polygon(_hexagon(cx, cy, r), outline=INK, width=round(2 * k * max(1.0, scale)))

    return _supersampled(w, h, paint)


@cache
def tile_label(label: str, terrain: str, scale: float = 1.0, name: str | None = None) -> tuple[Image.Image, int]:
    """The coordinate players type (``C4``) over the terrain's ``name`` (in the picture's
    language), in a colour that reads on the terrain; returns the sprite and the offset of its
    centre below the label's line."""
    name = terrain if name is None else name
    # the sizes the font is drawn at (never below its smallest), so that the sprite holds the ink
    big, small = max(fonts.MIN_SIZE, round(19 * scale)), max(fonts.MIN_SIZE, round(15 * scale))
    w = _odd(max(fonts.width(label, big), fonts.width(name, small)) + 6)
    top, bottom = LABEL_DY * scale - big * 0.7, TERRAIN_NAME_DY * scale + small * 0.7
    h = _odd(bottom - top)
    img = Image.new("RGBA", (w, h), (0, 0, 0, 0))
    d = ImageDraw.Draw(img)
    ink = text_on(TERRAIN_COLOURS[terrain])
    mid = (top + bottom) / 2
    fonts.text(d, (w / 2, h / 2 + LABEL_DY * scale - mid), label, big, ink, anchor="mm", bold=True)
    fonts.text(d, (w / 2, h / 2 + TERRAIN_NAME_DY * scale - mid), name, small, ink, anchor="mm")
    return img, round(mid)


@cache
def empty_hex(label: str, radius: int) -> Image.Image:
    """A board hex without a tile: faint, with its label (Wanderlust tiles go there)."""
    scale = radius / 78
    w, h = _odd(2 * radius + 4), _odd(SQRT3 * radius + 4)

    def paint(d: ImageDraw.ImageDraw, cx: float, cy: float, k: int) -> None:
        r = (radius - 1.5) * k
        d.polygon(_hexagon(cx, cy, r), fill=EMPTY_HEX, outline=EMPTY_HEX_LINE, width=round(1.5 * k))

    img = _supersampled(w, h, paint)
    fonts.text(ImageDraw.Draw(img), (w / 2, h / 2), label, round(18 * scale), EMPTY_HEX_TEXT, anchor="mm")
    return img


@cache
def small_tile(terrain: str | None, radius: int) -> Image.Image:
    """A face-up Wanderlust tile: a plain hex in the terrain colour (faint if none)."""
    w, h = _odd(2 * radius + 4), _odd(SQRT3 * radius + 4)

    def paint(d: ImageDraw.ImageDraw, cx: float, cy: float, k: int) -> None:
        if terrain is None:
            d.polygon(_hexagon(cx, cy, radius * k), fill=EMPTY_HEX, outline=EMPTY_HEX_LINE, width=2 * k)
        else:
            d.polygon(_hexagon(cx, cy, radius * k), fill=TERRAIN_COLOURS[terrain], outline=INK, width=2 * k)

    return _supersampled(w, h, paint)


# --- discs, pawns, badges, cones ------------------------------------------------------------


@cache
def element(name: str, radius: int) -> Image.Image:
    """An element marker: a disc in the element's colour with its two-letter glyph."""
    size = _odd(2 * radius + 3)
    colour = ELEMENT_COLOURS[name]

    def paint(d: ImageDraw.ImageDraw, cx: float, cy: float, k: int) -> None:
        r = radius * k
        d.ellipse((cx - r, cy - r, cx + r, cy + r), fill=colour, outline=INK, width=round(1.5 * k))

    img = _supersampled(size, size, paint)
    fonts.text(ImageDraw.Draw(img), (size / 2, size / 2 + 0.5), ELEMENT_GLYPHS[name],
               max(14, round(radius * 0.98)), text_on(colour), anchor="mm", bold=True)
    return img


@cache
def empty_slot(radius: int) -> Image.Image:
    """An unused element slot on an animal display."""
    size = _odd(2 * radius + 3)

    def paint(d: ImageDraw.ImageDraw, cx: float, cy: float, k: int) -> None:
        r = radius * k
        d.ellipse((cx - r, cy - r, cx + r, cy + r), outline=EMPTY_HEX_LINE, width=round(1.5 * k))

    return _supersampled(size, size, paint)


@cache
def pawn(animal: str, radius: int, *, free: bool = False) -> Image.Image:
    """An action pawn seen from above: a disc (a rounded square on an animal's own free
    space) in the animal's colour with its letter."""
    size = _odd(2 * radius + 3)
    colour = ANIMAL_COLOURS[animal]

    def paint(d: ImageDraw.ImageDraw, cx: float, cy: float, k: int) -> None:
        r = radius * k
        box = (cx - r, cy - r, cx + r, cy + r)
        if free:
            d.rounded_rectangle(box, radius=5 * k, fill=colour, outline=INK, width=2 * k)
        else:
            d.ellipse(box, fill=colour, outline=INK, width=2 * k)

    img = _supersampled(size, size, paint)
    fonts.text(ImageDraw.Draw(img), (size / 2, size / 2 + 0.5), ANIMAL_LETTERS[animal],
               max(14, round(radius * 1.05)), text_on(colour), anchor="mm", bold=True)
    return img


@cache
def free_space(animal: str, radius: int) -> Image.Image:
    """An animal's own free space when that animal is not in the game: greyed out."""
    size = _odd(2 * radius + 3)

    def paint(d: ImageDraw.ImageDraw, cx: float, cy: float, k: int) -> None:
        r = radius * k
        d.rounded_rectangle((cx - r, cy - r, cx + r, cy + r), radius=5 * k, fill=EMPTY_HEX,
                            outline=EMPTY_HEX_LINE, width=2 * k)

    img = _supersampled(size, size, paint)
    fonts.text(ImageDraw.Draw(img), (size / 2, size / 2 + 0.5), ANIMAL_LETTERS[animal],
               max(14, round(radius * 1.05)), EMPTY_HEX_TEXT, anchor="mm")
    return img


@cache
def badge(animal: str, count: int, endangered: bool, size: int = 16, tight: bool = False) -> Image.Image:
    """Species of one animal on a tile: letter and count, text ``size`` px.  Endangered
    species are faded and carry a black tab with a white '!' drawn as shapes (the font's '!'
    reads like an I or l next to digits), so the flag needs no colour.  ``tight`` trims the
    padding, for six crowded animals on one tile."""
    scale = size / BADGE_FONT
    label = f"{ANIMAL_LETTERS[animal]}{count}"
    pad = 0.25 * size if tight else 0.45 * size
    body = max(round((1.8 if tight else 2.1) * size), math.ceil(fonts.width(label, size) + pad))
    tab = round((8 if tight else 11) * scale) if endangered else 0
    bw, bh = body + tab, round(BADGE_H * scale)
    w, h = _odd(bw + 3), _odd(bh + 3)
    colour = ANIMAL_COLOURS[animal]
    fill = mix(colour, WHITE, 0.6) if endangered else colour

    def paint(d: ImageDraw.ImageDraw, cx: float, cy: float, k: int) -> None:
        x0, y0 = cx - bw * k / 2, cy - bh * k / 2
        box = (x0, y0, x0 + bw * k, y0 + bh * k)
        rad = 5 * k * scale
        if endangered:
            d.rounded_rectangle(box, radius=rad, fill=INK)
            d.rounded_rectangle((x0, y0, x0 + body * k, y0 + bh * k), radius=rad, fill=fill,
                                corners=(True, False, False, True))
            tx = x0 + (body + tab / 2) * k
            bar = 1.3 * scale * k
            d.rounded_rectangle((tx - bar, y0 + 4 * scale * k, tx + bar, y0 + bh * k - 9 * scale * k),
                                radius=bar, fill=WHITE)
            d.ellipse((tx - bar * 1.1, y0 + bh * k - 6.6 * scale * k, tx + bar * 1.1,
                       y0 + bh * k - 6.6 * scale * k + 2.2 * bar), fill=WHITE)
        d.rounded_rectangle(box, radius=rad, fill=None if endangered else fill, outline=INK,
                            width=round(1.5 * k * max(1.0, scale)))

    img = _supersampled(w, h, paint)
    fonts.text(ImageDraw.Draw(img), (w / 2 - tab / 2, h / 2 + 0.5), label, size, text_on(fill), anchor="mm",
               bold=True)
    return img


@cache
def cone(animal: str, scale: float = 1.0) -> Image.Image:
    """The dominance cone: a triangle in the animal's colour with its letter."""
    cw, ch = 30 * scale, 28 * scale
    w, h = _odd(cw + 4), _odd(ch + 4)
    colour = ANIMAL_COLOURS[animal]

    def paint(d: ImageDraw.ImageDraw, cx: float, cy: float, k: int) -> None:
        pts = [(cx, cy - ch * k / 2), (cx + cw * k / 2, cy + ch * k / 2), (cx - cw * k / 2, cy + ch * k / 2)]
        d.polygon(pts, fill=colour)
        d.line([*pts, pts[0]], fill=INK, width=round(2 * k * max(1.0, scale)), joint="curve")

    img = _supersampled(w, h, paint)
    fonts.text(ImageDraw.Draw(img), (w / 2, h / 2 + ch * 0.18), ANIMAL_LETTERS[animal], round(15 * scale),
               text_on(colour), anchor="mm", bold=True)
    return img


@cache
def ring(radius: int, colour: RGB, width: int) -> Image.Image:
    """A circle outline (the highlight around a changed corner or space), black-edged."""
    size = _odd(2 * (radius + width) + 5)

    def paint(d: ImageDraw.ImageDraw, cx: float, cy: float, k: int) -> None:
        outer = (radius + width + 1) * k
        d.ellipse((cx - outer, cy - outer, cx + outer, cy + outer), outline=INK, width=(width + 2) * k)
        r = (radius + width) * k
        d.ellipse((cx - r, cy - r, cx + r, cy + r), outline=colour, width=width * k)

    return _supersampled(size, size, paint)


@cache
def scored_mark(radius: int) -> Image.Image:
    """A tile already scored by Domination this turn: a black disc with a white tick, drawn
    as lines (a font's tick would depend on the font)."""
    size = _odd(2 * radius + 3)

    def paint(d: ImageDraw.ImageDraw, cx: float, cy: float, k: int) -> None:
        r = radius * k
        d.ellipse((cx - r, cy - r, cx + r, cy + r), fill=INK, outline=WHITE, width=round(1.5 * k))
        pts = [(cx - 0.45 * r, cy + 0.02 * r), (cx - 0.1 * r, cy + 0.38 * r), (cx + 0.5 * r, cy - 0.35 * r)]
        d.line(pts, fill=WHITE, width=max(1, round(0.22 * r)), joint="curve")

    return _supersampled(size, size, paint)


@cache
def tag(text: str, size: int, fill: RGB = INK, ink: RGB = WHITE) -> Image.Image:
    """A small label on a rounded plate (``acting``, a corner's name)."""
    w = _odd(fonts.width(text, size, bold=True) + size * 0.7)
    h = _odd(size * 1.35)
    img = Image.new("RGBA", (w, h), (0, 0, 0, 0))
    d = ImageDraw.Draw(img)
    d.rounded_rectangle((0, 0, w - 1, h - 1), radius=round(size * 0.3), fill=fill)
    fonts.text(d, (w / 2, h / 2), text, size, ink, anchor="mm", bold=True)
    return img
