"""Plans: a player's ordered list of action spaces for their coming Planning placements, kept
privately, placed from as soon as it is their turn to place an AP.

Placing from a plan is a move like a click: under the game's lock, in the same transaction as
the move that brought the turn to the player, with the same version check, in the move list
(made by "planned"), counted as the player acting (the recap, reminders, deadlines, undo).  The
first planned space that is open is placed; the planned spaces found taken before it leave the
plan (and are told to its player: in the ping when none was open, else when they look at their
plan); the rest stays for the next placement.  Nobody else sees a plan: no post, picture, log,
history, status or record shows one, only the moves it made.  Computer seats keep none.

A part of ``GameService`` (``bot.game.service``); the placing itself is ``bot.game.play_on``'s.
"""

from __future__ import annotations

from dataclasses import dataclass

import words
from bot.game.asked import asked
from bot.game.replies import BadRequest, NoGame, Reply, WrongPhase
from bot.game.table import Table, Tables
from bot.game.texts import lang_of
from bot.store.models import Game, Plan, Seat
from engine.plan import plannable, taken_in_planning, usable
from words import T, Words, join, say
from words import spaces as spelled

#: A typed plan's most characters (it names each space once: at most the display's 41).
MOST_CHARS = 1000
#: Placements from plans whose log lines a game remembers (the channel marks them "planned").
PLANNED_KEPT = 64


def parse_plan(text: str, lang: str) -> list[str]:
    """The spaces a typed plan names, in order, without repeats; ``BadRequest`` naming the first
    part that names no space an animal may take."""
    if len(text) > MOST_CHARS:
        raise BadRequest(T("bot.err.plan_too_long", most=MOST_CHARS))
    found: list[str] = []
    for item in spelled.split(text):
        space = spelled.space_of(item, lang)
        if space is None:
            own = spelled.own_spaces(lang).get(spelled.normal(item))
            if own is not None:
                raise BadRequest(T("bot.err.plan_own_space", space=own))
            raise BadRequest(T("bot.err.plan_no_space", text=item[:60]))
        if space not in found and usable(space):
            found.append(space)
    if not found:
        raise BadRequest(T("bot.err.plan_empty"))
    return found  # each space once: never more than the display's 41


@dataclass(frozen=True)
class PlanSheet:
    """What the "Plan ahead" menus show one player: every plan of theirs, and what they may plan."""

    game_id: int
    message: Words  # each of the player's animals' plans, with what became of their taken spaces
    animals: tuple[str, ...]  # the player's animals (two in the multi-animal variant)
    spaces: tuple[str, ...]  # every space an animal may plan, in the display's order


