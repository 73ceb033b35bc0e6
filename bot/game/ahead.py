"""Answers given ahead, the player's side: orders for their own APs (the answers to the whole
action, rehearsed from the position now: ``engine.rehearsal``) and early answers to the prompts
an independent step will ask them (``engine.early``), kept in the animal's book
(``bot.game.books``) and applied when their prompt comes (``bot.game.play_on``).  Standing
plans are ``bot.game.plans``'.

Every use case is a table; every refusal a ``ServiceError`` that stores nothing: an AP the
player does not have or that acted already, an answer that is no option, garbage, a text too
long, no seat, a finished game, a menu built for an earlier version of the game.  Everything
here is private: the replies are the player's alone.

A part of ``GameService`` (``bot.game.service``).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

import engine
import engine.orders
import words
from bot.game.books import book_of, told_text
from bot.game.plans import plan_text, player, told_once
from bot.game.replies import BadRequest, Choice, IllegalChoice, Reply, StaleState
from bot.game.table import State, Table, Tables
from bot.game.texts import choice_of, lang_of, option_typed, prompt_line, rules_error
from bot.store.models import AheadBook, Game, Seat
from engine.ahead import Book
from engine.data import FOOD_CHAIN
from engine.display import parse_space_id
from engine.early import Foreseen, foreseen_for
from engine.orders import Early, early_answers
from engine.rehearsal import Answer, Rehearsing, aps_to_resolve, placed_this_turn
from words import T, Words, join
from words import spaces as spelled

#: A typed order's or early answer's most characters (a whole action's answers fit many times over).
MOST_CHARS = 1000


@dataclass(frozen=True)
class Rehearsed:
    """One step of giving an order: the AP, the answers so far, and what it would ask next."""

    game_id: int
    version: int  # the game's version the menus are for (a later one makes them stale)
    animal: str
    space: str
    answers: tuple[str, ...]  # the option ids given so far
    said: str  # the answers so far as the player reads them, and what is asked now
    choices: list[Choice]  # the next prompt's options, worded (none: nothing more is asked)


@dataclass(frozen=True)
class AheadSheet:
    """What the "Answer ahead" view shows a player: their books, and what they may answer."""

    game_id: int
    version: int
    message: str  # their books as they read them, what became of earlier answers first
    aps: tuple[tuple[str, str], ...]  # (animal, space) of their APs still to act, in the order they act
    early: tuple[tuple[str, str, list[Choice]], ...]  # (animal, question, choices) they may answer early


class Ahead:
    def __init__(self, tables: Tables) -> None:
        self.tables = tables

    async def sheet(self, channel_id: str, user_id: str, game_id: int | None = None, *,
                    told: bool = True, lang: str | None = None) -> AheadSheet:
        """The player's books and what they may answer ahead now (what became of earlier
        answers is told once, here; ``told``: False for a look that shows nothing, an autocomplete),
        in ``lang``, the reader's (None: a caller who does not know it, the game's)."""
        async with self.tables.at(channel_id) as table:
            game, seat = await _player(table, user_id, game_id)
            state = _state(game)
            lang = lang or lang_of(game)
            books = await table.store.books(game.id)
            news, shown = [], []
            for animal in seat.animals:
                row = books.get(animal) or AheadBook(animal)
                news += row.told
                shown.append(book_text(row, lang))
                if told:
                    await told_once(table, game, row)
            aps = tuple((a, s) for a in seat.animals for s in aps_to_resolve(state, a))
            early = tuple((a, words.prompt_text({"text": f.text}, lang), [choice_of(o, lang) for o in f.options])
                          for a in seat.animals for f in _early_prompts(state, a))
        head = told_text(news, lang)
        return AheadSheet(game.id, game.version, "\n".join(filter(None, (head, *shown))), aps, early)

    async def show(self, channel_id: str, user_id: str, *, lang: str | None = None) -> Reply:
        sheet = await self.sheet(channel_id, user_id, lang=lang)
        return Reply(sheet.message or T("bot.ahead.nothing"), game_id=sheet.game_id, public=False)

    async def rehearse(self, channel_id: str, user_id: str, space: str, answers: Sequence[str | int] = (), *,
                       version: int | None = None, game_id: int | None = None, lang: str | None = None,
                       typed_in: str | None = None) -> Rehearsed:
        """The prompts the player's AP on ``space`` would ask if it resolved now, answered with
        ``answers`` (typed labels read in ``typed_in`` or English): what it asks next
        (``BadRequest``: no such AP of theirs, an answer no option)."""
        async with self.tables.at(channel_id) as table:
            game, seat = await _player(table, user_id, game_id, version)
            animal, r = _rehearsing(_state(game), seat, space, answers, typed_in or lang or words.DEFAULT)
            lang = lang or lang_of(game)
        asked = r.asked
        said = join(*(T("bot.ahead.answered", question=words.prompt_text({"text": a.text}, lang),
                        option=_label(a, lang)) for a in r.answers),
                    T("bot.ahead.asks", question=words.prompt_text(asked, lang)) if asked is not None
                    else T(f"bot.ahead.end_{r.end}"), sep="\n")
        choices = [] if asked is None else [choice_of(o, lang) for o in asked.options]
        return Rehearsed(game.id, game.version, animal, space, tuple(a.option for a in r.answers),
                         words.say(said, lang), choices)

    async def rehearsal_reply(self, channel_id: str, user_id: str, space: str, *, lang: str | None = None) -> Reply:
        """What the player's AP on ``space`` would ask if it acted now, and its options' ids."""
        r = await self.rehearse(channel_id, user_id, space, lang=lang)
        options = ", ".join(f"{c.id} ({c.label})" for c in r.choices)
        return Reply(join(r.said, T("bot.ahead.options", options=options) if options else None, sep="\n"),
                     game_id=r.game_id, public=False)

    async def give_order(self, channel_id: str, user_id: str, space: str, answers: Sequence[str | int] | str, *,
                         version: int | None = None, game_id: int | None = None, lang: str | None = None) -> Reply:
        """Keep ``answers`` (option ids, or typed as in ``/ds play``; a text: separated by commas)
        as the order for the player's AP on ``space``, replacing an earlier one."""
        answers = _typed(answers)
        if not answers:
            raise BadRequest(T("bot.err.ahead_empty"))
        async with self.tables.at(channel_id) as table:
            game, seat = await _player(table, user_id, game_id, version)
            animal, r = _rehearsing(_state(game), seat, space, answers, lang or words.DEFAULT)
            done = r.done()
            order = engine.orders.Order(animal, space, _state(game)["turn"], done.answers)
            row = (await table.store.books(game.id)).get(animal) or AheadBook(animal)
            row.book = book_of(row, animal).with_order(order).to_dict()
            await table.store.put_book(game.id, row)
        return Reply(join(T("bot.ahead.order_kept", space=space),
                          order_line(animal, space, done.answers, lang or lang_of(game)),
                          *_next_asked(done.asked, lang or lang_of(game)), sep="\n"),
                     game_id=game.id, public=False)

    async def clear_order(self, channel_id: str, user_id: str, space: str, *, game_id: int | None = None) -> Reply:
        async with self.tables.at(channel_id) as table:
            game, seat = await _player(table, user_id, game_id)
            books = await table.store.books(game.id)
            row = next((books[a] for a in seat.animals if a in books
                        and any(o.space == space for o in book_of(books[a], a).orders)), None)
            if row is None:
                raise BadRequest(T("bot.err.no_order", text=_space_words(space)))
            row.book = book_of(row, row.animal).without_order(space).to_dict()
            await table.store.put_book(game.id, row)
        return Reply(T("bot.ahead.order_cleared", space=space), game_id=game.id, public=False)

    async def clear_early(self, channel_id: str, user_id: str, *, animal: str | None = None,
                          game_id: int | None = None) -> Reply:
        """Drop the player's early answers (``animal``: that animal's only; else all of the seat's)."""
        async with self.tables.at(channel_id) as table:
            game, seat = await _player(table, user_id, game_id)
            if animal is not None and animal not in seat.animals:
                raise BadRequest(T("bot.err.plan_not_yours", animal=animal, animals=seat.animals))
            books = await table.store.books(game.id)
            rows = [books[a] for a in ((animal,) if animal else seat.animals)
                    if a in books and book_of(books[a], a).early]
            if not rows:
                raise BadRequest(T("bot.err.no_early_answers"))
            for row in rows:
                row.book = book_of(row, row.animal).without_early().to_dict()
                await table.store.put_book(game.id, row)
        return Reply(T("bot.ahead.early_cleared"), game_id=game.id, public=False)

    async def answer_early(self, channel_id: str, user_id: str, answers: Sequence[str | int] | str, *,
                           animal: str | None = None, version: int | None = None, game_id: int | None = None,
                           lang: str | None = None, typed_in: str | None = None) -> Reply:
        """Keep ``answers`` as the player's early answers to the prompts the step under way will
        ask them, in order (each an option id, or typed as at the live prompt: its number there,
        id or label, in ``typed_in`` (else ``lang``, the reader's) or English)."""
        answers = _typed(answers)
        if not answers:
            raise BadRequest(T("bot.err.ahead_empty"))
        async with self.tables.at(channel_id) as table:
            game, seat = await _player(table, user_id, game_id, version)
            which = _early_animal(_state(game), seat, animal)
            state = _state(game)
            prompts = _early_prompts(state, which)
            if not prompts:
                raise BadRequest(T("bot.err.no_early"))
            reading = typed_in or lang or words.DEFAULT
            ids = [_option(p.prompt(), a, reading) for p, a in zip(prompts, answers, strict=False)] + [
                str(a) for a in answers[len(prompts):]]
            try:
                given = early_answers(state, which, ids)
            except engine.RulesError as e:
                raise IllegalChoice(rules_error(e)) from None
            row = (await table.store.books(game.id)).get(which) or AheadBook(which)
            row.book = book_of(row, which).with_early(given).to_dict()
            await table.store.put_book(game.id, row)
            lang = lang or lang_of(game)
        return Reply(join(T("bot.ahead.early_kept"), *(early_line(e, lang) for e in given), sep="\n"),
                     game_id=game.id, public=False)

    async def early_reply(self, channel_id: str, user_id: str, animal: str | None = None, *,
                          lang: str | None = None) -> Reply:
        """What the step under way will ask the player's animal before its turn, and the options'
        ids (``animal``: which of the player's, in the multi-animal variant)."""
        async with self.tables.at(channel_id) as table:
            game, seat = await _player(table, user_id)
            which = _early_animal(_state(game), seat, animal)
            prompts = _early_prompts(_state(game), which)
            lang = lang or lang_of(game)
        if not prompts:
            raise BadRequest(T("bot.err.no_early"))
        return Reply(join(*(T("bot.ahead.early_asks", animal=which, question=words.prompt_text(f.prompt(), lang),
                              options=", ".join(f"{o.id} ({words.option(o, lang)})" for o in f.options))
                            for f in prompts), sep="\n"), game_id=game.id, public=False)


