"""What the engine says, without words: a key and its parameters.

The engine never writes a sentence.  A prompt, an option and a log entry each carry a
``Msg``: a stable key (``speciation.placed``) and parameters that are ids and numbers only.
The ``words`` package turns them into English or Hungarian.

A parameter's name tells its kind (``words.render`` keeps the table): ``animal``,
``victim``... are animal ids; ``tile``, ``src``, ``dst`` are tile references (``tile_ref``);
``corner`` a corner reference (``corner_ref``); ``element``, ``terrain``, ``card``,
``action`` (a row of the display), ``space`` (``speciation-3``) ids; ``n`` is the count
that picks a plural form.  A list parameter holds ids of its singular's kind, or small
dicts of such parameters.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from engine.geometry import corner_from_key, hex_key

State = dict[str, Any]


@dataclass(frozen=True)
class Msg:
    """A text to be worded: ``key`` names the message, ``args`` are its JSON-ready parameters."""

    key: str
    args: Mapping[str, Any] = field(default_factory=dict)

    def to_dict(self) -> dict[str, Any]:
        return {"key": self.key, "args": dict(self.args)}


def msg(key: str, **args: Any) -> Msg:
    return Msg(key, args)


def tile_ref(state: State, hkey: str) -> dict[str, str]:
    """A tile as a parameter: its key and its terrain *now* (a later Glaciation must not
    change how an old log entry reads)."""
    return {"hex": hkey, "terrain": state["tiles"][hkey]["terrain"]}


def corner_ref(state: State, ckey: str) -> dict[str, Any]:
    """A corner as a parameter: its key and the tiles on earth around it, so that it is
    named after tiles that exist, never after an empty hex."""
    tiles = sorted(k for h in corner_from_key(ckey) if (k := hex_key(h)) in state["tiles"])
    return {"corner": ckey, "tiles": tiles}


def entry(turn: int, m: Msg, animal: str | None = None) -> dict[str, Any]:
    """A log entry: ``{"turn", "key", "animal"?, "args"?}`` (small: empty parts left out).

    ``animal`` is set on a decision's entry (who chose) and on an animal's skipped action.
    """
    e: dict[str, Any] = {"turn": turn, "key": m.key}
    if animal is not None:
        e["animal"] = animal
    if m.args:
        e["args"] = dict(m.args)
    return e
