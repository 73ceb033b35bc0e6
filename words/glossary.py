"""The glossary (``glossary.toml``): every game term in English and Hungarian, with the
Hungarian case forms the catalogue asks for."""

from __future__ import annotations

import tomllib
from functools import cache
from pathlib import Path
from typing import Any

PATH = Path(__file__).parent / "glossary.toml"


@cache
def glossary() -> dict[str, dict[str, dict[str, str]]]:
    with PATH.open("rb") as f:
        data: dict[str, Any] = tomllib.load(f)
    return data


def term(key: str, lang: str, form: str = "") -> str:
    """``term("terrain.savannah", "hu", "on")`` -> ``"a szavannán"``; KeyError if missing.

    ``key`` is ``<kind>.<engine id>`` (the id may contain spaces: ``card.Ice Age``).
    """
    kind, _, ident = key.partition(".")
    entry = glossary()[kind][ident]
    return entry[f"{lang}_{form}" if form else lang]


def terms(kind: str) -> list[str]:
    """The engine ids the glossary has for ``kind`` (``"animal"``, ``"card"``...)."""
    return list(glossary()[kind])


def article(label: str, lang: str) -> str:
    """The article before a tile's label (``az A1``, ``a B2`` in Hungarian): by the label's letter
    where the glossary's ``article.label`` names one (``hu_A``), else its plain form."""
    entry = glossary()["article"]["label"]
    return entry.get(f"{lang}_{label[:1]}", entry.get(lang, ""))
