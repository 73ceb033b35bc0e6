"""What makes a picture quicker changes none of its pixels (issue 30): the colour reduction
before PNG encoding, the caches of panels, long texts and the zoom's empty hexes."""

from __future__ import annotations

import copy
import random

import pytest
from PIL import Image, ImageDraw

import engine
from engine.simulate import random_moves
from renderers import animals, draw_board, encoding, fonts, turn
from renderers.encoding import KNOWN, NEAR
from renderers.turn import draw_turn


def _old_to_palette(img: Image.Image) -> Image.Image:
    """The reduction as it was before issue 30, its pure-Python colour filter included: the
    reference the product's quick one must equal."""
    sample = img.reduce(2) if img.width * img.height > 200_000 else img
    octree = sample.quantize(256 - len(KNOWN), method=Image.Quantize.FASTOCTREE, dither=Image.Dither.NONE)
    flat = octree.getpalette() or []
    extra = []
    for i in range(0, len(flat), 3):
        c = tuple(flat[i:i + 3])
        if all(max(abs(a - b) for a, b in zip(c, k, strict=True)) > NEAR for k in KNOWN):
            extra.append(c)
    colours = (KNOWN + extra)[:256]
    pal = Image.new("P", (1, 1))
    pal.putpalette([v for c in colours for v in c] + [0] * (3 * (256 - len(colours))))
    return img.convert("RGB").quantize(palette=pal, dither=Image.Dither.NONE)


def _state(players: int, seed: int, decisions: int | None) -> dict:
    state = engine.new_game(players, seed)
    random_moves(state, random.Random(seed), limit=decisions)
    return state


#: Early, middle and late positions (None: the finished game) of a 2- and a 6-player game.
POSITIONS = [(2, 11, 30), (2, 11, 300), (2, 11, None), (6, 25, 40), (6, 25, 440), (6, 4, None)]


@pytest.mark.parametrize(("players", "seed", "decisions"), POSITIONS)
def test_the_quick_colour_reduction_gives_the_same_pixels_as_the_old_one(players, seed, decisions):
    state = _state(players, seed, decisions)
    for img in (draw_board(state), draw_turn(state)):
        new, old = encoding.to_palette(img), _old_to_palette(img)
        assert new.mode == old.mode == "P" and new.size == old.size
        assert new.getpalette() == old.getpalette()
        assert new.tobytes() == old.tobytes()  # every pixel's index into the same palette
        assert new.convert("RGB").tobytes() == old.convert("RGB").tobytes()


def test_pictures_drawn_from_the_caches_are_the_pictures_drawn_afresh():
    states = [_state(6, 25, n) for n in (200, 201, 202, 240)] + [_state(2, 11, 300)]
    first = [(draw_board(s, lang=lang).tobytes(), draw_turn(s, lang=lang).tobytes())
             for s in states for lang in ("en", "hu")]
    assert animals._PANELS and turn._empty_zoom.cache_info().currsize  # the caches were filled
    again = [(draw_board(s, lang=lang).tobytes(), draw_turn(s, lang=lang).tobytes())
             for s in states for lang in ("en", "hu")]
    assert again == first
    animals._PANELS.clear()
    turn._empty_zoom.cache_clear()
    fonts._long_mask.cache_clear()
    fonts._mask.cache_clear()
    fresh = [(draw_board(s, lang=lang).tobytes(), draw_turn(s, lang=lang).tobytes())
             for s in copy.deepcopy(states) for lang in ("en", "hu")]
    assert fresh == first


@pytest.mark.parametrize("anchor", ["la", "lm", "mm", "rm", "ls"])
def test_a_long_text_pasted_from_its_mask_is_the_text_freetype_draws(anchor):
    text = "Last: T22 Domination: Mammals dominate the desert at E4 and choose a card."
    assert len(text) > fonts.MASK_CACHE_CHARS
    for size, bold, xy in ((17, False, (14, 20)), (18, True, (300, 57)), (30, False, (500, 80))):
        drawn = Image.new("RGB", (1000, 120), (240, 230, 220))
        pasted = drawn.copy()
        ImageDraw.Draw(drawn).text(xy, text, font=fonts.font(size, bold), fill=(10, 20, 30), anchor=anchor)
        fonts.text(ImageDraw.Draw(pasted), xy, text, size, (10, 20, 30), anchor=anchor, bold=bold)
        assert pasted.tobytes() == drawn.tobytes()
    # between pixels, a long text is drawn by FreeType itself, as before
    drawn, pasted = Image.new("RGB", (1000, 60)), Image.new("RGB", (1000, 60))
    ImageDraw.Draw(drawn).text((10.5, 30.25), text, font=fonts.font(18), fill=(200, 200, 200), anchor=anchor)
    fonts.text(ImageDraw.Draw(pasted), (10.5, 30.25), text, 18, (200, 200, 200), anchor=anchor)
    assert pasted.tobytes() == drawn.tobytes()
