"""Reading the game log (``state["log"]``): entries by turn, since a point, about an animal,
pages for a whole-log view, and a short recap for a player whose turn has come.

A saved state carries only the recent part of its log (``kept``): the entries of this turn
and the one before, from index ``state["log_from"]`` of the whole log on.  That is what a post,
a picture's last line and a follower's news read, and it keeps the cost of loading and saving a
state the same in turn 20 as in turn 1.  The whole log is derived from the move list when it is
read (``engine.history.History.log``).  Indices into the log (``total``, ``since``) count from
the whole log's first entry either way.

An entry is structured (``engine.text.entry``: ``{"turn", "key", "animal"?, "args"?}``); a
decision's entry and an animal's skipped action name that animal under ``"animal"``.  States
saved before schema 2 hold English lines instead (``T12 Birds: speciates ...``); every
function here reads both.  Whatever needs words (recaps, pages) takes a ``render`` function,
such as ``lambda e: words.line(e, "hu")``.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from engine.data import FOOD_CHAIN

Entry = Mapping[str, Any] | str
Render = Callable[[Entry], str]

_TURN = re.compile(r"^T(\d+) ")
#: The turns of the log a saved state keeps: the one being played and the one before it (a
#: follower's news tells the turn just finished; a post's story rarely reaches further back).
KEPT_TURNS = 2
LOG_FROM = "log_from"  # the state's key: how many entries of the whole log come before ``state["log"]``
#: Entries that only say where the game is; a recap leaves them out.
_BANNERS = ("phase.planning", "phase.execution", "phase.reset")
_LEGACY_BANNERS = ("Planning phase begins.", "Execution phase begins.", "Reset phase begins.")


def turn_of(entry: Entry) -> int | None:
    if not isinstance(entry, str):
        return entry.get("turn")
    m = _TURN.match(entry)
    return int(m.group(1)) if m else None


def text_of(line: str) -> str:
    """A legacy line without its ``T12 `` prefix."""
    return _TURN.sub("", line, count=1)


def by(entry: Entry) -> str | None:
    """The animal whose decision (or skipped action) the entry is, if any."""
    if not isinstance(entry, str):
        return entry.get("animal")
    text = text_of(entry)
    return next((a for a in FOOD_CHAIN if text.startswith(f"{a.capitalize()}: ")), None)


def _values(value: Any) -> Iterable[Any]:
    if isinstance(value, Mapping):
        for v in value.values():
            yield from _values(v)
    elif isinstance(value, list | tuple):
        for v in value:
            yield from _values(v)
    else:
        yield value


def animals_in(entry: Entry) -> set[str]:
    """Every animal the entry names: who acted and whom it befell."""
    if isinstance(entry, str):
        text = text_of(entry).lower()
        return {a for a in FOOD_CHAIN if re.search(rf"\b{a}\b", text)}
    named = {v for v in _values(entry.get("args", {})) if isinstance(v, str) and v in FOOD_CHAIN}
    if entry.get("animal"):
        named.add(entry["animal"])
    return named


def is_banner(entry: Entry) -> bool:
    if isinstance(entry, str):
        return text_of(entry) in _LEGACY_BANNERS
    return entry.get("key") in _BANNERS


def turns(entries: Sequence[Entry]) -> list[int]:
    """The turns the log has entries for, in order."""
    seen: dict[int, None] = {}
    for e in entries:
        t = turn_of(e)
        if t is not None:
            seen[t] = None
    return list(seen)


def log_from(state: Mapping[str, Any]) -> int:
    """The index in the whole log of the state's first kept entry (0: it keeps the whole log)."""
    return int(state.get(LOG_FROM, 0))


def total(state: Mapping[str, Any]) -> int:
    """How many entries the whole log has (the kept ones and all before them)."""
    return log_from(state) + len(state["log"])


def since(state: Mapping[str, Any], index: int) -> list[Entry]:
    """The entries from index ``index`` of the whole log on (those still kept, if it is older)."""
    return list(state["log"][max(0, index - log_from(state)):])


def kept(state: Mapping[str, Any]) -> dict[str, Any]:
    """The state as it is saved: the same, with only its recent log (a new dict; ``state`` is
    not changed).  The same state gives the same result however often it is applied."""
    entries = state["log"]
    first = int(state["turn"]) - KEPT_TURNS + 1
    drop = 0
    while drop < len(entries) and (turn_of(entries[drop]) or 0) < first:
        drop += 1
    if not drop:
        return dict(state)
    return {**state, "log": entries[drop:], LOG_FROM: log_from(state) + drop}


def lines_of_turn(entries: Sequence[Entry], turn: int) -> list[Entry]:
    return [e for e in entries if turn_of(e) == turn]


def lines_since(entries: Sequence[Entry], index: int) -> list[Entry]:
    """The entries after the first ``index`` ones (``index``: the log's length back then)."""
    return list(entries[max(0, index):])


def about(entry: Entry, animals: Iterable[str]) -> bool:
    """Whether the entry names one of the animals (its player's doing or what befell it)."""
    return bool(animals_in(entry) & set(animals))


def lines_about(entries: Sequence[Entry], animals: Iterable[str]) -> list[Entry]:
    animals = list(animals)
    return [e for e in entries if about(e, animals)]


def last_decision(entries: Sequence[Entry], animals: Iterable[str]) -> int | None:
    """The index of the last entry written by one of the animals' own actions."""
    animals = set(animals)
    for i in range(len(entries) - 1, -1, -1):
        if by(entries[i]) in animals:
            return i
    return None


@dataclass(frozen=True)
class Recap:
    lines: list[str]  # worded, without turn prefixes, oldest first
    omitted: int  # older lines left out to keep it short

    def text(self, more: str = "(… {n} earlier lines)") -> str:
        """The recap as one text; ``more`` words the omitted count (``{n}``)."""
        head = [more.format(n=self.omitted)] if self.omitted else []
        return "\n".join(head + self.lines)


def recap(entries: Sequence[Entry], animals: Iterable[str], render: Render, *, limit: int = 6,
          width: int = 160) -> Recap:
    """What happened since the animals' (one player's) previous decision: the others'
    moves and what followed, at most ``limit`` lines of at most ``width`` characters."""
    animals = set(animals)
    start = last_decision(entries, animals)
    picked = [e for e in entries[(start + 1) if start is not None else 0:] if not (is_banner(e) or by(e) in animals)]
    shown = [render(e) for e in (picked[-limit:] if limit > 0 else [])]  # only the lines shown are worded
    return Recap([t if len(t) <= width else t[:width - 1] + "…" for t in shown], max(0, len(picked) - limit))


@dataclass(frozen=True)
class Page:
    turn: int
    part: int  # 1-based; a long turn fills several pages
    parts: int
    lines: list[str]  # worded, without turn prefixes


def pages(entries: Sequence[Entry], render: Render, *, max_chars: int = 1800) -> list[Page]:
    """The log cut into pages of whole lines, one turn (or a part of one) per page, oldest
    first; no page's lines (joined by newlines) exceed ``max_chars``."""
    out: list[Page] = []
    for turn in turns(entries):
        chunks: list[list[str]] = [[]]
        size = 0
        for e in lines_of_turn(entries, turn):
            text = render(e)[:max_chars]
            if chunks[-1] and size + 1 + len(text) > max_chars:
                chunks.append([])
                size = 0
            size += len(text) + (1 if chunks[-1] else 0)
            chunks[-1].append(text)
        out += [Page(turn, i + 1, len(chunks), c) for i, c in enumerate(chunks)]
    return out
