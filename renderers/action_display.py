"""The action display: twelve rows of eyeball spaces, element boxes, Wanderlust tiles, cards."""

from __future__ import annotations

from typing import Any

from PIL import Image, ImageDraw

import words
from engine.data import (
    ACTION_ROWS,
    COMPETITION_TERRAINS,
    FREE_SPACES,
    LAST_CARD,
    MIGRATION_LIMITS,
    ROW_NAMES,
    SPECIATION_ELEMENTS,
)
from renderers import fonts, sprites
from renderers.highlight import Highlight
from renderers.layout import (
    BOX_ELEMENT_PITCH,
    BOX_ELEMENT_RADIUS,
    BOX_LEFT,
    BOX_RIGHT,
    CARDS_AREA,
    DETAIL_ROWS,
    DISPLAY,
    DISPLAY_TITLE_Y,
    ELEMENT_BOXES,
    ROW_HEIGHT,
    ROW_NAME_X,
    SPACE_RADIUS,
    WANDERLUST_AREA,
    WANDERLUST_TILE_RADIUS,
    box_element_center,
    card_box,
    row_band,
    space_center,
    wanderlust_tile_center,
)
from renderers.palette import (
    EMPTY_HEX_LINE,
    HIGHLIGHT,
    INK,
    MUTED,
    PAPER,
    ROW_ACTIVE,
    SPACE_FILL,
    SPACE_LINE,
    WHITE,
    mix,
)

State = dict[str, Any]
BOX_SLOTS = 4
ROW_SHADE = mix(PAPER, INK, 0.045)
SPACE_NUMBER = mix(SPACE_FILL, INK, 0.45)


def _detail(row: str, index: int, lang: str) -> str | None:
    """The text printed under a space (Speciation prints an element disc instead)."""
    if row == "migration":
        return str(MIGRATION_LIMITS[index])
    if row == "competition":
        terrains = COMPETITION_TERRAINS[index]
        if terrains is None:
            return words.gettext("pic.any", lang)
        return "/".join(words.term(f"terrain.{t}", lang, "abbr") for t in terrains)
    if row == "speciation" and index >= len(SPECIATION_ELEMENTS):
        return words.gettext("pic.any", lang)
    return None


def _heading(draw: ImageDraw.ImageDraw, xy: tuple[int, int], title: str, note: str, size: int = 17,
             note_x: int = 0, right: int = BOX_LEFT - 8) -> None:
    """A panel's title and its muted note after it (at ``note_x`` or past a longer title)."""
    fonts.text(draw, xy, title, size, INK, bold=True)
    x = max(note_x, xy[0] + round(fonts.width(title, size, bold=True)) + 14)
    fonts.text(draw, (x, xy[1] + 2), fonts.fit(note, 15, right - x), 15, MUTED)


