"""PNG encoding.  The pictures are flat colours and anti-aliased edges, so a 256-colour
palette loses nothing a player sees and makes the files 2-3 times smaller (and faster to
write).  The palette holds every colour of ``renderers.palette`` exactly, so a terrain or an
animal keeps its true colour, and the rest comes from an octree of the picture.
bench/render.py compares this with RGB PNG and WebP."""

from __future__ import annotations

import io

from PIL import Image

from renderers import palette as P

#: zlib level for RGB PNGs: 1 is several times faster than the default and the files are
#: still far below Discord's limits.
RGB_COMPRESS_LEVEL = 1
#: Palette PNGs are a third of the data; level 3 writes a board in ~12 ms against ~29 ms
#: for level 6, for 15% more bytes (bench/render.py).
PALETTE_COMPRESS_LEVEL = 3
#: Octree colours closer than this to a colour of the palette are dropped, so that the
#: exact colour is the one chosen for the flat areas.
NEAR = 6


def _known() -> list[P.RGB]:
    colours: list[P.RGB] = []
    for value in vars(P).values():
        if isinstance(value, dict):
            colours += [v for v in value.values() if isinstance(v, tuple) and len(v) == 3]
        elif isinstance(value, tuple) and len(value) == 3 and all(isinstance(v, int) for v in value):
            colours.append(value)
    return list(dict.fromkeys(colours))


KNOWN = _known()


def _near_by_red() -> tuple[tuple[tuple[int, int], ...], ...]:
    """For each red value, the (green, blue) of the known colours within NEAR of it in red:
    the few a colour has to be compared with."""
    return tuple(tuple((g, b) for r, g, b in KNOWN if abs(red - r) <= NEAR) for red in range(256))


NEAR_BY_RED = _near_by_red()


def _is_new(r: int, g: int, b: int) -> bool:
    """No known colour is within NEAR of (r, g, b) in every channel."""
    return not any(abs(g - kg) <= NEAR and abs(b - kb) <= NEAR for kg, kb in NEAR_BY_RED[r])


def encode_rgb(img: Image.Image) -> bytes:
    buf = io.BytesIO()
    img.save(buf, "PNG", compress_level=RGB_COMPRESS_LEVEL)
    return buf.getvalue()


def to_palette(img: Image.Image) -> Image.Image:
    """``img`` in 256 colours: the known colours exactly, the rest from an octree."""
    # The octree looks at a half-size copy: four times faster, and the colours it finds
    # (flat areas and the blends along their edges) are the same.
    sample = img.reduce(2) if img.width * img.height > 200_000 else img
    octree = sample.quantize(256 - len(KNOWN), method=Image.Quantize.FASTOCTREE, dither=Image.Dither.NONE)
    flat = octree.getpalette() or []
    extra = [(r, g, b) for r, g, b in zip(flat[0::3], flat[1::3], flat[2::3], strict=True) if _is_new(r, g, b)]
    colours = (KNOWN + extra)[:256]
    pal = Image.new("P", (1, 1))
    pal.putpalette([v for c in colours for v in c] + [0] * (3 * (256 - len(colours))))
    rgb = img if img.mode == "RGB" else img.convert("RGB")  # (a copy of an RGB image would be wasted)
    return rgb.quantize(palette=pal, dither=Image.Dither.NONE)


def encode_palette(img: Image.Image) -> bytes:
    buf = io.BytesIO()
    to_palette(img).save(buf, "PNG", compress_level=PALETTE_COMPRESS_LEVEL)
    return buf.getvalue()
