"""Action spaces as players type them: "speciation meat", "Wanderlust 2", "speciation-3",
"fajképződés hús" - in any case, with any spacing, in either language.

A space is known by its id (``speciation-3``), by its action and number as the display counts
them from the left ("speciation 3"), by the label a button shows ("Speciation 3 (meat)"), and a
Speciation space also by its element ("speciation meat").  Only the spaces an animal may ever
place on are spelled: an animal's own space (the reptiles' Regression, ...) is filled by itself.
"""

from __future__ import annotations

import re
from functools import cache

from engine.data import ACTION_ROWS, SPECIATION_ELEMENTS
from engine.display import is_free_space, space_id
from words.glossary import term
from words.render import space_name

_SEPARATORS = frozenset(",;\n")
_OPENING, _CLOSING = "([", ")]"
_NOISE = re.compile(r"[()\[\]]")


def normal(text: str) -> str:
    """A spelling as it is compared: lower case, one space between words, no brackets."""
    return " ".join(_NOISE.sub(" ", text.replace("-", " ").replace("_", " ")).lower().split())


@cache
def spellings(lang: str) -> dict[str, str]:
    """Every spelling of every usable space, in ``lang`` and in English, to its id."""
    found: dict[str, str] = {}
    for row in ACTION_ROWS:
        for index in range(row.spaces):
            if is_free_space(row.name, index):
                continue
            space = space_id(row.name, index)
            names = {row.name, term(f"action.{row.name}", lang), term(f"action.{row.name}", "en")}
            words = {space, space_name(space, lang), space_name(space, "en")}
            words |= {f"{name} {index + 1}" for name in names}
            if sum(not is_free_space(row.name, i) for i in range(row.spaces)) == 1:
                words |= names  # a row of one space is known by its action alone ("initiative")
            if row.name == "speciation" and index < len(SPECIATION_ELEMENTS):
                element = SPECIATION_ELEMENTS[index]
                words |= {f"{name} {term(f'element.{element}', shown)}" for name in names for shown in (lang, "en")}
            for word in words:
                found.setdefault(normal(word), space)
    return found


def own_spaces(lang: str) -> dict[str, str]:
    """The spellings of the animals' own spaces (never placed on by hand), to their ids."""
    found: dict[str, str] = {}
    for row in ACTION_ROWS:
        for index in range(row.spaces):
            if is_free_space(row.name, index):
                space = space_id(row.name, index)
                for name in {row.name, term(f"action.{row.name}", lang)}:
                    found[normal(f"{name} {index + 1}")] = space
                found[normal(space)] = space
    return found


def space_of(text: str, lang: str) -> str | None:
    """The usable space ``text`` spells, or None."""
    return spellings(lang).get(normal(text))


def pieces(text: str) -> list[str]:
    """``text`` cut at every separator outside brackets, each piece as typed (empty ones kept,
    so the last is what is being typed after the last separator).  A button's label has commas
    inside its brackets ("Competition 8 (sea, jungle, and tundra)"): those do not cut it."""
    found: list[str] = []
    piece: list[str] = []
    depth = 0
    for char in text:
        if char in _OPENING:
            depth += 1
        elif char in _CLOSING:
            depth = max(0, depth - 1)
        elif char in _SEPARATORS and depth == 0:
            found.append("".join(piece))
            piece = []
            continue
        piece.append(char)
    found.append("".join(piece))
    return found


def split(text: str) -> list[str]:
    """A typed list of spaces ("speciation meat, wanderlust 2") as its items; a space's label
    as a button or the autocomplete shows it is one item, its bracketed commas and all."""
    return [item.strip() for item in pieces(text) if item.strip()]


def matching(typed: str, lang: str) -> list[str]:
    """Usable spaces whose spellings contain every word typed (for an autocomplete), in display order."""
    wanted = normal(typed).split()
    order = {space_id(row.name, i): n for n, (row, i) in
             enumerate((row, i) for row in ACTION_ROWS for i in range(row.spaces))}
    hits = {space for spelled, space in spellings(lang).items() if all(w in spelled for w in wanted)}
    return sorted(hits, key=order.__getitem__)


__all__ = ["matching", "normal", "own_spaces", "pieces", "space_of", "spellings", "split"]
