"""The playground's ``plan`` command: a player's planned Planning placements, as ``/ds plan``
keeps them in Discord (``bot.game.plans``), for a terminal where one person plays every seat."""

from __future__ import annotations

import words
from bot.game.service import GameService


async def plan_command(service: GameService, channel: str, arg: str, to_act: str, lang: str) -> str:
    """``plan [NAME:] SPACES``, ``plan [NAME:] clear``, ``plan [NAME]``: what to print (NAME: a
    player or, for the multi-animal variant, an animal; none: the player to act)."""
    game = await service.store.live_game(channel)
    if game is None:
        return ""
    whose: dict[str, tuple[str, str | None]] = {}
    for seat in game.seats:
        if seat.is_ai:
            continue
        whose[seat.user_name.lower()] = (seat.user_id, None)
        for own in seat.animals:
            for name in (own, words.term(f"animal.{own}", lang), words.term(f"animal.{own}")):
                whose[name.lower()] = (seat.user_id, own)
    named, colon, rest = arg.partition(":")
    if colon and named.strip().lower() in whose:
        (user, animal), text = whose[named.strip().lower()], rest.strip()
    elif arg.strip().lower() in whose:
        (user, animal), text = whose[arg.strip().lower()], ""
    else:
        (user, animal), text = (to_act, None), arg.strip()
    if not text:
        shown = await service.plans.show_plan(channel, user, animal)
        return f"{shown.in_(lang)}\n{words.gettext('play.plan_help', lang)}"
    if text.lower() in words.typed_words("bot.plan.clear_words", lang):
        return (await service.plans.clear_plan(channel, user, animal)).in_(lang)
    return (await service.plans.set_plan(channel, user, text, animal=animal, lang=lang)).in_(lang)
