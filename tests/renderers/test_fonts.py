"""Every name is drawn with real glyphs: Latin with accents, Greek, Cyrillic, Hungarian, CJK,
Hebrew and Arabic (right to left) and emoji; a character no shipped font has becomes a small
ring, never a box."""

from __future__ import annotations

import pytest
from PIL import Image, ImageChops, ImageDraw, ImageFont

from renderers import fonts
from renderers.cmap import codepoints

NAMES = ["Zoë", "José", "Bøb", "Ödön Győző", "Űrsula", "Αλέξανδρος", "Дмитрий", "名字", "ゆうき",
         "김민준", "王小明", "😀 Ann", "🎲🐍🔥", "Jose\u0301", "👍🏽 Kim", "Łukasz Żółć", "Çağrı", "Nguyễn",
         "דוד כהן", "محمد علي", "Ann שרה"]
#: A private-use code point: no shipped font maps it, so FreeType draws .notdef for it.
NOTDEF = "\ue000"


def ink(img: Image.Image) -> Image.Image:
    return img.point(lambda v: 255 if v < 128 else 0)


def glyph(font: ImageFont.FreeTypeFont, ch: str) -> Image.Image:
    img = Image.new("L", (80, 80), 255)
    ImageDraw.Draw(img).text((10, 10), ch, font=font, fill=0)
    return ink(img)


@pytest.mark.parametrize("name", NAMES)
def test_every_character_of_a_name_has_a_glyph_in_the_font_chosen_for_it(name):
    files = {fonts.LATIN: [fonts.REGULAR], fonts.HAN: [fonts.CJK], fonts.EMOJI_RUN: [fonts.EMOJI],
             fonts.RTL: [fonts.HEBREW, fonts.ARABIC]}
    for kind, run in fonts.runs(fonts.clean(name)):
        assert kind != fonts.MISSING, (name, run)
        for ch in run:
            assert any(ord(ch) in codepoints(f) for f in files[kind]), (name, ch)


@pytest.mark.parametrize("name", NAMES)
def test_no_character_is_drawn_as_the_notdef_box(name):
    for kind, run in fonts.runs(fonts.clean(name)):
        for ch in run.replace(" ", ""):
            if kind == fonts.EMOJI_RUN:
                mask = fonts.emoji_mask(ch, 40)
                # a picture, not an outline: most of its box is inked
                assert mask.getextrema()[1] > 100, ch
                assert sum(mask.histogram()[61:]) > 0.25 * mask.width * mask.height, ch
                continue
            if kind == fonts.RTL:
                face = fonts._rtl_run(ch, 40, False)[0]
            else:
                face = fonts.font(40) if kind == fonts.LATIN else fonts._cjk(40)
            drawn, notdef = glyph(face, ch), glyph(face, NOTDEF)
            assert drawn.getbbox() is not None, ch
            assert ImageChops.difference(drawn, notdef).getbbox() is not None, ch


def test_a_mixed_name_draws_on_one_line_and_measures_its_runs():
    img = Image.new("RGB", (600, 60), (255, 255, 255))
    d = ImageDraw.Draw(img)
    fonts.text(d, (10, 30), "Ann 名字 😀 Zoë", 24, (0, 0, 0), anchor="lm", bold=True)
    box = ink(img.convert("L")).getbbox()
    assert box is not None
    left, top, right, bottom = box
    assert abs(right - left - fonts.width("Ann 名字 😀 Zoë", 24, bold=True)) < 12
    assert bottom - top < 40  # one line, all runs on the same baseline


def test_a_script_we_do_not_ship_becomes_a_ring_not_a_box():
    assert [k for k, _ in fonts.runs("กข")] == [fonts.MISSING, fonts.MISSING]  # Thai
    img = Image.new("L", (100, 60), 255)
    fonts.text(ImageDraw.Draw(img), (10, 30), "ก", 30, 0, anchor="lm")
    x0, y0, x1, y1 = ink(img).getbbox()
    cx, cy = (x0 + x1) // 2, (y0 + y1) // 2
    assert img.getpixel((cx, cy)) == 255  # hollow ring: the middle stays blank


def test_clean_composes_accents_and_drops_invisible_characters():
    assert fonts.clean("Jose\u0301") == "José"
    assert fonts.clean("A\u200db\ufe0f\x07") == "Ab"
    assert fonts.clean("👍🏽") == "👍"  # a skin tone alone would draw as a coloured square


def test_fit_cuts_mixed_names_to_width():
    s = fonts.fit("名字名字名字名字名字名字 Zoë", 18, 120)
    assert s.endswith("...") and fonts.width(s, 18) <= 120


def test_the_fonts_ship_with_their_licence():
    assert (fonts.FONT_DIR / "OFL.txt").read_text().startswith("SIL Open Font License")
    total = sum(p.stat().st_size for p in fonts.FONT_DIR.iterdir())
    assert total < 8_000_000


def test_a_hebrew_name_reads_right_to_left_and_an_arabic_one_is_joined():
    """Its words in one run, set from the right: what the Hebrew face draws for the reversed
    characters; Arabic letters joined (not the letters' isolated forms set side by side)."""
    from PIL import features

    name = "דוד כהן"
    assert fonts.runs(name) == ((fonts.RTL, name),)
    img = Image.new("L", (300, 60), 255)
    fonts.text(ImageDraw.Draw(img), (10, 40), name, 28, 0, anchor="ls")
    plain = ImageFont.truetype(str(fonts.HEBREW), 28, layout_engine=ImageFont.Layout.BASIC)
    want = Image.new("L", (300, 60), 255)
    ImageDraw.Draw(want).text((10, 40), name[::-1], font=plain, fill=0, anchor="ls")
    assert ImageChops.difference(img, want).getbbox() is None
    if features.check("raqm"):
        arabic = "محمد"
        joined = Image.new("L", (300, 60), 255)
        fonts.text(ImageDraw.Draw(joined), (10, 40), arabic, 28, 0, anchor="ls")
        plain = ImageFont.truetype(str(fonts.ARABIC), 28, layout_engine=ImageFont.Layout.BASIC)
        isolated = Image.new("L", (300, 60), 255)
        ImageDraw.Draw(isolated).text((10, 40), arabic[::-1], font=plain, fill=0, anchor="ls")
        assert ink(joined).getbbox() is not None and ImageChops.difference(joined, isolated).getbbox() is not None
