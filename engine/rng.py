"""A seeded random generator whose whole state is one integer kept inside the game state.

splitmix64: tiny, fast, and its state serialises as a plain JSON number.
"""

from __future__ import annotations

from typing import Any

_MASK = (1 << 64) - 1


def seed_state(seed: int) -> int:
    return seed & _MASK


def next_u64(state: dict[str, Any]) -> int:
    x: int = (state["rng"] + 0x9E3779B97F4A7C15) & _MASK
    state["rng"] = x
    z = x
    z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
    z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
    return z ^ (z >> 31)


def below(state: dict[str, Any], n: int) -> int:
    """A uniform integer in [0, n)."""
    if n <= 0:
        raise ValueError("below() needs n > 0")
    return next_u64(state) % n  # bias is < n / 2**64, irrelevant for a board game


def shuffle(state: dict[str, Any], items: list[Any]) -> None:
    for i in range(len(items) - 1, 0, -1):
        j = below(state, i + 1)
        items[i], items[j] = items[j], items[i]
