"""Text in any script a Discord name may use, from fonts shipped in ``renderers/fonts/``.

Noto Sans (regular and bold) sets everything; a character it lacks falls back, one
character at a time, to a Noto Sans CJK subset, to Noto Sans Hebrew or Arabic (a run of those
is laid out right to left, Arabic joined, by Pillow's Raqm layout where it has one), then to a
Noto Color Emoji subset (drawn as a one-colour glyph in the text colour), then to a small
circle, never to an empty box.
``scripts/build_fonts.py`` rebuilds the files; ``fonts/OFL.txt`` is their licence.
"""

from __future__ import annotations

import unicodedata
from collections.abc import Iterator
from contextlib import contextmanager
from functools import cache, lru_cache
from pathlib import Path
from typing import Any

from cachetools import LRUCache, cached
from PIL import Image, ImageDraw, ImageFont, features

from renderers.cmap import codepoints

#: The smallest text on a 1600 px wide board: still readable on a phone when zoomed.
MIN_SIZE = 14

FONT_DIR = Path(__file__).resolve().parent / "fonts"
REGULAR = FONT_DIR / "NotoSans-Regular.ttf"
BOLD = FONT_DIR / "NotoSans-Bold.ttf"
CJK = FONT_DIR / "NotoSansCJK-Subset.otf"
EMOJI = FONT_DIR / "NotoColorEmoji-Subset.ttf"
HEBREW = FONT_DIR / "NotoSansHebrew-Regular.ttf"
HEBREW_BOLD = FONT_DIR / "NotoSansHebrew-Bold.ttf"
ARABIC = FONT_DIR / "NotoSansArabic-Regular.ttf"
#: Colour emoji fonts hold bitmaps of one size only.
EMOJI_STRIKE = 109

#: Texts up to this long have their rendered masks cached (labels, names, numbers).
MASK_CACHE_CHARS = 40
#: The bytes of those masks kept (least recently used out first): a mask is 0.1-20 KB.
MASK_BYTES = 4 * 2**20
#: Longer texts drawn at whole pixels (questions, long option labels, log lines) are cached
#: too, fewer of them: a question comes back from post to post, a log line does not.
LONG_MASK_BYTES = 2 * 2**20
#: Colour emoji in names, as one-colour masks.
EMOJI_BYTES = 2**20

# Kinds of run, in fallback order.
LATIN, HAN, RTL, EMOJI_RUN, MISSING = "latin", "cjk", "rtl", "emoji", "missing"
Run = tuple[str, str]  # (kind, text)


@cache
def font(size: int, bold: bool = False) -> ImageFont.FreeTypeFont:
    """Noto Sans at ``size`` px (never below MIN_SIZE)."""
    return ImageFont.truetype(str(BOLD if bold else REGULAR), max(MIN_SIZE, size))


@cache
def _cjk(size: int) -> ImageFont.FreeTypeFont:
    return ImageFont.truetype(str(CJK), max(MIN_SIZE, size))


@cache
def _rtl(size: int, bold: bool, arabic: bool) -> ImageFont.FreeTypeFont:
    """Noto Sans Arabic or Hebrew, laid out by Raqm (bidi, Arabic joining) when Pillow has it."""
    path = ARABIC if arabic else (HEBREW_BOLD if bold else HEBREW)
    engine = ImageFont.Layout.RAQM if features.check("raqm") else ImageFont.Layout.BASIC
    return ImageFont.truetype(str(path), max(MIN_SIZE, size), layout_engine=engine)


def _rtl_run(run: str, size: int, bold: bool) -> tuple[ImageFont.FreeTypeFont, str, str | None]:
    """The font for a right-to-left run, the text to give it, and how to lay it out: without
    Raqm the characters are reversed (Hebrew then reads right; Arabic unjoined, but readable)."""
    hebrew = _coverage()[3]
    face = _rtl(size, bold, any(kind_of(c) == RTL and ord(c) not in hebrew for c in run))
    if face.layout_engine == ImageFont.Layout.RAQM:
        return face, run, "rtl"
    return face, run[::-1], None


