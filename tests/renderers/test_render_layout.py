"""Layout rules the picture depends on: legibility, the palette, nothing overlapping."""

from __future__ import annotations

import itertools

import pytest

from engine.data import ACTION_ROWS, ELEMENTS, FOOD_CHAIN, TERRAINS
from engine.geometry import BOARD_HEXES
from renderers import fonts
from renderers.board import TILE_VIEW_RADIUS
from renderers.earth import fit_badges
from renderers.layout import (
    BADGE_ROW_MAX,
    BADGE_ROWS_DY,
    BOX_LEFT,
    DISPLAY,
    EARTH,
    ELEMENT_RADIUS,
    HEX_RADIUS,
    LABEL_DY,
    SIZE,
    SPACE_RADIUS,
    TERRAIN_NAME_DY,
    badge_rows_width,
    hex_center,
    space_center,
)
from renderers.palette import ANIMAL_COLOURS, ANIMAL_LETTERS, ELEMENT_COLOURS, ELEMENT_GLYPHS, TERRAIN_COLOURS


def test_no_text_is_smaller_than_14px():
    assert fonts.font(9).size == 14
    assert fonts.MIN_SIZE == 14


def test_every_animal_and_element_has_a_unique_letter_and_colour():
    assert set(ANIMAL_LETTERS) == set(FOOD_CHAIN) == set(ANIMAL_COLOURS)
    assert len(set(ANIMAL_LETTERS.values())) == 6
    assert len(set(ANIMAL_COLOURS.values())) == 6
    assert set(ELEMENT_GLYPHS) == set(ELEMENTS) == set(ELEMENT_COLOURS)
    assert len(set(ELEMENT_GLYPHS.values())) == 6
    assert len(set(ELEMENT_COLOURS.values())) == 6
    assert set(TERRAIN_COLOURS) == set(TERRAINS)


def test_every_hex_lies_inside_the_earth_panel():
    for h in BOARD_HEXES:
        x, y = hex_center(h)
        assert EARTH.left + HEX_RADIUS <= x <= EARTH.right - HEX_RADIUS
        assert EARTH.top + HEX_RADIUS * 0.86 <= y <= EARTH.bottom - HEX_RADIUS * 0.86


def test_every_action_space_lies_in_the_display_left_of_the_boxes():
    for row in ACTION_ROWS:
        for i in range(row.spaces):
            x, y = space_center(row.name, i)
            assert DISPLAY.left < x - SPACE_RADIUS and x + SPACE_RADIUS < BOX_LEFT
            assert DISPLAY.top < y < DISPLAY.bottom
    with pytest.raises(ValueError):
        space_center("initiative", 1)


def test_labels_badges_and_corner_discs_do_not_overlap():
    # The label's two lines end above the top row of badges ...
    badge_top = BADGE_ROWS_DY[0] - 23 / 2 - 1
    for terrain in TERRAINS:
        _, top, _, bottom = fonts.font(15).getbbox(terrain, anchor="mm")
        assert TERRAIN_NAME_DY + bottom < badge_top, terrain
        assert LABEL_DY + fonts.font(19).getbbox("C4", anchor="mm")[3] < TERRAIN_NAME_DY + top
    # ... and a full row of badges stays clear of the discs on the E and W corners.
    assert BADGE_ROW_MAX / 2 < HEX_RADIUS - ELEMENT_RADIUS


@pytest.mark.parametrize("endangered", [False, True])
def test_six_animals_with_35_species_each_fit_a_tile(endangered):
    # 35 is the most cubes an animal has when six animals play.
    for count in (1, 9, 12, 35):
        for scale in (1.0, TILE_VIEW_RADIUS / HEX_RADIUS):
            _, widths = fit_badges([(a, count, endangered) for a in FOOD_CHAIN], scale)
            assert badge_rows_width(widths, scale) <= BADGE_ROW_MAX * scale, (count, scale)


def test_the_picture_is_1600_wide():
    assert SIZE[0] == 1600
    for a, b in itertools.combinations([EARTH, DISPLAY], 2):
        assert a.right <= b.left


def test_the_dominance_cone_sits_inside_its_tile_clear_of_the_badges():
    from renderers.layout import BADGE_H, CONE_DY, CONE_DY_ONE_ROW

    half_cone = 28 / 2
    assert BADGE_ROWS_DY[0] + BADGE_H / 2 < CONE_DY_ONE_ROW - half_cone  # below the one row
    assert BADGE_ROWS_DY[1] + BADGE_H / 2 < CONE_DY - half_cone  # below the second row
    inner = HEX_RADIUS * 3 ** 0.5 / 2
    assert CONE_DY + half_cone < inner - 8  # and well above the tile's bottom edge


@pytest.mark.parametrize("lang", ["en", "hu"])
def test_the_legend_is_three_lines_of_larger_type(lang):
    """The board's legend in three lines (it was four) of 19 px words (they were 16), each line
    within the board's width: what still reads when Discord shrinks the board."""
    from PIL import Image

    from renderers.layout import FOOTER, FOOTER_FACTS_Y
    from renderers.legend import draw_static

    img = Image.new("RGB", SIZE, (255, 255, 255))
    with fonts.recording() as drawn:
        draw_static(img, lang)
    below = [(box, text) for _, _, box, text in drawn if box[1] > FOOTER_FACTS_Y + 12 and box[3] <= FOOTER.bottom]
    lines = sorted({round((box[1] + box[3]) / 2 / 20) for box, _ in below})
    assert len(lines) == 3, lines
    assert max(box[2] for box, _ in below) <= SIZE[0] - 8
    for name in ("grass", "water", "sea 9·5·3·2") if lang == "en" else ("fű", "víz"):
        (box,) = [box for box, text in below if text == name]
        assert box[3] - box[1] >= fonts.font(19).getbbox(name)[3] - fonts.font(19).getbbox(name)[1], name
