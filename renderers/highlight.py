"""What changed between two states, so the picture can ring it for a player who missed a day."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

State = dict[str, Any]


@dataclass
class Highlight:
    """Places to ring on the board: tile keys ``"q,r"``, corner keys, and action-display
    spaces as ``(row name, index)``."""

    tiles: set[str] = field(default_factory=set)
    corners: set[str] = field(default_factory=set)
    spaces: set[tuple[str, int]] = field(default_factory=set)

    def __bool__(self) -> bool:
        return bool(self.tiles or self.corners or self.spaces)


def highlight_between(before: State, after: State) -> Highlight:
    """Tiles whose terrain or species changed (or that appeared), corners whose element
    changed (placed, removed or replaced), and display spaces whose occupant changed."""
    tiles = set()
    for key in before["tiles"].keys() | after["tiles"].keys():
        a, b = before["tiles"].get(key), after["tiles"].get(key)
        if a is None or b is None or a["terrain"] != b["terrain"] or a["species"] != b["species"]:
            tiles.add(key)
    corners = {
        key for key in before["elements"].keys() | after["elements"].keys()
        if before["elements"].get(key) != after["elements"].get(key)
    }
    spaces = set()
    for row, occupants in after["display"].items():
        old = before["display"].get(row, [])
        for i, occupant in enumerate(occupants):
            if (old[i] if i < len(old) else None) != occupant:
                spaces.add((row, i))
    return Highlight(tiles, corners, spaces)
