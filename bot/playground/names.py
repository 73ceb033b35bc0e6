"""Whose answers ahead a playground line is about: ``plan``, ``order`` and ``early`` all start
with an optional ``NAME:``, NAME a player or an animal of theirs (the multi-animal variant's way
to say which of a player's animals), in the terminal's language, the game's or English.  A
computer seat keeps none: it is told so.  Without a name, the player to act."""

from __future__ import annotations

from dataclasses import dataclass

import words
from bot.store.models import Game
from words import T, Text, Words


@dataclass(frozen=True)
class Named:
    """The player a line is about, and the rest of the line."""

    user: str  # their user id
    name: str  # their name as the game knows it
    animal: str | None  # the animal named (None: the player was named, or nobody)
    text: str  # the line after ``NAME:`` (all of it when no name was given)


def _names(game: Game, lang: str) -> tuple[dict[str, Named], dict[str, str]]:
    """Who may be named: a person by their name, or an animal of theirs (its id, or its name in
    ``lang``, the game's language or English) -> Named (with no text yet); a computer seat's name
    or animal -> the seat's name."""
    people: dict[str, Named] = {}
    computers: dict[str, str] = {}
    languages = {lang, words.DEFAULT, (game.settings or {}).get("language") or words.DEFAULT}
    for seat in game.seats:
        animal_names = {(own, name.lower()) for own in seat.animals
                        for name in (own, *(words.term(f"animal.{own}", one) for one in languages))}
        if seat.is_ai:
            computers[seat.user_name.lower()] = seat.user_name
            computers.update({name: seat.user_name for _, name in animal_names})
            continue
        people[seat.user_name.lower()] = Named(seat.user_id, seat.user_name, None, "")
        people.update({name: Named(seat.user_id, seat.user_name, own, "") for own, name in animal_names})
    return people, computers


def named(game: Game, arg: str, to_act: str, lang: str, *, computer: Text,
          unknown: Text | None = None) -> Named | Words:
    """Whom ``[NAME:] TEXT`` or ``NAME`` is about, or what to print instead: ``computer`` for a
    computer seat (with its ``name``); ``unknown`` (if given; with the ``name`` and the
    ``players``) for a name before ":" that is nobody's (a command whose TEXT never holds ":";
    the others read such a line as the player to act's)."""
    people, computers = _names(game, lang)
    before, colon, rest = arg.partition(":")
    who = (before if colon else arg).strip().lower()
    if who in people:
        found = people[who]
        return Named(found.user, found.name, found.animal, rest.strip() if colon else "")
    if who in computers:
        return T(computer.key, **computer.args, name=computers[who])
    if unknown is not None and colon and who:
        return T(unknown.key, **unknown.args, name=before.strip(),
                 players=", ".join(seat.user_name for seat in game.seats if not seat.is_ai))
    seat = game.seat_of(to_act)
    return Named(to_act, seat.user_name if seat is not None else to_act, None,
                 (rest if colon and not who else arg).strip())


__all__ = ["Named", "named"]
