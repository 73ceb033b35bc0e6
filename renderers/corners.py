"""The turn picture of a corner choice (Abundance, Wanderlust's element, Speciation's corner, a
card's corner): earth across the picture's whole width, zoomed on the corners the options name,
each ringed and named by a tag a phone reads.

Discord shows the 960 px picture about 390 px wide on a phone, so a tag's letters are
``TAG_SIZE`` px type, 20 px tall here and 8 px there.  A tag goes beside its corner where it
covers no species, cone, element, tile label, ring or other tag (``place_tags``); the tile
labels give way first when a crowded earth leaves no such place.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from functools import lru_cache
from typing import Any

from PIL import Image, ImageDraw

import words
from engine.flow import Option
from engine.geometry import BOARD_HEXES, corner_from_key, hex_from_key, key_label, on_board
from renderers import earth, fonts, sprites
from renderers.earth import Occupied, Rect
from renderers.highlight import Highlight
from renderers.layout import ELEMENT_RADIUS, SQRT3, EarthGeometry
from renderers.options import Marks, referenced
from renderers.palette import EARTH_BG, INK, MUTED, PAPER

State = dict[str, Any]

WIDTH = 960
#: The tags' type: Noto Sans Bold's capitals and figures are 0.714 of it, 20 px at 28.
TAG_SIZE = 28
#: The earth zone's height at most (the picture stays about as tall as it is wide).
MOST_HEIGHT = 740
#: Radii the zoom may take, largest first (tile sprites are cached per radius).
RADII = (132, 120, 110, 100, 92, 86, 80, 74, 68, 62)
#: Room around the focus, in hex radii: a glimpse of the neighbours and the tags on the rim.
MARGIN_X, MARGIN_Y = 1.9, 1.2
#: The line under earth that names the options that are not corners (Forfeit, none).
OTHERS_SIZE = 22
OTHERS_H = 44
#: The kinds of things a tag never covers, then those it covers only when nothing else is left.
KEEP_CLEAR = ("species", "cone", "element", "scored")
GIVES_WAY = ("label",)


@dataclass(frozen=True)
class Placed:
    corner: str
    box: Rect  # where the tag went, in the zoom's pixels


def geometry(focus: set[tuple[int, int]]) -> tuple[EarthGeometry, int]:
    """The largest radius that shows every hex of ``focus`` across the picture's width, and the
    earth zone's height at it."""
    xs = [1.5 * q for q, _ in focus]
    ys = [SQRT3 * (r + q / 2) for q, r in focus]
    span_x = max(xs) - min(xs) + 2 + 2 * MARGIN_X
    span_y = max(ys) - min(ys) + SQRT3 + 2 * MARGIN_Y
    radius = next((r for r in RADII if r * span_x <= WIDTH and r * span_y <= MOST_HEIGHT), RADII[-1])
    height = min(MOST_HEIGHT, round(radius * span_y))
    mid_x = (max(xs) + min(xs)) / 2 * radius
    mid_y = (max(ys) + min(ys)) / 2 * radius
    return EarthGeometry(radius, (WIDTH / 2 - mid_x, height / 2 - mid_y)), height


def focus_of(state: State, marks: Marks) -> set[tuple[int, int]]:
    focus = {hex_from_key(k) for k in marks.tiles}
    for c in marks.corners:
        focus |= {h for h in corner_from_key(c) if on_board(h)}
    return focus or {hex_from_key(k) for k in state["tiles"]}


@lru_cache(maxsize=16)
def _empty_zoom(geo: EarthGeometry, height: int) -> Image.Image:
    zoom = Image.new("RGB", (WIDTH, height), EARTH_BG)
    earth.draw_empty_hexes(zoom, geo, BOARD_HEXES)
    return zoom


@dataclass
class Zoom:
    """Earth drawn for a corner choice, and where everything went on it."""

    image: Image.Image
    geo: EarthGeometry
    occupied: Occupied  # species, cones, elements, tile labels, scored marks
    rings: list[Rect]
    placed: list[Placed]  # the tags; a corner without one is named by the rule under earth


def zoom(state: State, highlight: Highlight | None, marks: Marks, lang: str) -> Zoom:
    """Earth zoomed on the named corners, each ringed and (where there is room) tagged."""
    geo, height = geometry(focus_of(state, marks))
    image = _empty_zoom(geo, height).copy()
    occupied = Occupied()
    hexes = [*BOARD_HEXES, *(hex_from_key(k) for k in state["tiles"] if not on_board(hex_from_key(k)))]
    earth.draw_earth(image, state, geo, highlight, hexes, marks=Marks(marks.tiles, set()), lang=lang,
                     occupied=occupied)
    rings = draw_rings(image, geo, marks.corners)
    placed = place_tags(geo, marks.corners, occupied, rings, image.size)
    draw_tags(image, geo, placed)
    return Zoom(image, geo, occupied, rings, placed)


