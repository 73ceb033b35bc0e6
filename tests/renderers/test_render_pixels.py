"""Pixels at the places the layout names have the colours the state says."""

from __future__ import annotations

import copy
import io

import pytest
from PIL import Image

from engine.data import FREE_SPACES
from engine.geometry import BOARD_HEXES, hex_from_key, hex_key
from renderers import Highlight, draw_board, draw_tile, render_board
from renderers.board import tile_view_geometry
from renderers.layout import (
    BOARD_EARTH,
    ELEMENT_RADIUS,
    SPACE_RADIUS,
    SQRT3,
    box_element_center,
    corner_center,
    hex_center,
    space_center,
)
from renderers.palette import (
    ANIMAL_COLOURS,
    ELEMENT_COLOURS,
    EMPTY_HEX,
    HIGHLIGHT,
    SPACE_FILL,
    TERRAIN_COLOURS,
    TUNDRA_FROST,
    WHITE,
)


def close(a, b, tol: int = 6) -> bool:
    return all(abs(x - y) <= tol for x, y in zip(a, b, strict=True))


@pytest.fixture(scope="module")
def board(mid_game) -> Image.Image:
    return Image.open(io.BytesIO(render_board(mid_game))).convert("RGB")


def test_the_state_has_what_the_probes_need(mid_game):
    terrains = {t["terrain"] for t in mid_game["tiles"].values()}
    assert "tundra" in terrains and len(terrains) >= 5
    assert any(t["species"] for t in mid_game["tiles"].values())
    assert any(a for row in mid_game["display"].values() for a in row)


def test_a_tile_centre_has_its_terrain_colour(board, mid_game):
    for key, tile in mid_game["tiles"].items():
        assert board.getpixel(hex_center(key)) == TERRAIN_COLOURS[tile["terrain"]], key


def test_labels_and_keys_name_the_same_hex():
    assert hex_center("D3") == hex_center("0,0") == hex_center((0, 0))
    assert hex_center("A1") != hex_center("A2")


def _band_point(geo, key):
    """Just inside the top edge of a hex, clear of the label and the frost strokes."""
    cx, cy = geo.hex_center(hex_from_key(key))
    return cx + round(0.2 * geo.radius), cy - round(SQRT3 / 2 * geo.radius) + round(5 * geo.scale)


def test_tundra_looks_like_tundra(board, mid_game):
    tundra = [k for k, t in mid_game["tiles"].items() if t["terrain"] == "tundra"]
    others = [k for k, t in mid_game["tiles"].items() if t["terrain"] != "tundra"]
    assert tundra and others
    for key in tundra:
        assert board.getpixel(hex_center(key)) == TERRAIN_COLOURS["tundra"]
        band = board.getpixel(_band_point(BOARD_EARTH, key))
        assert close(band, TUNDRA_FROST) or close(band, WHITE), (key, band)
    for key in others:  # other terrains have no frost band
        band = board.getpixel(_band_point(BOARD_EARTH, key))
        assert close(band, TERRAIN_COLOURS[mid_game["tiles"][key]["terrain"]]), key


def test_a_corner_with_an_element_has_that_elements_colour(board, mid_game):
    assert mid_game["elements"]
    for ckey, element in mid_game["elements"].items():
        x, y = corner_center(ckey)
        # Above the glyph, inside the disc.
        assert close(board.getpixel((x, y - ELEMENT_RADIUS + 4)), ELEMENT_COLOURS[element]), (ckey, element)


def test_a_placed_ap_has_its_animals_colour_and_an_empty_space_is_white(board, mid_game):
    for row, occupants in mid_game["display"].items():
        for i, animal in enumerate(occupants):
            x, y = space_center(row, i)
            pixel = board.getpixel((x, y - SPACE_RADIUS + 5))
            if animal is None:
                if (row, i) not in FREE_SPACES:
                    assert pixel == SPACE_FILL, (row, i)
            else:
                assert close(pixel, ANIMAL_COLOURS[animal]), (row, i, animal)


def test_element_boxes_show_their_elements(board, mid_game):
    for box, elements in mid_game["boxes"].items():
        for i, element in enumerate(elements):
            x, y = box_element_center(box, i)
            assert close(board.getpixel((x, y - 10)), ELEMENT_COLOURS[element]), (box, i)


def test_empty_board_hexes_are_drawn_faintly(board, mid_game):
    empty = [h for h in BOARD_HEXES if hex_key(h) not in mid_game["tiles"]]
    assert empty
    for h in empty:
        cx, cy = hex_center(h)
        assert board.getpixel((cx, cy + 30)) == EMPTY_HEX, h


