"""Reviews: what decided a finished game, by the AI's estimate (``engine.review``), stored once,
posted in the game's channel as it fills in, and each player's part told to them privately.

A part of ``GameService``.  A game's review is queued in the transaction that ends the game
(``Table.finish``: its last move or a resignation) or asked for later (``ask``: the Review
button, ``/ds history review:``); ``bot.game.review_runner`` works it out in slices at low
priority, saving it after each (``store.save_review``), and the shell posts and edits the review
post from what ``post`` says it should show.  A game has at most one review (its row's key):
asked twice at once, the second asker is told it is on its way, and no second job starts.
"""

from __future__ import annotations

import json
import time
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field
from typing import Any

from bot.game.chronicle import Chronicle, Unreplayable
from bot.game.records import record_of
from bot.game.replies import BadRequest, NoGame, NotAllowed, WrongPhase
from bot.game.table import Tables
from bot.game.texts import lang_of
from bot.store.api import GameStore
from bot.store.models import Game, Move, StoredReview
from engine.history import History
from engine.record import dumps
from engine.review import DEFAULT_BUDGET, Budget, ReviewError
from words import T, gettext
from words import review as review_words

#: race(review, lang) -> PNG: the race picture (``renderers.review.render_race``, in a worker)
RaceRenderer = Callable[[dict[str, Any], str], Awaitable[bytes]]
RACE_IMAGE = "review.png"


@dataclass
class ReviewPost:
    """What a game's review post should show now (``Reviews.post``)."""

    game_id: int
    channel_id: str
    message_id: str | None  # the post to edit (None: post it)
    text: str
    lang: str
    done: int  # decisions weighed, as shown
    final: bool  # the finished review (then its picture and turning points)
    image: bytes | None = None
    alt: str | None = None
    #: the turning points: (their number from 1, the moves before it: ``/ds history``'s position)
    points: list[tuple[int, int]] = field(default_factory=list)


@dataclass
class Asked:
    """A review asked for: the game, its review as stored, and whether this ask started it."""

    game: Game
    review: StoredReview
    started: bool


def refusal(e: ReviewError, game: Game) -> BadRequest:
    """A review that cannot be worked out, worded for the reader."""
    reason = e.reason if e.reason in review_words.REASONS else "record"
    return BadRequest(T(f"review.error.{reason}", detail=str(e), game=game.id))


