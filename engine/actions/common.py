"""Small helpers the action steps share: option ids and texts for tiles and corners."""

from __future__ import annotations

from typing import Any

from engine.flow import Option
from engine.geometry import hex_from_key, hex_label, key_label, parse_corner_label, parse_hex_label
from engine.geometry import hex_key as _hex_key
from engine.text import Msg, tile_ref

State = dict[str, Any]


def forfeit(action: str) -> Option:
    """Declining an action (``action``: its row name)."""
    return Option("forfeit", Msg("forfeit", {"action": action}))


def tile_id(hkey: str) -> str:
    return f"tile:{hex_label(hex_from_key(hkey))}"


def hex_of_option(option_id: str) -> str:
    """The tile key in an option such as ``tile:D2``."""
    return hex_of_label(option_id.split(":", 1)[1].split(":")[0])


def hex_of_label(label: str) -> str:
    """The tile key for a tile's label (``D2``) taken from a legal option's id."""
    h = parse_hex_label(label)
    assert h is not None, label
    return _hex_key(h)


def corner_id(ckey: str) -> str:
    return f"corner:{key_label(ckey)}"


def corner_of_option(option_id: str) -> str:
    c = parse_corner_label(option_id.split(":", 1)[1])
    assert c is not None, option_id
    return c


def tile_option(state: State, hkey: str, key: str, **args: Any) -> Option:
    """An option ``tile:D2`` whose text names the tile (``tile``) and ``args``."""
    return Option(tile_id(hkey), Msg(key, {"tile": tile_ref(state, hkey), **args}))
