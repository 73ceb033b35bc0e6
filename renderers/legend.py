"""The legend: animal letters (as the food chain), element glyphs, and the board's symbols."""

from __future__ import annotations

from PIL import Image, ImageDraw

import words
from engine.data import ELEMENTS, FOOD_CHAIN, TERRAINS, TILE_SCORING
from renderers import fonts, sprites
from renderers.layout import (
    FOOTER,
    FOOTER_CHAIN_Y,
    FOOTER_LEGEND_Y,
    FOOTER_PAWN_RADIUS,
    FOOTER_SCORING_Y,
    LEGEND_NOTE,
    LEGEND_SIZE,
    LEGEND_TITLE,
    SCORED_RADIUS,
)
from renderers.palette import HIGHLIGHT, INK, MUTED, PAPER


def _title(d: ImageDraw.ImageDraw, y: int, text: str, x0: int, left: int = 12) -> int:
    """A line's bold title at ``left``; returns where the line goes on (at ``x0``, or after a
    longer title)."""
    fonts.text(d, (left, y), text, LEGEND_TITLE, INK, anchor="lm", bold=True)
    return max(x0, left + round(fonts.width(text, LEGEND_TITLE, bold=True)) + 12)


def draw_static(img: Image.Image, lang: str = words.DEFAULT) -> None:
    """The legend in ``lang``, in three lines of type that reads when Discord shrinks the board:
    the food chain (the animals by their letters: the panels above name them), the elements and a
    species badge; the other symbols; Domination's scores.  Each line flows from its title, so longer words push it
    along (the tests check that nothing runs off the board or over another text)."""
    d = ImageDraw.Draw(img)
    d.rectangle(FOOTER.tuple(), fill=PAPER)
    d.line((0, FOOTER.top, FOOTER.right, FOOTER.top), fill=MUTED, width=1)
    r = FOOTER_PAWN_RADIUS

    y = FOOTER_CHAIN_Y
    x = _title(d, y, words.term("term.food_chain", lang), 0)
    note = words.gettext("pic.legend.chain_note", lang)
    fonts.text(d, (x, y), note, LEGEND_NOTE, MUTED, anchor="lm")
    x += round(fonts.width(note, LEGEND_NOTE)) + 14
    for i, animal in enumerate(FOOD_CHAIN):
        sprites.paste_center(img, sprites.pawn(animal, r), (x + r, y))
        x += 2 * r + 6
        if i < len(FOOD_CHAIN) - 1:
            fonts.text(d, (x, y), ">", LEGEND_SIZE, INK, anchor="lm", bold=True)
            x += 20
    x = _title(d, y, words.gettext("pic.legend.elements", lang), 0, left=x + 36)
    for e in ELEMENTS:
        sprites.paste_center(img, sprites.element(e, r), (x + r, y))
        x = _label(d, x + 2 * r + 5, y, words.term(f"element.{e}", lang), gap=14)
    sprites.paste_center(img, sprites.badge("insects", 3, False), (x + 30, y))
    _label(d, x + 54, y, words.gettext("pic.legend.species", lang))

    y = FOOTER_LEGEND_Y
    x = _title(d, y, words.gettext("pic.legend.symbols", lang), 0)
    sprites.paste_center(img, sprites.cone("birds"), (x + 15, y - 1))
    x = _label(d, x + 36, y, words.gettext("pic.legend.cone", lang))
    badge = sprites.badge("mammals", 2, True)
    sprites.paste_center(img, badge, (x + badge.width // 2, y))
    x = _label(d, x + badge.width + 6, y, words.gettext("pic.legend.endangered", lang))
    acting = sprites.tag(words.gettext("pic.acting", lang), 14)
    sprites.paste_center(img, acting, (x + acting.width // 2, y))
    x = _label(d, x + acting.width + 6, y, words.gettext("pic.legend.acting", lang))
    sprites.paste_center(img, sprites.pawn("reptiles", r, free=True), (x + r, y))
    x = _label(d, x + 2 * r + 6, y, words.gettext("pic.legend.free_space", lang))
    sprites.paste_center(img, sprites.ring(r - 4, HIGHLIGHT, 4), (x + r, y))
    x = _label(d, x + 2 * r + 8, y, words.gettext("pic.legend.changed", lang))
    sprites.paste_center(img, sprites.scored_mark(SCORED_RADIUS), (x + SCORED_RADIUS, y))
    _label(d, x + 2 * SCORED_RADIUS + 6, y, words.gettext("pic.legend.scored", lang))

    y = FOOTER_SCORING_Y
    x = _title(d, y, words.term("action.domination", lang), 0)
    note = words.gettext("pic.legend.domination_note", lang)
    fonts.text(d, (x, y), note, LEGEND_NOTE, MUTED, anchor="lm")
    x += round(fonts.width(note, LEGEND_NOTE)) + 14
    for terrain in TERRAINS:
        sprites.paste_center(img, sprites.small_tile(terrain, 11), (x + 11, y))
        name = words.term(f"terrain.{terrain}", lang)
        x = _label(d, x + 28, y, f"{name} {'·'.join(str(v) for v in TILE_SCORING[terrain])}", gap=16) - 4


def _label(d: ImageDraw.ImageDraw, x: int, y: int, text: str, gap: int = 18) -> int:
    fonts.text(d, (x, y), text, LEGEND_SIZE, INK, anchor="lm")
    return x + round(fonts.width(text, LEGEND_SIZE)) + gap
