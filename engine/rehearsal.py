"""What an AP's resolution would ask its owner if it resolved now: a what-if on a copy.

An order (``engine.orders``) holds answers given ahead for one of an animal's APs on the
display.  To give them, the player is shown the prompts the AP's action would ask *now*, on a
copy of the position in which that AP is taken off the display and resolved at once, and
answers them one at a time, as in the live prompt (same kinds, same option ids).

In the copy, a prompt for another animal is answered for it only in a step where the answers
are independent (``engine.early.INDEPENDENT``: the moves onto a new Wanderlust tile, the
losses of Disease and Immigrants): what the others answer there cannot change what the owner
is offered.  Anywhere else (another animal choosing the card a Domination won, and what that
card then asks) the rehearsal ends: what follows depends on someone else.  The copy's hidden
draws are reshuffled (as a computer player's are), so a what-if never shows a real one.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from engine.ai.core import clone, determinise
from engine.data import ROW_NAMES
from engine.display import parse_space_id, space_id, take_ap
from engine.early import INDEPENDENT
from engine.errors import RulesError
from engine.flow import Prompt, advance, apply, prompt
from engine.phases import resolving

State = dict[str, Any]

#: Why a rehearsal asks nothing more: the action would be over, or another animal decides next
#: and what the owner is asked after that depends on its answer.
OVER, OTHERS = "over", "others"
#: The seed of the copy's reshuffled hidden draws (any: they are never the real ones).
_HIDDEN_SEED = 0


def plain(text: Any) -> Any:
    """A prompt's or option's text as stored: JSON data, compared as such."""
    data = text.to_dict() if hasattr(text, "to_dict") else text
    return json.loads(json.dumps(data))


@dataclass(frozen=True)
class Answer:
    """One answer given ahead, with the prompt it answers as it was shown: its kind and text,
    and the option's own text (to say which answer no longer fit)."""

    kind: str
    text: dict[str, Any]
    option: str
    label: dict[str, Any]

    @classmethod
    def of(cls, p: Prompt, option: str) -> Answer:
        chosen = p.option(option)
        assert chosen is not None, option
        return cls(p.kind, plain(p.text), option, plain(chosen.text))

    def to_dict(self) -> dict[str, Any]:
        return {"kind": self.kind, "text": self.text, "option": self.option, "label": self.label}

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> Answer:
        return cls(data["kind"], data["text"], data["option"], data["label"])


def still_to_resolve(state: State, space: str) -> bool:
    """Whether the AP on ``space`` will still be taken off for its action this turn, as far as
    the position shows: in Planning every AP (a Glaciation AP behind another too: another may
    be placed in front of it yet; if not, its order is dropped at the turn's end); in Execution
    those in rows and places the Execution has not reached, but a Glaciation AP behind another
    (only the left-most acts, and nothing is placed in front of it any more)."""
    found = parse_space_id(space)
    if found is None or state["phase"] not in ("planning", "execution"):
        return False
    row, index = found
    if state["display"][row][index] is None:
        return False
    if state["phase"] == "planning":
        return True
    steps = state["steps"]
    if not steps or steps[0]["name"] != "execution":
        return False
    ex = steps[0]
    at = ROW_NAMES.index(row)
    if row == "glaciation" and any(state["display"][row][:index]):
        return False  # only the left-most acts, and no AP is placed in front of it any more
    now: int = ex["row"]
    if at != now:
        return at > now
    return not ex["entered"] or index >= int(ex["space"])


def placed_this_turn(state: State, space: str) -> str | None:
    """The animal that placed an AP on ``space`` in this turn's Planning, as the log says."""
    for entry in reversed(state["log"]):
        if isinstance(entry, str):
            continue  # a line of a state saved before the log was structured
        if entry.get("turn") != state["turn"]:
            return None
        if entry.get("key") == "ap_placed" and entry.get("args", {}).get("space") == space:
            found: str | None = entry.get("animal")
            return found
    return None


def acted(state: State, animal: str, space: str) -> bool:
    """Whether ``animal``'s AP placed on ``space`` this turn has been taken off for its action."""
    found = parse_space_id(space)
    return (found is not None and state["phase"] in ("execution", "reset")
            and state["display"][found[0]][found[1]] is None and placed_this_turn(state, space) == animal)


def aps_to_resolve(state: State, animal: str) -> tuple[str, ...]:
    """The spaces of ``animal``'s APs (its free space's too) that will still act this turn,
    in the order they resolve."""
    return tuple(space_id(row, i) for row in ROW_NAMES for i, a in enumerate(state["display"][row])
                 if a == animal and still_to_resolve(state, space_id(row, i)))


@dataclass(frozen=True)
class Rehearsal:
    """An AP's resolution as it would go now, after the answers given so far."""

    space: str
    animal: str
    answers: tuple[Answer, ...]
    #: The owner's next prompt if the AP resolved now; ``None`` when nothing more is asked.
    asked: Prompt | None
    #: Why nothing more is asked: ``OVER`` or ``OTHERS``; ``None`` while ``asked`` is set.
    end: str | None


