"""The story of a game, told from the store: any past moment, the whole log in pages, the
recap a player gets when their turn comes back, and the end-of-game post's picture and
breakdown.  Records (export, load) are in ``bot.game.records``, server stats in ``bot.game.stats``.

The moves are the truth: a past board is rebuilt by replaying them (``engine.history``).
One ``History`` per game is kept in a small LRU cache and extended as moves come in; an undo
or a rollback changes the move list, ``History.matches`` notices, and the game is replayed
afresh.  Nothing here writes to the store or changes a game.
"""

from __future__ import annotations

import asyncio
import functools
import logging
import weakref
from collections import OrderedDict
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, Protocol, TypeVar

from cachetools import TTLCache

import words
from bot.game import pictures
from bot.game.channel import ChannelPost
from bot.game.chronicle_texts import (
    Seen,
    ahead_marks,
    breakdown_text,
    filter_code,
    filter_words,
    find_seat,
    fit_lines,
    marked,
    moment_text,
    parse_filter,
    seen_at,
)
from bot.game.limits import CONTENT, clip
from bot.game.ratings import changes_text, hints_allowed
from bot.game.replies import BadRequest, NoGame, ServiceError, WrongPhase
from bot.game.telemetry import QUIET, Telemetry, drawn
from bot.game.texts import lang_of
from bot.store.api import GameStore
from bot.store.models import Game, Move
from engine import logbook
from engine.history import History, HistoryError, ReplayError, Timeline
from words import T
from words.alt import alt_text

log = logging.getLogger(__name__)

State = dict[str, Any]
R = TypeVar("R")
#: render(state, before_or_None, lang, past=None) -> PNG bytes: the whole board, changes since
#: ``before`` ringed; ``past`` (after k of n moves) for a past moment (``pictures.board``, the pool's).
#: Written loosely: the service hands over the same renderer it posts boards with, typed without ``past``.
BoardRenderer = Callable[..., bytes]


class FinalRenderer(Protocol):
    """render(final_state, timeline, lang=...) -> PNG bytes: the end-of-game image."""

    def __call__(self, state: State, timeline: Timeline, *, lang: str = ...) -> bytes: ...


#: The bytes of replays kept (``History.size`` and the move records: a whole game's is 2.5-3
#: MB), least recently used out first.  A replay is read by ``/ds log``, ``/ds history``, a
#: record's export and the end of a game, not by the posts: a miss replays the game (0.1-0.4 s,
#: in a thread).
CACHE_BYTES = 24 * 2**20
#: A game whose replay nobody read for this many seconds gives its room back.
CACHE_IDLE_SECONDS = 3600
#: What a move's record (``Move``) holds in the replay's list of the standing moves.
MOVE_BYTES = 600
#: Replaying more moves than this at once goes to a thread (a whole game: 0.1-0.3 s).
INLINE_MOVES = 32
#: A log page holds at most this many characters of lines (a header goes above them).
PAGE_CHARS = 1700
#: Lines of the action that led to a past moment, shown with it.
FINAL_IMAGE = "end-of-game.png"


class Unreplayable(ServiceError):
    """The stored moves do not replay (the rules changed under an old game)."""


def default_final_renderer() -> FinalRenderer | None:
    """The end-of-game image, if the renderers package is importable."""
    return pictures.final if pictures.can_draw() else None


@dataclass
class _Kept:
    """A game's replay and the standing moves it replayed (``history.moves`` are their pairs)."""

    history: History
    moves: list[Move]


def _kept_size(kept: _Kept) -> int:
    return kept.history.size + MOVE_BYTES * len(kept.moves)


@dataclass
class Moment:
    """A past moment of a game as ``/ds history`` shows it: after ``k`` of its moves."""

    game_id: int
    k: int
    previous: int | None  # the move count of the previous action boundary (None: at the setup)
    next: int | None  # ... of the next one (None: this is the present)
    text: str
    image: bytes | None = None
    alt: str | None = None  # the picture's alt text, in the reader's language


@dataclass
class LogPage:
    """One page of ``/ds log``: ``index`` of ``count`` pages (oldest first) under ``filter``."""

    game_id: int
    index: int
    count: int
    filter: str  # "a" (everything), "s2" (seat 2's animals), "t5" (turn 5), "s2t5"
    text: str


