"""The prompt of a state, remembered while the state stays as it was.

One move and its post ask the same state for its prompt seven times (the move's checks, the
rules, the clock, the reply, the post's plan and its lines), and a Planning prompt is the
costliest part of a post's own work.  The rules never change a state without counting a
decision, so a state is "as it was" while its decisions, phase, steps, log and seat names are.
The state itself is held beside its prompt, so another state can never take its place.
"""

from __future__ import annotations

from collections import OrderedDict
from typing import Any

import engine
from engine import logbook

State = dict[str, Any]
#: States whose prompt is kept: those of the moves and posts under way.  An entry holds its state
#: (60-110 KB of objects, measured) and its prompt, so a bound in entries is one in bytes.
KEPT = 32
#: What an entry holds at most: a state and a Planning prompt's forty-odd options.
ENTRY_BYTES = 128 * 1024
_asked: OrderedDict[int, tuple[State, tuple[Any, ...], engine.Prompt | None]] = OrderedDict()
_counts = [0, 0]  # hits, misses


def caches() -> list[dict[str, Any]]:
    return [{"name": "asked.prompts", "entries": len(_asked), "bytes": len(_asked) * ENTRY_BYTES,
             "bound": KEPT * ENTRY_BYTES, "hits": _counts[0], "misses": _counts[1]}]


def asked(state: State) -> engine.Prompt | None:
    """``engine.prompt(state)``, computed once while the state is unchanged."""
    mark = (state["decisions"], state["phase"], len(state["steps"]), logbook.total(state),
            tuple(s["name"] for s in state["seats"]))
    known = _asked.get(id(state))
    if known is not None and known[0] is state and known[1] == mark:
        _asked.move_to_end(id(state))
        _counts[0] += 1
        return known[2]
    _counts[1] += 1
    prompt = engine.prompt(state)
    _asked[id(state)] = (state, mark, prompt)
    _asked.move_to_end(id(state))
    while len(_asked) > KEPT:
        _asked.popitem(last=False)
    return prompt