def test_highlight_rings_tiles_corners_and_spaces(mid_game):
    tile = next(iter(mid_game["tiles"]))
    corner = next(iter(mid_game["elements"]))
    space = ("domination", 2)
    img = draw_board(mid_game, highlight=Highlight({tile}, {corner}, {space}))
    plain = draw_board(mid_game)
    pts = BOARD_EARTH.hex_points(hex_from_key(tile), inset=4)
    mid_edge = (round((pts[0][0] + pts[1][0]) / 2), round((pts[0][1] + pts[1][1]) / 2))
    assert close(img.getpixel(mid_edge), HIGHLIGHT)
    assert not close(plain.getpixel(mid_edge), HIGHLIGHT)
    x, y = corner_center(corner)
    assert close(img.getpixel((x, y - ELEMENT_RADIUS - 3)), HIGHLIGHT)
    x, y = space_center(*space)
    assert close(img.getpixel((x, y - SPACE_RADIUS - 3)), HIGHLIGHT)
    assert not close(plain.getpixel((x, y - SPACE_RADIUS - 3)), HIGHLIGHT)


def test_tile_zoom_puts_the_tile_in_the_middle_in_its_colour(mid_game):
    for key, tile in list(mid_game["tiles"].items())[:6]:
        img = draw_tile(mid_game, key)
        geo = tile_view_geometry(key)
        assert geo.hex_center(hex_from_key(key)) == (img.width // 2, geo.hex_center(hex_from_key(key))[1])
        assert img.getpixel(geo.hex_center(hex_from_key(key))) == TERRAIN_COLOURS[tile["terrain"]], key
        for ckey in mid_game["elements"]:
            if key in ckey.split("|"):
                x, y = geo.corner_center(ckey)
                r = round(ELEMENT_RADIUS * geo.scale)
                assert close(img.getpixel((x, y - r + 5)), ELEMENT_COLOURS[mid_game["elements"][ckey]])


def test_the_ap_being_resolved_stays_on_its_space(snapshots):
    from renderers.action_display import acting_space

    acting = [(what, after) for what, _, after in snapshots if acting_space(after)]
    assert acting
    for what, state in acting:
        row, index, animal = acting_space(state)
        img = draw_board(state)
        x, y = space_center(row, index)
        assert close(img.getpixel((x, y - SPACE_RADIUS + 5)), ANIMAL_COLOURS[animal]), what


def test_tiles_scored_this_turn_carry_a_dark_mark(mid_game):
    from renderers.layout import SCORED_DX, SCORED_DY, SCORED_RADIUS
    from renderers.palette import INK

    state = copy.deepcopy(mid_game)
    key = next(k for k, t in state["tiles"].items() if t["terrain"] != "tundra")
    state["scored"] = [key]
    img = draw_board(state)
    cx, cy = hex_center(key)
    mark = (cx + round(SCORED_DX * BOARD_EARTH.radius) - SCORED_RADIUS + 3, cy + round(SCORED_DY * BOARD_EARTH.radius))
    assert close(img.getpixel(mark), INK)
    assert not close(draw_board(mid_game).getpixel(mark), INK)


def test_the_tile_zoom_rings_the_corners_options_name(mid_game):
    from engine.geometry import corner_keys_of, key_label

    h = hex_from_key(next(iter(mid_game["tiles"])))
    corner = next(c for c in corner_keys_of(h) if c not in mid_game["elements"])
    img = draw_tile(mid_game, h, options=[f"corner:{key_label(corner)}"])
    plain = draw_tile(mid_game, h, options=())
    geo = tile_view_geometry(h)
    x, y = geo.corner_center(corner)
    r = round(ELEMENT_RADIUS * geo.scale)
    assert img.getpixel((x, y - r - 3)) != plain.getpixel((x, y - r - 3))


@pytest.mark.parametrize("row", ["speciation", "migration", "competition"])
def test_the_acting_tag_leaves_the_labels_under_the_spaces_readable(row):
    """Speciation's elements, Migration's counts and Competition's terrains are printed under
    the spaces: the tag that marks the acting AP must not cover them."""
    import random

    import engine
    from renderers.action_display import acting_space
    from renderers.board import draw_board
    from renderers.layout import SPACE_RADIUS, row_band, space_center
    from renderers.static import base_image

    for seed in range(1, 40):
        state = engine.new_game(4, seed)
        chooser = random.Random(seed)
        while (p := engine.prompt(state)) is not None and (acting_space(state) or ("",))[0] != row:
            engine.apply(state, p.seat, chooser.choice(p.options).id)
        if p is not None:
            break
    drawn, base = draw_board(state), base_image("en")
    for i in range(len(state["display"][row])):
        x, y = space_center(row, i)
        box = (x - 16, y + SPACE_RADIUS + 6, x + 16, row_band(row)[1] - 4)  # the label under space i (not the frame)
        assert drawn.crop(box).tobytes() == base.crop(box).tobytes(), (row, i)
