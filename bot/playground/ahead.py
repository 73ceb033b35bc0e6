"""The playground's ``order`` and ``early`` commands: a player's orders for their APs and their
answers before their turn, as ``/ds ahead orders`` keeps them in Discord (``bot.game.ahead``), for a
terminal where one person plays every seat.

``order [NAME:] SPACE: ANSWERS`` keeps the order (``clear`` drops it) and shows what it would ask
next, ``order [NAME:] SPACE`` shows what the AP would ask, ``order [NAME]`` everything NAME gave
ahead; ``early [NAME:] ANSWERS`` answers what the step under way will ask NAME (``clear`` drops
the early answers), ``early [NAME]`` shows what it will ask, each prompt with its options.  NAME:
a player or an animal of theirs (``bot.playground.names``; in the multi-animal variant the animal
says which of the player's animals answers early); none: the player to act.  Answers as the prompt
names them (a number, an id or a label), separated by commas."""

from __future__ import annotations

import words
from bot.game.ahead import space_typed
from bot.game.service import GameService
from bot.game.texts import lang_of
from bot.playground.names import Named, named
from words import T, Words, join


async def _who(service: GameService, channel: str, arg: str, to_act: str, lang: str) -> Named | Words:
    game = await service.store.live_game(channel)
    if game is None:
        return ""
    return named(game, arg, to_act, lang, computer=T("play.ahead_computer"))


async def order_command(service: GameService, channel: str, arg: str, to_act: str, lang: str) -> Words:
    found = await _who(service, channel, arg, to_act, lang)
    if not isinstance(found, Named):
        return found
    user, text = found.user, found.text
    if not text:
        return await _books(service, channel, user, lang)
    space, colon, answers = text.partition(":")
    where = space_typed(space.strip(), lang)
    answers = answers.strip()
    if not answers:
        return (await service.ahead.rehearsal_reply(channel, user, where, lang=lang)).message
    if answers.lower() in words.typed_words("bot.plan.clear_words"):
        return (await service.ahead.clear_order(channel, user, where)).message
    return (await service.ahead.give_order(channel, user, where, answers, lang=lang)).message


async def early_command(service: GameService, channel: str, arg: str, to_act: str, lang: str) -> Words:
    found = await _who(service, channel, arg, to_act, lang)
    if not isinstance(found, Named):
        return found
    user, text, animal = found.user, found.text, found.animal
    if not text:  # what the step will ask, with the options an answer may name
        return (await service.ahead.early_reply(channel, user, animal, lang=lang)).message
    if text.lower() in words.typed_words("bot.plan.clear_words"):  # any language's
        return (await service.ahead.clear_early(channel, user, animal=animal)).message
    return (await service.ahead.answer_early(channel, user, text, animal=animal, lang=lang)).message


async def _books(service: GameService, channel: str, user: str, lang: str) -> Words:
    """Everything the player gave ahead, with the terminal's own way to make a plan where there is
    none (the service's answer names ``/ds ahead plan``)."""
    shown = words.say((await service.ahead.show(channel, user, lang=lang)).message, lang)
    game = await service.store.live_game(channel)
    seat = game.seat_of(user) if game is not None else None
    if game is None or seat is None:
        return shown
    for animal in seat.animals:
        ours = words.say(join(T("play.plan_none", animal=animal, player=seat.user_name),
                              T("play.plan_how", player=seat.user_name)), lang)
        for tongue in dict.fromkeys((lang_of(game), lang)):
            shown = shown.replace(words.say(T("bot.plan.none", animal=animal), tongue), ours)
    return shown
