"""Action spaces as players type them: "speciation meat", "Wanderlust 2", "speciation-3",
"fajképződés hús" - in any case, with any spacing, in either language.

A space is known by its id (``speciation-3``), by its action and number as the display counts
them from the left ("speciation 3"), by the label a button shows ("Speciation 3 (meat)"), and a
Speciation space also by its element ("speciation meat").  Only the spaces an animal may ever
place on are spelled: an animal's own space (the reptiles' Regression, ...) is filled by itself.

A standing plan (``engine.standing``) names rows too: "Domination" or "any Domination" (a row of
one space, such as Initiative, is that space), and may end with "then the best open space"
(``wish.best_words``): ``standing_of`` reads a whole typed plan.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import cache

from engine.data import ACTION_ROWS, ROW_BY_NAME, SPECIATION_ELEMENTS
from engine.display import is_free_space, space_id
from words import catalog
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


def _usable(row_name: str) -> int:
    row = ROW_BY_NAME[row_name]
    return sum(not is_free_space(row.name, i) for i in range(row.spaces))


def _listed(key: str, lang: str) -> set[str]:
    """The words a catalogue text lists, comma-separated, as compared."""
    return {normal(w) for w in catalog.text(key, lang).split(",") if w.strip()}


@cache
def row_spellings(lang: str) -> dict[str, str]:
    """Every spelling of a whole row, in ``lang`` and in English, to the row's name: "any
    Domination", "Domination" (a row of one space is that space: ``spellings``)."""
    found: dict[str, str] = {}
    anys = _listed("wish.any_words", lang) | _listed("wish.any_words", "en")
    for row in ACTION_ROWS:
        if not _usable(row.name):
            continue
        names = {row.name, term(f"action.{row.name}", lang), term(f"action.{row.name}", "en")}
        for name in names:
            found.setdefault(normal(wish_label(row.name, lang)), row.name)
            for word in anys:
                found.setdefault(normal(f"{word} {name}"), row.name)
            if _usable(row.name) > 1:
                found.setdefault(normal(name), row.name)
    return found


def wish_of(text: str, lang: str) -> str | None:
    """The wish ``text`` spells: a usable space's id, or a row's name; else None."""
    return space_of(text, lang) or row_spellings(lang).get(normal(text))


def wish_label(wish: str, lang: str) -> str:
    """A wish as a player reads it (and may type it back): a space's label, or "any Domination"."""
    if wish in ROW_BY_NAME and _usable(wish) > 1:
        return catalog.text("wish.row", lang).format(action=term(f"action.{wish}", lang))
    if wish in ROW_BY_NAME:
        wish = next(space_id(wish, i) for i in range(ROW_BY_NAME[wish].spaces) if not is_free_space(wish, i))
    return space_name(wish, lang)


def best_label(lang: str) -> str:
    """The fallback as a player reads it (and may type it back): "then the best open space"."""
    return catalog.text("wish.best", lang)


def is_best(text: str, lang: str) -> bool:
    """Whether ``text`` asks for the best open space, in ``lang`` or English."""
    return normal(text) in _listed("wish.best_words", lang) | _listed("wish.best_words", "en") | {
        normal(best_label(lang)), normal(best_label("en"))}


#: Why a typed standing plan was not understood (``Typed.problem``): a piece that names no
#: space or row, an animal's own space, or the best open space somewhere else than last.
UNKNOWN, OWN_SPACE, BEST_NOT_LAST, EMPTY = "unknown", "own_space", "best_not_last", "empty"


@dataclass(frozen=True)
class Typed:
    """A typed standing plan: its wishes in order (each once), whether it ends with the best
    open space, and the first problem found (``(kind, the piece as typed)``), if any."""

    wishes: tuple[str, ...]
    best: bool
    problem: tuple[str, str] | None = None


def standing_of(text: str, lang: str) -> Typed:
    """A typed standing plan ("Speciation meat, wanderlust 2, any Domination, then the best
    open space"): its pieces cut as ``split`` cuts them (a label with bracketed commas is one)."""
    items = split(text)
    wishes: list[str] = []
    best = False
    for k, item in enumerate(items):
        if is_best(item, lang):
            if k != len(items) - 1:
                return Typed(tuple(wishes), False, (BEST_NOT_LAST, item))
            best = True
            continue
        wish = wish_of(item, lang)
        if wish is None:
            kind = OWN_SPACE if own_spaces(lang).get(normal(item)) else UNKNOWN
            return Typed(tuple(wishes), False, (kind, item))
        wish = _row_of_one(wish)
        if wish not in wishes or wish in ROW_BY_NAME:
            wishes.append(wish)  # a row may be wished more than once: one AP each
    if not wishes and not best:
        return Typed((), False, (EMPTY, text[:60]))
    return Typed(tuple(wishes), best)


def _row_of_one(wish: str) -> str:
    """A row of one usable space is wished as that space."""
    if wish in ROW_BY_NAME and _usable(wish) == 1:
        return next(space_id(wish, i) for i in range(ROW_BY_NAME[wish].spaces) if not is_free_space(wish, i))
    return wish


def matching_wishes(typed: str, lang: str) -> list[str]:
    """Rows, then spaces, whose spellings contain every word typed (for an autocomplete)."""
    wanted = normal(typed).split()
    rows = [row.name for row in ACTION_ROWS if _usable(row.name) > 1
            and all(w in normal(wish_label(row.name, lang)) for w in wanted)]
    return rows + matching(typed, lang)


__all__ = ["BEST_NOT_LAST", "EMPTY", "OWN_SPACE", "UNKNOWN", "Typed", "best_label", "is_best", "matching",
           "matching_wishes", "normal", "own_spaces", "pieces", "row_spellings", "space_of", "spellings", "split",
           "standing_of", "wish_label", "wish_of"]