def corner_body(state: State, highlight: Highlight | None, marks: Marks, shown: Sequence[Option],
                lang: str) -> Image.Image:
    """The zoom; under it, the rule for a corner left without a tag (a crowded earth) and the
    options that are not corners."""
    drawn = zoom(state, highlight, marks, lang)
    height = drawn.image.height
    others = [o for o in shown if not _names_a_corner(o, marks)]
    untagged = len(drawn.placed) < len(marks.corners)
    lines = [words.gettext("pic.corner_rule", lang)] if untagged else []
    if others:
        listed = " · ".join(fonts.clean(words.option(o, lang)) for o in others)
        lines.append(words.gettext("pic.also", lang, options=listed))
    body = Image.new("RGB", (WIDTH, height + OTHERS_H * len(lines)), PAPER)
    body.paste(drawn.image, (0, 0))
    d = ImageDraw.Draw(body)
    for n, line in enumerate(lines):
        fonts.text(d, (14, height + OTHERS_H * n + OTHERS_H // 2), fonts.fit(line, OTHERS_SIZE, WIDTH - 28),
                   OTHERS_SIZE, INK if untagged and n == 0 else MUTED, anchor="lm")
    return body


def _names_a_corner(o: Option, marks: Marks) -> bool:
    return bool(referenced([o.id]).corners & marks.corners)


def draw_tags(img: Image.Image, geo: EarthGeometry, placed: list[Placed]) -> None:
    """Each tag where it was placed, a short line from its corner's ring to it when it stands off."""
    d = ImageDraw.Draw(img)
    ring = round(ELEMENT_RADIUS * geo.scale) + 5
    for p in placed:
        x, y = geo.corner_center(p.corner)
        near = (min(max(x, p.box[0]), p.box[2]), min(max(y, p.box[1]), p.box[3]))
        dx, dy = near[0] - x, near[1] - y
        far = (dx * dx + dy * dy) ** 0.5
        if far > ring + 6:
            d.line((x + dx * ring / far, y + dy * ring / far, *near), fill=INK, width=3)
    for p in placed:
        tag = sprites.tag(key_label(p.corner), TAG_SIZE)
        img.paste(tag, p.box[:2], tag)


def draw_rings(img: Image.Image, geo: EarthGeometry, corners: Iterable[str]) -> list[Rect]:
    """A black ring around each named corner; returns the rings' boxes."""
    radius = round(ELEMENT_RADIUS * geo.scale)
    ring = sprites.ring(radius + 1, INK, 3)
    boxes = []
    for key in sorted(corners):
        x, y = geo.corner_center(key)
        sprites.paste_center(img, ring, (x, y))
        boxes.append((x - ring.width // 2, y - ring.height // 2, x + ring.width // 2 + 1, y + ring.height // 2 + 1))
    return boxes


def place_tags(geo: EarthGeometry, corners: Iterable[str], occupied: Occupied, rings: list[Rect],
               size: tuple[int, int]) -> list[Placed]:
    """Where each corner's tag goes: the first of the places around its ring that stays in the
    picture and covers nothing of ``KEEP_CLEAR``, no ring and no tag placed before it, nor (while
    there is such a place) a tile label.  Corners are taken from the top left, as a reader does;
    a corner with no such place at all gets its tag nowhere (the tests say how often: never
    in the seeded games)."""
    hard = occupied.of(*KEEP_CLEAR) + rings
    soft = occupied.of(*GIVES_WAY)
    placed: list[Placed] = []
    for key in sorted(corners, key=lambda c: geo.corner_center(c)[::-1]):
        tag = sprites.tag(key_label(key), TAG_SIZE)
        x, y = geo.corner_center(key)
        own = next(r for r in rings if r[0] <= x <= r[2] and r[1] <= y <= r[3])
        candidates = list(_around(own, tag.width, tag.height))
        blocked = hard + [p.box for p in placed]
        box = (next((b for b in candidates if _fits(b, size) and _clear(b, blocked + soft)), None)
               or next((b for b in candidates if _fits(b, size) and _clear(b, blocked)), None))
        if box is not None:
            placed.append(Placed(key, box))
    return placed


def _around(ring: Rect, w: int, h: int) -> Iterable[Rect]:
    """Places for a ``w`` x ``h`` tag touching the ring: above, below, right, left, then the
    four diagonals, then the same a little further out."""
    x0, y0, x1, y1 = ring
    cx, cy = (x0 + x1) // 2, (y0 + y1) // 2
    for gap in (2, 2 + h // 2, 2 + h):
        yield cx - w // 2, y0 - gap - h, cx - w // 2 + w, y0 - gap
        yield cx - w // 2, y1 + gap, cx - w // 2 + w, y1 + gap + h
        yield x1 + gap, cy - h // 2, x1 + gap + w, cy - h // 2 + h
        yield x0 - gap - w, cy - h // 2, x0 - gap, cy - h // 2 + h
        for left in (x1 + gap, x0 - gap - w):
            for top in (y0 - gap - h, y1 + gap):
                yield left, top, left + w, top + h


def _fits(box: Rect, size: tuple[int, int]) -> bool:
    return box[0] >= 2 and box[1] >= 2 and box[2] <= size[0] - 2 and box[3] <= size[1] - 2


def _clear(box: Rect, others: list[Rect]) -> bool:
    return not any(box[0] < o[2] and o[0] < box[2] and box[1] < o[3] and o[1] < box[3] for o in others)


__all__ = ["TAG_SIZE", "Placed", "Zoom", "corner_body", "draw_rings", "geometry", "place_tags", "zoom"]
