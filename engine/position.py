"""Positions: a small TOML format that sets up earth, elements and displays, and the
analysis the ``analyze`` command prints.  The rules tests use the same format."""

from __future__ import annotations

import tomllib
from typing import Any

from engine import ecology
from engine.data import ELEMENTS, FOOD_CHAIN, PRINTED_ELEMENTS, TERRAINS
from engine.geometry import corner_key, hex_from_key, hex_key, make_corner

State = dict[str, Any]


class PositionError(ValueError):
    """A malformed position; the message names the offending entry."""


def _hex(value: Any, where: str) -> tuple[int, int]:
    if (not isinstance(value, list) or len(value) != 2
            or not all(isinstance(v, int) and not isinstance(v, bool) for v in value)):
        raise PositionError(f"{where}: expected [q, r] with two integers, got {value!r}")
    return value[0], value[1]


def position_state(data: dict[str, Any]) -> State:
    """A state holding just what a position describes (enough for every ecology rule)."""
    if not isinstance(data, dict):
        raise PositionError("the position must be a TOML table")
    unknown = set(data) - {"tile", "element", "animals"}
    if unknown:
        raise PositionError(f"unknown section(s): {', '.join(sorted(unknown))}")
    animals: dict[str, dict[str, Any]] = {}
    for name, display in (data.get("animals") or {}).items():
        if name not in FOOD_CHAIN:
            raise PositionError(f"animals: '{name}' is not an animal ({', '.join(FOOD_CHAIN)})")
        if not isinstance(display, list) or any(e not in ELEMENTS for e in display):
            raise PositionError(f"animals.{name}: expected a list of elements ({', '.join(ELEMENTS)})")
        added = list(display)
        for e in PRINTED_ELEMENTS[name]:
            if e not in added:
                raise PositionError(f"animals.{name}: the printed {e} is missing from the display")
            added.remove(e)
        if len(display) > 6:
            raise PositionError(f"animals.{name}: a display holds at most 6 elements")
        animals[name] = {"added": added}
    tiles: dict[str, Any] = {}
    for i, t in enumerate(data.get("tile") or []):
        where = f"tile {i + 1}"
        if not isinstance(t, dict):
            raise PositionError(f"{where}: expected a table")
        at = hex_key(_hex(t.get("at"), f"{where}.at"))
        if at in tiles:
            raise PositionError(f"{where}: a second tile at {list(hex_from_key(at))}")
        terrain = t.get("terrain")
        if terrain not in TERRAINS:
            raise PositionError(f"{where}: terrain must be one of {', '.join(TERRAINS)}")
        species = t.get("species") or {}
        if not isinstance(species, dict):
            raise PositionError(f"{where}.species: expected a table of animal = count")
        for a, n in species.items():
            if a not in FOOD_CHAIN:
                raise PositionError(f"{where}.species: '{a}' is not an animal")
            if not isinstance(n, int) or isinstance(n, bool) or n < 0:
                raise PositionError(f"{where}.species.{a}: expected a count >= 0")
            if n and a not in animals:
                raise PositionError(f"{where}: {a} have species here but no display in [animals]")
        tiles[at] = {"terrain": terrain, "under": None,
                     "species": {a: n for a, n in species.items() if n}}
    elements: dict[str, str] = {}
    for i, e in enumerate(data.get("element") or []):
        where = f"element {i + 1}"
        if not isinstance(e, dict) or e.get("kind") not in ELEMENTS:
            raise PositionError(f"{where}: kind must be one of {', '.join(ELEMENTS)}")
        corner = e.get("corner")
        if not isinstance(corner, list) or len(corner) != 3:
            raise PositionError(f"{where}.corner: expected three [q, r] hexes")
        try:
            key = corner_key(make_corner([_hex(h, f"{where}.corner") for h in corner]))
        except ValueError as err:
            raise PositionError(f"{where}.corner: {err}") from None
        if key in elements:
            raise PositionError(f"{where}: that corner already holds an element")
        elements[key] = e["kind"]
    return {"tiles": tiles, "elements": elements, "animals": animals}


def analyze(state: State) -> dict[str, Any]:
    result = []
    for hkey in sorted(state["tiles"], key=lambda k: hex_from_key(k)):
        result.append({
            "at": list(hex_from_key(hkey)),
            "terrain": state["tiles"][hkey]["terrain"],
            "matching": ecology.matching_all(state, hkey),
            "dominant": ecology.dominant(state, hkey),
            "endangered": ecology.endangered(state, hkey),
            "score": ecology.domination_score(state, hkey),
        })
    return {"tiles": result}


def load_position(path: str) -> State:
    try:
        with open(path, "rb") as f:
            data = tomllib.load(f)
    except OSError as e:
        raise PositionError(f"cannot read {path}: {e.strerror}") from None
    except tomllib.TOMLDecodeError as e:
        raise PositionError(f"{path} is not valid TOML: {e}") from None
    return position_state(data)


def analyze_file(path: str) -> dict[str, Any]:
    return analyze(load_position(path))
