"""Standing plans: where a player wants their animal's APs each Planning, kept privately until
changed (``engine.standing``: spaces and whole rows, perhaps then the best open space, in
games that allow hints), placed from at each of their Planning placements, the first of a turn
too (``bot.game.play_on``).  A plan lives in the animal's book of answers given ahead
(``bot.game.books``).

Placing from a plan is a move like a click: under the game's lock, in the same transaction as
the move that brought the turn to the player, with the same version check, in the move list
(made by "planned"), counted as the player acting (the recap, reminders, deadlines, undo).
Nobody else sees a plan: no post, picture, log, history, status or record shows one, only the
moves it made.  Computer seats keep none.

A part of ``GameService`` (``bot.game.service``); the placing itself is ``bot.game.play_on``'s.
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from bot.game.asked import asked
from bot.game.books import book_of, told_text
from bot.game.replies import BadRequest, NoGame, Reply, WrongPhase
from bot.game.table import Table, Tables
from bot.game.texts import lang_of
from bot.store.models import AheadBook, Game, Seat
from engine.data import ROW_BY_NAME
from engine.plan import plannable, taken_in_planning
from engine.standing import MOST_WISHES, Standing
from words import T, Words, join
from words import spaces as spelled

#: A typed plan's most characters (it names each space once: at most the display's 41).
MOST_CHARS = 1000


def parse_plan(text: str, lang: str, *, hints: bool = True) -> Standing:
    """The standing plan a typed plan names: spaces and rows in order, perhaps then the best open
    space (only where ``hints`` are allowed); ``BadRequest`` naming the first part it cannot read."""
    if len(text) > MOST_CHARS:
        raise BadRequest(T("bot.err.plan_too_long", most=MOST_CHARS))
    typed = spelled.standing_of(text, lang)
    if typed.problem is not None:
        kind, item = typed.problem
        if kind == spelled.OWN_SPACE:
            raise BadRequest(T("bot.err.plan_own_space", space=spelled.own_spaces(lang)[spelled.normal(item)]))
        if kind == spelled.BEST_NOT_LAST:
            raise BadRequest(T("bot.err.plan_best_last", text=item[:60]))
        if kind == spelled.EMPTY:
            raise BadRequest(T("bot.err.plan_empty"))
        raise BadRequest(T("bot.err.plan_no_space", text=item[:60]))
    if typed.best and not hints:
        raise BadRequest(T("bot.err.plan_best_no_hints"))
    if len(typed.wishes) > MOST_WISHES:
        raise BadRequest(T("bot.err.plan_too_long", most=MOST_CHARS))
    return Standing(typed.wishes, typed.best)


def added(plan: Standing, more: Standing) -> Standing:
    """``plan`` with ``more``'s wishes after its own (a space wished again moves to the end)."""
    spaces = {w for w in more.wishes if w not in ROW_BY_NAME}
    kept = tuple(w for w in plan.wishes if w not in spaces)
    wishes = (*kept, *more.wishes)
    if len(wishes) > MOST_WISHES:
        raise BadRequest(T("bot.err.plan_too_long", most=MOST_CHARS))
    return Standing(wishes, plan.best or more.best)


@dataclass(frozen=True)
class PlanSheet:
    """What the "Plan ahead" menus show one player: every plan of theirs, and what they may plan."""

    game_id: int
    message: Words  # each of the player's animals' plans, with what became of their answers ahead
    animals: tuple[str, ...]  # the player's animals (two in the multi-animal variant)
    spaces: tuple[str, ...]  # every space an animal may plan, in the display's order


