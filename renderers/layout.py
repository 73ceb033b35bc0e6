"""Where everything goes on the board image, as plain numbers and small functions.

Tests probe pixels at the places these functions give (the centre of a hex, of a corner, of
an action space), so every drawing module takes its positions from here and nowhere else.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from functools import cache

from engine.data import ACTION_ROWS, ROW_BY_NAME
from engine.geometry import BOARD_HEXES, Hex, corner_from_key, hex_from_key, parse_hex_label

SQRT3 = math.sqrt(3)
Point = tuple[int, int]


@dataclass(frozen=True)
class Box:
    left: int
    top: int
    right: int
    bottom: int

    @property
    def width(self) -> int:
        return self.right - self.left

    @property
    def height(self) -> int:
        return self.bottom - self.top

    def tuple(self) -> tuple[int, int, int, int]:
        return self.left, self.top, self.right, self.bottom


# --- the page -------------------------------------------------------------------------------

WIDTH = 1600
#: Tall enough for turn, phase and the player to act in type that reads at 800 px wide.
HEADER = Box(0, 0, WIDTH, 104)
EARTH = Box(0, HEADER.bottom, 900, HEADER.bottom + 840)
DISPLAY = Box(EARTH.right, HEADER.bottom, WIDTH, EARTH.bottom)
ANIMALS = Box(0, EARTH.bottom, WIDTH, EARTH.bottom + 176)
FOOTER = Box(0, ANIMALS.bottom, WIDTH, ANIMALS.bottom + 168)
HEIGHT = FOOTER.bottom
SIZE = (WIDTH, HEIGHT)

# --- earth ----------------------------------------------------------------------------------

#: Circumradius of a hex on the full board: 7 columns of flat-topped hexes are 11 radii wide
#: and 6*sqrt(3) radii tall, which fills the 900 x 840 earth panel.
HEX_RADIUS = 78


@dataclass(frozen=True)
class EarthGeometry:
    """Pixel positions of hexes and corners for one drawing of earth (board or zoom)."""

    radius: int
    origin: tuple[float, float]  # pixel centre of hex (0, 0)

    @property
    def scale(self) -> float:
        """Size of everything drawn on earth relative to the full board."""
        return self.radius / HEX_RADIUS

    def hex_center(self, h: Hex) -> Point:
        q, r = h
        x = self.origin[0] + 1.5 * self.radius * q
        y = self.origin[1] + SQRT3 * self.radius * (r + q / 2)
        return round(x), round(y)

    def hex_points(self, h: Hex, inset: float = 0.0) -> list[tuple[float, float]]:
        """The six vertices, clockwise from E (flat-topped), ``inset`` pixels inside."""
        cx, cy = self.hex_center(h)
        rr = self.radius - inset
        return [(cx + rr * math.cos(math.radians(a)), cy + rr * math.sin(math.radians(a)))
                for a in range(0, 360, 60)]

    def corner_center(self, corner_key: str) -> Point:
        """A corner is the point where its three hexes meet: the mean of their centres."""
        pts = [self.hex_center(h) for h in corner_from_key(corner_key)]
        return round(sum(p[0] for p in pts) / 3), round(sum(p[1] for p in pts) / 3)


def _board_geometry() -> EarthGeometry:
    xs = [1.5 * q for q, _ in BOARD_HEXES]
    ys = [SQRT3 * (r + q / 2) for q, r in BOARD_HEXES]
    mid_x = (min(xs) + max(xs)) / 2 * HEX_RADIUS
    mid_y = (min(ys) + max(ys)) / 2 * HEX_RADIUS
    return EarthGeometry(
        HEX_RADIUS,
        (EARTH.left + EARTH.width / 2 - mid_x, EARTH.top + EARTH.height / 2 - mid_y),
    )


BOARD_EARTH = _board_geometry()


def to_hex(at: str | Hex) -> Hex:
    """A hex from a tile key ``"q,r"``, a label ``"C4"`` or a (q, r) pair; ValueError if none."""
    if isinstance(at, tuple):
        return at
    text = at.strip()
    if "," in text:
        try:
            return hex_from_key(text)
        except ValueError:
            pass
    h = parse_hex_label(text)
    if h is None:
        raise ValueError(f"'{at}' is not a hex: use a label such as C4 or a key such as '0,-1'.")
    return h


def hex_center(at: str | Hex) -> Point:
    """Pixel centre of a hex on the board image (``"q,r"``, ``"C4"`` or (q, r))."""
    return BOARD_EARTH.hex_center(to_hex(at))


def corner_center(corner_key: str) -> Point:
    """Pixel centre of an element corner on the board image."""
    return BOARD_EARTH.corner_center(corner_key)


# Sizes of things on earth at scale 1 (the zoom multiplies them).
ELEMENT_RADIUS = 15
BADGE_H = 23
BADGE_FONT = 16
BADGE_GAP = 2
#: Transparent margin of a badge sprite (for anti-aliasing), not part of its width.
BADGE_PAD = 3
#: Widest row of badges that stays clear of the element discs on the E and W corners (the
#: outer badges' rounded corners give the last few pixels).
BADGE_ROW_MAX = 122
#: Centres of the two badge rows above/below the hex centre; the gap between them keeps the
#: centre itself in the terrain colour.
BADGE_ROWS_DY = (-15, 15)
LABEL_DY = -55
TERRAIN_NAME_DY = -38
#: The dominance cone: in the empty second badge row when one row holds every animal
#: there (most tiles), else below the second row; either way well inside its own tile.
CONE_DY_ONE_ROW = 17
CONE_DY = 43
#: The "scored this turn" mark: low on the left, clear of the cone, badges and corner discs
#: (offsets in hex radii).
SCORED_DX = -0.42
SCORED_DY = 0.5
SCORED_RADIUS = 10


def badge_rows_width(widths: list[int], scale: float = 1.0) -> float:
    """Width of the wider of the (up to two) rows of badges of these widths."""
    return max(sum(widths[i:i + 3]) + BADGE_GAP * scale * (len(widths[i:i + 3]) - 1)
               for i in range(0, len(widths), 3))


def badge_offsets(widths: list[int], scale: float = 1.0) -> list[Point]:
    """Offsets from the hex centre of up to 6 species badges of these pixel widths: three
    a row, top row first, each row centred."""
    out = []
    for row in range(0, len(widths), 3):
        chunk = widths[row:row + 3]
        gap = BADGE_GAP * scale
        x = -(sum(chunk) + gap * (len(chunk) - 1)) / 2
        for w in chunk:
            out.append((round(x + w / 2), round(BADGE_ROWS_DY[row // 3 % 2] * scale)))
            x += w + gap
    return out


# --- action display -------------------------------------------------------------------------

SPACE_RADIUS = 17
SPACE_PITCH = 46
ROW_NAME_X = DISPLAY.left + 14
FIRST_SPACE_X = DISPLAY.left + 176
BOX_LEFT = DISPLAY.left + 536
BOX_RIGHT = DISPLAY.right - 12
BOX_ELEMENT_RADIUS = 14
BOX_ELEMENT_PITCH = 34
DISPLAY_TITLE_Y = DISPLAY.top + 8
ROWS_TOP = DISPLAY.top + 40
ROW_HEIGHT = 42
#: Rows that print something under each space (element, species to move, terrains).
DETAIL_ROWS = ("speciation", "migration", "competition")
DETAIL_HEIGHT = 24
ELEMENT_BOXES = ("adaptation", "regression", "abundance", "wasteland", "depletion", "wanderlust")


@cache
def row_band(row: str) -> tuple[int, int]:
    """Top and bottom pixel of a row of the action display."""
    top = ROWS_TOP
    for r in ACTION_ROWS:
        h = ROW_HEIGHT + (DETAIL_HEIGHT if r.name in DETAIL_ROWS else 0)
        if r.name == row:
            return top, top + h
        top += h
    raise ValueError(f"no action row '{row}'")


ROWS_BOTTOM = row_band(ACTION_ROWS[-1].name)[1]


def space_center(row: str, index: int) -> Point:
    """Pixel centre of eyeball space ``index`` (0 = left-most) of an action row."""
    if not 0 <= index < ROW_BY_NAME[row].spaces:
        raise ValueError(f"{row} has no space {index}")
    top, _ = row_band(row)
    return FIRST_SPACE_X + index * SPACE_PITCH, top + ROW_HEIGHT // 2


def box_element_center(box: str, index: int) -> Point:
    """Pixel centre of the ``index``-th element in an element box of the action display."""
    top, _ = row_band(box)
    return (BOX_LEFT + 8 + BOX_ELEMENT_RADIUS + index * BOX_ELEMENT_PITCH, top + ROW_HEIGHT // 2)


#: Below the rows: the face-up Wanderlust tiles, then the five dominance cards.
WANDERLUST_AREA = Box(DISPLAY.left, ROWS_BOTTOM + 6, DISPLAY.right, ROWS_BOTTOM + 112)
CARDS_AREA = Box(DISPLAY.left, WANDERLUST_AREA.bottom, DISPLAY.right, DISPLAY.bottom)
WANDERLUST_TILE_RADIUS = 30


def wanderlust_tile_center(stack: int) -> Point:
    return (DISPLAY.left + 60 + stack * 200, WANDERLUST_AREA.top + 62)


def card_box(index: int) -> Box:
    left = DISPLAY.left + 12 + index * 136
    top = CARDS_AREA.top + 34
    return Box(left, top, left + 128, top + 44)


# --- animals and footer ---------------------------------------------------------------------

ANIMAL_PANEL_WIDTH = WIDTH // 6


def animal_panel(slot: int) -> Box:
    left = ANIMALS.left + slot * ANIMAL_PANEL_WIDTH
    return Box(left + 6, ANIMALS.top + 8, left + ANIMAL_PANEL_WIDTH - 6, ANIMALS.bottom - 4)


PANEL_ELEMENT_RADIUS = 14
PANEL_ELEMENT_PITCH = 33

#: Footer: one line of live facts (initiative, Survival card, supplies), then the legend.
FOOTER_FACTS_Y = FOOTER.top + 20
#: The legend's three lines: the food chain and the elements, the symbols, Domination's scores.
FOOTER_CHAIN_Y = FOOTER.top + 60
FOOTER_LEGEND_Y = FOOTER.top + 101
FOOTER_SCORING_Y = FOOTER.top + 142
FOOTER_PAWN_RADIUS = 13
#: The legend's type: its words, its lines' titles, their notes.
LEGEND_SIZE = 19
LEGEND_TITLE = 21
LEGEND_NOTE = 17