def draw_static(img: Image.Image, lang: str = words.DEFAULT) -> None:
    """Everything that never changes: titles, row names, empty spaces, what each space
    prints, the frames of the element boxes (in ``lang``)."""
    draw = ImageDraw.Draw(img)
    draw.rectangle(DISPLAY.tuple(), fill=PAPER)
    _heading(draw, (ROW_NAME_X, DISPLAY_TITLE_Y), words.gettext("pic.display.title", lang),
             words.gettext("pic.display.order", lang), 18, ROW_NAME_X + 160)
    fonts.text(draw, (BOX_LEFT + 4, DISPLAY_TITLE_Y + 2),
               fonts.fit(words.gettext("pic.display.box", lang), 15, DISPLAY.right - BOX_LEFT - 8), 15, MUTED)
    for n, row in enumerate(ACTION_ROWS):
        top, bottom = row_band(row.name)
        if n % 2 == 0:
            draw.rectangle((DISPLAY.left + 4, top, DISPLAY.right - 4, bottom - 1), fill=ROW_SHADE)
        mid = top + ROW_HEIGHT // 2
        name = fonts.fit(words.term(f"action.{row.name}", lang), 17, space_center(row.name, 0)[0] - SPACE_RADIUS
                         - ROW_NAME_X - 32, bold=True)
        fonts.text(draw, (ROW_NAME_X + 26, mid), name, 17, INK, anchor="lm", bold=True)
        fonts.text(draw, (ROW_NAME_X, mid), str(n + 1), 15, MUTED, anchor="lm")
        for i in range(row.spaces):
            x, y = space_center(row.name, i)
            if (row.name, i) in FREE_SPACES:
                sprites.paste_center(img, sprites.free_space(FREE_SPACES[row.name, i], SPACE_RADIUS), (x, y))
            else:
                r = SPACE_RADIUS
                draw.ellipse((x - r, y - r, x + r, y + r), fill=SPACE_FILL, outline=SPACE_LINE, width=2)
                # the space's number, as a planning option names it ("Speciation 3")
                fonts.text(draw, (x, y), str(i + 1), 14, SPACE_NUMBER, anchor="mm")
            if row.name in DETAIL_ROWS:
                dy = y + SPACE_RADIUS + 15
                if row.name == "speciation" and i < len(SPECIATION_ELEMENTS):
                    sprites.paste_center(img, sprites.element(SPECIATION_ELEMENTS[i], 13), (x, dy))
                else:
                    fonts.text(draw, (x, dy), _detail(row.name, i, lang) or "", 14, MUTED, anchor="mm")
        if row.name == "glaciation":
            x, y = space_center(row.name, row.spaces - 1)
            note = fonts.fit(words.gettext("pic.display.glaciation", lang), 14, BOX_LEFT - x - 36)
            fonts.text(draw, (x + 28, y), note, 14, MUTED, anchor="lm")
        if row.name in ELEMENT_BOXES:
            draw.rounded_rectangle((BOX_LEFT, top + 4, BOX_RIGHT, top + ROW_HEIGHT - 4), radius=8,
                                   fill=WHITE, outline=EMPTY_HEX_LINE, width=2)
    _heading(draw, (ROW_NAME_X, WANDERLUST_AREA.top + 4), words.gettext("pic.display.wanderlust", lang),
             words.gettext("pic.display.face_up", lang), note_x=ROW_NAME_X + 170, right=DISPLAY.right - 8)
    fonts.text(draw, (ROW_NAME_X, CARDS_AREA.top + 6), words.gettext("pic.display.cards", lang), 17, INK, bold=True)


def acting_space(state: State) -> tuple[str, int, str] | None:
    """(row, space, animal) of the AP being resolved: the engine takes it off the display
    when its action starts, but players expect to see it there until the action is done."""
    steps = state.get("steps") or []
    if state.get("phase") != "execution" or len(steps) < 2 or steps[0].get("name") != "execution":
        return None
    index = steps[0].get("row", -1)
    action = steps[1]
    if not 0 <= index < len(ROW_NAMES) or action.get("name") != ROW_NAMES[index]:
        return None
    if "space" not in action or "animal" not in action:
        return None
    return ROW_NAMES[index], action["space"], action["animal"]


