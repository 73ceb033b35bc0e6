"""``render_board`` (the whole position) and ``render_tile`` (a zoom on one tile), as PNG bytes."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from PIL import Image, ImageDraw

import words
from engine import ecology, new_game
from engine.data import ELEMENTS, FOOD_CHAIN, TERRAINS, TILE_SCORING
from engine.flow import Option
from engine.flow import prompt as engine_prompt
from engine.geometry import corner_keys_of, hex_key, hex_label, neighbours, on_board
from renderers import action_display, animals, earth, fonts, sprites, status, turn
from renderers.encoding import encode_palette
from renderers.highlight import Highlight
from renderers.layout import (
    BOARD_EARTH,
    BOX_ELEMENT_RADIUS,
    ELEMENT_RADIUS,
    SPACE_RADIUS,
    SQRT3,
    EarthGeometry,
    to_hex,
)
from renderers.options import Marks, referenced
from renderers.palette import EARTH_BG, INK, MUTED, PAPER
from renderers.static import base_image

State = dict[str, Any]

#: Every picture is a palette PNG (renderers/encoding.py): a third of the bytes of RGB.
encode = encode_palette


def warm_up() -> None:
    """Build the static layer and the sprites every game uses, so that even the first board
    of a process renders at full speed (the bot may call this at start-up)."""
    base_image()
    scale = BOARD_EARTH.scale
    for terrain in TERRAINS:
        sprites.tile(terrain, BOARD_EARTH.radius)
    for e in ELEMENTS:
        sprites.element(e, round(ELEMENT_RADIUS * scale))
        sprites.element(e, BOX_ELEMENT_RADIUS)
    for animal in FOOD_CHAIN:
        sprites.cone(animal, scale)
        sprites.pawn(animal, SPACE_RADIUS)
        sprites.pawn(animal, SPACE_RADIUS, free=True)
    turn.warm_up()  # the turn picture's zoom sizes
    # one board and turn picture of a 6-player setup: caches the texts every board repeats
    sample = new_game(6, 0)
    draw_board(sample)
    turn.draw_turn(sample)


def draw_board(state: State, *, highlight: Highlight | None = None, lang: str = words.DEFAULT,
               past: tuple[int, int] | None = None) -> Image.Image:
    """The board as a Pillow image (``render_board`` encodes it); ``past``: a past moment, after
    this many of that many moves (``/ds history``), said in the header."""
    img = base_image(lang).copy()
    p = engine_prompt(state)
    earth.draw_earth(img, state, BOARD_EARTH, highlight, lang=lang)
    action_display.draw(img, state, highlight, lang)
    animals.draw(img, state, p.animal if p else None, ecology.dominance_map(state), lang)
    animals.draw_facts(img, state, lang)
    status.draw(img, state, p, lang=lang, past=past)
    return img


def render_board(state: State, highlight: Highlight | None = None, *, lang: str = words.DEFAULT,
                 past: tuple[int, int] | None = None) -> bytes:
    """A PNG of the whole position: earth, action display, animals, whose turn it is; every
    word in ``lang``; ``past``: a past moment (after this many of that many moves), said so."""
    return encode(draw_board(state, highlight=highlight, lang=lang, past=past))


# --- the zoom -------------------------------------------------------------------------------

TILE_VIEW_RADIUS = 118
TILE_VIEW_HEADER = 112
#: Room around the seven hexes for the element discs on their outer corners.
TILE_VIEW_MARGIN = 36
TILE_VIEW_WIDTH = 5 * TILE_VIEW_RADIUS + 2 * TILE_VIEW_MARGIN
TILE_VIEW_HEIGHT = TILE_VIEW_HEADER + round(3 * SQRT3 * TILE_VIEW_RADIUS) + 2 * TILE_VIEW_MARGIN


def tile_view_geometry(at: str | tuple[int, int]) -> EarthGeometry:
    """Where hexes and corners are on ``render_tile``'s image: the tile sits in the middle."""
    q, r = to_hex(at)
    cx = TILE_VIEW_WIDTH / 2
    cy = TILE_VIEW_HEADER + (TILE_VIEW_HEIGHT - TILE_VIEW_HEADER) / 2
    # Solve origin so that hex (q, r) lands on (cx, cy).
    ox = cx - 1.5 * TILE_VIEW_RADIUS * q
    oy = cy - SQRT3 * TILE_VIEW_RADIUS * (r + q / 2)
    return EarthGeometry(TILE_VIEW_RADIUS, (ox, oy))


