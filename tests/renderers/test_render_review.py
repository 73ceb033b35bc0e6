"""The review's race picture: its size, every animal in both charts, the turning points marked
where the deciding animal's estimate stands, the turn axis, both languages, no turning point."""

from __future__ import annotations

import copy
import io

import pytest
from PIL import Image

from engine import record as rec
from engine.history import replay
from engine.phases import end_by_resignation
from engine.review import Budget, review
from engine.simulate import random_game
from renderers.palette import ANIMAL_COLOURS, INK
from renderers.review import (
    ESTIMATE_CHART,
    MARK_RADIUS,
    SIZE,
    VP_CHART,
    by_turn,
    charts,
    draw_race,
    mark_at,
    render_race,
    x_of,
)


@pytest.fixture(scope="module")
def reviewed() -> dict:
    """A 3-player random game resigned after 40 moves, reviewed by the ranking alone."""
    _, moves = random_game(3, 6)
    setup = {"players": 3, "seed": 6}
    state = replay(setup, moves[:40])
    end_by_resignation(state, 1, 0)
    return review(rec.build_record(setup, moves[:40], final_state=state), Budget(game_units=1))


def _count(img: Image.Image, box, colour) -> int:
    region = img.crop(box.tuple())
    return sum(n for n, c in region.getcolors(region.width * region.height) if c == colour)


@pytest.mark.parametrize("lang", ["en", "hu"])
def test_the_race_picture_draws_every_animal_in_both_charts(reviewed, lang):
    png = render_race(reviewed, lang=lang)
    assert png[:8] == b"\x89PNG\r\n\x1a\n" and len(png) < 400_000
    img = Image.open(io.BytesIO(png)).convert("RGB")
    assert img.size == SIZE
    for a in reviewed["result"]["scores"]:
        assert _count(img, VP_CHART, ANIMAL_COLOURS[a]) > 150, a
        assert _count(img, ESTIMATE_CHART, ANIMAL_COLOURS[a]) > 150, a


def test_turning_points_are_marked_on_the_deciding_animals_estimate(reviewed):
    assert reviewed["turning_points"]
    img = draw_race(reviewed)
    _, estimate = charts(img.copy(), reviewed, "en")
    for k, v in enumerate(reviewed["turning_points"]):
        x, y = mark_at(reviewed, k)
        after = next(p for p in reviewed["race"]["points"] if p["move"] > v["move"])
        assert y == max(0.0, after["estimate"][v["animal"]])
        # the disc, left of its number
        assert img.getpixel((round(estimate.x(x)) - MARK_RADIUS + 5, round(estimate.y(y)))) == INK
    bare = copy.deepcopy(reviewed)
    bare["turning_points"] = []
    plain = draw_race(bare)
    x, y = mark_at(reviewed, 0)
    around = (round(estimate.x(x)) - MARK_RADIUS, round(estimate.y(y)) - MARK_RADIUS,
              round(estimate.x(x)) + MARK_RADIUS, round(estimate.y(y)) + MARK_RADIUS)
    assert plain.crop(around).tobytes() != img.crop(around).tobytes()


def test_the_turn_axis_puts_each_turn_between_its_starts(reviewed):
    starts, moves = reviewed["race"]["turn_starts"], reviewed["moves"]
    assert [x_of(s, starts, moves) for s in starts] == list(range(len(starts)))
    assert x_of(moves, starts, moves) == len(starts) if starts[-1] < moves else len(starts) - 1
    turns = by_turn(reviewed)
    assert turns[0]["move"] == 0 and turns[-1]["vp"] == reviewed["result"]["scores"]
