"""The game service: the only place where engine, store and renderer meet.

Every mutating operation is one transaction: load -> check seat and turn -> engine apply ->
append the move and write the new state with a version check -> commit.  What the channel
shows is brought up to date afterwards (``channel_post`` / ``record_post``), outside the
transaction; a render or a post that fails never loses a move.
"""

from __future__ import annotations

import asyncio
import logging
import time
import weakref
from collections import OrderedDict
from collections.abc import Callable

import engine
import words
from bot.game import channel, context
from bot.game.admin import Admin
from bot.game.asked import asked
from bot.game.channel import DEFAULT_CADENCE, OVER, ChannelPost, owed
from bot.game.chronicle import Chronicle, default_final_renderer
from bot.game.clockwork import Clockwork
from bot.game.computer import Chooser, ComputerPlayers
from bot.game.core import Moves, Renderer, State, decided_after
from bot.game.followers import Followers
from bot.game.hints import Hinter, Hints
from bot.game.housekeeping import Housekeeping
from bot.game.lobby import Lobby
from bot.game.pictures import TileRenderer
from bot.game.plans import Plans
from bot.game.postbox import Postbox
from bot.game.ratings import Ratings
from bot.game.reads import Reads
from bot.game.rematch import Rematch, this_process
from bot.game.replies import (
    BadRequest,
    Choice,
    IllegalChoice,
    NoGame,
    NotAllowed,
    NotSeated,
    NotYourTurn,
    Reply,
    ServiceError,
    StaleState,
    WrongPhase,
)
from bot.game.takeback import PROPOSAL_SECONDS, Takeback
from bot.game.telemetry import QUIET, Telemetry, drawn
from bot.game.texts import (
    game_link,
    lang_of,
    option_text,
    prompt_line,
    result_text,
    rules_error,
    user_to_act,
)
from bot.store.api import GameStore, StaleVersion
from bot.store.models import Game, Seat
from engine import logbook, progress
from engine.phases import end_by_resignation
from words import T, Words, join, say
from words.alt import alt_text

log = logging.getLogger(__name__)

#: Options a resigned seat's animal takes: declining first, else the first legal option.
PASSIVE_OPTIONS = ("forfeit", "done", "none", "place:0", "move:0", "skip")
#: How many games' last saved states the service keeps for the reads after their moves (a post,
#: followers' news: within seconds of the move).  A state is 60-110 KB of objects (measured), so
#: this bounds the bytes too: 3.5 MB at most.
SAVED_KEPT = 32
#: The file name of the picture a channel post carries.
TURN_IMAGE = "board.png"


def passive_option(prompt: engine.Prompt) -> str:
    ids = [o.id for o in prompt.options]
    return next((i for i in PASSIVE_OPTIONS if i in ids), ids[0])


