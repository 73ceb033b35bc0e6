"""The words of a review (words.review), in English and Hungarian: turning points with what was
played and the AI's alternative, a player's private part, the alt text within Discord's limit,
a refusal for every reason."""

from __future__ import annotations

import pytest

import words
from engine import record as rec
from engine.history import replay
from engine.phases import end_by_resignation
from engine.review import Budget, ReviewError, review
from engine.simulate import random_game
from words import review as rw


@pytest.fixture(scope="module")
def reviewed() -> dict:
    """A 2-player random game resigned after 36 moves, a clock's move among them."""
    _, moves = random_game(2, 3)
    setup = {"players": 2, "seed": 3}
    state = replay(setup, moves[:36])
    end_by_resignation(state, 1, 0)
    entries = [rec.RecordMove(s, o, by="clock" if i == 2 else "player") for i, (s, o) in enumerate(moves[:36])]
    return review(rec.build_record(setup, entries, final_state=state), Budget(game_units=1))


@pytest.mark.parametrize("lang", ["en", "hu"])
def test_turning_points_say_what_was_played_and_the_alternative(reviewed, lang):
    lines = rw.turning_points(reviewed, lang)
    assert len(lines) == len(reviewed["turning_points"]) >= 1
    for line, v in zip(lines, reviewed["turning_points"], strict=True):
        assert words.option({"text": v["played_text"]}, lang) in line
        assert words.option({"text": v["best_text"]}, lang) in line
        assert words.decimal(v["loss"], lang) in line and reviewed["seats"][v["seat"]]["name"] in line


@pytest.mark.parametrize("lang", ["en", "hu"])
def test_a_players_part_has_their_figures_and_costliest_decisions(reviewed, lang):
    for seat, s in enumerate(reviewed["seats"]):
        text = rw.seat_part(reviewed, seat, lang)
        assert words.decimal(s["loss_per_decision"], lang) in text and str(s["decisions"]) in text
        for v in s["costliest"]:
            assert words.option({"text": v["best_text"]}, lang) in text
        assert (words.ngettext("review.seat.made_for", s["made_for"], lang) in text) == bool(s["made_for"])
    assert any(s["made_for"] for s in reviewed["seats"])
    summary = rw.summary(reviewed, lang)
    assert summary[-2] == words.gettext("review.luck.shared_draws", lang)


@pytest.mark.parametrize("lang", ["en", "hu"])
def test_the_race_alt_text_fits_and_names_every_score(reviewed, lang):
    text = rw.race_alt(reviewed, lang)
    assert len(text) <= rw.ALT_LIMIT
    for a, vp in reviewed["result"]["scores"].items():
        assert words.gettext("alt.score", lang, animal=a, vp=vp) in text
    for k in range(len(reviewed["turning_points"])):
        assert rw.point_label(reviewed, k, lang) in text


@pytest.mark.parametrize("lang", ["en", "hu"])
def test_every_refusal_is_worded(lang):
    for reason in rw.REASONS:
        text = rw.error(ReviewError(reason, "move 3 does not replay"), lang)
        assert text and "review.error" not in text
    assert "move 3" in rw.error(ReviewError("replay", "move 3 does not replay"), lang)
