"""The turn picture: what one prompt is about, in type that reads when Discord shrinks it.

``render_turn(state)`` is about 960 px wide (the board is 1600): a header in large type
(turn, phase, the player to act, the question), then the part of the board the choice
concerns:

* placing an AP (Planning, Initiative): the action display, with how many APs each animal
  has left in initiative order;
* a choice of tiles or corners: earth zoomed on them, each tile an option names outlined and
  each corner ringed with its name (``C2-E``), beside the numbered options;
* anything else (elements, cards, counts): the acting animal's display and the options.

The whole board stays one click away (``render_board``).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from cachetools import LRUCache, cached
from PIL import Image, ImageDraw

import words
from engine import ecology
from engine.cards import card_id
from engine.data import DOMINANCE_CARDS, FOOD_CHAIN
from engine.flow import Option, Prompt
from engine.flow import prompt as engine_prompt
from engine.geometry import BOARD_HEXES, corner_from_key, hex_from_key, on_board
from engine.text import Msg
from renderers import action_display, animals, earth, fonts, sprites, status
from renderers.corners import corner_body
from renderers.encoding import encode_palette
from renderers.highlight import Highlight
from renderers.layout import DISPLAY, ELEMENT_BOXES, ROWS_BOTTOM, SQRT3, Box, EarthGeometry, animal_panel
from renderers.options import Marks, referenced
from renderers.palette import EARTH_BG, HEADER_BG, HEADER_RULE, INK, MUTED, PAGE, PAPER
from renderers.static import base_image

State = dict[str, Any]

WIDTH = 960
HEADER = Box(0, 0, WIDTH, 184)
STYLE = status.HeaderStyle(title=44, who=40, question=30, last=0, line1=38, line2=98, line3=152, pawn=22,
                           margin=18)
#: Below the header: the action display's rows (as on the board) and a column beside them.
DISPLAY_CROP = Box(DISPLAY.left, DISPLAY.top, DISPLAY.right, ROWS_BOTTOM + 6)
BODY_TOP = HEADER.bottom
FOOTER_H = 40
EARTH_AREA = (600, 560)
#: Zoom radii the sprites are cached for; the largest that shows every named hex is used.
RADII = (100, 86, 74, 66, 60, 54, 48, 42)
OPTION_SIZE = 22
DETAIL_SIZE = 16
DETAIL_LINES = 6  # at most, under one option: a card's whole rules
LIST_MAX_HEIGHT = 560
DISPLAY_KINDS = ("place_ap", "initiative", "initiative_place")

OptionLike = Option | str


def _options(p: Prompt, options: Sequence[OptionLike] | None) -> list[Option]:
    if options is None:
        return list(p.options)
    out = []
    for o in options:
        if isinstance(o, str):
            found = p.option(o)
            # an id the prompt does not offer keeps a row, named after its id
            out.append(found if found is not None else Option(o, Msg(o)))
        else:
            out.append(o)
    return out


#: A card option's id -> the card's name (its rules are drawn under it).
CARD_OF = {card_id(name): name for name in DOMINANCE_CARDS}


def draw_turn(state: State, highlight: Highlight | None = None, *,
              options: Sequence[OptionLike] | None = None, lang: str = words.DEFAULT) -> Image.Image:
    """The turn picture as a Pillow image (``render_turn`` encodes it)."""
    p = engine_prompt(state)
    shown = _options(p, options) if p is not None else []
    if p is None:
        body = _earth_body(state, highlight, Marks(), [], lang, title=words.gettext("pic.final_position", lang))
    elif p.kind in DISPLAY_KINDS:
        body = _display_body(state, highlight, lang)
    else:
        # tile and corner names are found in the English texts (the labels are the same in any language)
        marks = referenced([words.prompt_text(p, "en"), *(o.id for o in shown),
                            *(words.option(o, "en") for o in shown)])
        if marks.corners:  # the corners named where they are, in tags a phone reads
            body = corner_body(state, highlight, marks, shown, lang)
        elif marks:
            body = _earth_body(state, highlight, marks, shown, lang)
        else:
            body = _list_body(state, p, shown, lang)
    img = Image.new("RGB", (WIDTH, BODY_TOP + body.height + FOOTER_H), PAPER)
    d = ImageDraw.Draw(img)
    d.rectangle(HEADER.tuple(), fill=HEADER_BG)
    d.rectangle((0, HEADER.bottom - 5, WIDTH, HEADER.bottom - 1), fill=HEADER_RULE)
    status.draw(img, state, p, HEADER, STYLE, lang)
    img.paste(body, (0, BODY_TOP))
    _footer(d, state, img.height, lang)
    return img


def render_turn(state: State, highlight: Highlight | None = None, *,
                options: Sequence[OptionLike] | None = None, lang: str = words.DEFAULT) -> bytes:
    """The picture to post with a prompt: PNG bytes (palette-quantised, well under 150 KB).
    ``options`` is the subset of the prompt's options (or their ids) the caller shows;
    by default all of them.  Every word in ``lang``."""
    return encode_palette(draw_turn(state, highlight, options=options, lang=lang))


# --- bodies ---------------------------------------------------------------------------------


def _display_body(state: State, highlight: Highlight | None, lang: str) -> Image.Image:
    """The action display as on the board, and APs left per animal in initiative order."""
    board = base_image(lang).copy()
    action_display.draw(board, state, highlight, lang)
    crop = board.crop(DISPLAY_CROP.tuple())
    body = Image.new("RGB", (WIDTH, crop.height), PAPER)
    body.paste(crop, (0, 0))
    d = ImageDraw.Draw(body)
    x0 = crop.width + 14
    d.line((crop.width + 2, 8, crop.width + 2, body.height - 8), fill=MUTED, width=1)
    room = WIDTH - x0 - 10
    fonts.text(d, (x0, 26), fonts.fit(words.gettext("pic.aps_left", lang), 24, room, bold=True), 24, INK, anchor="lm",
               bold=True)
    fonts.text(d, (x0, 56), fonts.fit(words.gettext("pic.in_initiative_order", lang), 17, room), 17, MUTED,
               anchor="lm")
    y = 100
    p = engine_prompt(state)
    for n, animal in enumerate(state["initiative"], start=1):
        rec = state["animals"][animal]
        if p is not None and p.animal == animal:
            d.rounded_rectangle((x0 - 8, y - 30, WIDTH - 8, y + 30), radius=8, outline=INK, width=3)
        sprites.paste_center(body, sprites.pawn(animal, 17), (x0 + 36, y - 8))
        fonts.text(d, (x0, y - 8), f"{n}.", 18, MUTED, anchor="lm")
        name = fonts.fit(status.seat_name(state, rec["seat"]), 20, WIDTH - x0 - 76, bold=True)
        fonts.text(d, (x0 + 60, y - 8), name, 20, INK, anchor="lm", bold=True)
        if p is not None and p.animal == animal and p.kind == "place_ap" and rec["aps"] > 0:
            # the AP being placed now is not left: the panel counts what remains after it
            left = words.gettext("pic.aps_placing", lang, aps=rec["aps"] - 1, owned=rec["aps_owned"])
        else:
            left = words.gettext("pic.aps_of_left", lang, aps=rec["aps"], owned=rec["aps_owned"])
        fonts.text(d, (x0 + 60, y + 16), fonts.fit(left, 18, WIDTH - x0 - 70), 18, INK, anchor="lm")
        y += 72
    return body


def _zoom_geometry(hexes: set[tuple[int, int]], area: tuple[int, int]) -> EarthGeometry:
    """The largest cached radius that shows every hex in ``hexes``, centred in ``area``."""
    xs = [1.5 * q for q, _ in hexes]
    ys = [SQRT3 * (r + q / 2) for q, r in hexes]
    # a hex is 2 radii wide and sqrt(3) tall; the rest is a glimpse of the neighbours
    span_x = max(xs) - min(xs) + 2.8
    span_y = max(ys) - min(ys) + SQRT3 + 0.8
    fit = min(area[0] / span_x, area[1] / span_y)
    radius = next((r for r in RADII if r <= fit), RADII[-1])
    mid_x = (max(xs) + min(xs)) / 2 * radius
    mid_y = (max(ys) + min(ys)) / 2 * radius
    return EarthGeometry(radius, (area[0] / 2 - mid_x, area[1] / 2 - mid_y))


def zoom_geometry(state: State, marks: Marks) -> EarthGeometry:
    """Where earth is drawn in the turn picture's zoom (offset by ``BODY_TOP``): every tile
    and corner ``marks`` names in view, or all tiles when it names none."""
    focus = {hex_from_key(k) for k in marks.tiles}
    for c in marks.corners:
        focus |= {h for h in corner_from_key(c) if on_board(h)}
    if not focus:
        focus = {hex_from_key(k) for k in state["tiles"]}
    return _zoom_geometry(focus, EARTH_AREA)


#: The empty zooms kept: about 1.3 MB each (RGB), least recently used out first.
ZOOM_BYTES = 4 * 2**20
_ZOOMS: LRUCache[Any, Image.Image] = LRUCache(ZOOM_BYTES, getsizeof=fonts.image_bytes)


@cached(_ZOOMS, info=True)
def _empty_zoom(geo: EarthGeometry) -> Image.Image:
    """The zoom's faint board hexes at ``geo``: the same for every prompt about the same tiles."""
    zoom = Image.new("RGB", EARTH_AREA, EARTH_BG)
    earth.draw_empty_hexes(zoom, geo, BOARD_HEXES)
    return zoom