@cache
def _coverage() -> tuple[frozenset[int], frozenset[int], frozenset[int], frozenset[int], frozenset[int]]:
    # Regular and bold Noto Sans (and Noto Sans Hebrew) map the same characters.
    return codepoints(REGULAR), codepoints(CJK), codepoints(EMOJI), codepoints(HEBREW), codepoints(ARABIC)


def kind_of(ch: str) -> str:
    """Which font draws ``ch``: LATIN (Noto Sans), HAN (CJK), RTL (Hebrew, Arabic), EMOJI_RUN
    or MISSING."""
    latin, han, emoji, hebrew, arabic = _coverage()
    cp = ord(ch)
    if cp in latin:
        return LATIN
    if cp in han:
        return HAN
    if cp in hebrew or cp in arabic:
        return RTL
    if cp in emoji:
        return EMOJI_RUN
    return MISSING


def clean(s: str) -> str:
    """Composed form (``e`` + combining acute becomes ``é``, which the font draws as one
    glyph) without control and format characters (zero-width joiners, variation selectors)
    and skin-tone modifiers, which only change the emoji before them: alone, they would be
    drawn as boxes or coloured squares."""
    s = unicodedata.normalize("NFC", s)
    return "".join(c for c in s if unicodedata.category(c) not in ("Cc", "Cf")
                   and c != "\ufe0f" and not 0x1F3FB <= ord(c) <= 0x1F3FF)


#: ``safe`` is the old name: names are no longer cut down to Latin-1.
safe = clean


#: What an entry of the widths or the runs holds, text and key and bookkeeping (about half a KB,
#: measured with tracemalloc).
SMALL_ENTRY_BYTES = 500


@lru_cache(maxsize=4096)
def runs(s: str) -> tuple[Run, ...]:
    """``s`` split into runs that one font draws (emoji and missing characters one each)."""
    out: list[Run] = []
    for ch in s:
        k = kind_of(ch)
        if out and out[-1][0] == k and k in (LATIN, HAN, RTL):
            out[-1] = (k, out[-1][1] + ch)
        elif k == RTL and len(out) >= 2 and out[-2][0] == RTL and out[-1][1].isspace():
            # words of one right-to-left name are one run, so they read right to left
            out[-2:] = [(RTL, out[-2][1] + out[-1][1] + ch)]
        else:
            out.append((k, ch))
    return tuple(out)


def _single(s: str) -> bool:
    return _coverage()[0].issuperset(map(ord, s))


def _run_width(kind: str, text: str, size: int, bold: bool) -> float:
    if kind == LATIN:
        return font(size, bold).getlength(text)
    if kind == HAN:
        return _cjk(size).getlength(text)
    if kind == RTL:
        face, shown, direction = _rtl_run(text, size, bold)
        return face.getlength(shown, direction=direction)
    return round(size * (1.15 if kind == EMOJI_RUN else 0.8))


@lru_cache(maxsize=4096)
def width(text: str, size: int, bold: bool = False) -> float:
    """How wide ``text`` is set (remembered: a picture measures the same names and labels
    again and again, and FreeType lays a text out anew each time)."""
    if _single(text):
        return font(size, bold).getlength(text)
    return sum(_run_width(k, t, size, bold) for k, t in runs(text))


def image_bytes(img: Image.Image | None) -> int:
    """What a picture holds in memory: Pillow keeps RGB as four bytes a pixel, L as one."""
    if img is None:
        return 0
    return img.width * img.height * (1 if img.mode in ("1", "L", "P") else 4)


def _mask_bytes(kept: tuple[Image.Image | None, int, int]) -> int:
    return image_bytes(kept[0]) + 200


_MASKS: LRUCache[Any, tuple[Image.Image | None, int, int]] = LRUCache(MASK_BYTES, getsizeof=_mask_bytes)
_LONG_MASKS: LRUCache[Any, tuple[Image.Image | None, int, int]] = LRUCache(LONG_MASK_BYTES, getsizeof=_mask_bytes)
_EMOJI: LRUCache[Any, Image.Image] = LRUCache(EMOJI_BYTES, getsizeof=lambda img: image_bytes(img) + 200)