def _option_marks(state: State, options: Sequence[Option | str] | None, hexes: list[tuple[int, int]]) -> Marks:
    """Tiles and corners among ``hexes`` that the options name (default: the current prompt's)."""
    if options is None:
        p = engine_prompt(state)
        # tile and corner names are found in the English texts (the labels are the same in any language)
        texts = [] if p is None else [words.prompt_text(p, "en"), *(o.id for o in p.options),
                                      *(words.option(o, "en") for o in p.options)]
    else:
        texts = [t for o in options for t in ((o,) if isinstance(o, str) else (o.id, words.option(o, "en")))]
    marks = referenced(texts)
    keys = {hex_key(h) for h in hexes}
    corners = {c for h in hexes for c in corner_keys_of(h)}
    return Marks(marks.tiles & keys, marks.corners & corners)


def draw_tile(state: State, at: str | tuple[int, int], *, highlight: Highlight | None = None,
              options: Sequence[Option | str] | None = None, lang: str = words.DEFAULT) -> Image.Image:
    h = to_hex(at)
    key = hex_key(h)
    if key not in state["tiles"]:
        where = hex_label(h) if on_board(h) else f"({h[0]},{h[1]})"
        raise ValueError(f"There is no tile at {where}: choose one of "
                         f"{', '.join(sorted(hex_label(to_hex(k)) for k in state['tiles']))}.")
    geo = tile_view_geometry(h)
    img = Image.new("RGB", (TILE_VIEW_WIDTH, TILE_VIEW_HEIGHT), EARTH_BG)
    hexes = [h, *(n for n in neighbours(h) if on_board(n) or hex_key(n) in state["tiles"])]
    earth.draw_empty_hexes(img, geo, [n for n in hexes if on_board(n)])
    earth.draw_earth(img, state, geo, highlight, hexes, focus=h, marks=_option_marks(state, options, hexes),
                     lang=lang)
    _tile_header(img, state, h, key, lang)
    return img


def render_tile(state: State, at: str | tuple[int, int], *, highlight: Highlight | None = None,
                options: Sequence[Option | str] | None = None, lang: str = words.DEFAULT) -> bytes:
    """A PNG zoom on the tile at ``at`` (a key ``"q,r"`` or a label ``"C4"``) and its
    neighbours, with what each animal there matches.  Corners and tiles that ``options``
    name (by default the current prompt's; ``()`` for none) are ringed and labelled, so
    ``corner:C2-E`` is found on the zoom.  ValueError if no tile is there."""
    return encode(draw_tile(state, at, highlight=highlight, options=options, lang=lang))


def _tile_header(img: Image.Image, state: State, h: tuple[int, int], key: str, lang: str) -> None:
    d = ImageDraw.Draw(img)
    d.rectangle((0, 0, img.width, TILE_VIEW_HEADER), fill=PAPER)
    d.line((0, TILE_VIEW_HEADER, img.width, TILE_VIEW_HEADER), fill=MUTED, width=1)
    terrain = state["tiles"][key]["terrain"]
    title = f"{hex_label(h)} {words.term(f'terrain.{terrain}', lang)}"
    fonts.text(d, (14, 24), title, 22, INK, anchor="lm", bold=True)
    # ``points``, not ``scores``: a ``scores`` parameter is a list of {animal, vp} (words.render.ITEMS)
    points = " / ".join(str(v) for v in TILE_SCORING[terrain])
    x = 24 + fonts.width(title, 22, bold=True)
    fonts.text(d, (x, 25), fonts.fit(words.gettext("pic.tile.scores", lang, points=points), 16, img.width - x - 10),
               16, MUTED, anchor="lm")
    matching = ecology.matching_all(state, key)
    y = 60
    if not matching:
        fonts.text(d, (14, y), words.gettext("pic.tile.empty", lang), 17, MUTED, anchor="lm")
        return
    title = words.gettext("pic.tile.matching", lang)
    fonts.text(d, (14, y), title, 17, INK, anchor="lm", bold=True)
    x0 = x = max(100, 14 + round(fonts.width(title, 17, bold=True)) + 12)
    dominant = ecology.dominant(state, key)
    for animal in (a for a in FOOD_CHAIN if a in matching):
        strong = animal == dominant or matching[animal] == 0
        if animal == dominant:
            text = words.gettext("pic.tile.dominant", lang, n=matching[animal])
        elif strong:
            text = words.gettext("pic.tile.endangered", lang, n=matching[animal])
        else:
            text = str(matching[animal])
        step = 32 + round(fonts.width(text, 17, bold=strong)) + 18
        if x + step > img.width:  # wrap: six animals do not fit one line
            x, y = x0, y + 32
        sprites.paste_center(img, sprites.pawn(animal, 13), (x + 13, y))
        fonts.text(d, (x + 32, y), text, 17, INK, anchor="lm", bold=strong)
        x += step