def _earth_body(state: State, highlight: Highlight | None, marks: Marks, shown: list[Option], lang: str,
                title: str | None = None) -> Image.Image:
    geo = zoom_geometry(state, marks)
    zoom = _empty_zoom(geo).copy()
    hexes = [*BOARD_HEXES, *(hex_from_key(k) for k in state["tiles"] if not on_board(hex_from_key(k)))]
    earth.draw_earth(zoom, state, geo, highlight, hexes, marks=marks, lang=lang)

    body = Image.new("RGB", (WIDTH, EARTH_AREA[1]), PAPER)
    body.paste(zoom, (0, 0))
    d = ImageDraw.Draw(body)
    d.line((EARTH_AREA[0], 0, EARTH_AREA[0], body.height), fill=MUTED, width=1)
    column = Box(EARTH_AREA[0] + 14, 12, WIDTH - 12, body.height - 8)
    if title is not None:
        _ranking(d, body, state, column, title, lang)
    else:
        _option_list(d, shown, column, lang)
    return body


def _list_body(state: State, p: Prompt, shown: list[Option], lang: str) -> Image.Image:
    """No tile or corner involved: the acting animal's display beside the options (a card's
    rules under its name, when the choice is a card)."""
    in_play = [a for a in FOOD_CHAIN if a in state["animals"]]
    slot = in_play.index(p.animal)
    text_w = WIDTH - 12 - (animal_panel(slot).width + 24 + 20) - 40  # the option list's, below
    details, detail_lines = _card_details(shown, lang, text_w)
    height = min(LIST_MAX_HEIGHT, max(340, 64 + (OPTION_SIZE + 12) * len(shown) + detail_lines * (DETAIL_SIZE + 6)))
    body = Image.new("RGB", (WIDTH, height), PAPER)
    board = base_image(lang).copy()
    on_earth = sum(t["species"].get(p.animal, 0) for t in state["tiles"].values())
    dominated = sum(1 for a in ecology.dominance_map(state).values() if a == p.animal)
    animals.panel(board, ImageDraw.Draw(board), state, p.animal, slot, words.gettext("pic.to_act", lang), on_earth,
                  dominated, lang)
    panel = board.crop(animal_panel(slot).tuple())
    frame = Image.new("RGB", (panel.width + 24, height), PAGE)
    frame.paste(panel, (12, 16))
    body.paste(frame, (0, 0))
    d = ImageDraw.Draw(body)
    _element_boxes(body, d, state, Box(12, 16 + panel.height + 16, frame.width - 12, height - 10),
                   first=p.kind.split("_")[0], lang=lang)
    _option_list(d, shown, Box(frame.width + 20, 12, WIDTH - 12, height - 8), lang, details)
    return body


