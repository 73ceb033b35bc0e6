"""Earth geometry: hexes in axial coordinates, corners, adjacency and the labels players type.

Hexes are flat-topped and arranged in columns; ``q`` is the column, ``r`` the axial row.
The neighbours of (q, r) are (q±1, r), (q, r±1), (q+1, r-1) and (q-1, r+1).  A corner (a
vertex) is shared by three mutually adjacent hexes and is identified by that sorted triple,
whether or not every hex holds a tile.
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import cache

Hex = tuple[int, int]
Corner = tuple[Hex, Hex, Hex]

#: Axial directions in cyclic order around a hex: N, NE, SE, S, SW, NW (screen y grows down).
DIRECTIONS: tuple[Hex, ...] = ((0, -1), (1, -1), (1, 0), (0, 1), (-1, 1), (-1, 0))
#: The vertex between direction i and direction i+1 (mod 6), named by its compass point.
CORNER_POINTS: tuple[str, ...] = ("NE", "E", "SE", "SW", "W", "NW")

#: The board's 35 hex spaces: 7 columns of 4, 5, 6, 5, 6, 5, 4 (IMPL-ONLY), as
#: column q -> (first r, last r), so that the centre column is symmetric around (0, 0).
COLUMN_ROWS: dict[int, tuple[int, int]] = {
    -3: (0, 3),
    -2: (-1, 3),
    -1: (-2, 3),
    0: (-2, 2),
    1: (-3, 2),
    2: (-3, 1),
    3: (-3, 0),
}
COLUMN_LETTERS = "ABCDEFG"

BOARD_HEXES: tuple[Hex, ...] = tuple(
    (q, r) for q, (first, last) in sorted(COLUMN_ROWS.items()) for r in range(first, last + 1)
)
_BOARD_SET = frozenset(BOARD_HEXES)


def on_board(h: Hex) -> bool:
    return h in _BOARD_SET


def neighbours(h: Hex) -> tuple[Hex, ...]:
    """The six hexes adjacent to ``h`` (on the board or not)."""
    q, r = h
    return tuple((q + dq, r + dr) for dq, dr in DIRECTIONS)


def adjacent(a: Hex, b: Hex) -> bool:
    dq, dr = b[0] - a[0], b[1] - a[1]
    return (dq, dr) in DIRECTIONS


def distance(a: Hex, b: Hex) -> int:
    dq, dr = a[0] - b[0], a[1] - b[1]
    return (abs(dq) + abs(dr) + abs(dq + dr)) // 2


@cache
def corners_of(h: Hex) -> tuple[Corner, ...]:
    """The six corners of ``h`` in the order of CORNER_POINTS."""
    q, r = h
    result = []
    for i in range(6):
        a, b = DIRECTIONS[i], DIRECTIONS[(i + 1) % 6]
        result.append(make_corner((h, (q + a[0], r + a[1]), (q + b[0], r + b[1]))))
    return tuple(result)


def make_corner(hexes: Sequence[Hex]) -> Corner:
    """The canonical corner of three mutually adjacent hexes; ValueError otherwise."""
    triple = tuple(sorted((int(h[0]), int(h[1])) for h in hexes))
    if len(triple) != 3 or len(set(triple)) != 3:
        raise ValueError("a corner needs three different hexes")
    a, b, c = triple
    if not (adjacent(a, b) and adjacent(b, c) and adjacent(a, c)):
        raise ValueError(f"hexes {list(a)}, {list(b)}, {list(c)} do not meet at one corner")
    return a, b, c


def corner_key(corner: Corner) -> str:
    """The string form of a corner, used as a JSON key in the state."""
    return "|".join(f"{q},{r}" for q, r in corner)


@cache
def corner_from_key(key: str) -> Corner:
    a, b, c = (hex_from_key(part) for part in key.split("|"))
    return a, b, c


@cache
def corner_keys_of(h: Hex) -> tuple[str, ...]:
    return tuple(corner_key(c) for c in corners_of(h))


def hex_key(h: Hex) -> str:
    return f"{h[0]},{h[1]}"


@cache
def hex_from_key(key: str) -> Hex:
    q, r = key.split(",")
    return int(q), int(r)


@cache
def neighbour_keys(key: str) -> tuple[str, ...]:
    """The keys of the six hexes next to the hex ``key`` (on the board or not)."""
    return tuple(hex_key(n) for n in neighbours(hex_from_key(key)))


# ---------------------------------------------------------------------------------------------
# Labels players can type


@cache
def hex_label(h: Hex) -> str:
    """``C4``: the column letter and the row counted from the top of that column."""
    q, r = h
    if h in _BOARD_SET:
        return f"{COLUMN_LETTERS[q + 3]}{r - COLUMN_ROWS[q][0] + 1}"
    return f"({q},{r})"


_LABEL_TO_HEX: dict[str, Hex] = {hex_label(h): h for h in BOARD_HEXES}


def parse_hex_label(text: str) -> Hex | None:
    return _LABEL_TO_HEX.get(text.strip().upper())


@cache
def corner_label(corner: Corner) -> str:
    """``D3-NE``: named from its first board hex (in column order) and the compass point."""
    hexes = [h for h in corner if h in _BOARD_SET] or list(corner)
    base = min(hexes)
    for point, c in zip(CORNER_POINTS, corners_of(base), strict=True):
        if c == corner:
            return f"{hex_label(base)}-{point}"
    raise AssertionError("corner does not belong to its own hex")


def key_label(key: str) -> str:
    return corner_label(corner_from_key(key))


_BOARD_CORNERS: frozenset[Corner] = frozenset(c for h in BOARD_HEXES for c in corners_of(h))
_CORNER_BY_LABEL: dict[str, str] = {corner_label(c): corner_key(c) for c in _BOARD_CORNERS}


@cache
def corner_spellings(key: str) -> tuple[str, ...]:
    """Every label of a corner a player may type: from each of its board hexes (``C2-SE``,
    ``C3-W``, ``D2-NW``), its label (the one pictures draw) first."""
    corner = corner_from_key(key)
    first = corner_label(corner)
    others = [f"{hex_label(h)}-{CORNER_POINTS[corners_of(h).index(corner)]}" for h in sorted(corner)
              if h in _BOARD_SET]
    return (first, *(s for s in others if s != first))


def parse_corner_label(text: str) -> str | None:
    """The corner key for a label such as ``D3-NE`` (any of its three spellings is fine)."""
    text = text.strip().upper()
    if text in _CORNER_BY_LABEL:
        return _CORNER_BY_LABEL[text]
    hex_part, _, point = text.partition("-")
    h = parse_hex_label(hex_part)
    if h is None or point not in CORNER_POINTS:
        return None
    return corner_key(corners_of(h)[CORNER_POINTS.index(point)])
