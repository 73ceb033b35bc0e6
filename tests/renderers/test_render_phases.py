"""Every phase and step kind of seeded random games (2 and 6 players, and the 2-player
multi-animal variant) renders without error, at the right size, within the size budget."""

from __future__ import annotations

import io

import pytest
from PIL import Image

from engine.geometry import hex_from_key, hex_label
from renderers import highlight_between, render_board, render_tile
from renderers.layout import SIZE

PNG_MAGIC = b"\x89PNG\r\n\x1a\n"
MAX_BYTES = 1_500_000


def _open(png: bytes) -> Image.Image:
    assert png.startswith(PNG_MAGIC)
    return Image.open(io.BytesIO(png))


def test_every_phase_renders(snapshots):
    kinds = {what.split(" ", 3)[3] for what, _, _ in snapshots}
    for phase in ("planning", "execution", "reset", "over"):
        assert any(phase in k for k in kinds), phase
    for what, before, after in snapshots:
        png = render_board(after, highlight=highlight_between(before, after))
        img = _open(png)
        assert img.size == SIZE, what
        assert img.mode == "P", what  # a palette PNG: renderers/encoding.py
        assert len(png) <= MAX_BYTES, (what, len(png))


def test_board_is_landscape_1600_wide():
    assert SIZE[0] == 1600
    assert SIZE[0] > SIZE[1]


def test_tile_zoom_renders_every_tile_of_an_end_state(snapshots):
    end = next(after for what, _, after in snapshots if "'over'" in what)
    sizes = set()
    for key in end["tiles"]:
        for at in (key, hex_label(hex_from_key(key))):
            img = _open(render_tile(end, at))
            sizes.add(img.size)
    assert len(sizes) == 1


@pytest.mark.parametrize("at", ["A1", "G4", "Z9", "7,7", "", "D"])
def test_tile_zoom_refuses_a_hex_without_a_tile(at):
    import engine

    state = engine.new_game(4, 1)  # 7 tiles in the centre: A1 and G4 are empty board hexes
    with pytest.raises(ValueError) as err:
        render_tile(state, at)
    assert str(err.value)
