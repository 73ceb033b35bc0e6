"""Structured texts: a catalogue key and its parameters, worded only when a language is known.

The service says *what* to tell (``T("bot.joined", player=..., animal=...)``); the shell says it
in the reader's language (``say(text, lang)``).  A parameter may itself be a text, or a list of
texts joined as a sentence; a plain ``str`` is a text already worded (names, old English).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, Union


@dataclass(frozen=True)
class Text:
    """One catalogue message: ``key`` (its plural form by ``args["n"]``) and its parameters."""

    key: str
    args: Mapping[str, Any] = field(default_factory=dict)

    def __str__(self) -> str:  # logs and old callers read English
        return say(self, "en")


@dataclass(frozen=True)
class Joined:
    """Texts said one after another (``sep`` between them), each in the same language."""

    parts: tuple[Words, ...]
    sep: str = " "

    def __str__(self) -> str:
        return say(self, "en")


@dataclass(frozen=True)
class Entry:
    """A log entry of the state (``words.line``), with its turn."""

    entry: Any
    turn: bool = True

    def __str__(self) -> str:
        return say(self, "en")


Words = Union[str, Text, Joined, Entry]  # noqa: UP007 - a runtime alias used in isinstance-free annotations


def T(key: str, /, **args: Any) -> Text:  # noqa: N802 - reads like gettext's _()
    """A text to be worded later: ``T("bot.you_chose", option=...)``."""
    return Text(key, args)


def join(*parts: Words | None, sep: str = " ") -> Joined:
    """Texts one after another; ``None`` and empty parts are left out."""
    return Joined(tuple(p for p in parts if p), sep)


def lines(parts: Sequence[Words | None]) -> Joined:
    return join(*parts, sep="\n")


def say(text: Words | None, lang: str) -> str:
    """A text in ``lang`` (a ``str`` is returned as it is)."""
    from words import gettext  # late: words imports this module

    if text is None:
        return ""
    if isinstance(text, str):
        return text
    if isinstance(text, Entry):
        from words import line

        return line(text.entry, lang, turn=text.turn)
    if isinstance(text, Joined):
        return text.sep.join(s for s in (say(p, lang) for p in text.parts) if s)
    return gettext(text.key, lang, **{k: _arg(v, lang) for k, v in text.args.items()})


def _arg(value: Any, lang: str) -> Any:
    if isinstance(value, Text | Joined | Entry):
        return say(value, lang)
    return value
