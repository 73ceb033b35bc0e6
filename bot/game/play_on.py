"""After a move, the seats that decide by themselves, until a person must choose: without
computer players, resigned and left seats decline whatever they can (with them, the AI plays
those seats: ``computer.ai_turn``); a player who answered the prompt ahead (a standing plan,
an order for the AP acting, an early answer: ``engine.ahead``, kept by ``bot.game.books``) has
it applied as a click, marked ``planned``, ``ordered`` or ``early``.  In the move's table: these
moves and the books they used are written with it.  An answer that stopped is told to its
player only (a direct message, and atop their "Answer ahead" view); the channel's post only
asks them, as without it."""

from __future__ import annotations

from typing import Any

import engine
import words
from bot.game.ai_seats import AiSeats
from bot.game.asked import asked
from bot.game.books import book_of, keeps_books, served, stop_told, taken_told, tell, told_text
from bot.game.hints import ai_seed
from bot.game.notices import AHEAD_STOPPED
from bot.game.table import Moves, State, Table
from bot.game.texts import lang_of
from bot.store.models import AheadBook, Game
from engine import logbook
from engine.ahead import answer_ahead, tidy

#: Options a resigned seat's animal takes: declining first, else the first legal option.
PASSIVE_OPTIONS = ("forfeit", "done", "none", "place:0", "move:0", "skip")
#: Moves answered ahead whose log lines a game remembers (the channel marks them).
MARKS_KEPT = 64


def passive_option(prompt: engine.Prompt) -> str:
    ids = [o.id for o in prompt.options]
    return next((i for i in PASSIVE_OPTIONS if i in ids), ids[0])


class PlayOn:
    def __init__(self, ai: AiSeats) -> None:
        self.ai = ai

    async def __call__(self, table: Table, game: Game, state: State) -> Moves:
        """(In the move's table.) The moves the seats that decide by themselves make now."""
        moves: Moves = []
        books: dict[str, AheadBook] | None = None
        changed: set[str] = set()
        told: dict[str, list[dict[str, Any]]] = {}  # per animal, what to tell its player now
        while True:
            moves += self.autoplay(game, state)
            p = asked(state)
            if p is None:
                break
            seat = next((s for s in game.seats if s.seat == p.seat), None)
            if not keeps_books(seat) or not game.ahead:
                break
            assert seat is not None
            if books is None:
                books = await table.store.books(game.id)
            if not books:
                break
            for animal, row in books.items():  # what can no longer be used goes, and is told
                if not row.book.get("orders") and not row.book.get("early"):
                    continue
                tidied, stops = tidy(state, book_of(row, animal))
                if stops or tidied.to_dict() != row.book:
                    row.book = tidied.to_dict()
                    tell(row, map(stop_told, stops))
                    told.setdefault(animal, []).extend(map(stop_told, stops))
                    changed.add(animal)
            mine = books.get(p.animal)
            if mine is None:
                break
            row = mine
            book = served(book_of(row, p.animal), game)
            ahead = answer_ahead(state, book, seed=ai_seed(game.seed, game.version + len(moves)), asked=p)
            news = [stop_told(ahead.stop)] if ahead.stop is not None else []
            # each wish found taken is told once a turn: at the first placement that finds it taken
            taken = book.untold(state["turn"], ahead.placement.taken) if ahead.placement is not None else ()
            used = ahead.book.with_told(state["turn"], taken) if taken else ahead.book
            if taken:
                news.append(taken_told(taken))
            if used != book or news:
                row.book = used.to_dict() if used != book else row.book
                tell(row, news)
                changed.add(p.animal)
            if ahead.option is None:  # the player is asked (told privately what stopped)
                told.setdefault(p.animal, []).extend(news)
                break
            if ahead.stop is not None:
                told.setdefault(p.animal, []).append(stop_told(ahead.stop))
            at = logbook.total(state)  # the decision's line comes first among the lines it writes
            picked = p.option(ahead.option)
            assert picked is not None and ahead.how is not None  # answer_ahead answers with an offered option
            engine.apply(state, p.seat, ahead.option, asked=p)
            moves.append((p.seat, seat.user_id, ahead.option, words.option(picked, "en"), ahead.how,
                          logbook.total(state)))
            mark: int | list[object] = at if ahead.how == "planned" else [at, ahead.how]
            game.planned = [*game.planned, mark][-MARKS_KEPT:]
        for animal in changed:
            assert books is not None
            await table.store.put_book(game.id, books[animal])
        if any(m[4] in ("planned", "ordered", "early") for m in moves):
            await table.store.update_game(game.id, planned=game.planned)
        await self.tell_stops(table, game, told)
        return moves

    @staticmethod
    async def tell_stops(table: Table, game: Game, told: dict[str, list[dict[str, Any]]]) -> None:
        """Each player whose answers ahead stopped is told, privately: one direct message each, in
        the game's language, as every direct message of the outbox is (reminders, "your turn":
        the bot keeps no person's language; what they read atop "Answer ahead" is in theirs)."""
        lang = lang_of(game)
        for seat in game.seats:
            items = [i for a in seat.animals for i in told.get(a, ())]
            if items:
                text = words.say(words.T("bot.ahead.stopped_dm", game=game.id, text=told_text(items, lang)), lang)
                await table.notice(AHEAD_STOPPED, text, [seat.user_id])

    def autoplay(self, game: Game, state: State) -> Moves:
        """Without computer players, play for resigned and left seats (declining whatever they
        can) until a live seat must act; with them, the AI plays those seats (``ai_turn``)."""
        if self.ai.available:
            return []
        resigned = {s.seat for s in game.seats if s.resigned or s.ai_hold}
        moves: Moves = []
        while (p := asked(state)) is not None and p.seat in resigned:
            option = passive_option(p)
            engine.apply(state, p.seat, option)
            passive = p.option(option)
            assert passive is not None  # passive_option picks among the prompt's options
            moves.append((p.seat, "resigned", option, words.option(passive, "en"), "resigned", logbook.total(state)))
        return moves