def draw(img: Image.Image, state: State, highlight: Highlight | None = None, lang: str = words.DEFAULT) -> None:
    """APs, element boxes, the row being executed, Wanderlust tiles and cards."""
    d = ImageDraw.Draw(img)
    _mark_active_row(d, state)
    acting = acting_space(state)
    for row, occupants in state["display"].items():
        for i, animal in enumerate(occupants):
            at = space_center(row, i)
            if highlight and (row, i) in highlight.spaces:
                sprites.paste_center(img, sprites.ring(SPACE_RADIUS + 1, HIGHLIGHT, 4), at)
            if animal is not None:
                free = (row, i) in FREE_SPACES
                sprites.paste_center(img, sprites.pawn(animal, SPACE_RADIUS, free=free), at)
    if acting is not None:
        row, i, animal = acting
        at = space_center(row, i)
        sprites.paste_center(img, sprites.ring(SPACE_RADIUS + 1, INK, 3), at)
        sprites.paste_center(img, sprites.pawn(animal, SPACE_RADIUS, free=(row, i) in FREE_SPACES), at)
        label = sprites.tag(words.gettext("pic.acting", lang), 14)
        if row in DETAIL_ROWS:  # labels are printed under these spaces: the tag goes after the row's last one
            x, y = space_center(row, len(state["display"][row]) - 1)
            sprites.paste_center(img, label, (x + SPACE_RADIUS + 12 + label.width // 2, y))
        else:
            sprites.paste_center(img, label, (at[0], at[1] + SPACE_RADIUS + 4))

    for box in ELEMENT_BOXES:
        elements = state["boxes"].get(box, [])
        for i, e in enumerate(elements[:BOX_SLOTS]):
            sprites.paste_center(img, sprites.element(e, BOX_ELEMENT_RADIUS), box_element_center(box, i))
        if len(elements) > BOX_SLOTS:  # never in the base game; say so rather than overflow
            x, y = box_element_center(box, BOX_SLOTS - 1)
            fonts.text(d, (x + BOX_ELEMENT_PITCH // 2 + 2, y), f"+{len(elements) - BOX_SLOTS}", 14, INK,
                       anchor="lm")
    _draw_wanderlust(img, d, state, lang)
    _draw_cards(d, state, lang)


def _mark_active_row(d: ImageDraw.ImageDraw, state: State) -> None:
    """During Execution, frame the row being resolved and point at it."""
    steps = state.get("steps") or []
    if state.get("phase") != "execution" or not steps or steps[0].get("name") != "execution":
        return
    index = steps[0].get("row", 0)
    if not 0 <= index < len(ROW_NAMES):
        return
    top, bottom = row_band(ROW_NAMES[index])
    d.rectangle((DISPLAY.left + 3, top, DISPLAY.right - 3, bottom - 1), outline=INK, width=3)
    d.rectangle((DISPLAY.left + 6, top + 3, ROW_NAME_X + 22, bottom - 4), fill=ROW_ACTIVE)
    mid = top + ROW_HEIGHT // 2
    d.polygon([(ROW_NAME_X - 2, mid - 8), (ROW_NAME_X + 11, mid), (ROW_NAME_X - 2, mid + 8)], fill=INK)


def _draw_wanderlust(img: Image.Image, d: ImageDraw.ImageDraw, state: State, lang: str) -> None:
    for i, stack in enumerate(state.get("wanderlust", [])):
        x, y = wanderlust_tile_center(i)
        terrain = stack.get("face_up")
        below = len(stack.get("stack", []))
        if terrain:
            sprites.paste_center(img, sprites.small_tile(terrain, WANDERLUST_TILE_RADIUS), (x, y))
            fonts.text(d, (x + 40, y - 10), words.term(f"terrain.{terrain}", lang), 17, INK, anchor="lm", bold=True)
        else:
            sprites.paste_center(img, sprites.small_tile(None, WANDERLUST_TILE_RADIUS), (x, y))
            fonts.text(d, (x + 40, y - 10), words.gettext("pic.none", lang), 17, MUTED, anchor="lm")
        fonts.text(d, (x + 40, y + 12), words.ngettext("pic.below", below, lang), 15, MUTED, anchor="lm")


def _draw_cards(d: ImageDraw.ImageDraw, state: State, lang: str) -> None:
    deck = state.get("deck", [])
    note = words.ngettext("pic.deck", len(deck), lang)
    if deck and deck[-1] == LAST_CARD:
        note = words.ngettext("pic.deck_last", len(deck), lang, card=LAST_CARD)
    title_end = ROW_NAME_X + round(fonts.width(words.gettext("pic.display.cards", lang), 17, bold=True)) + 14
    x = max(ROW_NAME_X + 170, title_end)
    fonts.text(d, (x, CARDS_AREA.top + 7), fonts.fit(note, 15, DISPLAY.right - 8 - x), 15, MUTED)
    if not state.get("cards"):
        fonts.text(d, (ROW_NAME_X, card_box(0).top + 22), words.gettext("pic.no_cards", lang), 16, MUTED,
                   anchor="lm")
    for i, card in enumerate(state.get("cards", [])[:5]):
        b = card_box(i)
        d.rounded_rectangle(b.tuple(), radius=7, fill=WHITE, outline=INK, width=2)
        name = words.card_name(card, lang)
        size = 16 if fonts.width(name, 16, bold=True) <= b.width - 10 else 14
        name = fonts.fit(name, size, b.width - 8, bold=True)
        fonts.text(d, ((b.left + b.right) / 2, (b.top + b.bottom) / 2), name, size, INK, anchor="mm", bold=True)
