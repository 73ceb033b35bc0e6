"""Every word a person reads, in English and Hungarian, from the engine's keys and ids.

The engine says what happened as structured data (``engine.text``); this package words it::

    words.line(state["log"][-1], "hu")        # a log entry (or an old English line, as it is)
    words.option(option, "en")                # an option's label, at most 100 characters
    words.option_description(option, "hu")   # a card's effect under its name, or None
    words.prompt_text(prompt, "en")           # what the prompt asks
    words.error(exc, "hu")                    # a RulesError for the player
    words.say(words.T("bot.joined", ...), "hu")  # a text of the bot, worded when the reader is known

Texts come from gettext catalogues (``locale/<lang>/LC_MESSAGES/ds.po``, keys as msgids) and
game terms from glossaries (``locale/<lang>/glossary.toml``).  A language is a folder of
``locale/`` (``LANGUAGES``, English first); ``pick_language`` maps a Discord locale (``"hu"``, ``"en-US"``)
to one of them, ``own_name`` names one in itself, ``decimal`` writes a number as its readers do.
"""

from __future__ import annotations

import logging
import sys
from collections.abc import Mapping, Sequence
from typing import Any

import orjson

from engine.errors import RulesError
from engine.flow import Option, Prompt
from engine.logbook import text_of
from engine.text import Msg
from words import catalog
from words import render as _r
from words.catalog import DEFAULT, LANGUAGES, own_name
from words.glossary import term as _term
from words.render import decimal, language_name
from words.text import Entry, Joined, T, Text, Words, join, set_wording

MAX_LABEL = 100  # Discord's limit for a button label, a select option and its description

log = logging.getLogger(__name__)
#: Texts that could not be worded so far (key, language): each is logged once, as an error.
_MISSED: set[tuple[str, str]] = set()


def pick_language(locale: str | None) -> str:
    """The supported language for a locale such as ``"hu"``, ``"en-US"`` or ``None``."""
    base = (locale or "").replace("_", "-").split("-")[0].lower()
    return base if base in LANGUAGES else DEFAULT


def _checked(lang: str) -> str:
    if lang not in LANGUAGES:
        raise ValueError(f"unsupported language {lang!r}; choose one of {', '.join(LANGUAGES)}")
    return lang


#: Texts worded so far, by key, language and parameters: the same option labels and log lines are
#: worded again and again (every post words its prompt's options), and wording is the costliest
#: pure work a post does.  The catalogues never change while the process runs.  Bounded by the
#: bytes it holds (a text is about half a KB with its key: some 12,000 texts), the oldest out
#: first.  A plain dict: a post looks up a hundred texts or more, and a cache class's lookups,
#: Python calls, cost a post 0.4 ms more (``bench/posts.py``); ``bench/memory.py`` prints its
#: size and hit rate in every process.
WORDED_BYTES = 6 * 2**20
#: What an entry costs beside its text and its key's characters: the objects and the dict's
#: slots (about 370 bytes, measured with tracemalloc).
_ENTRY_BYTES = 370
_WORDED: dict[tuple[str, str, bytes], str] = {}
_worded = [0, 0, 0]  # bytes held, hits, misses


def _entry_size(key: tuple[str, str, bytes], text: str) -> int:
    return sys.getsizeof(text) + len(key[0]) + len(key[2]) + _ENTRY_BYTES


def _keep(key: tuple[str, str, bytes], text: str) -> None:
    if key in _WORDED:
        return
    _WORDED[key] = text
    _worded[0] += _entry_size(key, text)
    while _worded[0] > WORDED_BYTES and _WORDED:
        oldest = next(iter(_WORDED))
        gone = _WORDED.pop(oldest, None)
        if gone is not None:
            _worded[0] -= _entry_size(oldest, gone)


def caches() -> list[dict[str, Any]]:
    """This process's caches of words, as ``bench/memory.py`` and the host's metrics read them."""
    return [{"name": "words.worded", "entries": len(_WORDED), "bytes": _worded[0], "bound": WORDED_BYTES,
             "hits": _worded[1], "misses": _worded[2]}]


def _typed(value: Any) -> Any:
    """A parameter object as the memo's key sees it: its kind named, so a ``Text`` and an engine
    ``Msg`` (or a plain dict) with the same fields are never taken for one another."""
    if not hasattr(value, "__dict__"):
        raise TypeError(type(value).__name__)
    return [type(value).__name__, vars(value)]


