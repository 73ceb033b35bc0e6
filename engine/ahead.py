"""One animal's answers ahead, and what they answer now: the one entry point for a caller.

A ``Book`` holds what one animal's player gave ahead: a standing plan for Planning
(``engine.standing``), orders for its APs and early answers (``engine.orders``).  The caller
keeps one per animal, privately (computer seats keep none), and after every move asks
``answer_ahead`` for the animal to act: an option to apply as a click (``engine.apply``),
marked ``planned``, ``ordered`` or ``early``, or nothing (the player is asked), perhaps with a
stopped order or early answer to tell the player.  ``tidy`` drops what can no longer be used.

    book = Book("birds", Standing(("speciation-2", "domination"), best=True))
    book = book.with_order(give_order(state, "birds", "domination-1", ["tile:C3"]))
    while (p := engine.prompt(state)) is not None and p.animal in books:
        ahead = answer_ahead(state, books[p.animal], seed=seed, asked=p)
        books[p.animal] = ahead.book
        if ahead.option is None:
            break  # ask the player (telling ahead.stop, if any)
        engine.apply(state, p.seat, ahead.option, asked=p)
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace
from typing import Any

from engine.flow import Prompt, prompt
from engine.orders import Early, Order, Stop, early_now, misfit, order_now, unused, usable_early, usable_order
from engine.plan import PLANNING_KIND
from engine.standing import Placement, Standing, place
from engine.text import msg

State = dict[str, Any]

#: How a move answered ahead is marked.
PLANNED, ORDERED, EARLY = "planned", "ordered", "early"


@dataclass(frozen=True)
class Book:
    """What one animal's player gave ahead."""

    animal: str
    standing: Standing = Standing()
    orders: tuple[Order, ...] = ()
    early: tuple[Early, ...] = ()
    #: The standing plan's wishes found taken that its player has been told of this turn, each as
    #: (turn, wish, the animal on its space): a wish taken is told once, not at every placement.
    taken: tuple[tuple[int, str, str | None], ...] = ()

    def with_order(self, order: Order) -> Book:
        """The book with ``order`` for its AP (replacing an earlier order for it)."""
        assert order.animal == self.animal
        kept = tuple(o for o in self.orders if (o.space, o.turn) != (order.space, order.turn))
        return replace(self, orders=(*kept, order) if order.answers else kept)

    def without_order(self, space: str) -> Book:
        return replace(self, orders=tuple(o for o in self.orders if o.space != space))

    def without_early(self) -> Book:
        """The book without its early answers (its plan and orders kept)."""
        return replace(self, early=())

    def with_early(self, answers: tuple[Early, ...]) -> Book:
        """The book with ``answers`` (replacing earlier answers to the same prompts)."""
        same = {(e.turn, e.answer.kind, repr(e.answer.text)) for e in answers}
        kept = tuple(e for e in self.early if (e.turn, e.answer.kind, repr(e.answer.text)) not in same)
        return replace(self, early=(*kept, *answers))

    def untold(self, turn: int, taken: Sequence[tuple[str, str | None]]) -> tuple[tuple[str, str | None], ...]:
        """Those of a placement's wishes found ``taken`` its player has not been told of this turn."""
        return tuple(t for t in taken if (turn, *t) not in self.taken)

    def with_told(self, turn: int, taken: Sequence[tuple[str, str | None]]) -> Book:
        """The book remembering that ``taken`` has been told this turn (earlier turns forgotten)."""
        kept = tuple(t for t in self.taken if t[0] == turn)
        return replace(self, taken=(*kept, *((turn, wish, animal) for wish, animal in taken)))

    def to_dict(self) -> dict[str, Any]:
        return {"animal": self.animal, "standing": self.standing.to_dict(),
                "orders": [o.to_dict() for o in self.orders], "early": [e.to_dict() for e in self.early],
                **({"taken": [list(t) for t in self.taken]} if self.taken else {})}

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> Book:
        return cls(data["animal"], Standing.from_dict(data.get("standing", {})),
                   tuple(Order.from_dict(o) for o in data.get("orders", ())),
                   tuple(Early.from_dict(e) for e in data.get("early", ())),
                   tuple((int(t[0]), str(t[1]), t[2]) for t in data.get("taken", ())))


@dataclass(frozen=True)
class Ahead:
    """What a book answers to the pending prompt."""

    option: str | None  # the option to apply now, as a click; None: the player is asked
    how: str | None  # PLANNED, ORDERED or EARLY (with an option)
    book: Book  # the book after it: the used answer gone, a stopped order or answer gone
    #: an order or early answer that no longer fit, to tell its player (with an option: an order
    #: stopped, and an early answer to the same prompt applied instead)
    stop: Stop | None = None
    placement: Placement | None = None  # at a Planning placement: what the plan gave (its taken wishes)


def answer_ahead(state: State, book: Book, *, seed: int = 0, asked: Prompt | None = None) -> Ahead:
    """What ``book`` answers to the pending prompt, which must be its animal's (else nothing).
    ``seed``: for the best open space of a standing plan (the hint level's ranking).
    The state is not changed."""
    p = asked if asked is not None else prompt(state)
    if p is None or p.animal != book.animal:
        return Ahead(None, None, book)
    if p.kind == PLANNING_KIND and state["phase"] == "planning":
        placed = place(state, book.animal, book.standing, seed=seed, asked=p)
        return Ahead(placed.option, PLANNED if placed.option else None, book, placement=placed)
    stop = None
    order = order_now(state, p, book.orders)
    if order is not None and order.answers:
        head, rest = order.answers[0], order.answers[1:]
        why = misfit(p, head)
        if why is None:
            used = replace(order, answers=rest)
            # an early answer to this very prompt is superseded by the order
            kept = tuple(e for e in book.early if (e.answer.kind, e.answer.text) != (head.kind, head.text))
            return Ahead(head.option, ORDERED, replace(book, orders=_swap(book.orders, order, used), early=kept))
        book, stop = book.without_order(order.space), Stop(book.animal, order.space, why, head)
    # an early answer given to this very prompt (after the order, say) still answers it
    early = early_now(state, p, book.early)
    if early is not None:
        left = replace(book, early=tuple(e for e in book.early if e is not early))
        why = misfit(p, early.answer)
        if why is None:
            return Ahead(early.answer.option, EARLY, left, stop)
        return Ahead(None, None, left, stop or Stop(book.animal, None, why, early.answer))
    return Ahead(None, None, book, stop)


def _swap(orders: tuple[Order, ...], old: Order, new: Order) -> tuple[Order, ...]:
    return tuple(new if o is old else o for o in orders)


def tidy(state: State, book: Book) -> tuple[Book, tuple[Stop, ...]]:
    """The book without the orders and early answers that can no longer be used, and what to
    tell the player of those dropped with answers left (an order whose AP acted without asking
    them or did not act this turn; an early answer whose prompt will not come)."""
    told: list[Stop] = []
    orders = []
    for o in book.orders:
        if usable_order(state, o):
            orders.append(o)
        elif o.answers:
            told.append(unused(o, state))
    early = []
    for e in book.early:
        if usable_early(state, e):
            early.append(e)
        else:
            told.append(Stop(book.animal, None, msg("stop.early_unused", prompt=e.answer.text), e.answer))
    if len(orders) == len(book.orders) and len(early) == len(book.early):
        return book, ()
    return replace(book, orders=tuple(orders), early=tuple(early)), tuple(told)


__all__ = ["EARLY", "ORDERED", "PLANNED", "Ahead", "Book", "answer_ahead", "tidy"]