class GameService(Reads, Lobby, ComputerPlayers, Takeback, Clockwork, Ratings, Hints, Followers, Rematch, Housekeeping,
                  Admin, Plans, Postbox):
    def __init__(self, store: GameStore, renderer: Renderer | None = None,
                 tile_renderer: TileRenderer | None = None, *,
                 picture_renderer: Renderer | None = None, clock: Callable[[], float] | None = None,
                 chooser: Chooser | None = None, hinter: Hinter | None = None,
                 telemetry: Telemetry = QUIET) -> None:
        self.store = store
        self.telemetry = telemetry  # what the host's metrics hear of moves and pictures
        self.chooser = chooser  # computer players (None: none here)
        self.hinter = hinter  # hints (None: none here)
        self.renderer = renderer
        self.tile_renderer = tile_renderer
        #: the picture posted with a prompt (a compact turn picture when there is one)
        self.picture_renderer = picture_renderer or renderer
        self.clock = clock or time.time
        self.claimant = this_process()  # who this process is in the claims it makes (a rematch's)
        #: a channel's lock lives while a use case holds it or waits for it
        self._locks: weakref.WeakValueDictionary[str, asyncio.Lock] = weakref.WeakValueDictionary()
        #: per game, the state its last move here saved, by version: the reads after a move (its
        #: post, its followers' news) take it instead of decoding it again; never given to a move
        self._saved: OrderedDict[int, tuple[bytes, State]] = OrderedDict()
        self.saved_reads = [0, 0]  # reads that took a saved state, and those that found none
        self.chronicle = Chronicle(store, renderer, default_final_renderer() if renderer is not None else None,
                                   telemetry=telemetry)

    def _lock(self, channel_id: str) -> asyncio.Lock:
        return self._locks.setdefault(channel_id, asyncio.Lock())

    # -- play --------------------------------------------------------------------------------

    async def act(self, channel_id: str, user_id: str, option_id: str,
                  expected_version: int | None = None, *, game_id: int | None = None) -> Reply:
        """Apply one option of the current prompt for ``user_id``; the reply is for that player.
        ``game_id``: the game the choice was offered for (a button's): another one here is refused."""
        async with self._lock(channel_id), self.store.transaction():
            game = await self._active(channel_id)
            if game_id is not None and game.id != game_id:
                raise NoGame(T("bot.err.prompt_gone"))
            if expected_version is not None and expected_version != game.version:
                raise StaleState(T("bot.err.stale", now=prompt_line(game)))
            seat = self._seat(game, user_id)
            state = game.state
            assert state is not None
            before = progress.snapshot(state)  # what owed() compares, not the whole state
            prompt = asked(state)
            if prompt is None:
                raise WrongPhase(T("bot.game_over"))
            if prompt.seat != seat.seat:
                raise NotYourTurn(T("bot.err.not_your_turn", now=prompt_line(game)))
            option_id = prompt.typed(option_id) or option_id  # as typed: any case, any corner label
            try:
                engine.apply(state, seat.seat, option_id, asked=prompt)
            except engine.RulesError as e:
                raise IllegalChoice(rules_error(e)) from None
            picked = prompt.option(option_id)
            assert picked is not None  # the engine applied it: it is one of the prompt's options
            label = words.option(picked, "en")  # the move list keeps English
            chosen = option_text(picked)
            moves: Moves = [(seat.seat, user_id, option_id, label, "player", logbook.total(state))]
            moves += await self._play_on(game, state)
            hinted = seat.hint_version == game.version  # the player asked a hint for this decision
            await self._write(game, state, moves, owed(game.post.board_due, before, state), hinted=hinted)
        game.version += len(moves)
        game.state = state
        text = join(T("bot.you_chose", option=chosen), prompt_line(game) if user_to_act(game) == user_id else None)
        return Reply(text, game_id=game.id, version=game.version,
                     to_act=user_to_act(game), lang=lang_of(game))

    def _autoplay(self, game: Game, state: State) -> Moves:
        """Without computer players, play for resigned and left seats (declining whatever they
        can) until a live seat must act; with them, the AI plays those seats (``ai_turn``)."""
        if self.ai_available:
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

    async def _write(self, game: Game, state: State, moves: Moves, board_due: int | None = None, *,
                     hinted: bool = False) -> None:
        """(In the caller's transaction.) Append the moves, write the state; ``hinted``: the first
        move is a choice its player asked a hint for."""
        for i, (seat, user, option, label, made_by, _) in enumerate(moves):
            await self.store.append_move(game.id, game.version + i, seat, user, option, label, made_by,
                                         hinted=hinted and i == 0)
        status = "finished" if state["phase"] == "over" else None
        decided = decided_after(game.decided, moves)
        state = logbook.kept(state)
        try:
            blob = await self.store.save_state(game.id, game.version, game.version + len(moves), state,
                                        status=status, board_due=board_due,
                                        decided=decided if decided != game.decided else None)
        except StaleVersion:
            raise StaleState(T("bot.err.moved_on")) from None
        game.decided = decided
        self._remember(game.id, blob, state)
        if status == "finished":
            await self._rate(game, state)  # in the same transaction: a finished game is rated once
        await self._restart_clock(game, state)
        if status == "finished":
            log.info("game %s finished after %s moves", game.id, game.version + len(moves))
        for made_by in {m[4] for m in moves}:
            self.telemetry.moved(made_by, sum(1 for m in moves if m[4] == made_by))

    def _remember(self, game_id: int, blob: bytes, state: State) -> None:
        self._saved[game_id] = (blob, state)
        self._saved.move_to_end(game_id)
        while len(self._saved) > SAVED_KEPT:
            self._saved.popitem(last=False)

    def _read_state(self, game: Game | None) -> Game | None:
        """``game`` (read for a post, not for a move) with the state this process saved, when the
        stored one is exactly it (a move rolled back after saving is never taken for another):
        one decode of the state per decision, not one per read."""
        if game is not None:
            saved = self._saved.get(game.id)
            if saved is not None and game.state_blob is not None and saved[0] == game.state_blob:
                game.state = saved[1]
                self.saved_reads[0] += 1
            else:
                self.saved_reads[1] += 1
        return game

    @staticmethod
    def _cadence(game: Game) -> str:
        cadence: str = game.settings.get("board", DEFAULT_CADENCE)
        return cadence

    async def resign(self, channel_id: str, user_id: str) -> Reply:
        async with self._lock(channel_id), self.store.transaction():
            game = await self._active(channel_id)
            seat = self._seat(game, user_id)
            if seat.resigned:
                raise BadRequest(T("bot.err.resigned_already"))
            await self.store.update_seat(game.id, seat.seat, resigned=1)
            seat.resigned = True
            live = [s for s in game.seats if not s.resigned]
            if not live:
                await self.store.set_status(game.id, "abandoned")
                return Reply(T("bot.resigns.all", player=seat.user_name, game=game.id), game_id=game.id,
                             lang=lang_of(game))
            state = game.started_state
            if len(live) == 1 and game.settings.get("on_resign", "end") == "end":
                # Two players and one resigns: the other wins; the game is over.
                end_by_resignation(state, seat.seat, live[0].seat)
                await self.store.save_state(game.id, game.version, game.version + 1, logbook.kept(state),
                                            status="finished",
                                            board_due=game.post.board_due | OVER)
                await self._rate(game, state)
                game.version += 1
                return Reply(T("bot.resigns.ends", player=seat.user_name, other=live[0].user_name, game=game.id),
                             game_id=game.id, version=game.version, lang=lang_of(game))
            before = progress.snapshot(state)  # what owed() compares, not the whole state
            moves = await self._play_on(game, state)
            if moves:
                await self._write(game, state, moves, owed(game.post.board_due, before, state))
            else:
                await self._reclock(game)  # the AI may hold the seat now
        game.version += len(moves)
        return Reply(T("bot.resigns.play_on", player=seat.user_name, animals=seat.animals),
                     game_id=game.id, version=game.version, lang=lang_of(game))

    async def abandon(self, channel_id: str, user_id: str, can_manage_channel: bool = False) -> Reply:
        async with self._lock(channel_id), self.store.transaction():
            game = await self.store.live_game(channel_id)
            if game is None:
                raise NoGame(T("bot.err.no_game_here"))
            seat = game.seat_of(user_id)
            if not (can_manage_channel or (seat is not None and seat.is_host)):
                raise NotAllowed(T("bot.err.abandon", host=game.host.user_name))
            await self.store.set_status(game.id, "abandoned")
        log.info("game %s abandoned (it was %s)", game.id, game.status, extra={"game": game.id})
        return Reply(T("bot.abandoned", game=game.id), game_id=game.id, lang=lang_of(game))

    # -- what the channel shows --------------------------------------------------------------

    async def channel_post(self, channel_id: str) -> ChannelPost | None:
        """The next post that brings the channel's game up to date (None: it is), with its picture."""
        game = self._read_state(await self.store.latest_game(channel_id))
        if game is None or game.state_blob is None or game.status not in ("active", "finished") \
                or game.announced_version >= game.version:
            return None
        context.note_game(game)
        lang = lang_of(game)
        state = game.started_state
        over = state["phase"] == "over"
        post = channel.plan(game, say(prompt_line(game), lang), say(result_text(game), lang) if over else None,
                            self._cadence(game), game.decided, lang=lang)
        if post is None:
            return None
        post.state = state
        post.link = game_link(game)
        if post.picture:
            before = await self.store.board_state(game.id)
            post.image = await self._render(self.picture_renderer, state, before, lang)
            post.alts[TURN_IMAGE] = alt_text(state, lang, kind="turn", before=before)
        if post.over:
            await self.chronicle.finish(game, post)  # the VP breakdown and the end-of-game image
        return post

    async def record_post(self, post: ChannelPost, message_id: str | None) -> None:
        """The channel now shows ``post`` (as message ``message_id`` when it was a new one)."""
        await self.store.record_post(post.game_id, post.version, channel.posted(post, message_id),
                                     post.state if post.picture else None)
        if post.over:  # the end post went out: the thread is archived a day after (``housekeeping``)
            async with self.store.transaction():
                await self.store.update_game(post.game_id, ended_at=self.clock())

    async def link_of(self, game_id: int) -> str:
        game = await self.store.game(game_id)
        return "" if game is None else game_link(game)

    async def unposted_channels(self) -> list[str]:
        return await self.store.unannounced_channels()

    # -- helpers -----------------------------------------------------------------------------

    async def _lobby(self, channel_id: str) -> Game:
        game = await self.store.live_game(channel_id)
        if game is None:
            raise NoGame(T("bot.err.no_lobby"))
        context.note_game(game)
        if game.status != "lobby":
            raise WrongPhase(T("bot.err.started", game=game.id))
        return game

    async def _active(self, channel_id: str) -> Game:
        game = await self.store.live_game(channel_id)
        if game is None:
            last = await self.store.latest_game(channel_id)
            if last is not None and last.status == "finished":
                raise WrongPhase(T("bot.err.finished", game=last.id))
            raise NoGame(T("bot.err.no_running_game"))
        context.note_game(game)
        if game.status != "active":
            raise WrongPhase(T("bot.err.not_started", game=game.id))
        return game

    @staticmethod
    def _seat(game: Game, user_id: str) -> Seat:
        seat = game.seat_of(user_id)
        if seat is None:
            raise NotSeated(T("bot.err.not_seated", game=game.id))
        return seat

    @staticmethod
    def _host(game: Game, user_id: str, what: Words) -> None:
        if game.host.user_id != user_id:
            raise NotAllowed(T("bot.err.host_only", host=game.host.user_name, what=what))

    async def _render(self, renderer: Renderer | None, state: State, before: State | None,
                      lang: str = words.DEFAULT) -> bytes | None:
        if renderer is None:
            return None
        kind = "board" if renderer is self.renderer else "turn"
        try:
            return await drawn(self.telemetry, kind, renderer, state, before, lang)
        except Exception:  # noqa: BLE001 - a picture is never worth a lost move
            log.exception("rendering the board failed")
            return None


__all__ = ["PROPOSAL_SECONDS", "Choice", "GameService", "Reply", "ServiceError"]