class Chronicle:
    def __init__(self, store: GameStore, board_renderer: BoardRenderer | None = None,
                 final_renderer: FinalRenderer | None = None, *, cache_bytes: int = CACHE_BYTES,
                 telemetry: Telemetry = QUIET) -> None:
        self.store = store
        self.telemetry = telemetry
        self.board_renderer = board_renderer
        self.final_renderer = final_renderer
        self._cache: TTLCache[int, _Kept] = TTLCache(cache_bytes, CACHE_IDLE_SECONDS, getsizeof=_kept_size)
        #: a game's lock lives while a read of its replay holds it or waits for it
        self._locks: weakref.WeakValueDictionary[int, asyncio.Lock] = weakref.WeakValueDictionary()
        self.reads = 0  # reads of a replay (those not among the builds found it kept)
        self._finals: OrderedDict[tuple[int, int], bytes] = OrderedDict()  # (game, version) -> image
        self.builds = 0  # whole-game replays made (the cache's misses; tests and benchmarks read it)

    # -- the replay cache --------------------------------------------------------------------

    async def history(self, game: Game) -> tuple[History, list[Move]]:
        """The game's replay, up to date with its standing moves (which are returned too).
        Read it only through ``replayed`` while other moves may come in."""
        return await self.replayed(game, lambda h, moves: (h, moves))

    async def replayed(self, game: Game, read: Callable[[History, list[Move]], R], *, thread: bool = False) -> R:
        """``read(history, moves)`` under the game's lock, with the history and the standing
        moves brought up to date first (a thread extending the history must not meet a reader)."""
        if game.setup is None:
            raise WrongPhase(T("bot.err.not_started", game=game.id))
        async with self._locks.setdefault(game.id, asyncio.Lock()):
            kept = self._cache.get(game.id)
            self.reads += 1
            new: list[Move] = []
            if kept is not None:
                standing, new = await self.store.moves_after(game.id, kept.moves[-1].version if kept.moves else -1)
                if standing != len(kept.moves):  # moves were taken back: replay afresh
                    kept = None
            try:
                if kept is None:
                    moves = await self.store.move_list(game.id)
                    pairs = [(m.seat, m.option_id) for m in moves]
                    kept = _Kept(await _run(History, game.setup, pairs, heavy=len(pairs) > INLINE_MOVES), moves)
                    self.builds += 1
                elif new:
                    await _run(kept.history.extend, [(m.seat, m.option_id) for m in new],
                               heavy=len(new) > INLINE_MOVES)
                    kept.moves.extend(new)
            except ReplayError as e:
                self._cache.pop(game.id, None)
                raise Unreplayable(T("bot.err.unreplayable", game=game.id, error=str(e))) from None
            self._cache[game.id] = kept  # its size anew: it grew by the new moves
            return await _run(read, kept.history, list(kept.moves), heavy=thread)

    async def marks(self, game: Game) -> dict[int, str]:
        """Where in the whole log each move answered ahead wrote its line, and how it was answered."""
        return await self.replayed(game, lambda h, moves: ahead_marks(h, [m.made_by for m in moves]))

    def forget(self, game_id: int) -> None:
        self._cache.pop(game_id, None)

    # -- any past moment ---------------------------------------------------------------------

    async def shown_game(self, channel_id: str) -> Game:
        """The game the channel's history and log are about: the running one, else the last finished."""
        game = await self.store.latest_game(channel_id)
        if game is None or game.status == "abandoned" or (game.status != "lobby" and game.state is None):
            raise NoGame(T("bot.err.no_game"))
        if game.status == "lobby":
            raise WrongPhase(T("bot.err.not_started", game=game.id))
        return game

    async def game_by_id(self, game_id: int, channel_id: str) -> Game:
        """A game named by a button, which must belong to the channel it was clicked in."""
        game = await self.store.game(game_id)
        if game is None or game.channel_id != channel_id or game.setup is None or game.state is None:
            raise NoGame(T("bot.err.not_here"))
        return game

    async def moment_at(self, channel_id: str, turn: int, move: int = 0, *, picture: bool = True,
                        lang: str = words.DEFAULT) -> Moment:
        """``/ds history turn:N move:K``: the game as it was ``move`` decisions into ``turn``, told
        and drawn in ``lang`` (the reader's: only they see it)."""
        game = await self.shown_game(channel_id)

        def read(h: History, moves: list[Move]) -> Seen:
            try:
                return seen_at(h, h.move_index(turn, move), [m.made_by for m in moves])
            except HistoryError as e:
                raise BadRequest(str(e)) from None

        return await self._moment(game, await self.replayed(game, read, thread=True), picture, lang)

    async def moment(self, game: Game, k: int, *, picture: bool = True, lang: str = words.DEFAULT) -> Moment:
        """The game after its first ``k`` moves (a button's position; clamped to the moves there are)."""
        seen = await self.replayed(game, lambda h, moves: seen_at(h, max(0, min(k, len(h.moves))),
                                                                  [m.made_by for m in moves]), thread=True)
        return await self._moment(game, seen, picture, lang)

    async def _moment(self, game: Game, seen: Seen, picture: bool, lang: str) -> Moment:
        image = None
        if picture and self.board_renderer is not None:
            try:
                # the picture says it is the past: after which move of how many
                past = functools.partial(self.board_renderer, past=(seen.k, seen.moves))
                image = await drawn(self.telemetry, "history", past, seen.state, seen.before, lang)
            except Exception:  # noqa: BLE001 - the text still tells the moment
                log.exception("rendering a past board failed")
        return Moment(game.id, seen.k, seen.previous, seen.next, moment_text(game, seen, lang), image,
                      alt_text(seen.state, lang, kind="history", before=seen.before) if image else None)

    # -- the log, in pages ---------------------------------------------------------------------

    async def log_page(self, channel_id: str, player: str | None = None, turn: int | None = None,
                       page: int | None = None, *, lang: str = words.DEFAULT) -> LogPage:
        """``/ds log``: the newest page (or ``page``) of the log, about one player or one turn, in
        ``lang`` (the reader's: only they see it)."""
        game = await self.shown_game(channel_id)
        seat = None if player is None or not player.strip() else find_seat(game, player)
        now = game.started_state["turn"]
        if turn is not None and not 1 <= turn <= now:
            raise BadRequest(T("bot.err.no_turn", turn=turn, now=now) if turn > now else T("bot.err.turn_from_1"))
        return await self.page_of(game, filter_code(seat, turn), page, lang=lang)

    async def page_of(self, game: Game, code: str, page: int | None = None, *,
                      lang: str = words.DEFAULT) -> LogPage:
        """A page of the game's log under a filter code (as a button carries it).  The whole log
        comes from the game's replay (a saved state keeps only its recent part)."""
        seat, turn = parse_filter(code)
        state = game.started_state
        lines, marks = await self.replayed(game, lambda h, moves: (list(h.log),
                                                                   ahead_marks(h, [m.made_by for m in moves])))
        # the filters keep each entry itself: a marked one is known by its identity (only
        # structured entries are ever marked: answers ahead came after the log's schema 2)
        how = {id(lines[at]): mark for at, mark in marks.items() if at < len(lines)}
        if seat is not None:
            if not 0 <= seat < len(state["seats"]):
                raise BadRequest(T("bot.err.no_such_seat"))
            lines = logbook.lines_about(lines, state["seats"][seat]["animals"])
        if turn is not None:
            lines = logbook.lines_of_turn(lines, turn)
        pages = logbook.pages(lines, lambda e: marked(words.line(e, lang), how.get(id(e)), lang), max_chars=PAGE_CHARS)
        about = filter_words(state, seat, turn, lang)
        if not pages:
            return LogPage(game.id, 0, 0, code, words.gettext("bot.log.empty", lang, game=game.id, about=about))
        index = len(pages) - 1 if page is None else max(0, min(page, len(pages) - 1))
        p = pages[index]
        part = words.gettext("bot.log.part", lang, part=p.part, parts=p.parts) if p.parts > 1 else ""
        head = words.gettext("bot.log.head", lang, game=game.id, turn=p.turn, part=part, page=index + 1,
                             pages=len(pages), about=about)
        return LogPage(game.id, index, len(pages), code, clip("\n".join([head, *p.lines]), CONTENT))

    # -- the end of the game -------------------------------------------------------------------

    async def finish(self, game: Game, post: ChannelPost) -> None:
        """Dress the game's final post: the VP breakdown in its text, the end-of-game image beside
        its picture.  Best effort: the result is posted even if this fails."""
        state = game.state
        if state is None or state.get("result") is None:
            return
        post.text = fit_lines(post.text, "\n".join(filter(None, (breakdown_text(game, lang_of(game)),
                                                                 await self.ratings_line(game)))))
        if self.final_renderer is None:
            return
        try:
            image = self._finals.get((game.id, game.version))
            if image is None:
                timeline = await self.replayed(game, lambda h, moves: h.timeline)
                image = await drawn(self.telemetry, "final", functools.partial(self.final_renderer, lang=lang_of(game)),
                                    state, timeline)
                self._finals[(game.id, game.version)] = image
                while len(self._finals) > 4:
                    self._finals.popitem(last=False)
                self.forget(game.id)  # the game is over: its replay gives its room back
            post.extra_images.append((FINAL_IMAGE, image))
            post.alts[FINAL_IMAGE] = alt_text(state, lang_of(game), kind="final")
        except Exception:  # noqa: BLE001 - the result and breakdown go out without the image
            log.exception("the end-of-game image of game %s failed", game.id)


    async def ratings_line(self, game: Game) -> str:
        """Each seat's rating before -> after (or why the game is not rated), for the end post."""
        if game.guild_id is None:
            return ""
        if hints_allowed(game):
            return words.gettext("bot.rating.unrated_hints", lang_of(game))
        changes = await self.store.rating_changes(game_id=game.id)
        return changes_text(game, changes, lang_of(game)) if changes else ""


# -- pure helpers ----------------------------------------------------------------------------------


async def _run(fn: Callable[..., R], *args: Any, heavy: bool) -> R:
    """A replay: in a thread when it is long, so the event loop keeps answering."""
    return await asyncio.to_thread(fn, *args) if heavy else fn(*args)
