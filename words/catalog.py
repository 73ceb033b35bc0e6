"""The message catalogues: ``locale/<lang>/LC_MESSAGES/ds.po``, read with Babel at first use.

A msgid is a stable key (``log.speciation.placed``); its msgstr is the text, with ``{name}``
placeholders (``str.format``).  A message with plural forms has ``msgid_plural`` (the same
key) and picks its form by the ``n`` parameter with the catalogue's plural rule.
"""

from __future__ import annotations

import gettext
from collections.abc import Callable
from dataclasses import dataclass
from functools import cache
from pathlib import Path

from babel.messages.pofile import read_po

DEFAULT = "en"
LOCALE_DIR = Path(__file__).parent / "locale"
DOMAIN = "ds"


def found_languages(locale_dir: Path = LOCALE_DIR) -> tuple[str, ...]:
    """The languages there are catalogues for, ``DEFAULT`` first: a language is a folder
    ``<lang>/LC_MESSAGES/ds.po`` under ``locale_dir``, and every list of languages comes from here."""
    found = sorted(p.parents[1].name for p in locale_dir.glob(f"*/LC_MESSAGES/{DOMAIN}.po"))
    if DEFAULT not in found:
        raise RuntimeError(f"no catalogue for the default language {DEFAULT!r} under {locale_dir}")
    return (DEFAULT, *(lang for lang in found if lang != DEFAULT))


LANGUAGES = found_languages()

Text = str | tuple[str, ...]  # one text, or one per plural form


@dataclass(frozen=True)
class Catalogue:
    lang: str
    messages: dict[str, Text]
    plural: Callable[[int], int]
    nplurals: int

    def get(self, key: str) -> Text:
        return self.messages[key]


def po_path(lang: str) -> Path:
    return LOCALE_DIR / lang / "LC_MESSAGES" / f"{DOMAIN}.po"


@cache
def catalogue(lang: str) -> Catalogue:
    """The catalogue of ``lang`` (read once; KeyError for a language we do not have)."""
    if lang not in LANGUAGES:
        raise KeyError(f"no catalogue for {lang!r}")
    with po_path(lang).open("rb") as f:
        po = read_po(f, locale=lang, domain=DOMAIN)
    messages: dict[str, Text] = {}
    for m in po:
        if not m.id:
            continue  # the header
        key = m.id if isinstance(m.id, str) else m.id[0]  # a plural message by its singular
        string = m.string
        assert string is not None, key  # read_po gives every message its text
        messages[key] = string if isinstance(string, str) else tuple(string)
    return Catalogue(lang, messages, gettext.c2py(po.plural_expr), po.num_plurals)


def text(key: str, lang: str, n: int | None = None) -> str:
    """The raw text of ``key`` (the plural form for ``n`` if the message has forms)."""
    found = catalogue(lang).get(key)
    if isinstance(found, tuple):
        if n is None:
            raise KeyError(f"{key!r} has plural forms and needs a count")
        return found[catalogue(lang).plural(int(n))]
    return found


def own_name(lang: str) -> str:
    """A language's name in itself (``English``, ``magyar``): how it is offered wherever one is chosen."""
    return text("language.name", lang)


def has(key: str, lang: str = DEFAULT) -> bool:
    return key in catalogue(lang).messages


def is_plural(key: str, lang: str = DEFAULT) -> bool:
    return isinstance(catalogue(lang).messages.get(key), tuple)
