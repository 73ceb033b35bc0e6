"""Earth: tiles, element discs on their corners, species badges, dominance cones."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import Any

from PIL import Image, ImageDraw

import words
from engine import ecology
from engine.data import FOOD_CHAIN
from engine.geometry import BOARD_HEXES, Hex, corner_keys_of, hex_key, hex_label
from renderers import fonts, sprites
from renderers.highlight import Highlight
from renderers.layout import (
    BADGE_FONT,
    BADGE_PAD,
    BADGE_ROW_MAX,
    CONE_DY,
    CONE_DY_ONE_ROW,
    ELEMENT_RADIUS,
    SCORED_DX,
    SCORED_DY,
    SCORED_RADIUS,
    EarthGeometry,
    badge_offsets,
    badge_rows_width,
)
from renderers.options import Marks, draw_corner_marks, draw_tile_marks
from renderers.palette import HIGHLIGHT, INK

State = dict[str, Any]


def draw_empty_hexes(img: Image.Image, geo: EarthGeometry, hexes: Iterable[Hex] = BOARD_HEXES) -> None:
    """Every board hex, faint with its label; the static layer that tiles are pasted over."""
    for h in hexes:
        sprites.paste_center(img, sprites.empty_hex(hex_label(h), geo.radius), geo.hex_center(h))


def draw_earth(
    img: Image.Image,
    state: State,
    geo: EarthGeometry,
    highlight: Highlight | None = None,
    hexes: Iterable[Hex] = BOARD_HEXES,
    focus: Hex | None = None,
    marks: Marks | None = None,
    lang: str = words.DEFAULT,
    occupied: Occupied | None = None,
) -> None:
    """Tiles on ``hexes`` with everything on them.  Drawn in layers so that discs sit on top
    of tile edges and highlight rings, and badges never hide under a neighbour's tile.
    ``focus`` (the zoom's tile) gets a heavy outline; ``marks`` (what options name) outline
    their tiles and ring and name their corners.  ``occupied`` collects where each tile label,
    element disc, species badge, cone and scored mark went, by kind (what a tag must leave clear)."""
    hexes = list(hexes)
    draw = ImageDraw.Draw(img)
    shown = [(h, hex_key(h)) for h in hexes if hex_key(h) in state["tiles"]]
    scale = geo.scale
    taken = occupied if occupied is not None else Occupied()

    for h, key in shown:
        terrain = state["tiles"][key]["terrain"]
        cx, cy = geo.hex_center(h)
        sprites.paste_center(img, sprites.tile(terrain, geo.radius), (cx, cy))
        label, dy = sprites.tile_label(hex_label(h), terrain, scale, words.term(f"terrain.{terrain}", lang))
        sprites.paste_center(img, label, (cx, cy + dy))
        taken.add("label", label, (cx, cy + dy))

    if focus is not None:
        pts = geo.hex_points(focus, inset=2)
        draw.line([*pts, pts[0], pts[1]], fill=INK, width=max(4, round(4 * scale)), joint="curve")
    if highlight:
        for h in hexes:
            if hex_key(h) in highlight.tiles:
                _ring_hex(draw, geo, h)
    if marks:
        draw_tile_marks(img, geo, marks.tiles)

    # Elements on every corner of the hexes shown (a corner may touch an empty hex too).
    radius = round(ELEMENT_RADIUS * scale)
    corners = dict.fromkeys(c for h in hexes for c in corner_keys_of(h))
    elements = state["elements"]
    for ckey in corners:
        at = geo.corner_center(ckey)
        if highlight and ckey in highlight.corners:
            sprites.paste_center(img, sprites.ring(radius + 1, HIGHLIGHT, max(3, round(4 * scale))), at)
        e = elements.get(ckey)
        if e is not None:
            disc = sprites.element(e, radius)
            sprites.paste_center(img, disc, at)
            taken.add("element", disc, at)

    for h, key in shown:
        _draw_species(img, state, geo, h, key, taken)
    draw_scored(img, state, geo, [h for h, _ in shown], taken)
    if marks:
        draw_corner_marks(img, geo, marks.corners, size=max(14, round(15 * scale)))


Rect = tuple[int, int, int, int]


@dataclass
class Occupied:
    """Where things were pasted on earth, by kind ("species", "cone", "element", "label",
    "scored"): the boxes a label placed afterwards must not cover."""

    boxes: dict[str, list[Rect]] = field(default_factory=dict)

    def add(self, kind: str, sprite: Image.Image, center: tuple[int, int]) -> None:
        x, y = center[0] - sprite.width // 2, center[1] - sprite.height // 2
        self.boxes.setdefault(kind, []).append((x, y, x + sprite.width, y + sprite.height))

    def of(self, *kinds: str) -> list[Rect]:
        return [box for kind in kinds for box in self.boxes.get(kind, [])]


def _ring_hex(draw: ImageDraw.ImageDraw, geo: EarthGeometry, h: Hex) -> None:
    """A magenta band with a black inner edge just inside the tile's outline, thin enough
    to leave the coordinate label clear."""
    w = max(4, round(5 * geo.scale))
    outer = geo.hex_points(h, inset=w / 2 + 0.5)
    draw.line([*outer, outer[0], outer[1]], fill=HIGHLIGHT, width=w, joint="curve")
    inner = geo.hex_points(h, inset=w + 1.5)
    draw.line([*inner, inner[0], inner[1]], fill=INK, width=2, joint="curve")


def _draw_species(img: Image.Image, state: State, geo: EarthGeometry, h: Hex, key: str, taken: Occupied) -> None:
    species = state["tiles"][key]["species"]
    if not species:
        return
    cx, cy = geo.hex_center(h)
    scale = geo.scale
    present = [a for a in FOOD_CHAIN if species.get(a, 0) > 0]
    endangered = set(ecology.endangered(state, key))
    badges, widths = fit_badges([(a, species[a], a in endangered) for a in present], scale)
    for sprite, (dx, dy) in zip(badges, badge_offsets(widths, scale), strict=True):
        sprites.paste_center(img, sprite, (cx + dx, cy + dy))
        taken.add("species", sprite, (cx + dx, cy + dy))
    dominant = ecology.dominant(state, key)
    if dominant is not None:
        dy = CONE_DY_ONE_ROW if len(present) <= 3 else CONE_DY
        cone = sprites.cone(dominant, scale)
        sprites.paste_center(img, cone, (cx, cy + round(dy * scale)))
        taken.add("cone", cone, (cx, cy + round(dy * scale)))


def draw_scored(img: Image.Image, state: State, geo: EarthGeometry, hexes: Iterable[Hex],
                taken: Occupied | None = None) -> None:
    """Mark the tiles Domination already scored this turn (they cannot be scored again)."""
    scored = set(state.get("scored") or ())
    for h in hexes:
        if hex_key(h) in scored:
            cx, cy = geo.hex_center(h)
            mark = sprites.scored_mark(max(8, round(SCORED_RADIUS * geo.scale)))
            at = (cx + round(SCORED_DX * geo.radius), cy + round(SCORED_DY * geo.radius))
            sprites.paste_center(img, mark, at)
            if taken is not None:
                taken.add("scored", mark, at)


def fit_badges(entries: list[tuple[str, int, bool]], scale: float = 1.0) -> tuple[list[Image.Image], list[int]]:
    """Badge sprites for (animal, count, endangered) entries and their visible widths.
    Shrinks the text (never below the minimum size), then the padding, when a row would
    run into the corner discs."""
    base = BADGE_FONT * scale
    small = round(base * fonts.MIN_SIZE / BADGE_FONT)
    for size, tight in ((round(base), False), (round(base * 15 / 16), False), (small, False), (small, True)):
        badges = [sprites.badge(a, n, e, size, tight) for a, n, e in entries]
        widths = [b.width - BADGE_PAD for b in badges]
        if badge_rows_width(widths, scale) <= BADGE_ROW_MAX * scale:
            break
    return badges, widths
