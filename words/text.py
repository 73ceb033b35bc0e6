"""Structured texts: a catalogue key and its parameters, worded only when a language is known.

The service says *what* to tell (``T("bot.joined", player=..., animal=...)``); the shell says it
in the reader's language (``say(text, lang)``).  A parameter may itself be a text, or a list of
texts joined as a sentence; a plain ``str`` is a text already worded (names, old English).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, Union


@dataclass(frozen=True)
class Text:
    """One catalogue message: ``key`` (its plural form by ``args["n"]``) and its parameters."""

    key: str
    args: Mapping[str, Any] = field(default_factory=dict)

    def __str__(self) -> str:  # logs and old callers read English
        return _english(self)


@dataclass(frozen=True)
class Joined:
    """Texts said one after another (``sep`` between them), each in the same language."""

    parts: tuple[Words, ...]
    sep: str = " "

    def __str__(self) -> str:
        return _english(self)


@dataclass(frozen=True)
class Entry:
    """A log entry of the state (``words.line``), with its turn."""

    entry: Any
    turn: bool = True

    def __str__(self) -> str:
        return _english(self)


Words = Union[str, Text, Joined, Entry]  # noqa: UP007 - a runtime alias used in isinstance-free annotations


#: How a text is worded: set by ``words`` (its package), which words texts from the catalogues.
#: Held here rather than imported, so this module of plain data imports nothing of the package.
_wording: Callable[[Words, str], str] | None = None


def set_wording(wording: Callable[[Words, str], str]) -> None:
    global _wording
    _wording = wording


def _english(text: Words) -> str:
    """A text as logs and old callers read it (English)."""
    assert _wording is not None, "words sets the wording when it is imported"
    return _wording(text, "en")


def T(key: str, /, **args: Any) -> Text:  # noqa: N802 - reads like gettext's _()
    """A text to be worded later: ``T("bot.you_chose", option=...)``."""
    return Text(key, args)


def join(*parts: Words | None, sep: str = " ") -> Joined:
    """Texts one after another; ``None`` and empty parts are left out."""
    return Joined(tuple(p for p in parts if p), sep)


def lines(parts: Sequence[Words | None]) -> Joined:
    return join(*parts, sep="\n")
