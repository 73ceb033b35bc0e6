"""Fresh renders match the reference PNGs of fixed seeds, within a tolerance.

The references (``tests/renderers/references/<case>.png``, with the state they were drawn
from in ``<case>.json``) are small: board thumbnails and tile zooms.  The tolerance absorbs
anti-aliasing differences between Pillow/FreeType builds, not a changed layout.

After a deliberate redesign, rewrite them all with one command and look at the new PNGs::

    .venv/bin/python -m renderers regenerate-references
"""

from __future__ import annotations

import pytest
from PIL import Image

from renderers import references

#: Mean absolute channel difference (0-255) and share of pixels off by more than 48.
MAX_MEAN = 2.0
MAX_OFF = 0.01


@pytest.mark.parametrize("case", references.CASES, ids=lambda c: c.name)
def test_render_matches_reference(case):
    expected = Image.open(references.DEFAULT_DIR / f"{case.name}.png")
    actual = references.image(case, references.load_state(case))
    assert actual.size == expected.size, "layout changed: python -m renderers regenerate-references"
    mean, off = references.difference(actual, expected)
    assert mean <= MAX_MEAN and off <= MAX_OFF, (
        f"{case.name}: mean difference {mean:.2f}, {off:.2%} of pixels differ; "
        "if the change is deliberate: python -m renderers regenerate-references"
    )


def test_references_are_small():
    total = sum(p.stat().st_size for p in references.DEFAULT_DIR.iterdir())
    assert total < 600_000


def test_difference_notices_a_changed_picture():
    case = references.CASES[-1]
    img = references.image(case, references.load_state(case))
    moved = Image.new("RGB", img.size)
    moved.paste(img, (12, 0))
    assert references.difference(img, img) == (0.0, 0.0)
    mean, off = references.difference(img, moved)
    assert mean > MAX_MEAN or off > MAX_OFF
