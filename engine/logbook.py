"""Reading the game log (``state["log"]``): lines by turn, since a point, about an animal,
pages for a whole-log view, and a short recap for a player whose turn has come.

Every log line starts with its turn, ``T12 Birds: speciates ...``; a decision's line names the
animal that chose (``Birds: ...``), as do lines an animal's skipped action writes.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from engine.state import animal_name

_TURN = re.compile(r"^T(\d+) ")
#: Lines that only say where the game is; a recap leaves them out.
_BANNERS = ("Planning phase begins.", "Execution phase begins.", "Reset phase begins.")


def turn_of(line: str) -> int | None:
    m = _TURN.match(line)
    return int(m.group(1)) if m else None


def text_of(line: str) -> str:
    """The line without its ``T12 `` prefix."""
    return _TURN.sub("", line, count=1)


def turns(lines: Sequence[str]) -> list[int]:
    """The turns the log has lines for, in order."""
    seen: dict[int, None] = {}
    for line in lines:
        t = turn_of(line)
        if t is not None:
            seen[t] = None
    return list(seen)


def lines_of_turn(lines: Sequence[str], turn: int) -> list[str]:
    return [line for line in lines if turn_of(line) == turn]


def lines_since(lines: Sequence[str], index: int) -> list[str]:
    """The lines after the first ``index`` ones (``index``: the log's length back then)."""
    return list(lines[max(0, index):])


def about(line: str, animals: Iterable[str]) -> bool:
    """Whether the line names one of the animals (its player's doing or what befell it)."""
    text = text_of(line).lower()
    return any(re.search(rf"\b{re.escape(a.lower())}\b", text) for a in animals)


def lines_about(lines: Sequence[str], animals: Iterable[str]) -> list[str]:
    animals = list(animals)
    return [line for line in lines if about(line, animals)]


def last_decision(lines: Sequence[str], animals: Iterable[str]) -> int | None:
    """The index of the last line written by one of the animals' own actions."""
    heads = tuple(f"{animal_name(a)}: " for a in animals)
    for i in range(len(lines) - 1, -1, -1):
        if text_of(lines[i]).startswith(heads):
            return i
    return None


@dataclass(frozen=True)
class Recap:
    lines: list[str]  # without turn prefixes, oldest first
    omitted: int  # older lines left out to keep it short

    def text(self) -> str:
        head = [f"(… {self.omitted} earlier lines)"] if self.omitted else []
        return "\n".join(head + self.lines)


def recap(lines: Sequence[str], animals: Iterable[str], *, limit: int = 6, width: int = 160) -> Recap:
    """What happened since the animals' (one player's) previous decision: the others'
    moves and what followed, at most ``limit`` lines of at most ``width`` characters."""
    animals = list(animals)
    start = last_decision(lines, animals)
    heads = tuple(f"{animal_name(a)}: " for a in animals)
    picked = []
    for line in lines[(start + 1) if start is not None else 0:]:
        text = text_of(line)
        if text in _BANNERS or text.startswith(heads):
            continue
        picked.append(text if len(text) <= width else text[:width - 1] + "…")
    return Recap(picked[-limit:] if limit > 0 else [], max(0, len(picked) - limit))


@dataclass(frozen=True)
class Page:
    turn: int
    part: int  # 1-based; a long turn fills several pages
    parts: int
    lines: list[str]  # without turn prefixes


def pages(lines: Sequence[str], *, max_chars: int = 1800) -> list[Page]:
    """The log cut into pages of whole lines, one turn (or a part of one) per page, oldest
    first; no page's lines (joined by newlines) exceed ``max_chars``."""
    out: list[Page] = []
    for turn in turns(lines):
        chunks: list[list[str]] = [[]]
        size = 0
        for line in lines_of_turn(lines, turn):
            text = text_of(line)[:max_chars]
            if chunks[-1] and size + 1 + len(text) > max_chars:
                chunks.append([])
                size = 0
            size += len(text) + (1 if chunks[-1] else 0)
            chunks[-1].append(text)
        out += [Page(turn, i + 1, len(chunks), c) for i, c in enumerate(chunks)]
    return out
