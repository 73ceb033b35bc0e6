"""Which characters a font file has: its ``cmap`` table, read with ``struct`` only.

Text falls back per character to further fonts, so the renderer must know, without
fontTools (a dev-time tool only), whether a font maps a code point to a glyph.  Formats 4
(the Basic Multilingual Plane) and 12 (all planes) are what every font we ship uses.
"""

from __future__ import annotations

import struct
from functools import cache
from pathlib import Path


def _table(data: bytes, tag: bytes) -> bytes:
    num_tables = struct.unpack_from(">H", data, 4)[0]
    for i in range(num_tables):
        rec = 12 + 16 * i
        if data[rec:rec + 4] == tag:
            offset, length = struct.unpack_from(">II", data, rec + 8)
            return data[offset:offset + length]
    raise ValueError(f"no {tag.decode()} table")


def _format4(t: bytes, at: int) -> set[int]:
    seg2 = struct.unpack_from(">H", t, at + 6)[0]
    segs = seg2 // 2
    ends = struct.unpack_from(f">{segs}H", t, at + 14)
    starts = struct.unpack_from(f">{segs}H", t, at + 16 + seg2)
    deltas = struct.unpack_from(f">{segs}h", t, at + 16 + 2 * seg2)
    range_at = at + 16 + 3 * seg2
    offsets = struct.unpack_from(f">{segs}H", t, range_at)
    out = set()
    for i in range(segs):
        for cp in range(starts[i], ends[i] + 1):
            if cp == 0xFFFF:
                continue
            if offsets[i] == 0:
                glyph = (cp + deltas[i]) & 0xFFFF
            else:
                where = range_at + 2 * i + offsets[i] + 2 * (cp - starts[i])
                glyph = struct.unpack_from(">H", t, where)[0]
                if glyph:
                    glyph = (glyph + deltas[i]) & 0xFFFF
            if glyph:
                out.add(cp)
    return out


def _format12(t: bytes, at: int) -> set[int]:
    groups = struct.unpack_from(">I", t, at + 12)[0]
    out: set[int] = set()
    for g in range(groups):
        first, last, glyph = struct.unpack_from(">III", t, at + 16 + 12 * g)
        out.update(range(first + (glyph == 0), last + 1))  # glyph 0 is .notdef
    return out


@cache
def codepoints(path: Path) -> frozenset[int]:
    """Every code point the font at ``path`` maps to a real glyph."""
    t = _table(Path(path).read_bytes(), b"cmap")
    count = struct.unpack_from(">H", t, 2)[0]
    best: tuple[int, int] | None = None  # (preference, offset)
    for i in range(count):
        platform, encoding, offset = struct.unpack_from(">HHI", t, 4 + 8 * i)
        fmt = struct.unpack_from(">H", t, offset)[0]
        if fmt not in (4, 12) or (platform, encoding) not in ((3, 1), (3, 10), (0, 3), (0, 4), (0, 6)):
            continue
        rank = 2 if fmt == 12 else 1
        if best is None or rank > best[0]:
            best = (rank, offset)
    if best is None:
        raise ValueError(f"{path}: no Unicode cmap of format 4 or 12")
    fmt = struct.unpack_from(">H", t, best[1])[0]
    return frozenset(_format12(t, best[1]) if fmt == 12 else _format4(t, best[1]))
