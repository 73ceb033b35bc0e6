"""Rebuild the fonts shipped in ``renderers/fonts/`` from Debian's Noto packages.

A dev-time tool (fontTools is not a runtime dependency of the bot)::

    apt-get install -y fonts-noto-core fonts-noto-cjk fonts-noto-color-emoji
    .venv/bin/pip install fonttools
    .venv/bin/python scripts/build_fonts.py

What it writes, and why each file is there:

* ``NotoSans-Regular.ttf``, ``NotoSans-Bold.ttf``: copied as they are (Latin with every
  accent, Greek, Cyrillic, Vietnamese); the face of every text on the pictures.
* ``NotoSansCJK-Subset.otf``: Noto Sans CJK SC cut down to the characters a name is likely
  to use, because the whole collection is ~20 MB: kana, the 2,350 Hangul syllables of
  KS X 1001, and the Han characters of GB 2312 (6,763), JIS X 0208 level 1 (2,965) and
  Big5's frequent set (5,401), plus CJK punctuation and full-width forms.  The sets are
  taken from Python's own codecs, so the script needs no word lists.
* ``NotoColorEmoji-Subset.ttf``: Noto Color Emoji cut down to the single-code-point emoji
  of the Emoticons, Pictographs, Transport, Supplemental and Symbols blocks, and the
  regional-indicator letters (the ones names use); the renderer draws them in one colour.
* ``NotoSansHebrew-Regular.ttf``, ``NotoSansHebrew-Bold.ttf``, ``NotoSansArabic-Regular.ttf``:
  copied as they are (small); names in Hebrew and Arabic, set right to left (Arabic bold is
  the regular face with a thin stroke, as the CJK subset's).
* ``OFL.txt``: the SIL Open Font License 1.1 that covers all of them, taken from the
  Debian package's copyright file.

The SIL OFL allows subsetting; Noto has no Reserved Font Name.
"""

from __future__ import annotations

import shutil
import sys
from pathlib import Path

from fontTools import subset
from fontTools.ttLib import TTCollection, TTFont

OUT = Path(__file__).resolve().parent.parent / "renderers" / "fonts"
NOTO = Path("/usr/share/fonts/truetype/noto")
CJK = Path("/usr/share/fonts/opentype/noto/NotoSansCJK-Regular.ttc")
EMOJI = NOTO / "NotoColorEmoji.ttf"
LICENCE_SOURCE = Path("/usr/share/doc/fonts-noto-core/copyright")


def encodable(codec: str, first: int, last: int, lead: range | None = None) -> set[int]:
    """Code points in ``first..last`` that ``codec`` can encode (with a lead byte in ``lead``)."""
    out = set()
    for cp in range(first, last + 1):
        try:
            raw = chr(cp).encode(codec)
        except UnicodeEncodeError:
            continue
        # two bytes: the codec's own table, not a composed sequence (euc_kr spells every
        # other Hangul syllable as eight bytes of jamo)
        if len(raw) == 2 and (lead is None or raw[0] in lead):
            out.add(cp)
    return out


def cjk_codepoints() -> set[int]:
    han = encodable("gb2312", 0x4E00, 0x9FFF)
    han |= encodable("shift_jis", 0x4E00, 0x9FFF, lead=range(0x88, 0x99))  # JIS level 1 rows
    han |= encodable("big5", 0x4E00, 0x9FFF, lead=range(0xA4, 0xC7))  # Big5 frequent set
    hangul = encodable("euc_kr", 0xAC00, 0xD7A3)
    kana = set(range(0x3040, 0x3100))  # hiragana, katakana
    punct = set(range(0x3000, 0x3040)) | set(range(0xFF00, 0xFFF0)) | set(range(0x3130, 0x3190))
    return han | hangul | kana | punct


def emoji_codepoints() -> set[int]:
    blocks = [(0x1F300, 0x1F64F), (0x1F680, 0x1F6FF), (0x1F900, 0x1F9FF), (0x1FA70, 0x1FAFF),
              (0x2600, 0x27BF), (0x2300, 0x23FF), (0x2B00, 0x2BFF), (0x1F1E6, 0x1F1FF)]
    return {cp for a, b in blocks for cp in range(a, b + 1)}


def cut(font: TTFont, codepoints: set[int], out: Path, *, keep_layout: bool = False) -> None:
    options = subset.Options()
    options.layout_features = ["*"] if keep_layout else []
    options.name_IDs = ["*"]
    options.notdef_outline = True
    options.hinting = False
    options.desubroutinize = False
    sub = subset.Subsetter(options)
    sub.populate(unicodes=sorted(codepoints & set(font.getBestCmap())))
    sub.subset(font)
    font.save(out)


def licence_text() -> str:
    """The OFL text from the Debian copyright file (its paragraph after ``License: OFL-1.1``)."""
    lines = LICENCE_SOURCE.read_text().splitlines()
    start = next(i for i, line in enumerate(lines) if line.strip() == "License: OFL-1.1"
                 and i + 1 < len(lines) and lines[i + 1].startswith(" "))
    body = []
    for line in lines[start + 1:]:
        if not line.startswith(" "):
            break
        body.append("" if line.strip() == "." else line[1:])
    return "\n".join(body).strip() + "\n"


def main() -> int:
    OUT.mkdir(parents=True, exist_ok=True)
    for name in ("NotoSans-Regular.ttf", "NotoSans-Bold.ttf", "NotoSansHebrew-Regular.ttf", "NotoSansHebrew-Bold.ttf",
                 "NotoSansArabic-Regular.ttf"):
        shutil.copyfile(NOTO / name, OUT / name)
    sc = next(f for f in TTCollection(str(CJK)).fonts if f["name"].getDebugName(4) == "Noto Sans CJK SC")
    cut(sc, cjk_codepoints(), OUT / "NotoSansCJK-Subset.otf")
    cut(TTFont(str(EMOJI)), emoji_codepoints(), OUT / "NotoColorEmoji-Subset.ttf")
    (OUT / "OFL.txt").write_text(
        "SIL Open Font License, Version 1.1\n\n"
        "Noto Sans, Noto Sans CJK, Noto Sans Hebrew, Noto Sans Arabic and Noto Color Emoji: Copyright 2010-2020 "
        "Google LLC and the Noto "
        "project authors.\nThe CJK and emoji files here are subsets made by scripts/build_fonts.py.\n\n"
        + licence_text())
    for p in sorted(OUT.iterdir()):
        print(f"{p.name:32} {p.stat().st_size / 1e6:6.2f} MB")
    return 0


if __name__ == "__main__":
    sys.exit(main())