def _frozen(args: Mapping[str, Any]) -> bytes | None:
    try:
        return orjson.dumps(args, default=_typed,
                            option=orjson.OPT_SORT_KEYS | orjson.OPT_NON_STR_KEYS | orjson.OPT_PASSTHROUGH_DATACLASS)
    except TypeError:  # a parameter orjson cannot write: worded each time
        return None


def _safe(key: str, args: Mapping[str, Any], lang: str) -> str:
    """Render, and never fail a player over a text: fall back to English, then to the key."""
    frozen = _frozen(args)
    if frozen is not None:
        known = _WORDED.get((key, lang, frozen))
        if known is not None:
            _worded[1] += 1
            return known
        _worded[2] += 1
    try:
        text = _r.render(key, args, lang)
    except (KeyError, ValueError, IndexError, TypeError, AttributeError) as exc:
        if _r.STRICT:
            raise
        if (key, lang) not in _MISSED:
            _MISSED.add((key, lang))
            log.error("cannot word %s in %s (%s: %s); shown in another language or as its key",
                      key, lang, type(exc).__name__, exc)
    else:
        if frozen is not None:
            # a copy of the key's bytes: orjson's own hold at least 4 KB, whatever their length
            _keep((key, lang, bytes(memoryview(frozen))), text)
        return text
    try:
        return _r.render(key, args, DEFAULT)
    except (KeyError, ValueError, IndexError, TypeError, AttributeError):
        return f"{key} {dict(args)}"


def typed_words(key: str, lang: str | None = None) -> set[str]:
    """A catalogue text that lists words a player may type ("off, back"), as lower-case words: in
    ``lang``, or in every language (a command takes any of them)."""
    return {w.strip().lower() for one in ((lang,) if lang else LANGUAGES)
            for w in _safe(key, {}, _checked(one)).split(",") if w.strip()}


def gettext(key: str, lang: str = DEFAULT, **args: Any) -> str:
    """Any catalogue text by its full key, with its parameters worded."""
    return _safe(key, args, _checked(lang))


def ngettext(key: str, n: int, lang: str = DEFAULT, **args: Any) -> str:
    """A plural-aware text: ``ngettext("log.species_placed", 3, "hu", tile=...)``."""
    return _safe(key, {**args, "n": n}, _checked(lang))


def term(key: str, lang: str = DEFAULT, form: str = "") -> str:
    """A glossary term: ``term("terrain.wetland", "hu")`` -> ``"mocsár"``."""
    return _term(key, _checked(lang), form)


def line(entry: Mapping[str, Any] | str, lang: str = DEFAULT, *, turn: bool = False) -> str:
    """A log entry as one line (``Birds: place 2 species on …``); ``turn`` prefixes its turn.

    A plain string is a line from a state saved before structured logs: shown as it is
    (it already carries its ``T12`` prefix, dropped when ``turn`` is false).
    """
    lang = _checked(lang)
    if isinstance(entry, str):
        return entry if turn else text_of(entry)
    text = _safe("log." + entry["key"], entry.get("args", {}), lang)
    if entry.get("animal"):
        text = _safe("log.by", {"animal": entry["animal"], "text": text}, lang)
    if turn:
        text = _safe("log.turn", {"turn": entry["turn"], "text": text}, lang)
    return text


def lines(entries: Sequence[Mapping[str, Any] | str], lang: str = DEFAULT, *, turn: bool = False) -> list[str]:
    return [line(e, lang, turn=turn) for e in entries]


def _msg(m: Msg | Mapping[str, Any]) -> tuple[str, Mapping[str, Any]]:
    if isinstance(m, Msg):
        return m.key, m.args
    return m["key"], m.get("args", {})


def clip(text: str, limit: int = MAX_LABEL) -> str:
    return text if len(text) <= limit else text[:limit - 1] + "…"


def option(o: Option | Mapping[str, Any], lang: str = DEFAULT) -> str:
    """An option's label, never over 100 characters (``Prompt.to_dict`` options work too)."""
    key, args = _msg(o.text if isinstance(o, Option) else o["text"])
    return clip(_safe("opt." + key, args, _checked(lang)))


