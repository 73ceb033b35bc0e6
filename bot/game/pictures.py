"""The pictures the service draws, as functions of the engine's state: each one drawn here, in
this process (the playground, tests), or in a worker of the render pool (``render_pool``),
which calls the same functions.  ``renderers`` is imported when a picture is first drawn, so a
bot without it still plays (``default_*`` say None: no pictures).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from bot.game.core import Renderer, State

#: render(state, tile_key, lang) -> PNG bytes
TileRenderer = Callable[[State, str, str], bytes]


def board(state: State, before: State | None, lang: str = "en", past: tuple[int, int] | None = None) -> bytes:
    """The whole board, what changed since ``before`` highlighted (``past``: a past moment,
    after this many of that many moves, and the picture says so)."""
    from renderers import highlight_between, render_board

    highlight = highlight_between(before, state) if before is not None else None
    return render_board(state, highlight=highlight, lang=lang, past=past)


def turn(state: State, before: State | None, lang: str = "en") -> bytes:
    """The compact turn picture posted with a prompt."""
    from renderers import highlight_between, render_turn

    return render_turn(state, highlight_between(before, state) if before is not None else None, lang=lang)


def tile(state: State, at: str, lang: str = "en") -> bytes:
    """A zoom on one tile and its neighbours."""
    from renderers import render_tile

    return render_tile(state, at, lang=lang)


def final(state: State, timeline: Any, lang: str = "en") -> bytes:
    """The end of the game: each animal's VP by source, turn by turn."""
    from renderers import render_final

    return render_final(state, timeline, lang=lang)


def can_draw() -> bool:
    """Whether the renderers package (and Pillow under it) is importable."""
    try:
        import renderers  # noqa: F401
    except ImportError:
        return False
    return True


def default_renderer() -> Renderer | None:
    """The board renderer, drawing in this process, if it can draw at all."""
    return board if can_draw() else None


def default_picture_renderer() -> Renderer | None:
    """The turn picture, drawing in this process, if it can draw at all."""
    return turn if can_draw() else None


def default_tile_renderer() -> TileRenderer | None:
    """The tile zoom, drawing in this process, if it can draw at all."""
    return tile if can_draw() else None