class Reviews:
    def __init__(self, store: GameStore, tables: Tables, chronicle: Chronicle, *, budget: Budget = DEFAULT_BUDGET,
                 race: RaceRenderer | None = None, clock: Callable[[], float] | None = None) -> None:
        """``budget``: what a new review may spend (``[review]``); ``race``: draws the race picture
        (None: the review is posted without it)."""
        self.store = store
        self.tables = tables
        self.chronicle = chronicle
        self.budget = budget
        self.race = race
        self.clock = clock or time.time
        #: check(record text) -> the decisions to weigh (``ReviewError``: it cannot be reviewed);
        #: the runner sets it to its worker's, so the check warms the job it then works on
        self.check: Callable[[str], Awaitable[int]] | None = None

    # -- the record ----------------------------------------------------------------------------

    async def record_text(self, game: Game) -> str:
        """The game's record (``engine.record``), as a review reads it."""
        def read(h: History, moves: list[Move]) -> list[Move]:
            return moves

        moves = await self.chronicle.replayed(game, read, thread=True)
        return dumps(record_of(game, moves, game.started_state, self.clock()))

    # -- asking --------------------------------------------------------------------------------

    async def finished_game(self, channel_id: str, guild_id: str | None, number: int | None) -> Game:
        """The finished game a reader asks the review of: ``number`` (any game of this server), or
        the channel's last game.  Refused: none, another server's, not over, abandoned."""
        if number is None:
            game = await self.store.latest_game(channel_id)
            if game is None:
                raise NoGame(T("bot.err.no_game"))
        else:
            game = await self.store.game(number)
            if game is None:
                raise NoGame(T("bot.review.no_such_game", game=number))
            if game.channel_id != channel_id and (guild_id is None or game.guild_id != guild_id):
                raise NotAllowed(T("bot.review.other_server", game=number))
        if game.status in ("lobby", "active"):
            raise WrongPhase(T("bot.review.running", game=game.id))
        if game.status != "finished" or game.state is None:
            raise WrongPhase(T("bot.review.abandoned", game=game.id))
        return game

    async def channel_finished(self, channel_id: str) -> int | None:
        """The number of the channel's last game when it is finished (what ``review:`` offers)."""
        game = await self.store.latest_game(channel_id)
        return game.id if game is not None and game.status == "finished" else None

    async def ask(self, channel_id: str, guild_id: str | None, number: int | None = None) -> Asked:
        """The review of a finished game: as stored, or started now (checked first: a record that
        no longer replays is refused and nothing is stored)."""
        game = await self.finished_game(channel_id, guild_id, number)
        stored = await self.store.review(game.id)
        if stored is not None:
            return Asked(game, stored, started=False)
        total = await self._checked(game)
        async with self.tables.transaction() as table:
            started = await table.store.start_review(game.id, game.channel_id, total)
        stored = await self.store.review(game.id)
        assert stored is not None
        return Asked(game, stored, started=started)

    async def _checked(self, game: Game) -> int:
        try:
            text = await self.record_text(game)
        except Unreplayable as e:
            raise BadRequest(T("review.error.replay", detail=str(e), game=game.id)) from None
        if self.check is None:
            return 0
        try:
            return await self.check(text)
        except ReviewError as e:
            raise refusal(e, game) from None

    def answer(self, asked: Asked, user_id: str, lang: str) -> str:
        """What the reader who asked is told, privately: their own part of a finished review (and
        the computer seats'), else how far it has come."""
        game, stored = asked.game, asked.review
        where = f"<#{game.channel_id}>"
        if stored.result is None:
            if asked.started:
                return gettext("bot.review.started", lang, game=game.id, channel=where)
            return gettext("bot.review.underway", lang, game=game.id, channel=where, done=stored.done,
                           total=stored.total)
        result = stored.result
        mine = [s.seat for s in game.seats if s.user_id == user_id and not s.is_ai]
        computers = [s.seat for s in game.seats if s.is_ai]
        parts = [gettext("bot.review.yours", lang, game=game.id, channel=where)]
        parts += [review_words.seat_part(result, seat, lang) for seat in mine if seat < len(result["seats"])]
        if not mine:
            parts += [review_words.seat_line(result, i, lang) for i in range(len(result["seats"]))]
        parts += [review_words.seat_part(result, seat, lang) for seat in computers if seat < len(result["seats"])]
        return "\n\n".join(parts)

    # -- the post ------------------------------------------------------------------------------

    async def post(self, game_id: int) -> ReviewPost | None:
        """What the game's review post should show now; None when it shows it already."""
        stored = await self.store.review(game_id)
        game = await self.store.game(game_id)
        if stored is None or game is None or stored.final:
            return None
        lang = lang_of(game)
        head = gettext("bot.review.post_head", lang, game=game.id)
        if stored.result is None:
            if stored.shown == stored.done and stored.message_id is not None:
                return None
            text = f"{head}\n{review_words.progress(stored.done, stored.total, lang)}"
            return ReviewPost(game.id, stored.channel_id, stored.message_id, text, lang, stored.done, False)
        result = stored.result
        lines = review_words.summary(result, lang)
        links = gettext("bot.review.see_points", lang, game=game.id) if result["turning_points"] else ""
        text = "\n".join([head, *lines, *([links] if links else [])])
        image = None
        if self.race is not None:
            image = await self.race(result, lang)
        points = [(k + 1, v["move"]) for k, v in enumerate(result["turning_points"])]
        return ReviewPost(game.id, stored.channel_id, stored.message_id, text, lang, stored.done, True, image,
                          review_words.race_alt(result, lang) if image else None, points)

    async def posted(self, post: ReviewPost, message_id: str | None) -> None:
        """The review post went out (or was edited) as ``post`` said."""
        await self.store.note_review_post(post.game_id, message_id, post.done, post.final)

    async def exported(self, game_id: int) -> tuple[str, bytes] | None:
        """The finished review of ``game_id`` as a file beside its record (``/ds log file:True``),
        in its own format (docs/review-format.md); None while it is being worked out, or without one."""
        stored = await self.store.review(game_id)
        if stored is None or stored.result is None:
            return None
        return review_filename(game_id), json.dumps(stored.result, ensure_ascii=False, indent=1).encode()

    async def pending(self) -> list[StoredReview]:
        """Reviews to work on, or to post."""
        return await self.store.pending_reviews()


def review_filename(game_id: int) -> str:
    return f"dominant-species-review-{game_id}.json"


__all__ = ["RACE_IMAGE", "Asked", "ReviewPost", "Reviews", "refusal"]
