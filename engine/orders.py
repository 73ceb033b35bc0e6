"""Orders and early answers: answers given ahead, applied when their prompt comes.

An **order** is for one of an animal's APs on the display: the answers to the prompts its
action asks when it resolves (``engine.rehearsal`` shows them as they would be now), in order.
An **early answer** is for a prompt of an independent step asked of everyone at once
(``engine.early``) before the animal's turn in it comes.

Both are applied by one rule: when the prompt comes, the next answer is applied as a click
(``engine.apply``) if it answers that very prompt (the same kind and text) and its option is
offered; the first that does not stops it (the order is dropped, the rest of its answers with
it), and the player is asked as without it, told why (``Stop.reason``, a message for ``words``).

Neither is ever part of the game state: the caller keeps them privately, per animal.  An order
lives until its AP has acted or the turn ends (an AP behind another on the Glaciation row does
not act: its order is dropped then); an early answer until its step is over.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from engine.display import is_free_space, parse_space_id
from engine.early import foreseen, independent_now
from engine.errors import RulesError
from engine.flow import Prompt
from engine.phases import resolving
from engine.rehearsal import Answer, plain, rehearse, still_to_resolve
from engine.text import Msg, msg

State = dict[str, Any]


@dataclass(frozen=True)
class Order:
    """Answers ahead for ``animal``'s AP on ``space`` in turn ``turn``, the next one first."""

    animal: str
    space: str
    turn: int
    answers: tuple[Answer, ...]

    def to_dict(self) -> dict[str, Any]:
        return {"animal": self.animal, "space": self.space, "turn": self.turn,
                "answers": [a.to_dict() for a in self.answers]}

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> Order:
        return cls(data["animal"], data["space"], data["turn"], tuple(Answer.from_dict(a) for a in data["answers"]))


@dataclass(frozen=True)
class Early:
    """An answer given ahead to a prompt of an independent step, in turn ``turn``."""

    animal: str
    turn: int
    answer: Answer

    def to_dict(self) -> dict[str, Any]:
        return {"animal": self.animal, "turn": self.turn, "answer": self.answer.to_dict()}

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> Early:
        return cls(data["animal"], data["turn"], Answer.from_dict(data["answer"]))


@dataclass(frozen=True)
class Stop:
    """An order or early answer that was not applied, and why (for its player only)."""

    animal: str
    space: str | None  # the AP's space (an order), or None (an early answer)
    reason: Msg
    answer: Answer | None = None  # the answer that no longer fit (or the first left unused)


def give_order(state: State, animal: str, space: str, options: Sequence[str]) -> Order:
    """An order of ``options`` for ``animal``'s AP on ``space``, checked against the prompts
    its action would ask now (``RulesError`` as ``engine.rehearsal.rehearse`` raises it)."""
    done = rehearse(state, animal, space, options)
    return Order(animal, space, state["turn"], done.answers)


def early_answers(state: State, animal: str, options: Sequence[str]) -> tuple[Early, ...]:
    """Early answers of ``animal`` to its prompts of the pending independent step still to come
    (not the pending prompt itself, which is answered as usual), one option each, in order.
    ``RulesError`` when there is no such prompt or an option is not offered by its prompt."""
    ahead = [f for f in foreseen(state)[1:] if f.animal == animal]
    if len(options) > len(ahead):
        raise RulesError("early.nothing_asked", animal=animal, n=len(ahead))
    found = []
    for f, option in zip(ahead, options, strict=False):
        p = f.prompt()
        if not isinstance(option, str) or p.option(option) is None:
            raise RulesError("not_legal", option=str(option)[:40], prompt=p.text.to_dict(),
                             options=[o.id for o in p.options[:12]])
        found.append(Early(animal, state["turn"], Answer.of(p, option)))
    return tuple(found)


def misfit(p: Prompt, answer: Answer) -> Msg | None:
    """Why ``answer`` may not be applied to ``p`` (``None``: it fits, and is applied)."""
    if p.kind != answer.kind or plain(p.text) != answer.text:
        return msg("stop.other_prompt", prompt=p.text.to_dict())
    if p.option(answer.option) is None:
        return msg("stop.not_offered", choice=answer.label, prompt=p.text.to_dict())  # as its player saw it
    return None


def order_now(state: State, p: Prompt, orders: Sequence[Order]) -> Order | None:
    """The order for the pending prompt: ``p``'s animal's, for the AP being resolved now."""
    now = resolving(state)
    if now is None or now[1] != p.animal:
        return None
    return next((o for o in orders if (o.space, o.animal, o.turn) == (now[0], p.animal, state["turn"])), None)


def early_now(state: State, p: Prompt, early: Sequence[Early]) -> Early | None:
    """The early answer of ``p``'s animal to the pending prompt, if the step is independent."""
    if not independent_now(state):
        return None
    text = plain(p.text)
    return next((e for e in early if e.animal == p.animal and e.turn == state["turn"]
                 and e.answer.kind == p.kind and e.answer.text == text), None)


def usable_order(state: State, order: Order) -> bool:
    """Whether ``order`` may still be used: its AP is acting now or still to act this turn."""
    if order.turn != state["turn"] or not order.answers:
        return False
    if resolving(state) == (order.space, order.animal):
        return True
    return still_to_resolve(state, order.space) and _on(state, order.space) == order.animal


def _on(state: State, space: str) -> str | None:
    row, index = _found(space)
    occupant: str | None = state["display"][row][index]
    return occupant


def usable_early(state: State, early: Early) -> bool:
    """Whether ``early`` still answers a prompt the pending independent step will ask."""
    if early.turn != state["turn"]:
        return False
    return any(f.animal == early.animal and f.kind == early.answer.kind and plain(f.text) == early.answer.text
               for f in foreseen(state))


def unused(order: Order, state: State) -> Stop:
    """What its player is told of an order dropped unused (its AP acted without asking its
    remaining answers, or did not act this turn)."""
    first = order.answers[0] if order.answers else None
    waiting = _on(state, order.space) == order.animal and not is_free_space(*_found(order.space))
    if order.turn != state["turn"] or state["phase"] not in ("planning", "execution") or waiting:
        return Stop(order.animal, order.space, msg("stop.not_acted", space=order.space), first)
    return Stop(order.animal, order.space, msg("stop.unused", space=order.space, n=len(order.answers)), first)


def _found(space: str) -> tuple[str, int]:
    found = parse_space_id(space)
    assert found is not None, space
    return found


__all__ = ["Early", "Order", "Stop", "early_answers", "early_now", "give_order", "misfit", "order_now",
           "unused", "usable_early", "usable_order"]
