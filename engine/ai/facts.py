"""Fast forms of what ``engine.ecology`` derives (matching elements, dominance), for search.

A search asks these for every node, so they read the state directly with cached geometry;
``tests/engine/test_ai.py`` checks they agree with ``engine.ecology`` on seeded games.
"""

from __future__ import annotations

from functools import cache
from typing import Any

from engine.data import FOOD_CHAIN, PRINTED_ELEMENTS
from engine.geometry import corner_keys_of, hex_from_key, neighbour_keys

State = dict[str, Any]
RANK = {a: i for i, a in enumerate(FOOD_CHAIN)}


@cache
def corners(hkey: str) -> tuple[str, ...]:
    return corner_keys_of(hex_from_key(hkey))


@cache
def neighbours(hkey: str) -> tuple[str, ...]:
    return neighbour_keys(hkey)


def display(state: State) -> dict[str, list[str]]:
    """Every animal's display elements (printed, then added)."""
    return {a: [*PRINTED_ELEMENTS[a], *r["added"]] for a, r in state["animals"].items()}


def tile_counts(state: State, hkey: str) -> dict[str, int]:
    """Element type -> how many sit on the tile's corners."""
    elements = state["elements"]
    counts: dict[str, int] = {}
    for c in corners(hkey):
        if c in elements:
            e = elements[c]
            counts[e] = counts[e] + 1 if e in counts else 1
    return counts


def matching(state: State, disp: dict[str, list[str]] | None = None) -> dict[str, dict[str, int]]:
    """Tile -> (animal with species there -> matching elements), for tiles holding species."""
    disp = display(state) if disp is None else disp
    result = {}
    for hkey, tile in state["tiles"].items():
        species = tile["species"]
        if not species:
            continue
        counts = tile_counts(state, hkey)
        m = {}
        for a in species:
            total = 0
            for e in disp[a]:
                if e in counts:
                    total += counts[e]
            m[a] = total
        result[hkey] = m
    return result


def dominant_of(match: dict[str, int]) -> str | None:
    """The animal matching strictly most (and at least one), as ``ecology.dominant``."""
    best, who = 0, None
    for a, v in match.items():
        if v > best:
            best, who = v, a
        elif v == best:
            who = None
    return who if best > 0 else None


def dominance(state: State, match: dict[str, dict[str, int]] | None = None) -> dict[str, str]:
    """Tile -> its dominant animal, for every dominated tile (``ecology.dominance_map``)."""
    match = matching(state) if match is None else match
    result = {}
    for hkey, m in match.items():
        a = dominant_of(m)
        if a is not None:
            result[hkey] = a
    return result
