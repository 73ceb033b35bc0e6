"""The static layer: everything the board shows that is the same in every game.

The board draws each position over a copy of it, and the turn picture crops its action
display from one, so both import it from here.
"""

from __future__ import annotations

from functools import cache

from PIL import Image, ImageDraw

import words
from renderers import action_display, animals, earth, legend, status
from renderers.layout import BOARD_EARTH, EARTH, SIZE
from renderers.palette import EARTH_BG, PAPER


@cache
def base_image(lang: str = words.DEFAULT) -> Image.Image:
    """Everything that is the same in every game, drawn once per process and language: panel
    backgrounds, the faint board hexes, the action display's frame and the legend."""
    img = Image.new("RGB", SIZE, PAPER)
    ImageDraw.Draw(img).rectangle(EARTH.tuple(), fill=EARTH_BG)
    earth.draw_empty_hexes(img, BOARD_EARTH)
    action_display.draw_static(img, lang)
    animals.draw_static(img)
    legend.draw_static(img, lang)
    status.draw_static(img)
    return img
