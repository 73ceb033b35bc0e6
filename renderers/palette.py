"""Colours and the letters/glyphs that go with them.

Colour is never the only cue: every animal also carries a letter and every element a
two-letter glyph, so players with any kind of colour blindness can read the board.  The
animal colours are the Okabe-Ito palette (designed to stay distinct under the common
colour-vision deficiencies); the terrains are muted so that animal badges stand out on them.
"""

from __future__ import annotations

RGB = tuple[int, int, int]


def rgb(code: str) -> RGB:
    """``"#D55E00"`` -> ``(213, 94, 0)``."""
    code = code.lstrip("#")
    return int(code[0:2], 16), int(code[2:4], 16), int(code[4:6], 16)


# --- animals (Okabe-Ito) -------------------------------------------------------------------

ANIMAL_COLOURS: dict[str, RGB] = {
    "mammals": rgb("#D55E00"),  # vermillion
    "reptiles": rgb("#F0E442"),  # yellow
    "birds": rgb("#0072B2"),  # blue
    "amphibians": rgb("#E69F00"),  # orange
    "arachnids": rgb("#CC79A7"),  # reddish purple
    "insects": rgb("#009E73"),  # bluish green
}
#: One letter per animal; S for arachnids (spiders) because A is the amphibians'.
ANIMAL_LETTERS: dict[str, str] = {
    "mammals": "M",
    "reptiles": "R",
    "birds": "B",
    "amphibians": "A",
    "arachnids": "S",
    "insects": "I",
}

# --- elements -------------------------------------------------------------------------------

#: Element discs differ in lightness as well as hue (dark meat, light grub, ...).
ELEMENT_COLOURS: dict[str, RGB] = {
    "grass": rgb("#5DB33A"),
    "grub": rgb("#F2B8C6"),
    "meat": rgb("#A3202A"),
    "seed": rgb("#8C5A2B"),
    "sun": rgb("#FFD23F"),
    "water": rgb("#3FA2E0"),
}
#: Two letters, since grass/grub and seed/sun share their first one.
ELEMENT_GLYPHS: dict[str, str] = {
    "grass": "Gr",
    "grub": "Gb",
    "meat": "Me",
    "seed": "Se",
    "sun": "Su",
    "water": "Wa",
}

# --- terrain --------------------------------------------------------------------------------

TERRAIN_COLOURS: dict[str, RGB] = {
    "sea": rgb("#7DB0DC"),
    "wetland": rgb("#93C2B2"),
    "savannah": rgb("#DCC062"),
    "jungle": rgb("#3F8A4F"),
    "forest": rgb("#A6C97E"),
    "desert": rgb("#F2DFB4"),
    "mountain": rgb("#AE9F8F"),
    "tundra": rgb("#F5FAFF"),
}
#: The frosted border that marks tundra (with its name) beyond its near-white fill.
TUNDRA_FROST: RGB = rgb("#8DB8E2")

# --- the page -------------------------------------------------------------------------------

INK: RGB = rgb("#1E2328")  # text and outlines
MUTED: RGB = rgb("#5F6B76")  # secondary text (still >= 4.5:1 on PAPER)
PAPER: RGB = rgb("#FAF8F3")  # panel background
PAGE: RGB = rgb("#E4E8EB")  # the space between panels
EARTH_BG: RGB = rgb("#D3DCE3")
EMPTY_HEX: RGB = rgb("#E9EEF2")
EMPTY_HEX_LINE: RGB = rgb("#B3BFC9")
EMPTY_HEX_TEXT: RGB = rgb("#7A8894")
#: Dark text on a light band: what reads best when the picture is shrunk (and what OCR reads).
HEADER_BG: RGB = rgb("#FFF4CC")
HEADER_TEXT: RGB = INK
HEADER_RULE: RGB = rgb("#22303C")
SPACE_FILL: RGB = rgb("#FFFFFF")
SPACE_LINE: RGB = rgb("#7E8A94")
ROW_ACTIVE: RGB = rgb("#FFF1B8")  # the row being executed
WHITE: RGB = (255, 255, 255)
BLACK: RGB = (0, 0, 0)
#: "Changed by the last action": magenta is used by nothing else on the board, and the ring
#: it draws is thick and black-edged, so it reads as a shape, not only as a colour.
HIGHLIGHT: RGB = rgb("#E6007E")


def luminance(c: RGB) -> float:
    """Relative luminance (WCAG)."""

    def channel(v: int) -> float:
        s = v / 255
        return s / 12.92 if s <= 0.03928 else ((s + 0.055) / 1.055) ** 2.4

    r, g, b = (channel(v) for v in c)
    return 0.2126 * r + 0.7152 * g + 0.0722 * b


def text_on(background: RGB) -> RGB:
    """Black or white, whichever contrasts more with ``background``."""
    lum = luminance(background)
    return INK if (lum + 0.05) / (luminance(INK) + 0.05) >= 1.05 / (lum + 0.05) else WHITE


def mix(a: RGB, b: RGB, t: float) -> RGB:
    """``a`` moved a fraction ``t`` towards ``b``."""
    red, green, blue = (round(x + (y - x) * t) for x, y in zip(a, b, strict=True))
    return red, green, blue
