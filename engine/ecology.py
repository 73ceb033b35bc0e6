"""What the rules derive from a position: matching elements, endangered species, dominance,
and the ranking a Domination would score.  Pure functions of the state, never stored."""

from __future__ import annotations

from collections import Counter
from typing import Any

from engine.data import FOOD_CHAIN, PRINTED_ELEMENTS, TILE_SCORING
from engine.geometry import corner_keys_of, hex_from_key

State = dict[str, Any]
_CHAIN_RANK = {animal: i for i, animal in enumerate(FOOD_CHAIN)}


def display_elements(state: State, animal: str) -> list[str]:
    """Every element on the animal's display: printed first, then the added ones."""
    return [*PRINTED_ELEMENTS[animal], *state["animals"][animal]["added"]]


def tile_elements(state: State, hkey: str) -> list[str]:
    """The elements on the corners of the tile at ``hkey``."""
    elements = state["elements"]
    return [e for k in corner_keys_of(hex_from_key(hkey)) if (e := elements.get(k)) is not None]


def terrain(state: State, hkey: str) -> str:
    name: str = state["tiles"][hkey]["terrain"]
    return name


def is_tundra(state: State, hkey: str) -> bool:
    tile = state["tiles"].get(hkey)
    return tile is not None and tile["terrain"] == "tundra"


def matching(state: State, animal: str, hkey: str) -> int:
    """Σ over the animal's display elements of that type's count on the tile's corners."""
    supply = Counter(tile_elements(state, hkey))
    return sum(supply[e] for e in display_elements(state, animal))


def matching_all(state: State, hkey: str) -> dict[str, int]:
    """Matching elements of every animal with species on the tile."""
    supply = Counter(tile_elements(state, hkey))
    return {
        animal: sum(supply[e] for e in display_elements(state, animal))
        for animal in state["tiles"][hkey]["species"]
    }


def endangered(state: State, hkey: str) -> list[str]:
    """Animals whose species on the tile match nothing there, in food-chain order."""
    m = matching_all(state, hkey)
    return sorted((a for a, v in m.items() if v == 0), key=_CHAIN_RANK.__getitem__)


def dominant(state: State, hkey: str) -> str | None:
    """The animal matching strictly more elements than any other present, and at least one."""
    m = matching_all(state, hkey)
    if not m:
        return None
    best = max(m.values())
    if best == 0:
        return None
    leaders = [a for a, v in m.items() if v == best]
    return leaders[0] if len(leaders) == 1 else None


def dominance_map(state: State) -> dict[str, str]:
    """Tile key -> dominant animal, for every dominated tile."""
    result = {}
    for hkey in state["tiles"]:
        a = dominant(state, hkey)
        if a is not None:
            result[hkey] = a
    return result


def food_chain_rank(animal: str) -> int:
    return _CHAIN_RANK[animal]


def ranking(state: State, hkey: str) -> list[str]:
    """Animals on the tile by species count, ties to the one higher on the food chain."""
    species = state["tiles"][hkey]["species"]
    return sorted(species, key=lambda a: (-species[a], _CHAIN_RANK[a]))


def domination_score(state: State, hkey: str) -> dict[str, int]:
    """What each animal present gains if the tile is scored now (0 beyond the table)."""
    table = TILE_SCORING[terrain(state, hkey)]
    return {a: (table[i] if i < len(table) else 0) for i, a in enumerate(ranking(state, hkey))}


def species_on_tundra(state: State) -> Counter[str]:
    total: Counter[str] = Counter()
    for tile in state["tiles"].values():
        if tile["terrain"] == "tundra":
            total.update(tile["species"])
    return total


def survival_holder(state: State) -> str | None:
    """The animal with the sole most species on tundra tiles, if any."""
    counts = species_on_tundra(state)
    if not counts:
        return None
    best = max(counts.values())
    leaders = [a for a, n in counts.items() if n == best]
    return leaders[0] if len(leaders) == 1 and best > 0 else None