# -- the checks ---------------------------------------------------------------------------------


async def _player(table: Table, user_id: str, game_id: int | None = None,
                  version: int | None = None) -> tuple[Game, Seat]:
    """The running game and the player's seat (refused: a menu for another game or an earlier
    version of this one, no seat, a resigned one)."""
    game, seat = await player(table, user_id, game_id)
    if version is not None and version != game.version:
        raise StaleState(T("bot.err.stale", now=prompt_line(game)))
    return game, seat


def _state(game: Game) -> State:
    assert game.state is not None  # a running game has a state
    return game.state


def _typed(answers: Sequence[str | int] | str) -> list[str | int]:
    if isinstance(answers, str):
        if len(answers) > MOST_CHARS:
            raise BadRequest(T("bot.err.ahead_too_long", most=MOST_CHARS))
        return [a.strip() for a in spelled.split(answers) if a.strip()]
    if sum(len(str(a)) for a in answers) > MOST_CHARS:
        raise BadRequest(T("bot.err.ahead_too_long", most=MOST_CHARS))
    return list(answers)


def _rehearsing(state: State, seat: Seat, space: str, answers: Sequence[str | int],
                lang: str = words.DEFAULT) -> tuple[str, Rehearsing]:
    """The rehearsal of the seat's AP on ``space`` answered with ``answers`` (typed as in
    ``/ds play``: any case, any label the prompt reads, in ``lang`` or English)."""
    found = parse_space_id(space)
    on = state["display"][found[0]][found[1]] if found is not None else None
    placed = placed_this_turn(state, space) if found is not None else None  # an AP gone: it acted
    animal = on if on in seat.animals else placed if placed in seat.animals else seat.animals[0]
    try:
        r = Rehearsing(state, animal, space)
        for answer in answers:
            r.answer(_option(r.asked, answer, lang))
    except engine.RulesError as e:
        raise IllegalChoice(rules_error(e)) from None
    return animal, r


