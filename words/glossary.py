"""The glossary: the game's terms, one file a language (``locale/<lang>/glossary.toml``, beside
its catalogue), each term with the forms that language's catalogue asks for.

A term (or a form of it) that a language's glossary lacks is taken from English's, and that is
logged once: a language copied from English and translated a piece at a time works all along.
"""

from __future__ import annotations

import logging
import tomllib
from functools import cache
from pathlib import Path

from words.catalog import DEFAULT, LOCALE_DIR

log = logging.getLogger(__name__)
FILE = "glossary.toml"
#: The key of a term's plain form (any other key is a form: ``on``, ``short``, ``A``...).
PLAIN = "plain"

Terms = dict[str, dict[str, dict[str, str]]]  # kind -> engine id -> form -> text
#: (language, key, form) looked up in English instead, each logged once.
_FELL_BACK: set[tuple[str, str, str]] = set()


def path_of(lang: str) -> Path:
    return LOCALE_DIR / lang / FILE


@cache
def glossary(lang: str = DEFAULT) -> Terms:
    """The terms of ``lang`` as its file says them (``{}`` for a language without the file)."""
    path = path_of(lang)
    if not path.exists():
        return {}
    with path.open("rb") as f:
        terms: Terms = tomllib.load(f)
    return terms


def _entry(lang: str, kind: str, ident: str) -> dict[str, str]:
    return glossary(lang).get(kind, {}).get(ident, {})


def term(key: str, lang: str, form: str = "") -> str:
    """``term("terrain.savannah", "hu", "on")`` -> ``"a szavannán"``; English's when ``lang``'s
    glossary lacks it (logged once); KeyError when English lacks it too.

    ``key`` is ``<kind>.<engine id>`` (the id may contain spaces: ``card.Ice Age``).
    """
    kind, _, ident = key.partition(".")
    want = form or PLAIN
    found = _entry(lang, kind, ident).get(want)
    if found is not None:
        return found
    english = _entry(DEFAULT, kind, ident).get(want)
    if english is None:
        raise KeyError(f"the glossary has no {key} ({want}) in {lang} nor in {DEFAULT}")
    if (lang, key, want) not in _FELL_BACK:
        _FELL_BACK.add((lang, key, want))
        log.warning("the %s glossary has no %s (%s): English's is used", lang, key, want)
    return english


def terms(kind: str) -> list[str]:
    """The engine ids the glossary has for ``kind`` (``"animal"``, ``"card"``...): English's."""
    return list(glossary(DEFAULT)[kind])


def article(label: str, lang: str) -> str:
    """The article before a tile's label (``az A1``, ``a B2`` in Hungarian): by the label's letter
    where the language's ``article.label`` names one (``A``), else its plain form."""
    entry = _entry(lang, "article", "label") or _entry(DEFAULT, "article", "label")
    return entry.get(label[:1], entry.get(PLAIN, ""))