def option_description(o: Option | Mapping[str, Any], lang: str = DEFAULT) -> str | None:
    """A line under the label where one helps: a card's effect, an action space's action."""
    key, args = _msg(o.text if isinstance(o, Option) else o["text"])
    if key == "card":
        return card_effect(args["card"], lang)
    if key == "space":
        row = str(args["space"]).rpartition("-")[0]
        return clip(_safe(f"action.{row}.short", {}, _checked(lang)))
    return None


def prompt_text(p: Prompt | Mapping[str, Any], lang: str = DEFAULT) -> str:
    key, args = _msg(p.text if isinstance(p, Prompt) else p["text"])
    return _safe("ask." + key, args, _checked(lang))


def error(exc: BaseException, lang: str = DEFAULT) -> str:
    """A refusal for the player: a RulesError worded, any other error as it says itself."""
    if isinstance(exc, RulesError):
        return _safe("err." + exc.key, exc.params, _checked(lang))
    return str(exc)


def reason(m: Msg, lang: str = DEFAULT) -> str:
    """Why the engine set an answer given ahead aside (``engine.orders.Stop.reason``), for its player."""
    return _safe("err." + m.key, m.args, _checked(lang))


def _slug(name: str) -> str:
    return name.lower().replace(" ", "_")


def card_name(name: str, lang: str = DEFAULT) -> str:
    return _term(f"card.{name}", _checked(lang))


def card_text(name: str, lang: str = DEFAULT) -> str:
    """A card's whole rules text (``Survival`` too)."""
    return _safe(f"card.{_slug(name)}.text", {}, _checked(lang))


def card_effect(name: str, lang: str = DEFAULT) -> str:
    """A card's effect in at most 100 characters (a select option's description)."""
    return clip(_safe(f"card.{_slug(name)}.short", {}, _checked(lang)))


def tile(state: Mapping[str, Any], hkey: str, lang: str = DEFAULT, form: str = "") -> str:
    """A tile of ``state`` by name: ``the savannah at D2`` (``form="short"``: ``D2 savannah``)."""
    return _r.tile_name(hkey, state["tiles"][hkey]["terrain"], _checked(lang), form)


def space(space_id: str, lang: str = DEFAULT) -> str:
    """An eyeball space: ``speciation-3`` -> ``Speciation 3 (seed)``."""
    return _r.space_name(space_id, _checked(lang))


def vp_source(source: str, lang: str = DEFAULT) -> str:
    """Where VPs came from (``engine.vp``): ``card:Ice Age`` -> ``Ice Age (card)``."""
    lang = _checked(lang)
    if source.startswith("card:"):
        return _safe("vp.card", {"card": source[len("card:"):]}, lang)
    if source in ("domination", "glaciation", "wanderlust"):
        return _term(f"action.{source}", lang)
    return _term(f"term.{source}", lang)


def tie_break(tie: Mapping[str, Any], winner: str, lang: str = DEFAULT) -> str:
    """What decided a shared best score (``result["tie_break"]``), in a sentence."""
    return _safe("log.tie_break", {"animals": tie["animals"], "vp": tie["score"], "winner": winner},
                 _checked(lang))


__all__ = [
    "DEFAULT", "LANGUAGES", "MAX_LABEL", "Entry", "Joined", "T", "Text", "Words", "card_effect", "card_name",
    "card_text", "catalog", "clip", "decimal", "error", "gettext", "join", "language_name", "line", "lines",
    "ngettext", "option", "option_description", "own_name", "pick_language", "prompt_text", "reason", "say", "space",
    "term", "tie_break", "tile", "typed_words", "vp_source",
]


# -- the bot's texts (``words.text``), worded once the reader's language is known --------------

def say(text: Words | None, lang: str) -> str:
    """A text in ``lang`` (a ``str`` is returned as it is)."""
    if text is None:
        return ""
    if isinstance(text, str):
        return text
    if isinstance(text, Entry):
        return line(text.entry, lang, turn=text.turn)
    if isinstance(text, Joined):
        return text.sep.join(s for s in (say(p, lang) for p in text.parts) if s)
    return gettext(text.key, lang, **{k: _arg(v, lang) for k, v in text.args.items()})


def _arg(value: Any, lang: str) -> Any:
    if isinstance(value, Text | Joined | Entry):
        return say(value, lang)
    return value


set_wording(say)