def _option(asked: engine.Prompt | None, answer: str | int, lang: str = words.DEFAULT) -> str:
    """An answer as the prompt's option id: typed as at the live prompt (``option_typed``: its
    number there, id or label, in ``lang`` or English), or a menu's index."""
    if asked is None:
        return str(answer)
    if isinstance(answer, int):
        return asked.options[answer].id if 0 <= answer < len(asked.options) else str(answer)
    return option_typed(asked, answer, lang) or answer


def space_typed(text: str, lang: str) -> str:
    """A space as typed: its id, or its name as a label reads (in ``lang`` or English); "" stays."""
    return text if not text or parse_space_id(text) is not None else (spelled.space_of(text, lang) or text)


def animal_typed(text: str, lang: str) -> str | None:
    """The animal a text names (its id, or its name in ``lang`` or English), or None."""
    typed = text.strip().lower()
    return next((a for a in FOOD_CHAIN if typed and typed in {a, *(words.term(f"animal.{a}", one).lower()
                                                                   for one in {lang, words.DEFAULT})}), None)


def _early_animal(state: State, seat: Seat, animal: str | None) -> str:
    """The seat's animal answering early: the one named, else the one the step will ask (more
    than one of the seat's: refused, the player names one)."""
    if animal is not None and animal not in seat.animals:
        raise BadRequest(T("bot.err.plan_not_yours", animal=animal, animals=seat.animals))
    if animal is not None:
        return animal
    asked = [a for a in seat.animals if _early_prompts(state, a)]
    if len(asked) > 1:  # the multi-animal variant: answers for one animal are no other's
        raise BadRequest(T("bot.err.early_which", animals=asked))
    return asked[0] if asked else seat.animals[0]


