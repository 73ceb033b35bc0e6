"""Pictures a player reads on a phone, drawn with Pillow: the whole board, the compact turn
picture posted with each prompt, and a zoom on one tile.

    from renderers import render_board, render_tile, render_turn, highlight_between
    png = render_board(state, highlight=highlight_between(before, state))
    png = render_final(state, engine.history.timeline(setup, moves))   # the end of a game
    turn = render_turn(state, highlight_between(before, state))  # options=... : the subset shown

The renderer imports the engine and nothing else of ours; it does no I/O.
"""

from renderers.board import draw_board, draw_tile, render_board, render_tile
from renderers.highlight import Highlight, highlight_between
from renderers.story import draw_final, render_final
from renderers.turn import draw_turn, render_turn

__all__ = [
    "Highlight", "draw_board", "draw_final", "draw_tile", "draw_turn", "highlight_between", "render_board",
    "render_final", "render_tile", "render_turn",
]
