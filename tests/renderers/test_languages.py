"""Pictures in English and Hungarian: every drawn word in the picture's language, and a layout
that holds for the longer Hungarian words (no text runs off its picture or over another)."""

from __future__ import annotations

import copy
import random
from collections.abc import Callable

import pytest

import engine
from engine.history import timeline
from engine.simulate import random_game
from renderers import board, fonts
from renderers.board import draw_board, draw_tile
from renderers.story import draw_final
from renderers.turn import draw_turn

State = dict


def _states() -> list[State]:
    """Moments of seeded 6- and 2-player games: every phase, many kinds of prompt, the end."""
    out = []
    for players, seed in ((6, 3), (2, 7)):
        state = engine.new_game(players, seed)
        chooser = random.Random(seed)
        for i in range(3000):
            p = engine.prompt(state)
            if p is None:
                break
            engine.apply(state, p.seat, chooser.choice(p.options).id)
            if i % 61 == 0:
                out.append(copy.deepcopy(state))
        out.append(state)
    return out


STATES = _states()


def _drawn(draw: Callable[..., object], state: State, lang: str, **kwargs) -> list[fonts.Drawn]:
    board.base_image.cache_clear()  # the static layer's texts are drawn (and checked) again
    with fonts.recording() as drawn:
        draw(state, lang=lang, **kwargs)
    return drawn


def _problems(drawn: list[fonts.Drawn]) -> list[str]:
    """Texts off their image, and texts over another text on the same image (2 px of slack)."""
    found = []
    for image, size in {(d[0], d[1]) for d in drawn}:
        boxes = [(box, text) for i, _, box, text in drawn if i == image]
        for (x0, y0, x1, y1), text in boxes:
            if x0 < -1 or y0 < -1 or x1 > size[0] + 1 or y1 > size[1] + 1:
                found.append(f"{text!r} runs off its {size} image")
        for i, (a, s) in enumerate(boxes):
            for b, t in boxes[i + 1:]:
                if a == b and s == t:
                    continue  # the very same text drawn twice in one place (a redrawn label)
                if min(a[2], b[2]) - max(a[0], b[0]) > 2 and min(a[3], b[3]) - max(a[1], b[1]) > 2:
                    found.append(f"{s!r} overlaps {t!r}")
    return found


@pytest.mark.parametrize("lang", ["en", "hu"])
def test_no_text_runs_off_or_over_another_on_the_board_and_turn_picture(lang):
    problems = []
    for state in STATES:
        problems += _problems(_drawn(draw_board, state, lang))
        problems += _problems(_drawn(draw_turn, state, lang))
    assert problems == []


@pytest.mark.parametrize("lang", ["en", "hu"])
def test_no_text_runs_off_or_over_another_on_a_tile(lang):
    state = STATES[len(STATES) // 3]
    for key in list(state["tiles"])[:6]:
        assert _problems(_drawn(draw_tile, state, lang, at=key)) == []


def test_the_hungarian_pictures_draw_no_english_word():
    """What a Hungarian picture shares with the English one is names, numbers and the terms
    that are the same in both (Wanderlust, tundra)."""
    state = STATES[3]
    for draw in (draw_board, draw_turn):
        english = {t for *_, t in _drawn(draw, state, "en")}
        hungarian = {t for *_, t in _drawn(draw, state, "hu")}
        shared = {t for t in english & hungarian if any(c.isalpha() for c in t)}
        names = {s["name"] for s in state["seats"]}
        allowed = {t for t in shared if any(n in t for n in names) or t.endswith("VP")
                   or t.split()[0] in ("Wanderlust", "tundra") or len(t) <= 2}
        assert shared - allowed == set(), draw.__name__
        assert "AKCIÓTÁBLA" in hungarian or draw is draw_turn


@pytest.mark.parametrize("players, seed, multi", [(6, 4, False), (3, 5, True)])
def test_the_end_of_game_image_fits_in_both_languages(players, seed, multi):
    state, moves = random_game(players, seed, multi_animal=multi)
    tl = timeline({"players": players, "seed": seed, "multi_animal": multi}, moves)
    for lang in ("en", "hu"):
        drawn = _drawn(lambda st, lang: draw_final(st, tl, lang=lang), state, lang)
        assert _problems(drawn) == []
        said = {t for *_, t in drawn}
        assert ("VP forrásonként" in said) == (lang == "hu") and ("VP by source" in said) == (lang == "en")


@pytest.mark.parametrize("lang, head", [("en", "Domination scores"), ("hu", "Domináció pontjai:")])
def test_a_tile_zoom_says_what_its_terrain_scores(lang, head):
    """The zoom's header words the terrain's Domination scores (it once fell back to the raw key;
    the tests here word strictly, see conftest.py)."""
    from engine.data import TILE_SCORING

    state = STATES[len(STATES) // 3]
    for key, tile in list(state["tiles"].items())[:3]:
        said = {t for *_, t in _drawn(draw_tile, state, lang, at=key)}
        assert f"{head} {' / '.join(map(str, TILE_SCORING[tile['terrain']]))}" in said, said


def test_the_end_of_game_image_says_why_the_game_ended():
    from engine.data import TURN_LIMIT

    state, moves = random_game(2, 7)
    tl = timeline({"players": 2, "seed": 7, "multi_animal": False}, moves)
    ice_age = "Ice Age" in state["cards_taken"]
    said = " ".join(t for *_, t in _drawn(lambda st, lang: draw_final(st, tl, lang=lang), state, "en"))
    assert ("ended by the Ice Age" in said) == ice_age and (f"ended at the {TURN_LIMIT}-turn limit" in said) != ice_age
    capped = copy.deepcopy(state)
    capped["cards_taken"] = [c for c in capped["cards_taken"] if c != "Ice Age"]
    for lang, words_ in (("en", f"ended at the {TURN_LIMIT}-turn limit"), ("hu", f"a {TURN_LIMIT} körös határnál")):
        said = " ".join(t for *_, t in _drawn(lambda st, lang: draw_final(st, tl, lang=lang), capped, lang))
        assert words_ in said, said


@pytest.mark.parametrize("lang, said", [("en", "The past: after 12 of 40 moves"),
                                        ("hu", "Múltbeli állás: 40 lépésből 12 után")])
def test_a_past_board_says_which_move_of_how_many_it_shows(lang, said):
    """/ds history's picture (and the playground's history) is of the past, and says so."""
    state = STATES[2]
    past = {t for *_, t in _drawn(draw_board, state, lang, past=(12, 40))}
    assert said in past
    assert said not in {t for *_, t in _drawn(draw_board, state, lang)}


@pytest.mark.parametrize("lang", ["en", "hu"])
def test_the_end_of_game_sources_are_never_cut(lang):
    """A long Hungarian source ("Ökológiai fülkék (kártya)") goes on two lines; it was cut."""
    import words
    from engine import vp

    for players, seed in ((6, 4), (4, 3)):
        state, moves = random_game(players, seed)
        tl = timeline({"players": players, "seed": seed, "multi_animal": False}, moves)
        said = [t for *_, t in _drawn(lambda st, lang, tl=tl: draw_final(st, tl, lang=lang), state, lang)]
        for source in vp.sources_used(state):
            label = words.vp_source(source, lang)
            whole = label in said or any(f"{a} {b}" == label for a, b in zip(said, said[1:], strict=False))
            assert whole, (label, [t for t in said if t.endswith("...")])
