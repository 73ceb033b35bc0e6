"""The pictures the service draws, as functions of the engine's state: each one drawn here, in
this process (the playground, tests), or in a worker of the render pool (``render_pool``),
which calls the same functions.  ``renderers`` is imported when a picture is first drawn, so a
bot without it still plays (``default_*`` say None: no pictures).  ``Pictures`` is what the
service's parts draw with.
"""

from __future__ import annotations

import logging
from collections.abc import Callable
from typing import Any

import words
from bot.game.telemetry import QUIET, Telemetry, drawn

log = logging.getLogger(__name__)

State = dict[str, Any]
#: render(state, before_state_or_None, lang) -> PNG bytes (every drawn word in ``lang``)
Renderer = Callable[[State, State | None, str], bytes]
#: render(state, tile_key, lang) -> PNG bytes
TileRenderer = Callable[[State, str, str], bytes]


class Pictures:
    """The renderers the service draws with (any of them None: no such picture here), each
    picture drawn in a thread (or waiting on a render worker) and timed.  A picture that fails
    is left out and logged: a picture is never worth a lost move."""

    def __init__(self, board: Renderer | None = None, turn: Renderer | None = None,
                 tile: TileRenderer | None = None, *, telemetry: Telemetry = QUIET) -> None:
        self.board_renderer = board
        #: the picture posted with a prompt (a compact turn picture when there is one)
        self.turn_renderer = turn or board
        self.tile_renderer = tile
        self.telemetry = telemetry

    async def board(self, state: State, before: State | None, lang: str = words.DEFAULT) -> bytes | None:
        return await self._drawn(self.board_renderer, state, before, lang)

    async def turn(self, state: State, before: State | None, lang: str = words.DEFAULT) -> bytes | None:
        return await self._drawn(self.turn_renderer, state, before, lang)

    async def _drawn(self, renderer: Renderer | None, state: State, before: State | None, lang: str) -> bytes | None:
        if renderer is None:
            return None
        kind = "board" if renderer is self.board_renderer else "turn"
        try:
            return await drawn(self.telemetry, kind, renderer, state, before, lang)
        except Exception:  # noqa: BLE001 - a picture is never worth a lost move
            log.exception("rendering the board failed")
            return None


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


def race(review: dict[str, Any], lang: str = "en") -> bytes:
    """A game review's race picture (``renderers.review``)."""
    from renderers.review import render_race

    return render_race(review, lang=lang)


async def race_here(review: dict[str, Any], lang: str = "en") -> bytes:
    """The race picture drawn in a thread of this process (the playground, tests)."""
    import asyncio

    return await asyncio.to_thread(race, review, lang)


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