def _copy_resolving(state: State, animal: str, space: str) -> tuple[State, dict[str, Any]]:
    """A copy of ``state`` in which ``animal``'s AP on ``space`` has just been taken off for
    its action, and the Execution step under it."""
    row, index = parse_space_id(space) or ("", 0)
    copy = clone(state)
    determinise(copy, _HIDDEN_SEED)
    same_row = (state["phase"] == "execution" and state["steps"]
                and state["steps"][0]["name"] == "execution" and ROW_NAMES[state["steps"][0]["row"]] == row)
    if not same_row:
        copy["row_scratch"] = {}
    copy["phase"] = "execution"
    take_ap(copy, row, index)
    spaces = len(copy["display"][row])
    ex = {"name": "execution", "row": ROW_NAMES.index(row),
          "space": spaces if row == "glaciation" else index + 1, "entered": True, "resolving": [space, animal]}
    ex["_started"] = (ex["row"], ex["space"], ex["resolving"])  # only ever in the copy
    copy["steps"] = [ex, {"name": row, "animal": animal, "space": index}]
    advance(copy)
    return copy, ex


def _going(copy: State, ex: dict[str, Any]) -> bool:
    """Whether the copy is still resolving the rehearsed AP: the Execution step has not moved
    on to another AP (it marks the one it resolves, and where it goes on)."""
    steps = copy["steps"]
    return (copy["phase"] != "over" and len(steps) > 1 and steps[0] is ex
            and (ex["row"], ex["space"], ex["resolving"]) == ex["_started"])


def _owners_next(copy: State, ex: dict[str, Any], animal: str) -> tuple[Prompt | None, str | None]:
    """Answer the others' independent prompts (any option: they change nothing the owner is
    offered) until the owner is asked; or say why the owner is asked nothing more."""
    while _going(copy, ex):
        p = prompt(copy)
        assert p is not None
        if p.animal == animal:
            return p, None
        if copy["steps"][-1]["name"] not in INDEPENDENT:
            return None, OTHERS
        apply(copy, p.seat, p.options[0].id, asked=p)
    return None, OVER


class Rehearsing:
    """An AP's resolution rehearsed on a copy, answered one prompt at a time::

        r = Rehearsing(state, "birds", "speciation-3")   # RulesError: no such AP to act
        while r.asked is not None:
            r.answer(pick(r.asked))                        # RulesError: not an option
        r.answers                                          # each with the prompt it answers

    Raises ``RulesError`` (and changes nothing) when ``animal`` has no AP on ``space`` that is
    still to act this turn, or when the AP is acting now (its prompt is live).  ``position`` is
    the copy, at the owner's next prompt (for a computer player standing in for a person).
    """

    def __init__(self, state: State, animal: str, space: str) -> None:
        found = parse_space_id(space)
        if found is None:
            raise RulesError("order.no_space", option=str(space)[:40])
        if animal not in state["animals"]:
            raise ValueError(f"{animal!r} is not in play")
        row, index = found
        if resolving(state) == (space, animal) or acted(state, animal, space):
            raise RulesError("order.resolved", space=space)
        if state["display"][row][index] != animal:
            raise RulesError("order.no_ap", space=space, animal=animal)
        if not still_to_resolve(state, space):
            raise RulesError("order.resolved", space=space)
        self.space, self.animal = space, animal
        self.position, self._ex = _copy_resolving(state, animal, space)
        self.answers: list[Answer] = []
        self.asked, self.end = _owners_next(self.position, self._ex, animal)

    def answer(self, option: str) -> None:
        """Answer the prompt asked now with ``option`` (``RulesError`` if it is not offered or
        nothing is asked), and go on to the owner's next prompt."""
        asked = self.asked
        if asked is None:
            raise RulesError("order.nothing_asked", space=self.space, option=str(option)[:40])
        if not isinstance(option, str) or asked.option(option) is None:
            raise RulesError("not_legal", option=str(option)[:40], prompt=asked.text.to_dict(),
                             options=[o.id for o in asked.options[:12]])
        self.answers.append(Answer.of(asked, option))
        apply(self.position, asked.seat, option, asked=asked)
        self.asked, self.end = _owners_next(self.position, self._ex, self.animal)

    def done(self) -> Rehearsal:
        return Rehearsal(self.space, self.animal, tuple(self.answers), self.asked, self.end)


def rehearse(state: State, animal: str, space: str, options: Sequence[str] = ()) -> Rehearsal:
    """The prompts ``animal``'s AP on ``space`` would ask if it resolved now, answered with
    ``options`` one by one: the answers, each with its prompt, and the prompt after them
    (``RulesError`` as ``Rehearsing`` raises it; nothing is changed)."""
    r = Rehearsing(state, animal, space)
    for option in options:
        r.answer(option)
    return r.done()


__all__ = ["OTHERS", "OVER", "Answer", "Rehearsal", "Rehearsing", "acted", "aps_to_resolve", "placed_this_turn",
           "plain", "rehearse", "still_to_resolve"]
