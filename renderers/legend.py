"""The legend: animal letters (as the food chain), element glyphs, and the board's symbols."""

from __future__ import annotations

from PIL import Image, ImageDraw

import words
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


def _title(d: ImageDraw.ImageDraw, y: int, text: str, x0: int) -> int:
    """A line's bold title; returns where the line goes on (at ``x0``, or after a longer title)."""
    fonts.text(d, (12, y), text, 17, INK, anchor="lm", bold=True)
    return max(x0, 12 + round(fonts.width(text, 17, bold=True)) + 12)


def draw_static(img: Image.Image, lang: str = words.DEFAULT) -> None:
    """The legend in ``lang``; each line flows from its title, so longer words push it along
    (the tests check that nothing runs off the board or over another text)."""
    d = ImageDraw.Draw(img)
    d.rectangle(FOOTER.tuple(), fill=PAPER)
    d.line((0, FOOTER.top, FOOTER.right, FOOTER.top), fill=MUTED, width=1)
    r = FOOTER_PAWN_RADIUS

    y = FOOTER_CHAIN_Y
    x = _title(d, y, words.term("term.food_chain", lang), 110)
    note = words.gettext("pic.legend.chain_note", lang)
    fonts.text(d, (x, y), note, 15, MUTED, anchor="lm")
    x = max(320, x + round(fonts.width(note, 15)) + 14)
    for i, animal in enumerate(FOOD_CHAIN):
        sprites.paste_center(img, sprites.pawn(animal, r), (x + r, y))
        name = words.term(f"animal.{animal}", lang)
        fonts.text(d, (x + 2 * r + 6, y), name, 16, INK, anchor="lm")
        x += 2 * r + 6 + round(fonts.width(name, 16)) + 10
        if i < len(FOOD_CHAIN) - 1:
            fonts.text(d, (x, y), ">", 17, INK, anchor="lm", bold=True)
            x += 22

    y = FOOTER_ELEMENTS_Y
    x = _title(d, y, words.gettext("pic.legend.elements", lang), 110)
    for e in ELEMENTS:
        sprites.paste_center(img, sprites.element(e, r), (x + r, y))
        name = words.term(f"element.{e}", lang)
        fonts.text(d, (x + 2 * r + 5, y), name, 16, INK, anchor="lm")
        x += 2 * r + 5 + round(fonts.width(name, 16)) + 14

    x += 30
    sprites.paste_center(img, sprites.badge("insects", 3, False), (x + 18, y))
    x = _label(d, x + 42, y, words.gettext("pic.legend.species", lang))
    sprites.paste_center(img, sprites.cone("birds"), (x + 15, y - 1))
    x = _label(d, x + 36, y, words.gettext("pic.legend.cone", lang))
    acting = sprites.tag(words.gettext("pic.acting", lang), 14)
    sprites.paste_center(img, acting, (x + acting.width // 2, y))
    _label(d, x + acting.width + 6, y, words.gettext("pic.legend.acting", lang))

    y = FOOTER_LEGEND_Y
    x = _title(d, y, words.gettext("pic.legend.symbols", lang), 110)
    badge = sprites.badge("mammals", 2, True)
    sprites.paste_center(img, badge, (x + badge.width // 2, y))
    x = _label(d, x + badge.width + 6, y, words.gettext("pic.legend.endangered", lang))
    sprites.paste_center(img, sprites.pawn("reptiles", r, free=True), (x + r, y))
    x = _label(d, x + 2 * r + 6, y, words.gettext("pic.legend.free_space", lang))
    sprites.paste_center(img, sprites.ring(r - 4, HIGHLIGHT, 4), (x + r, y))
    x = _label(d, x + 2 * r + 8, y, words.gettext("pic.legend.changed", lang))
    sprites.paste_center(img, sprites.scored_mark(SCORED_RADIUS), (x + SCORED_RADIUS, y))
    _label(d, x + 2 * SCORED_RADIUS + 6, y, words.gettext("pic.legend.scored", lang))

    y = FOOTER_SCORING_Y
    x = _title(d, y, words.term("action.domination", lang), 122)
    note = words.gettext("pic.legend.domination_note", lang)
    fonts.text(d, (x, y), note, 15, MUTED, anchor="lm")
    x = max(310, x + round(fonts.width(note, 15)) + 14)
    for terrain in TERRAINS:
        sprites.paste_center(img, sprites.small_tile(terrain, 11), (x + 11, y))
        name = words.term(f"terrain.{terrain}", lang)
        x = _label(d, x + 28, y, f"{name} {'·'.join(str(v) for v in TILE_SCORING[terrain])}", gap=18) - 4


def _label(d: ImageDraw.ImageDraw, x: int, y: int, text: str, gap: int = 22) -> int:
    fonts.text(d, (x, y), text, 16, INK, anchor="lm")
    return x + round(fonts.width(text, 16)) + gap