def _early_prompts(state: State, animal: str) -> tuple[Foreseen, ...]:
    """The prompts of the step under way the animal will be asked after the one pending now."""
    pending = engine.prompt(state)
    return tuple(f for f in foreseen_for(state, animal)
                 if pending is None or (f.seat, f.kind, f.text, f.options) != (
                     pending.seat, pending.kind, pending.text, pending.options))


# -- how a book reads -----------------------------------------------------------------------------


def _listed(choices: Sequence[Choice]) -> str:
    """A prompt's options as a reply lists them: each by its id and its label (both are taken)."""
    return ", ".join(f"{c.id} ({c.label})" for c in choices)


def _next_asked(asked: engine.Prompt | None, lang: str) -> tuple[Words, ...]:
    """What an order given so far would ask next, with its options (nothing when it asks no more)."""
    if asked is None:
        return ()
    return (T("bot.ahead.asks", question=words.prompt_text(asked, lang)),
            T("bot.ahead.options", options=_listed([choice_of(o, lang) for o in asked.options])))


def _label(answer: Answer, lang: str) -> str:
    return words.option({"text": answer.label}, lang)


def _space_words(space: str) -> str:
    return space if parse_space_id(space) is None else words.space(space)


def order_line(animal: str, space: str, answers: Sequence[Answer], lang: str) -> str:
    return words.say(T("bot.ahead.order", animal=animal, space=space,
                       answers=" → ".join(_label(a, lang) for a in answers)), lang)


def book_text(row: AheadBook, lang: str) -> str:
    """An animal's book as its player reads it (in ``lang``): the standing plan, the orders, the
    early answers."""
    book: Book = book_of(row, row.animal)
    lines = [words.say(plan_text(AheadBook(row.animal, row.book), lang), lang)]
    lines += [order_line(row.animal, o.space, o.answers, lang) for o in book.orders]
    lines += [words.say(early_line(e, lang), lang) for e in book.early]
    return "\n".join(lines)


def early_line(early: Early, lang: str) -> Words:
    return T("bot.ahead.early", animal=early.animal, option=_label(early.answer, lang),
             question=words.prompt_text({"text": early.answer.text}, lang))


__all__ = ["Ahead", "AheadSheet", "Rehearsed", "animal_typed", "book_text", "early_line", "order_line", "space_typed"]
