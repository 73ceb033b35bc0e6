"""The end-of-game image: size, the chart's colours, the winner, tie-breaks, old states."""

from __future__ import annotations

import copy
import io

import pytest
from PIL import Image

from engine.history import timeline
from engine.simulate import random_game
from renderers.chart import Series, draw_line_chart, nice_step
from renderers.layout import Box
from renderers.palette import ANIMAL_COLOURS, PAPER, ROW_ACTIVE
from renderers.story import SIZE, SPECIES_CHART, TABLE, VP_CHART, column_order, render_final


@pytest.fixture(scope="module", params=[(6, 4, False), (3, 5, True), (2, 1, False)], ids=str)
def ended(request):
    players, seed, multi = request.param
    state, moves = random_game(players, seed, multi_animal=multi)
    return state, timeline({"players": players, "seed": seed, "multi_animal": multi}, moves)


def _open(png: bytes) -> Image.Image:
    assert png[:8] == b"\x89PNG\r\n\x1a\n"
    img = Image.open(io.BytesIO(png))
    assert img.size == SIZE
    return img.convert("RGB")


def _count(img: Image.Image, box: Box, colour: tuple[int, int, int]) -> int:
    region = img.crop(box.tuple())
    return sum(n for n, c in region.getcolors(region.width * region.height) if c == colour)


def test_the_final_image_is_small_and_draws_every_animal_in_both_charts(ended):
    state, tl = ended
    png = render_final(state, tl)
    assert len(png) < 400_000
    img = _open(png)
    for a in state["animals"]:
        assert _count(img, VP_CHART, ANIMAL_COLOURS[a]) > 150, a  # its line and its pawn
        assert _count(img, SPECIES_CHART, ANIMAL_COLOURS[a]) > 100, a
        assert _count(img, TABLE, ANIMAL_COLOURS[a]) > 100, a  # the column's pawn


def test_the_winner_column_comes_first_and_is_marked(ended):
    state, tl = ended
    res = state["result"]
    order = column_order(state, res)
    assert order[0] in state["seats"][res["winner_seat"]]["animals"]
    assert sorted(order) == sorted(state["animals"])
    img = _open(render_final(state, tl))
    assert _count(img, TABLE, ROW_ACTIVE) > 2000


def test_a_tie_break_changes_the_header():
    state, moves = random_game(2, 1)
    tl = timeline({"players": 2, "seed": 1}, moves)
    plain = _open(render_final(state, tl))
    tied = copy.deepcopy(state)
    tied["result"]["tie_break"] = {"rule": "food_chain", "seats": [0, 1], "animals": list(tied["animals"]),
                                   "score": 50, "text": "Both tie on 50 VP; the higher on the food chain wins."}
    header = (0, 50, SIZE[0], 96)
    assert plain.crop(header).tobytes() != _open(render_final(tied, tl)).crop(header).tobytes()


def test_a_state_saved_before_vp_sources_and_tie_breaks_still_renders():
    state, moves = random_game(3, 2)
    tl = timeline({"players": 3, "seed": 2}, moves)
    for rec in state["animals"].values():
        del rec["vp_sources"]
    for key in ("tie_break", "scoring_animals"):
        del state["result"][key]
    _open(render_final(state, tl))


def test_nice_steps_and_pawns_inside_the_chart():
    assert [nice_step(v) for v in (5, 12, 60, 111, 143, 400, 9000)] == [1, 2, 10, 20, 25, 100, 2000]
    img = Image.new("RGB", (500, 220), PAPER)
    series = [Series(a, [0, 0, 1, 0]) for a in ANIMAL_COLOURS]  # six ends on one spot
    axes = draw_line_chart(img, Box(0, 0, 500, 220), series, title="t", x_label="x", y_label="y")
    assert axes.plot.top < axes.plot.bottom <= 220
    for a, colour in ANIMAL_COLOURS.items():
        pawns = img.crop((axes.plot.right, 0, 500, 220))
        assert any(c == colour for _, c in pawns.getcolors(500 * 220)), a
