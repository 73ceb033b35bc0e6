"""Where a prompt's options point on earth, and their marks: tiles outlined, corners ringed
and labelled with the name an option uses (``C2-E``), so a player finds ``corner:C2-E`` on
the picture.  Used by the turn picture and the tile zoom."""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass, field

from PIL import Image, ImageDraw

from engine.geometry import hex_key, key_label, parse_corner_label, parse_hex_label
from renderers import sprites
from renderers.layout import ELEMENT_RADIUS, EarthGeometry
from renderers.palette import INK, WHITE

#: A hex label (``C4``) or a corner label (``C2-E``), not inside a longer word.
LABEL = re.compile(r"(?<![A-Za-z0-9])([A-G][1-6])(?:-(NE|NW|SE|SW|E|W))?(?![A-Za-z0-9])")


@dataclass
class Marks:
    """Tile keys and corner keys that options (or the question) name."""

    tiles: set[str] = field(default_factory=set)
    corners: set[str] = field(default_factory=set)

    def __bool__(self) -> bool:
        return bool(self.tiles or self.corners)


def referenced(texts: Iterable[str]) -> Marks:
    """Tiles and corners named in option ids, labels or a prompt's text."""
    marks = Marks()
    for text in texts:
        for m in LABEL.finditer(text):
            if m.group(2):
                key = parse_corner_label(m.group(0))
                if key is not None:
                    marks.corners.add(key)
                    continue
            h = parse_hex_label(m.group(1))
            if h is not None:
                marks.tiles.add(hex_key(h))
    return marks


def draw_tile_marks(img: Image.Image, geo: EarthGeometry, tiles: Iterable[str]) -> None:
    """A black outline with a white inner line around each tile an option names."""
    from engine.geometry import hex_from_key

    d = ImageDraw.Draw(img)
    w = max(4, round(5 * geo.scale))
    for key in tiles:
        h = hex_from_key(key)
        outer = geo.hex_points(h, inset=w / 2 + 0.5)
        d.line([*outer, outer[0], outer[1]], fill=INK, width=w, joint="curve")
        inner = geo.hex_points(h, inset=w + 1.5)
        d.line([*inner, inner[0], inner[1]], fill=WHITE, width=2, joint="curve")


def draw_corner_marks(img: Image.Image, geo: EarthGeometry, corners: Iterable[str], size: int = 15) -> None:
    """Ring each corner an option names and write its name just above it."""
    radius = round(ELEMENT_RADIUS * geo.scale)
    for key in sorted(corners):
        x, y = geo.corner_center(key)
        sprites.paste_center(img, sprites.ring(radius + 1, INK, 3), (x, y))
    for key in sorted(corners):  # labels after every ring, so no ring cuts a label
        x, y = geo.corner_center(key)
        label = sprites.tag(key_label(key), size)
        sprites.paste_center(img, label, (x, y - radius - 4 - label.height // 2))
