"""Board images: the whole position as a PNG a player reads on a phone, drawn with Pillow.

    from renderers import render_board, render_tile, highlight_between
    png = render_board(state, highlight=highlight_between(before, state))
    png = render_final(state, engine.history.timeline(setup, moves))   # the end of a game

The renderer imports the engine and nothing else of ours; it does no I/O.
"""

from renderers.board import draw_board, draw_tile, render_board, render_tile
from renderers.highlight import Highlight, highlight_between
from renderers.story import draw_final, render_final

__all__ = ["Highlight", "draw_board", "draw_final", "draw_tile", "highlight_between", "render_board",
           "render_final", "render_tile"]
