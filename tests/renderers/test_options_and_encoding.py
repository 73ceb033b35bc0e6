"""What options name on earth, and the palette PNG every picture is encoded as."""

from __future__ import annotations

import io
import random

from PIL import Image

import engine
from engine.geometry import hex_key, parse_corner_label, parse_hex_label
from engine.simulate import random_moves
from renderers import draw_board, encoding
from renderers.layout import hex_center
from renderers.options import referenced
from renderers.palette import TERRAIN_COLOURS


def test_options_name_tiles_and_corners_in_ids_labels_and_questions():
    marks = referenced(["corner:C2-E", "kill:D4:birds", "move:A1>B2", "Place grass at E3-SE (E3 savannah)",
                        "Speciation: how many new species on G4 tundra?", "Se/Ju", "H1", "C7", "x D33"])
    assert marks.corners == {parse_corner_label("C2-E"), parse_corner_label("E3-SE")}
    assert marks.tiles == {hex_key(parse_hex_label(t)) for t in ("D4", "A1", "B2", "E3", "G4")}
    assert not referenced(["Take grass", "Forfeit Speciation", "Move 3"])


def test_the_palette_png_keeps_every_palette_colour_exactly_and_is_smaller():
    state = engine.new_game(6, 25)
    random_moves(state, random.Random(25), limit=300)
    img = draw_board(state)
    small, full = encoding.encode_palette(img), encoding.encode_rgb(img)
    assert len(small) * 2 < len(full)
    back = Image.open(io.BytesIO(small))
    assert back.mode == "P"
    back = back.convert("RGB")
    for key, tile in state["tiles"].items():
        assert back.getpixel(hex_center(key)) == TERRAIN_COLOURS[tile["terrain"]], key
