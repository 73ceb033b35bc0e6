"""The legend: animal letters (as the food chain), element glyphs, and the board's symbols."""

from __future__ import annotations

from PIL import Image, ImageDraw

from engine.data import ELEMENTS, FOOD_CHAIN, TERRAINS, TILE_SCORING
from renderers import fonts, sprites
from renderers.layout import (
    FOOTER,
    FOOTER_CHAIN_Y,
    FOOTER_ELEMENTS_Y,
    FOOTER_LEGEND_Y,
    FOOTER_PAWN_RADIUS,
    FOOTER_SCORING_Y,
    SCORED_RADIUS,
)
from renderers.palette import HIGHLIGHT, INK, MUTED, PAPER


def draw_static(img: Image.Image) -> None:
    d = ImageDraw.Draw(img)
    d.rectangle(FOOTER.tuple(), fill=PAPER)
    d.line((0, FOOTER.top, FOOTER.right, FOOTER.top), fill=MUTED, width=1)
    r = FOOTER_PAWN_RADIUS

    y = FOOTER_CHAIN_Y
    fonts.text(d, (12, y), "Food chain", 17, INK, anchor="lm", bold=True)
    fonts.text(d, (110, y), "(strongest first; wins ties)", 15, MUTED, anchor="lm")
    x = 320
    for i, animal in enumerate(FOOD_CHAIN):
        sprites.paste_center(img, sprites.pawn(animal, r), (x + r, y))
        name = animal.capitalize()
        fonts.text(d, (x + 2 * r + 6, y), name, 16, INK, anchor="lm")
        x += 2 * r + 6 + round(fonts.width(name, 16)) + 10
        if i < len(FOOD_CHAIN) - 1:
            fonts.text(d, (x, y), ">", 17, INK, anchor="lm", bold=True)
            x += 22

    y = FOOTER_ELEMENTS_Y
    fonts.text(d, (12, y), "Elements", 17, INK, anchor="lm", bold=True)
    x = 110
    for e in ELEMENTS:
        sprites.paste_center(img, sprites.element(e, r), (x + r, y))
        fonts.text(d, (x + 2 * r + 5, y), e, 16, INK, anchor="lm")
        x += 2 * r + 5 + round(fonts.width(e, 16)) + 14

    x += 30
    sprites.paste_center(img, sprites.badge("insects", 3, False), (x + 18, y))
    x = _label(d, x + 42, y, "3 insect species on a tile")
    sprites.paste_center(img, sprites.cone("birds"), (x + 15, y - 1))
    x = _label(d, x + 36, y, "the dominant animal's cone")
    acting = sprites.tag("acting", 14)
    sprites.paste_center(img, acting, (x + acting.width // 2, y))
    _label(d, x + acting.width + 6, y, "the AP being resolved")

    y = FOOTER_LEGEND_Y
    fonts.text(d, (12, y), "Symbols", 17, INK, anchor="lm", bold=True)
    x = 110
    badge = sprites.badge("mammals", 2, True)
    sprites.paste_center(img, badge, (x + badge.width // 2, y))
    x = _label(d, x + badge.width + 6, y, "endangered: matches no element, dies in Extinction")
    sprites.paste_center(img, sprites.pawn("reptiles", r, free=True), (x + r, y))
    x = _label(d, x + 2 * r + 6, y, "an animal's own free space")
    sprites.paste_center(img, sprites.ring(r - 4, HIGHLIGHT, 4), (x + r, y))
    x = _label(d, x + 2 * r + 8, y, "everything changed since the previous board")
    sprites.paste_center(img, sprites.scored_mark(SCORED_RADIUS), (x + SCORED_RADIUS, y))
    _label(d, x + 2 * SCORED_RADIUS + 6, y, "scored this turn")

    y = FOOTER_SCORING_Y
    fonts.text(d, (12, y), "Domination", 17, INK, anchor="lm", bold=True)
    fonts.text(d, (122, y), "VP for 1st, 2nd, 3rd, 4th", 15, MUTED, anchor="lm")
    x = 310
    for terrain in TERRAINS:
        sprites.paste_center(img, sprites.small_tile(terrain, 11), (x + 11, y))
        x = _label(d, x + 28, y, f"{terrain} {'·'.join(str(v) for v in TILE_SCORING[terrain])}") - 4


def _label(d: ImageDraw.ImageDraw, x: int, y: int, text: str) -> int:
    fonts.text(d, (x, y), text, 16, INK, anchor="lm")
    return x + round(fonts.width(text, 16)) + 22