@cached(_EMOJI, info=True)
def emoji_mask(ch: str, size: int) -> Image.Image:
    """The colour emoji ``ch`` as an ``L`` mask of ``size`` px: its shape at 45% ink and its
    dark details at full ink, so a face keeps its eyes when drawn in one colour."""
    big = ImageFont.truetype(str(EMOJI), EMOJI_STRIKE)
    # whole pixels without a stroke (Pillow types the box as floats for a fractional one)
    left, top, right, bottom = (int(v) for v in big.getbbox(ch))
    img = Image.new("RGBA", (max(1, right - left), max(1, bottom - top)), (0, 0, 0, 0))
    ImageDraw.Draw(img).text((-left, -top), ch, font=big, embedded_color=True)
    alpha = img.getchannel("A")
    light = img.convert("L")
    # ink = alpha * (0.45 + 0.55 * darkness)
    ink = Image.eval(light, lambda v: round(255 * (0.45 + 0.55 * (255 - v) / 255)))
    mask = Image.new("L", img.size, 0)
    mask.paste(ink, (0, 0), alpha)
    w = max(1, round(size * img.width / img.height))
    return mask.resize((w, size), Image.Resampling.LANCZOS)


def _draw_mask(s: str, size: int, bold: bool, anchor: str) -> tuple[Image.Image | None, int, int]:
    """The text's anti-aliased coverage and where its top-left sits relative to the anchor."""
    # whole pixels without a stroke (Pillow types the box as floats for a fractional one)
    left, top, right, bottom = (int(v) for v in font(size, bold).getbbox(s, anchor=anchor))
    if right <= left or bottom <= top:
        return None, 0, 0
    mask = Image.new("L", (right - left, bottom - top), 0)
    ImageDraw.Draw(mask).text((-left, -top), s, font=font(size, bold), fill=255, anchor=anchor)
    return mask, left, top


_mask = cached(_MASKS, info=True)(_draw_mask)
_long_mask = cached(_LONG_MASKS, info=True)(_draw_mask)


def caches() -> list[dict[str, Any]]:
    """The text caches of this process (``bench/memory.py``, the host's metrics).  Widths and runs
    are small and alike (a float or a few strings by their text), so their
    bound in entries is one in bytes."""
    out = []
    kept = (("fonts.masks", _mask.cache_info(), _MASKS), ("fonts.long_masks", _long_mask.cache_info(), _LONG_MASKS),
            ("fonts.emoji", emoji_mask.cache_info(), _EMOJI))
    for name, info, held in kept:
        out.append({"name": name, "entries": len(held), "bytes": held.currsize, "bound": held.maxsize,
                    "hits": info.hits, "misses": info.misses})
    for name, small in (("fonts.widths", width.cache_info()), ("fonts.runs", runs.cache_info())):
        out.append({"name": name, "entries": small.currsize, "bytes": small.currsize * SMALL_ENTRY_BYTES,
                    "bound": (small.maxsize or 0) * SMALL_ENTRY_BYTES, "hits": small.hits, "misses": small.misses})
    return out


def _baseline(y: float, anchor: str, size: int, bold: bool) -> float:
    """The baseline for ``anchor``'s vertical part, from Noto Sans's metrics, so runs of
    other fonts sit on the same line as the Latin text would."""
    ascent, descent = font(size, bold).getmetrics()
    v = anchor[1]
    if v == "a":
        return y + ascent
    if v == "m":
        return y + (ascent - descent) / 2
    if v == "d":
        return y - descent
    if v == "t":  # top of the text itself: the cap height is close enough for a mixed line
        return y + size * 0.73
    return y  # "s": baseline


#: A drawn text: which image it went on (an id), that image's size, its ink box there, the text.
Drawn = tuple[int, tuple[int, int], tuple[float, float, float, float], str]
_recorded: list[Drawn] | None = None
_images: list[object] = []  # the images drawn on while recording, kept so that no id is reused