class Plans:
    def __init__(self, tables: Tables) -> None:
        self.tables = tables

    # -- what a player asks ------------------------------------------------------------------

    async def show_plan(self, channel_id: str, user_id: str, animal: str | None = None) -> Reply:
        """The player's plan, and what became of the planned spaces others took (privately);
        looking clears the news of the taken ones."""
        async with self.tables.at(channel_id) as table:
            game, _, which = await self._planner(table, user_id, animal)
            plan = (await table.store.plans(game.id)).get(which) or Plan(which)
            shown = plan_text(plan)
            if plan.taken:
                plan.taken = []
                await table.store.put_plan(game.id, plan)
        return Reply(shown, game_id=game.id, public=False)

    async def plan_sheet(self, channel_id: str, user_id: str, game_id: int | None = None) -> PlanSheet:
        """Every plan of the player's animals, for the menus of "Plan ahead" (``game_id``: the
        game whose prompt was clicked; another game there now makes the click stale)."""
        async with self.tables.at(channel_id) as table:
            game = await table.active()
            if game_id is not None and game.id != game_id:
                raise NoGame(T("bot.err.plan_gone"))
            seat = table.seat(user_id)
            if seat.resigned:
                raise WrongPhase(T("bot.err.plan_resigned"))
            plans = await table.store.plans(game.id)
            shown = []
            for animal in seat.animals:
                plan = plans.get(animal) or Plan(animal)
                shown.append(plan_text(plan))
                if plan.taken:  # told now
                    plan.taken = []
                    await table.store.put_plan(game.id, plan)
        return PlanSheet(game.id, join(*shown, sep="\n"), tuple(seat.animals), plannable())

    async def set_plan(self, channel_id: str, user_id: str, text: str, *, add: bool = False,
                       animal: str | None = None, lang: str = words.DEFAULT, game_id: int | None = None) -> Reply:
        """Keep ``text``'s spaces as the player's plan (``add``: after the spaces already planned)."""
        async with self.tables.at(channel_id) as table:
            game, _, which = await self._planner(table, user_id, animal, game_id)
            spaces = parse_plan(text, lang)
            plan = (await table.store.plans(game.id)).get(which) or Plan(which)
            plan.spaces = ([s for s in plan.spaces if s not in spaces] + spaces) if add else spaces
            shown = plan_text(plan)  # with what became of the last plan's spaces, told once
            plan.taken = []
            await table.store.put_plan(game.id, plan)
            asking = None if game.state is None else asked(game.state)
            now = asking is not None and asking.kind == "place_ap" and asking.animal == which
            # said now, not first at the placement that passes over them
            taken = taken_in_planning(game.state, spaces) if game.state is not None else ()
        already = join(*(T("bot.plan.went", space=space, animal=animal) for space, animal in taken), sep=", ")
        # the placement asked already is the player's to click: the plan serves the next ones
        return Reply(join(T("bot.plan.kept", animal=which), shown,
                          T("bot.plan.taken_now", taken=already) if taken else None,
                          T("bot.plan.asked_now") if now else None, sep="\n"), game_id=game.id, public=False)

    async def clear_plan(self, channel_id: str, user_id: str, animal: str | None = None,
                         game_id: int | None = None) -> Reply:
        async with self.tables.at(channel_id) as table:
            game, _, which = await self._planner(table, user_id, animal, game_id)
            await table.store.put_plan(game.id, Plan(which))
        return Reply(T("bot.plan.cleared", animal=which), game_id=game.id, public=False)

    @staticmethod
    async def _planner(table: Table, user_id: str, animal: str | None,
                       game_id: int | None = None) -> tuple[Game, Seat, str]:
        """The running game, the user's seat and the animal whose plan it is (``game_id``: the
        game a menu was for; another game there now makes it stale)."""
        game = await table.active()
        if game_id is not None and game.id != game_id:
            raise NoGame(T("bot.err.plan_gone"))
        seat = table.seat(user_id)
        if seat.resigned:
            raise WrongPhase(T("bot.err.plan_resigned"))
        animals = seat.animals
        if animal is not None and animal not in animals:
            raise BadRequest(T("bot.err.plan_not_yours", animal=animal, animals=animals))
        if animal is None and len(animals) > 1:
            raise BadRequest(T("bot.err.plan_which", animals=animals))
        return game, seat, animal or animals[0]


def ran_out_notice(game: Game, seat: Seat, plan: Plan) -> str:
    """The channel's next post says which of the player's planned spaces went to whom (none was
    open: they are asked); after whatever notice the post carries already."""
    note = say(T("bot.plan.ran_out", player=seat.user_name, taken=taken_words(plan)), lang_of(game))
    return f"{game.post.notice}\n{note}" if game.post.notice else note


def taken_words(plan: Plan) -> Words:
    return join(*(T("bot.plan.went", space=space, animal=taker) if taker else T("bot.plan.closed", space=space)
                  for space, taker in plan.taken), sep=", ")


def plan_text(plan: Plan) -> Words:
    """A plan as its player reads it: its spaces in order, and what became of those others took."""
    spaces = join(*(T("bot.plan.space", space=s) for s in plan.spaces), sep=", ")
    head = T("bot.plan.shows", animal=plan.animal, spaces=spaces) if plan.spaces else T("bot.plan.none",
                                                                                         animal=plan.animal)
    return join(head, T("bot.plan.taken", taken=taken_words(plan)) if plan.taken else None, sep="\n")


__all__ = ["MOST_CHARS", "PlanSheet", "Plans", "parse_plan", "plan_text"]
