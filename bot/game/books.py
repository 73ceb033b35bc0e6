"""Books of answers given ahead (issue 38, ``docs/answer-ahead.md``) as the game side keeps them:
the store's rows (``AheadBook``) read as ``engine.ahead.Book``s, whose seats keep one, and what a
player is told of the answers that stopped or went unused (``told``: kept until they look).

A book is its player's alone: only their private replies read it.  The state, the move list,
the log, the record, the pictures and every post never hold one."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import replace
from typing import Any

import words
from bot.store.models import AheadBook, Game, Seat
from engine.ahead import Book
from engine.early import asked_at_once, independent_now
from engine.orders import Stop
from engine.rehearsal import aps_to_resolve
from engine.text import Msg
from words import T
from words import spaces as spelled

#: What a player is told at most of stopped answers in one message (the oldest go first).
TOLD_KEPT = 12


def keeps_books(seat: Seat | None) -> bool:
    """Whether the seat's answers ahead are served: a person's, not resigned nor held by the bot."""
    return seat is not None and not seat.is_ai and not seat.ai_hold and not seat.resigned


def book_of(row: AheadBook | None, animal: str) -> Book:
    return Book.from_dict(row.book) if row is not None and row.book else Book(animal)


def served(book: Book, game: Game) -> Book:
    """The book as it is served in ``game``: the best open space only where hints are allowed."""
    if book.standing.best and not game.settings.get("hints"):
        return replace(book, standing=replace(book.standing, best=False))
    return book


def stop_told(stop: Stop) -> dict[str, Any]:
    return {"reason": stop.reason.to_dict(), "space": stop.space}


def taken_told(taken: Iterable[tuple[str, str | None]]) -> dict[str, Any]:
    """A standing plan's wishes found taken at a placement (each with the animal on its space)."""
    return {"taken": [[wish, animal] for wish, animal in taken]}


def tell(row: AheadBook, told: Iterable[dict[str, Any]]) -> None:
    row.told = [*row.told, *told][-TOLD_KEPT:]


def told_text(told: Iterable[dict[str, Any]], lang: str) -> str:
    """What became of a player's answers ahead, one line each, in ``lang``."""
    lines = []
    for item in told:
        if "reason" in item:
            why = words.reason(Msg(item["reason"]["key"], item["reason"].get("args", {})), lang)
            space = item.get("space")  # an order's stop names its AP; an early answer's has none
            lines.append(words.gettext("bot.ahead.stopped_at", lang, space=space, reason=why)
                         if space else why)
        elif item.get("taken"):
            went = ", ".join(
                words.say(T("bot.ahead.went", text=spelled.wish_label(wish, lang), animal=animal), lang)
                if animal else spelled.wish_label(wish, lang) for wish, animal in item["taken"])
            lines.append(words.say(T("bot.plan.taken", taken=went), lang))
    return "\n".join(lines)


def at_once(state: dict[str, Any], before: dict[str, Any] | None, version: int,
            people: Iterable[int]) -> dict[str, Any] | None:
    """Answers before your turn: when an independent step begins (``engine.early``), the seats of
    ``people`` it will ask, and the version its first post shows (that post mentions them all,
    once); ``before`` while the same step goes on or none is under way."""
    if not independent_now(state):
        return before
    step = state["steps"][-1]
    marker = [state["turn"], step["name"], step.get("tile"), step.get("animal")]
    if before is not None and before.get("step") == marker:
        return before
    persons = set(people)
    return {"step": marker, "version": version, "seats": [s for s in asked_at_once(state) if s in persons]}


def execution_begins(state: dict[str, Any], before: dict[str, Any] | None) -> bool:
    """Execution is under way this turn and nobody has been asked at once in this turn yet."""
    return state["phase"] == "execution" and (before is None or before["step"][0] != state["turn"])


def invited(state: dict[str, Any], version: int, people: Iterable[int]) -> dict[str, Any]:
    """When Execution begins, everyone of ``people`` (their seats) with an AP still to act is
    asked at once for its orders (``at_once``'s shape, so Execution's first post mentions them all,
    once); each is still asked in its turn as usual.  A player whose every AP has its order is
    asked too: leaving them out would tell the channel who has given orders."""
    persons = set(people)
    seats = sorted({state["animals"][a]["seat"] for a in state["animals"]
                    if state["animals"][a]["seat"] in persons and aps_to_resolve(state, a)})
    return {"step": [state["turn"], "execution"], "version": version, "seats": seats}


__all__ = ["TOLD_KEPT", "at_once", "book_of", "execution_begins", "invited", "keeps_books", "served", "stop_told",
           "taken_told", "tell", "told_text"]
