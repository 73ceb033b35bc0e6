"""Playing a position on with answers given ahead, as a caller of ``engine.ahead`` does."""

from __future__ import annotations

from dataclasses import dataclass, field

import engine
from engine.ahead import Book, answer_ahead, tidy
from engine.orders import Stop


@dataclass
class Played:
    """What the books answered, in order, and where a person was asked."""

    moves: list[tuple[str, str, str]] = field(default_factory=list)  # (animal, how, option)
    stops: list[Stop] = field(default_factory=list)
    dropped: list[Stop] = field(default_factory=list)
    asked: engine.Prompt | None = None


def drive(state: dict, books: dict[str, Book], seed: int = 0) -> Played:
    """Apply what the books answer (each through ``engine.apply``) until a person is asked."""
    played = Played()
    while (p := engine.prompt(state)) is not None:
        for animal, book in books.items():
            books[animal], dropped = tidy(state, book)
            played.dropped += dropped
        if p.animal not in books:
            break
        ahead = answer_ahead(state, books[p.animal], seed=seed, asked=p)
        books[p.animal] = ahead.book
        if ahead.stop is not None:
            played.stops.append(ahead.stop)
        if ahead.option is None:
            break
        engine.apply(state, p.seat, ahead.option, asked=p)
        played.moves.append((p.animal, ahead.how or "", ahead.option))
    played.asked = engine.prompt(state)
    return played