def _card_details(shown: list[Option], lang: str, width: float) -> tuple[dict[str, str], int]:
    """A card's rules under its name (label -> text), never cut: its whole text where the room
    allows (the first options first), else its short effect; and how many lines they take."""
    cards = [(words.option(o, lang), CARD_OF[o.id]) for o in shown if o.id in CARD_OF]
    if not cards:
        return {}, 0
    room = (LIST_MAX_HEIGHT - 64 - (OPTION_SIZE + 12) * len(shown)) // (DETAIL_SIZE + 6)
    details = {label: words.card_effect(card, lang) for label, card in cards}
    used = {label: len(_wrap(details[label], DETAIL_SIZE, width, DETAIL_LINES)) for label, _ in cards}
    for label, card in cards:
        whole = words.card_text(card, lang)
        lines = len(_wrap(whole, DETAIL_SIZE, width, DETAIL_LINES + 1))
        if lines <= DETAIL_LINES and sum(used.values()) - used[label] + lines <= room:
            details[label], used[label] = whole, lines
    return details, sum(used.values())


def _element_boxes(img: Image.Image, d: ImageDraw.ImageDraw, state: State, box: Box, first: str = "",
                   lang: str = words.DEFAULT) -> None:
    """The element boxes, one line each, when they hold any; the one the prompt's action
    takes from (``first``) at the top."""
    y = box.top + 10
    names = sorted(ELEMENT_BOXES, key=lambda n: n != first)
    for name in names:
        elements = state["boxes"].get(name) or []
        if not elements or y > box.bottom - 14:
            continue
        fonts.text(d, (box.left, y), fonts.fit(words.term(f"action.{name}", lang), 16, 102), 16, MUTED, anchor="lm")
        for i, e in enumerate(elements[:4]):
            sprites.paste_center(img, sprites.element(e, 12), (box.left + 110 + i * 28, y))
        y += 32


