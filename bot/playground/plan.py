"""The playground's ``plan`` command: a player's planned Planning placements, as ``/ds plan``
keeps them in Discord (``bot.game.plans``), for a terminal where one person plays every seat."""

from __future__ import annotations

import words
from bot.game.books import book_of
from bot.game.service import GameService
from bot.playground.names import Named, named
from bot.store.models import Game
from words import T, Words, join

#: What starts the spaces of ``plan NAME: + SPACES``: they go after the spaces already planned.
ADD = "+"


async def plan_command(service: GameService, channel: str, arg: str, to_act: str, lang: str) -> Words:
    """``plan [NAME:] SPACES``, ``plan [NAME:] + SPACES`` (added), ``plan [NAME:] clear``,
    ``plan [NAME]``: what to print (NAME: a player or, for the multi-animal variant, an animal;
    none: the player to act)."""
    game = await service.store.live_game(channel)
    if game is None:
        return ""
    found = named(game, arg, to_act, lang, computer=T("play.plan_computer"), unknown=T("play.plan_no_seat"))
    if not isinstance(found, Named):
        return found
    user, name, animal, text = found.user, found.name, found.animal, found.text
    if not text:
        return await _shown(service, game, channel, user, name, animal, lang)
    if text.lower() in words.typed_words("bot.plan.clear_words"):  # any language's: "clear" in every one
        return (await service.plans.clear_plan(channel, user, animal)).message
    if text.startswith(ADD):
        return (await service.plans.set_plan(channel, user, text[len(ADD):], add=True, animal=animal,
                                             lang=lang)).message
    return (await service.plans.set_plan(channel, user, text, animal=animal, lang=lang)).message


async def _shown(service: GameService, game: Game, channel: str, user: str, name: str, animal: str | None,
                 lang: str) -> Words:
    """The plan, or that there is none, with the terminal's own way to make one (the service's
    answer names ``/ds plan``)."""
    seat = game.seat_of(user)
    which = animal or (seat.animals[0] if seat is not None and len(seat.animals) == 1 else None)
    row = (await service.store.books(game.id)).get(which) if which is not None else None
    standing = book_of(row, row.animal).standing if row is not None else None
    planned = standing is not None and bool(standing.wishes or standing.best)
    # it tells, and clears, what became of answers ahead
    shown = await service.plans.show_plan(channel, user, animal, lang=lang)
    how = T("play.plan_help", player=name)
    if which is None or planned:
        return join(shown.message, how, sep="\n")
    return join(T("play.plan_none", animal=which, player=name), how, sep="\n")
