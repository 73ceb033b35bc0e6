"""Turning a key and its parameters into a sentence of one language.

A parameter's name says its kind (see ``engine.text``); a placeholder may ask for a form of
it with a format spec, ``{tile:onto}`` (the glossary's case forms), so English and Hungarian
use the same placeholder names while each takes the grammar it needs.
"""

from __future__ import annotations

import string
from collections.abc import Mapping
from typing import Any

from babel.lists import format_list
from babel.numbers import format_decimal

from engine.data import COMPETITION_TERRAINS, MIGRATION_LIMITS, SPECIATION_ELEMENTS
from engine.display import parse_space_id
from engine.geometry import CORNER_POINTS, corner_from_key, corners_of, hex_from_key, hex_label, key_label
from words import catalog
from words.glossary import article, term

#: Tests set this: a missing text or form raises instead of falling back.
STRICT = False

#: Parameter name -> its kind.  A list parameter's items are of its singular's kind.
KINDS: dict[str, str] = {
    "animal": "animal", "victim": "animal", "dominant": "animal", "holder": "animal",
    "behind": "animal", "winner": "animal",
    "tile": "tile", "src": "tile", "dst": "tile",
    "element": "element", "old": "element",
    "terrain": "terrain", "card": "card", "action": "action", "corner": "corner", "space": "space",
    "player": "raw", "opponent": "raw", "option": "raw", "text": "raw",
    "prompt": "prompt", "phase": "phase", "choice": "choice",  # choice: an option's label as a Msg
    "animals": "animal", "initiative": "animal", "terrains": "terrain", "cards": "card",
    "elements": "element", "tiles": "tile", "options": "raw",
    "worth": "signed", "change": "signed",  # a float, one decimal, its sign shown
    "language": "language",  # a language's code, or a text worded already
    "alternatives": "raw",  # ids a player may type, listed as "a, b or c"
}
#: List parameters whose items are small dicts, each worded by ``item.<name>``.
ITEMS = ("losses", "scores", "gains", "removed", "home", "lost", "drew", "boxes", "vp_losses")


class _Arg:
    __slots__ = ("name", "value")

    def __init__(self, name: str, value: Any) -> None:
        self.name, self.value = name, value


class _Formatter(string.Formatter):
    def __init__(self, lang: str) -> None:
        self.lang = lang

    def get_field(self, field_name: str, args: Any, kwargs: Mapping[str, Any]) -> tuple[_Arg, str]:
        return _Arg(field_name, kwargs[field_name]), field_name

    def format_field(self, value: _Arg, format_spec: str) -> str:
        return word(value.name, value.value, self.lang, format_spec)


def render(key: str, args: Mapping[str, Any], lang: str) -> str:
    """The catalogue text of ``key`` (its plural form for ``args["n"]``) with ``args`` worded."""
    n = args.get("n") if catalog.is_plural(key, lang) else None
    return _Formatter(lang).vformat(catalog.text(key, lang, n), (), args)


def word(name: str, value: Any, lang: str, form: str = "") -> str:
    """One parameter worded by its kind (``name``) in the ``form`` the text asks for."""
    if name in ITEMS:
        return "; ".join(render(f"item.{name}", item, lang) for item in value)
    kind = KINDS.get(name)
    if isinstance(value, list | tuple):
        if kind is None:
            raise KeyError(f"unknown list parameter {name!r}")
        if not value:
            return "–"  # an empty box, say
        items = [_one(kind, v, lang, form) for v in value]
        # ids a player may type are listed plainly, or as alternatives; words read as a sentence ("a, b and c")
        if name == "alternatives":
            return format_list(items, style="or", locale=lang)
        return ", ".join(items) if kind == "raw" else format_list(items, locale=lang)
    if kind is None:
        if isinstance(value, int | str) and not isinstance(value, bool):
            return str(value)  # a number, or a text the caller worded already
        raise KeyError(f"unknown parameter {name!r}")
    return _one(kind, value, lang, form)


def _one(kind: str, value: Any, lang: str, form: str) -> str:
    if kind == "raw":
        return str(value)
    if kind == "signed":
        return decimal(value, lang, signed=True)
    if kind == "language":
        return language_name(value, lang) if value in catalog.LANGUAGES else str(value)
    if kind == "tile":
        return tile_name(value["hex"], value["terrain"], lang, form)
    if kind == "corner":
        return corner_name(value["corner"], value["tiles"], lang, form)
    if kind == "space":
        return space_name(value, lang)
    if kind == "prompt":
        return render("ask." + value["key"], value.get("args", {}), lang)
    if kind == "choice":
        return render("opt." + value["key"], value.get("args", {}), lang)
    return term(f"{kind}.{value}", lang, form)


def decimal(x: float, lang: str, *, signed: bool = False) -> str:
    """A number with one decimal as the reader writes it (Babel: ``1.5``, ``1,5`` in Hungarian)."""
    return format_decimal(x, format="+0.0;-0.0" if signed else "0.0", locale=lang)


def language_name(code: str, lang: str) -> str:
    """Language ``code`` named in ``lang`` (``bot.language.<code>``), or in itself where the reader's
    catalogue does not name it (a language whose folder was added since)."""
    key = f"bot.language.{code}"
    return catalog.text(key, lang) if catalog.has(key, lang) else catalog.own_name(code)


def tile_name(hkey: str, terrain: str, lang: str, form: str = "") -> str:
    """``the savannah at D2`` / ``D2 savannah`` (form ``short``) / ``a szavannára (D2)``..."""
    inner = "" if form == "short" else form
    return term("tile.name", lang, form).format(
        terrain=term(f"terrain.{terrain}", lang, inner), label=hex_label(hex_from_key(hkey)))


def corner_name(ckey: str, tiles: list[str], lang: str, form: str = "") -> str:
    """A corner by the tag the pictures draw on it (``C2-SE``, which a player may type), and
    the tiles on earth around it (never an empty hex)."""
    hexes = sorted(hex_from_key(k) for k in tiles)
    labels = [hex_label(h) for h in hexes]
    tag = key_label(ckey)
    if not hexes:  # not reachable by the rules (elements sit next to tiles); say the tag
        return tag
    which = ("one", "two", "three")[len(hexes) - 1]
    point = CORNER_POINTS[corners_of(hexes[0]).index(corner_from_key(ckey))]
    art = article(tag, lang)  # the Hungarian article before "A1", "E3", "F2"
    abc = dict(zip("abc", labels, strict=False))
    return term(f"corner.{which}", lang, form).format(tag=tag, art=art, point=term(f"point.{point}", lang), **abc)


def space_name(space: str, lang: str) -> str:
    """``Speciation 3 (seed)``: an eyeball space and what is printed on it."""
    found = parse_space_id(space)
    if found is None:
        raise KeyError(f"no space {space!r}")
    row, index = found
    args: dict[str, Any] = {"action": row, "number": index + 1}
    if row == "speciation" and index < len(SPECIATION_ELEMENTS):
        return render("space.element", {**args, "element": SPECIATION_ELEMENTS[index]}, lang)
    if row == "migration":
        return render("space.migration", {**args, "n": MIGRATION_LIMITS[index]}, lang)
    if row == "competition":
        terrains = COMPETITION_TERRAINS[index]
        if terrains is None:
            return render("space.any_terrain", args, lang)
        return render("space.terrains", {**args, "terrains": [*terrains, "tundra"]}, lang)
    if row == "glaciation" and index > 0:
        return render("space.waits", args, lang)
    return render("space.plain", args, lang)