def _option_list(d: ImageDraw.ImageDraw, shown: list[Option], box: Box, lang: str,
                 details: dict[str, str] | None = None) -> None:
    """The options, numbered as the playground numbers them, as many as fit; ``details``
    adds muted lines under an option (by label)."""
    details = details or {}
    fonts.text(d, (box.left, box.top + 14), words.gettext("pic.options", lang), 24, INK, anchor="lm", bold=True)
    line = OPTION_SIZE + 8
    y = box.top + 44 + line // 2
    text_w = box.width - 40
    for n, o in enumerate(shown, start=1):
        label = words.option(o, lang)
        lines = _wrap(fonts.clean(label), OPTION_SIZE, text_w)
        if y + line * (len(lines) + (n < len(shown))) > box.bottom:
            fonts.text(d, (box.left, y), words.ngettext("pic.more", len(shown) - n + 1, lang), OPTION_SIZE - 2, MUTED,
                       anchor="lm")
            return
        fonts.text(d, (box.left, y), f"{n}.", OPTION_SIZE - 2, MUTED, anchor="lm")
        for text in lines:
            fonts.text(d, (box.left + 38, y), text, OPTION_SIZE, INK, anchor="lm")
            y += line
        if label in details:
            y -= 4
            for text in _wrap(details[label], DETAIL_SIZE, text_w, DETAIL_LINES):
                fonts.text(d, (box.left + 38, y), text, DETAIL_SIZE, MUTED, anchor="lm")
                y += DETAIL_SIZE + 6
        y += 4


def _wrap(text: str, size: int, width: float, most: int = 2) -> list[str]:
    """``text`` in at most ``most`` lines of ``width``, broken at spaces, the last one cut."""
    lines: list[str] = []
    words = text.split(" ")
    while words and len(lines) < most - 1:
        n = len(words)
        while n > 1 and fonts.width(" ".join(words[:n]), size) > width:
            n -= 1
        if n == len(words):
            break
        lines.append(" ".join(words[:n]))
        words = words[n:]
    lines.append(fonts.fit(" ".join(words), size, width))
    return lines


def _ranking(d: ImageDraw.ImageDraw, img: Image.Image, state: State, box: Box, title: str, lang: str) -> None:
    fonts.text(d, (box.left, box.top + 14), title, 24, INK, anchor="lm", bold=True)
    y = box.top + 60
    for animal, rec in sorted(state["animals"].items(), key=lambda kv: -kv[1]["vp"]):
        sprites.paste_center(img, sprites.pawn(animal, 15), (box.left + 15, y))
        name = fonts.fit(status.seat_name(state, rec["seat"]), 20, box.width - 130)
        fonts.text(d, (box.left + 40, y), name, 20, INK, anchor="lm")
        fonts.text(d, (box.right, y), words.gettext("pic.vp", lang, vp=rec["vp"]), 20, INK, anchor="rm", bold=True)
        y += 40


def _footer(d: ImageDraw.ImageDraw, state: State, height: int, lang: str) -> None:
    y = height - FOOTER_H // 2
    d.line((0, height - FOOTER_H, WIDTH, height - FOOTER_H), fill=MUTED, width=1)
    if state.get("log"):
        said = words.gettext("pic.last", lang, text=fonts.clean(words.line(state["log"][-1], lang, turn=True)))
        last = fonts.fit(said, 18, WIDTH - 28)
        fonts.text(d, (14, y), last, 18, MUTED, anchor="lm")


def warm_up() -> None:
    """Tile sprites at every zoom radius, so no prompt pays for building them."""
    from engine.data import TERRAINS
    from engine.geometry import hex_label

    for radius in RADII:
        for terrain in TERRAINS:
            sprites.tile(terrain, radius)
        for h in BOARD_HEXES:
            sprites.empty_hex(hex_label(h), radius)


__all__ = ["WIDTH", "draw_turn", "render_turn", "warm_up", "zoom_geometry"]