def is_recording() -> bool:
    """Whether texts are being recorded: a picture cached whole would not record its texts."""
    return _recorded is not None


@contextmanager
def recording() -> Iterator[list[Drawn]]:
    """Every text drawn meanwhile, with its ink box: the tests check with it that no text runs
    off its picture or over another (longer Hungarian words must still fit)."""
    global _recorded
    _recorded = []
    try:
        yield _recorded
    finally:
        _recorded = None
        _images.clear()


def _record(draw: ImageDraw.ImageDraw, xy: tuple[float, float], s: str, size: int, anchor: str, bold: bool) -> None:
    if _recorded is None or not s.strip():
        return
    left, top, right, bottom = font(size, bold).getbbox(s, anchor=anchor)
    if not _single(s):  # other fonts join in: the width is theirs too
        start = {"l": 0, "m": -width(s, size, bold) / 2, "r": -width(s, size, bold)}.get(anchor[0], 0)
        left, right = start, start + width(s, size, bold)
    _images.append(draw.im)
    _recorded.append((id(draw.im), draw.im.size, (xy[0] + left, xy[1] + top, xy[0] + right, xy[1] + bottom), s))


def text(
    draw: ImageDraw.ImageDraw,
    xy: tuple[float, float],
    s: str,
    size: int,
    fill: tuple[int, int, int],
    *,
    anchor: str = "la",
    bold: bool = False,
) -> None:
    """Draw ``s`` with Noto Sans (``bold``: its bold face), falling back per character."""
    _record(draw, xy, s, size, anchor, bold)
    if _single(s):
        short = len(s) <= MASK_CACHE_CHARS
        if getattr(draw, "mode", None) == "RGB" and (short or all(float(v).is_integer() for v in xy)):
            # A board repeats most of its texts: paste a cached coverage mask instead of
            # asking FreeType again (rasterising is most of a board's drawing time).  A long
            # text is pasted only at a whole pixel, where its mask is what FreeType draws.
            mask, left, top = (_mask if short else _long_mask)(s, size, bold, anchor)
            if mask is not None:
                draw.bitmap((round(xy[0]) + left, round(xy[1]) + top), mask, fill=fill)
            return
        draw.text(xy, s, font=font(size, bold), fill=fill, anchor=anchor)
        return
    total = width(s, size, bold)
    x = xy[0] - {"l": 0, "m": total / 2, "r": total}.get(anchor[0], 0)
    base = _baseline(xy[1], anchor, size, bold)
    px = max(MIN_SIZE, size)
    for kind, run in runs(s):
        w = _run_width(kind, run, size, bold)
        if kind == LATIN:
            draw.text((x, base), run, font=font(size, bold), fill=fill, anchor="ls")
        elif kind == HAN:
            draw.text((x, base), run, font=_cjk(size), fill=fill, anchor="ls",
                      stroke_width=0.4 if bold else 0, stroke_fill=fill)
        elif kind == RTL:
            face, shown, direction = _rtl_run(run, size, bold)
            draw.text((x, base), shown, font=face, fill=fill, anchor="ls", direction=direction,
                      stroke_width=0.4 if bold and face.path == str(ARABIC) else 0, stroke_fill=fill)
        elif kind == EMOJI_RUN:
            h = round(px * 0.95)
            draw.bitmap((round(x + (w - emoji_mask(run, h).width) / 2), round(base - px * 0.8)),
                        emoji_mask(run, h), fill=fill)
        else:  # a small ring where a character has no glyph in any font we ship
            r = px * 0.26
            cx, cy = x + w / 2, base - px * 0.36
            draw.ellipse((cx - r, cy - r, cx + r, cy + r), outline=fill, width=max(1, round(px / 12)))
        x += w


def fit(s: str, size: int, max_width: float, bold: bool = False) -> str:
    """``s`` cut with an ellipsis so that it fits ``max_width`` (long Discord names)."""
    if width(s, size, bold) <= max_width:
        return s
    while s and width(s + "...", size, bold) > max_width:
        s = s[:-1]
    return s.rstrip() + "..."