class Plans:
    def __init__(self, tables: Tables) -> None:
        self.tables = tables

    # -- what a player asks ------------------------------------------------------------------

    async def show_plan(self, channel_id: str, user_id: str, animal: str | None = None, *,
                        lang: str | None = None) -> Reply:
        """The player's plan, and what became of their answers ahead since they last looked
        (privately, in ``lang``: the reader's, None the game's); looking clears that news."""
        async with self.tables.at(channel_id) as table:
            game, _, which = await self._planner(table, user_id, animal)
            row = (await table.store.books(game.id)).get(which) or AheadBook(which)
            shown = plan_text(row, lang or lang_of(game))
            await told_once(table, game, row)
        return Reply(shown, game_id=game.id, public=False)

    async def plan_sheet(self, channel_id: str, user_id: str, game_id: int | None = None, *,
                         lang: str | None = None) -> PlanSheet:
        """Every plan of the player's animals, for the menus of "Plan ahead" (``game_id``: the
        game whose prompt was clicked; another game there now makes the click stale), in
        ``lang`` (the reader's; None: the game's)."""
        async with self.tables.at(channel_id) as table:
            game, seat = await player(table, user_id, game_id)
            books = await table.store.books(game.id)
            shown = []
            for animal in seat.animals:
                row = books.get(animal) or AheadBook(animal)
                shown.append(plan_text(row, lang or lang_of(game)))
                await told_once(table, game, row)
        return PlanSheet(game.id, join(*shown, sep="\n"), tuple(seat.animals), plannable())

    async def set_plan(self, channel_id: str, user_id: str, text: str, *, add: bool = False,
                       animal: str | None = None, lang: str | None = None, game_id: int | None = None) -> Reply:
        """Keep ``text``'s wishes as the player's standing plan (``add``: after those kept), typed
        and told in ``lang`` (the reader's; None: the game's)."""
        async with self.tables.at(channel_id) as table:
            game, _, which = await self._planner(table, user_id, animal, game_id)
            lang = lang or lang_of(game)
            plan = parse_plan(text, lang, hints=bool(game.settings.get("hints")))
            row = (await table.store.books(game.id)).get(which) or AheadBook(which)
            book = book_of(row, which)
            standing = added(book.standing, plan) if add else plan
            row.book = replace(book, standing=standing).to_dict()
            shown = plan_text(row, lang)  # with what became of the answers ahead, told once
            row.told = []
            await table.store.put_book(game.id, row)
            asking = None if game.state is None else asked(game.state)
            now = asking is not None and asking.kind == "place_ap" and asking.animal == which
            spaces = [w for w in plan.wishes if w not in ROW_BY_NAME]
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
            row = (await table.store.books(game.id)).get(which) or AheadBook(which)
            row.book = replace(book_of(row, which), standing=Standing()).to_dict()
            await table.store.put_book(game.id, row)
        return Reply(T("bot.plan.cleared", animal=which), game_id=game.id, public=False)

    @staticmethod
    async def _planner(table: Table, user_id: str, animal: str | None,
                       game_id: int | None = None) -> tuple[Game, Seat, str]:
        return await planner(table, user_id, animal, game_id)


async def player(table: Table, user_id: str, game_id: int | None = None) -> tuple[Game, Seat]:
    """The running game and the user's seat, who may answer ahead (``game_id``: the game a menu
    was for; another game there now makes it stale)."""
    game = await table.active()
    if game_id is not None and game.id != game_id:
        raise NoGame(T("bot.err.plan_gone"))
    seat = table.seat(user_id)
    if seat.resigned:
        raise WrongPhase(T("bot.err.plan_resigned"))
    return game, seat


async def planner(table: Table, user_id: str, animal: str | None,
                  game_id: int | None = None) -> tuple[Game, Seat, str]:
    """The running game, the user's seat and the animal whose answers ahead these are."""
    game, seat = await player(table, user_id, game_id)
    animals = seat.animals
    if animal is not None and animal not in animals:
        raise BadRequest(T("bot.err.plan_not_yours", animal=animal, animals=animals))
    if animal is None and len(animals) > 1:
        raise BadRequest(T("bot.err.plan_which", animals=animals))
    return game, seat, animal or animals[0]


async def told_once(table: Table, game: Game, row: AheadBook) -> None:
    """What became of the player's answers ahead has been shown to them: it is told once."""
    if row.told:
        row.told = []
        await table.store.put_book(game.id, row)


def plan_text(row: AheadBook, lang: str) -> Words:
    """A standing plan as its player reads it (in ``lang``), and what became of their answers ahead."""
    plan = book_of(row, row.animal).standing
    wishes = [spelled.wish_label(w, lang) for w in plan.wishes] + ([spelled.best_label(lang)] if plan.best else [])
    head = T("bot.plan.shows", animal=row.animal, spaces=", ".join(wishes)) if wishes else T(
        "bot.plan.none", animal=row.animal)
    news = told_text(row.told, lang)
    return join(head, news or None, sep="\n")


__all__ = ["MOST_CHARS", "PlanSheet", "Plans", "added", "parse_plan", "plan_text", "planner", "player", "told_once"]
