"""The game service: the only place where engine, store and renderer meet.

Every mutating operation is one transaction: load -> check seat and turn -> engine apply ->
append the move and write the new state with a version check -> commit.  What the channel
shows is brought up to date afterwards (``channel_post`` / ``record_post``), outside the
transaction; a render or a post that fails never loses a move.
"""

from __future__ import annotations

import asyncio
import copy
import logging
import secrets
import time
from collections.abc import Callable
from typing import Any

import engine
import words
from bot import channel, pace
from bot.channel import CADENCES, DEFAULT_CADENCE, OVER, RESET, ChannelPost, owed
from bot.chronicle import Chronicle, default_final_renderer
from bot.clockwork import Clockwork
from bot.limits import quote
from bot.replies import (
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
from bot.store import Game, Seat, StaleVersion, Store
from bot.takeback import PROPOSAL_SECONDS, Takeback
from bot.texts import (
    choices_of,
    game_link,
    lobby_text,
    name_of,
    prompt_line,
    result_text,
    settings_text,
    status_text,
    status_word,
    user_to_act,
)
from engine.data import FOOD_CHAIN
from engine.geometry import hex_from_key, hex_key, hex_label, parse_hex_label
from engine.phases import end_by_resignation

log = logging.getLogger(__name__)

State = dict[str, Any]
#: render(state, before_state_or_None) -> PNG bytes
Renderer = Callable[[State, State | None], bytes]

VARIANTS = ("standard", "multi-animal")
MIN_PLAYERS, MAX_PLAYERS = 2, 6
#: Options a resigned seat's animal takes: declining first, else the first legal option.
PASSIVE_OPTIONS = ("forfeit", "done", "none", "place:0", "move:0", "skip")
MAX_LOG_LINES = 50
#: What a resignation in a 2-player game does (a per-game setting): the other player wins, or
#: the resigned seat plays on (declining what it can).
RESIGN_POLICIES = ("end", "play_on")
SETTINGS_DEFAULTS: dict[str, str] = {"board": DEFAULT_CADENCE, "on_resign": "end"}


def default_renderer() -> Renderer | None:
    """The board renderer, if the renderers package is installed and importable."""
    try:
        from renderers import highlight_between, render_board
    except ImportError:
        return None

    def render(state: State, before: State | None) -> bytes:
        highlight = highlight_between(before, state) if before is not None else None
        return render_board(state, highlight=highlight)

    return render


def default_picture_renderer() -> Renderer | None:
    """The compact turn picture posted with a prompt, if the renderers package is importable."""
    try:
        from renderers import highlight_between, render_turn
    except ImportError:
        return None

    def render(state: State, before: State | None) -> bytes:
        return render_turn(state, highlight_between(before, state) if before is not None else None)

    return render


def default_tile_renderer() -> Callable[[State, str], bytes] | None:
    try:
        from renderers import render_tile
    except ImportError:
        return None
    return render_tile


def passive_option(prompt: engine.Prompt) -> str:
    ids = [o.id for o in prompt.options]
    return next((i for i in PASSIVE_OPTIONS if i in ids), ids[0])


class GameService(Takeback, Clockwork):
    def __init__(self, store: Store, renderer: Renderer | None = None,
                 tile_renderer: Callable[[State, str], bytes] | None = None, *,
                 picture_renderer: Renderer | None = None, clock: Callable[[], float] | None = None) -> None:
        self.store = store
        self.renderer = renderer
        self.tile_renderer = tile_renderer
        #: the picture posted with a prompt (a compact turn picture when there is one)
        self.picture_renderer = picture_renderer or renderer
        self.clock = clock or time.time
        self._locks: dict[str, asyncio.Lock] = {}
        self.chronicle = Chronicle(store, renderer, default_final_renderer() if renderer is not None else None)

    def _lock(self, channel_id: str) -> asyncio.Lock:
        return self._locks.setdefault(channel_id, asyncio.Lock())

    # -- lobby -------------------------------------------------------------------------------

    async def create_lobby(self, channel_id: str, user_id: str, user_name: str,
                           players: int = MAX_PLAYERS, variant: str = "standard", *,
                           home_channel_id: str | None = None, lobby_message_id: str | None = None,
                           guild_id: str | None = None) -> Reply:
        """Open a lobby for up to ``players`` seats; the host starts it once 2 or more have joined."""
        if not isinstance(players, int) or not MIN_PLAYERS <= players <= MAX_PLAYERS:
            raise BadRequest("A game has 2 to 6 players.")
        if variant not in VARIANTS:
            raise BadRequest(f"Unknown variant '{quote(variant)}'; choose {' or '.join(VARIANTS)}.")
        if variant == "multi-animal" and players not in (2, 3):
            raise BadRequest("The multi-animal variant is for 2 or 3 players.")
        async with self._lock(channel_id), self.store.transaction():
            existing = await self.store.live_game(channel_id)
            if existing is not None:
                raise WrongPhase(f"Game #{existing.id} is already {status_word(existing)} in this channel; "
                                 "finish it or ask its host to /ds abandon it first.")
            game_id = await self.store.insert_game(channel_id, players, variant, secrets.randbits(31),
                                                   settings=self._new_settings(), home_channel_id=home_channel_id,
                                                   lobby_message_id=lobby_message_id, guild_id=guild_id)
            await self.store.insert_seat(game_id, 0, user_id, user_name, None, True)
        return Reply(f"Game #{game_id}: a lobby for up to {players} players ({variant}) is open. "
                     f"Join with /ds join (pick an animal or get a random one); {user_name} starts it with "
                     "/ds start once 2 or more have joined.", game_id=game_id)

    def _new_settings(self) -> dict[str, Any]:
        rules = pace.Pace(at_deadline="ai" if self.ai_available else "wait")
        return {**SETTINGS_DEFAULTS, "pace": rules.to_dict()}

    async def join(self, channel_id: str, user_id: str, user_name: str, animal: str | None = None) -> Reply:
        async with self._lock(channel_id), self.store.transaction():
            game = await self._lobby(channel_id)
            if game.seat_of(user_id):
                raise BadRequest("You already have a seat in this game.")
            if len(game.seats) >= game.players:
                raise WrongPhase(f"The lobby is full ({game.players} players).")
            if animal is not None and animal.strip():
                animal = animal.strip().lower()
                if game.variant == "multi-animal":
                    raise BadRequest("In the multi-animal variant the animals are dealt at random.")
                free = free_animals(game)
                if animal not in free:
                    raise BadRequest(f"'{quote(animal)}' is not free; free animals: {', '.join(free)}.")
            else:
                animal = None
            await self.store.insert_seat(game.id, len(game.seats), user_id, user_name, animal, False)
        seated = len(game.seats) + 1
        as_what = f" as the {animal}" if animal else " (animal dealt at random)"
        return Reply(f"{user_name} joins game #{game.id}{as_what} ({seated}/{game.players}).", game_id=game.id)

    async def leave(self, channel_id: str, user_id: str) -> Reply:
        """Give a lobby seat back; in a running game, leave it to the bot until a substitute comes."""
        live = await self.store.live_game(channel_id)
        if live is not None and live.status == "active":
            return await self.ask_to_leave(channel_id, user_id)
        async with self._lock(channel_id), self.store.transaction():
            game = await self._lobby(channel_id)
            seat = self._seat(game, user_id)
            return await self._unseat(game, seat, f"{seat.user_name} leaves")

    async def kick(self, channel_id: str, user_id: str, target_user_id: str) -> Reply:
        """The host removes a seat from the lobby."""
        async with self._lock(channel_id), self.store.transaction():
            game = await self._lobby(channel_id)
            self._host(game, user_id, "remove a seat")
            target = game.seat_of(target_user_id)
            if target is None:
                raise BadRequest(f"That member has no seat in game #{game.id}.")
            if target.is_host:
                raise BadRequest("The host cannot remove their own seat; use /ds leave.")
            return await self._unseat(game, target, f"{game.host.user_name} removes {target.user_name}'s seat")

    async def _unseat(self, game: Game, seat: Seat, what: str) -> Reply:
        await self.store.delete_seat(game.id, seat.user_id)
        rest = [s for s in game.seats if s.user_id != seat.user_id]
        if not rest:
            await self.store.set_status(game.id, "abandoned")
            return Reply(f"{what}; the lobby of game #{game.id} is closed.", game_id=game.id)
        if seat.is_host:
            new_host = min(rest, key=lambda s: s.seat)
            await self.store.set_host(game.id, new_host.user_id)
            return Reply(f"{what}; {new_host.user_name} is now the host.", game_id=game.id)
        return Reply(f"{what} ({len(rest)}/{game.players} seated).", game_id=game.id)

    async def configure(self, channel_id: str, user_id: str, *, board: str | None = None,
                        on_resign: str | None = None) -> Reply:
        """The host changes the game's settings (in the lobby or while it runs)."""
        async with self._lock(channel_id), self.store.transaction():
            game = await self.store.live_game(channel_id)
            if game is None:
                raise NoGame("There is no game in this channel; open one with /ds new.")
            self._host(game, user_id, "change the settings")
            settings = {**SETTINGS_DEFAULTS, **game.settings}
            if board is not None:
                if board not in CADENCES:
                    raise BadRequest(f"Board pictures: choose {', '.join(CADENCES)}, not '{quote(board)}'.")
                settings["board"] = board
            if on_resign is not None:
                if on_resign not in RESIGN_POLICIES:
                    raise BadRequest(f"On resignation: choose {' or '.join(RESIGN_POLICIES)}, "
                                     f"not '{quote(on_resign)}'.")
                settings["on_resign"] = on_resign
            await self.store.update_game(game.id, settings=settings)
            game.settings = settings
        return Reply(f"Game #{game.id} settings. {settings_text(game)}", game_id=game.id)

    async def start(self, channel_id: str, user_id: str) -> Reply:
        async with self._lock(channel_id), self.store.transaction():
            game = await self._lobby(channel_id)
            self._host(game, user_id, "start the game")
            seated = len(game.seats)
            if seated < MIN_PLAYERS:
                raise WrongPhase(f"{seated} player has joined; the game starts once 2 or more have joined.")
            if game.variant == "multi-animal" and seated > 3:
                raise WrongPhase(f"The multi-animal variant is for 2 or 3 players; {seated} have joined.")
            setup = {
                "players": seated, "seed": game.seed,
                "multi_animal": game.variant == "multi-animal",
                "animals": [[s.animal] if s.animal else [] for s in game.seats],
                "names": [s.user_name for s in game.seats],
            }
            state = engine.new_game(setup["players"], setup["seed"], multi_animal=setup["multi_animal"],
                                    animals=setup["animals"], names=setup["names"])
            setup["animals"] = [s["animals"] for s in state["seats"]]  # the deal, for replays
            for s, dealt in zip(game.seats, state["seats"], strict=True):
                await self.store.update_seat(game.id, s.seat, animal=",".join(dealt["animals"]))
            await self.store.update_game(game.id, players=seated)
            await self.store.save_state(game.id, 0, 1, state, status="active", setup=setup,
                                        board_due=RESET)
            await self._restart_clock(game, state)
            game = await self.store.live_game(channel_id)
        assert game is not None
        deal = "; ".join(f"{s.user_name}: {s.animal}" for s in game.seats)
        return Reply(f"Game #{game.id} begins. {deal}.", game_id=game.id, version=game.version,
                     to_act=user_to_act(game))

    # -- play --------------------------------------------------------------------------------

    async def act(self, channel_id: str, user_id: str, option_id: str,
                  expected_version: int | None = None) -> Reply:
        """Apply one option of the current prompt for ``user_id``; the reply is for that player."""
        async with self._lock(channel_id), self.store.transaction():
            game = await self._active(channel_id)
            if expected_version is not None and expected_version != game.version:
                raise StaleState("The game moved on since that was offered. " + prompt_line(game))
            seat = self._seat(game, user_id)
            state = game.state
            assert state is not None
            before = copy.deepcopy(state)
            prompt = engine.prompt(state)
            if prompt is None:
                raise WrongPhase("The game is over.")
            if prompt.seat != seat.seat:
                raise NotYourTurn(f"It is not your turn. {prompt_line(game)}")
            try:
                engine.apply(state, seat.seat, option_id)
            except engine.RulesError as e:
                raise IllegalChoice(words.error(e, "en")) from None
            label = words.option(prompt.option(option_id), "en")
            moves = [(seat.seat, user_id, option_id, label, "player")]
            moves += self._autoplay(game, state)
            await self._write(game, state, moves, owed(game.post.board_due, before, state))
        game.version += len(moves)
        game.state = state
        text = f"You chose: {label}."
        if user_to_act(game) == user_id:
            text += " " + prompt_line(game)
        return Reply(text, game_id=game.id, version=game.version, choices=choices_of(state),
                     to_act=user_to_act(game))

    def _autoplay(self, game: Game, state: State) -> list[tuple[int, str, str, str, str]]:
        """Play for resigned seats (declining whatever they can) until a live seat must act."""
        resigned = {s.seat for s in game.seats if s.resigned or s.ai_hold}
        moves = []
        while (p := engine.prompt(state)) is not None and p.seat in resigned:
            option = passive_option(p)
            engine.apply(state, p.seat, option)
            moves.append((p.seat, "resigned", option, words.option(p.option(option), "en"), "resigned"))
        return moves

    async def _write(self, game: Game, state: State, moves: list[tuple[int, str, str, str, str]],
                     board_due: int | None = None) -> None:
        for i, (seat, user, option, label, made_by) in enumerate(moves):
            await self.store.append_move(game.id, game.version + i, seat, user, option, label, made_by)
        status = "finished" if state["phase"] == "over" else None
        try:
            await self.store.save_state(game.id, game.version, game.version + len(moves), state, status=status,
                                        board_due=board_due)
        except StaleVersion:
            raise StaleState("The game moved on meanwhile; nothing was changed. Try again.") from None
        await self._restart_clock(game, state)

    @staticmethod
    def _cadence(game: Game) -> str:
        return game.settings.get("board", DEFAULT_CADENCE)

    async def resign(self, channel_id: str, user_id: str) -> Reply:
        async with self._lock(channel_id), self.store.transaction():
            game = await self._active(channel_id)
            seat = self._seat(game, user_id)
            if seat.resigned:
                raise BadRequest("You have already resigned.")
            await self.store.update_seat(game.id, seat.seat, resigned=1)
            seat.resigned = True
            live = [s for s in game.seats if not s.resigned]
            if not live:
                await self.store.set_status(game.id, "abandoned")
                return Reply(f"{seat.user_name} resigns; every player has resigned, game #{game.id} "
                             "is abandoned.", game_id=game.id)
            state = game.state
            if len(live) == 1 and game.settings.get("on_resign", "end") == "end":
                # Two players and one resigns: the other wins; the game is over.
                end_by_resignation(state, seat.seat, live[0].seat)
                await self.store.save_state(game.id, game.version, game.version + 1, state, status="finished",
                                            board_due=game.post.board_due | OVER)
                game.version += 1
                return Reply(f"{seat.user_name} resigns. {live[0].user_name} wins game #{game.id}.",
                             game_id=game.id, version=game.version)
            before = copy.deepcopy(state)
            moves = self._autoplay(game, state)
            if moves:
                await self._write(game, state, moves, owed(game.post.board_due, before, state))
        game.version += len(moves)
        return Reply(f"{seat.user_name} resigns; the {seat.animal} play on by declining every action they can.",
                     game_id=game.id, version=game.version)

    async def abandon(self, channel_id: str, user_id: str, can_manage_channel: bool = False) -> Reply:
        async with self._lock(channel_id), self.store.transaction():
            game = await self.store.live_game(channel_id)
            if game is None:
                raise NoGame("There is no game in this channel.")
            seat = game.seat_of(user_id)
            if not (can_manage_channel or (seat is not None and seat.is_host)):
                raise NotAllowed(f"Only the host ({game.host.user_name}) or someone who can manage this "
                                 "channel can abandon the game.")
            await self.store.set_status(game.id, "abandoned")
        return Reply(f"Game #{game.id} is abandoned. Its record is kept; /ds new opens a new one.", game_id=game.id)

    # -- reads -------------------------------------------------------------------------------

    async def options(self, channel_id: str, user_id: str) -> list[Choice]:
        """The options ``user_id`` may choose right now (empty when it is not their turn)."""
        game = await self.store.live_game(channel_id)
        if game is None or game.state is None:
            return []
        seat = game.seat_of(user_id)
        if seat is None:
            return []
        return [Choice(o.id, words.option(o, "en")) for o in engine.options_for(game.state, seat.seat)]

    async def moves(self, channel_id: str) -> list[tuple[int, str]]:
        """(number, "who: what") of the moves that stand in the channel's live game, newest last."""
        game = await self.store.live_game(channel_id)
        if game is None or game.status != "active":
            return []
        return [(m.number, f"{name_of(game, m.seat)}: {m.label or m.option_id}")
                for m in await self.store.move_list(game.id)]

    async def status(self, channel_id: str) -> Reply:
        game = await self._shown(channel_id)
        if game.status == "lobby":
            return Reply(lobby_text(game), game_id=game.id)
        if game.status == "finished":
            return Reply(f"Game #{game.id} is over. " + result_text(game), game_id=game.id, version=game.version)
        return Reply(status_text(game) + "\n" + self.clock_text(game), game_id=game.id, version=game.version,
                     to_act=user_to_act(game),
                     choices=choices_of(game.state))

    async def board(self, channel_id: str) -> Reply:
        game = await self._shown_started(channel_id)
        reply = Reply(prompt_line(game), game_id=game.id, version=game.version)
        reply.image = await self._render(self.renderer, game.state, None)
        return reply

    async def check_started(self, channel_id: str, at: str | None = None) -> None:
        """Raise the refusal board or tile would give, without rendering anything."""
        game = await self._shown_started(channel_id)
        if at is not None:
            self._tile_key(game, at)

    @staticmethod
    def _tile_key(game: Game, at: str) -> str:
        hex_ = parse_hex_label(at or "")
        if hex_ is None or hex_key(hex_) not in game.state["tiles"]:
            tiles = ", ".join(sorted(hex_label(hex_from_key(k)) for k in game.state["tiles"]))
            raise BadRequest(f"'{quote(at)}' is not a tile on earth; tiles: {tiles}.")
        return hex_key(hex_)

    async def tile(self, channel_id: str, at: str) -> Reply:
        """A zoom on one tile and its neighbours."""
        game = await self._shown_started(channel_id)
        key = self._tile_key(game, at)
        reply = Reply(f"{words.tile(game.state, key, 'en')}.", game_id=game.id, version=game.version)
        if self.tile_renderer is not None:
            try:
                reply.image = await asyncio.to_thread(self.tile_renderer, game.state, key)
            except Exception:  # noqa: BLE001 - say it without a picture rather than fail
                log.exception("rendering a tile failed")
        return reply

    async def tile_labels(self, channel_id: str) -> list[str]:
        game = await self.store.latest_game(channel_id)
        if game is None or game.state is None:
            return []
        return sorted(hex_label(hex_from_key(k)) for k in game.state["tiles"])

    async def game_status(self, channel_id: str) -> str | None:
        """lobby / active / finished / abandoned for the channel's latest game, or None."""
        game = await self.store.latest_game(channel_id)
        return None if game is None else game.status

    async def free_animals(self, channel_id: str) -> list[str]:
        game = await self.store.live_game(channel_id)
        return free_animals(game) if game is not None and game.status == "lobby" else []

    async def log(self, channel_id: str, count: int = 10) -> Reply:
        game = await self._shown_started(channel_id)
        count = max(1, min(int(count), MAX_LOG_LINES))
        return Reply("\n".join(words.lines(game.state["log"][-count:], "en", turn=True)), game_id=game.id)

    # -- what the channel shows --------------------------------------------------------------

    async def channel_post(self, channel_id: str) -> ChannelPost | None:
        """The next post that brings the channel's game up to date (None: it is), with its picture."""
        game = await self.store.latest_game(channel_id)
        if game is None or game.state is None or game.status not in ("active", "finished"):
            return None
        post = channel.plan(game, prompt_line(game), result_text(game) if game.state["phase"] == "over" else None,
                            self._cadence(game), await self.chronicle.since_last_moves(game))
        if post is None:
            return None
        post.state = game.state
        post.link = game_link(game)
        if post.picture:
            before = await self.store.board_state(game.id)
            post.image = await self._render(self.picture_renderer, game.state, before)
        if post.over:
            await self.chronicle.finish(game, post)  # the VP breakdown and the end-of-game image
        return post

    async def record_post(self, post: ChannelPost, message_id: str | None) -> None:
        """The channel now shows ``post`` (as message ``message_id`` when it was a new one)."""
        await self.store.record_post(post.game_id, post.version, channel.posted(post, message_id),
                                     post.state if post.picture else None)

    async def link_of(self, game_id: int) -> str:
        game = await self.store.game(game_id)
        return "" if game is None else game_link(game)

    async def unposted_channels(self) -> list[str]:
        return await self.store.unannounced_channels()

    # -- helpers -----------------------------------------------------------------------------

    async def _lobby(self, channel_id: str) -> Game:
        game = await self.store.live_game(channel_id)
        if game is None:
            raise NoGame("There is no game in this channel; open a lobby with /ds new.")
        if game.status != "lobby":
            raise WrongPhase(f"Game #{game.id} has already started.")
        return game

    async def _active(self, channel_id: str) -> Game:
        game = await self.store.live_game(channel_id)
        if game is None:
            last = await self.store.latest_game(channel_id)
            if last is not None and last.status == "finished":
                raise WrongPhase(f"Game #{last.id} is over; /ds new opens another one.")
            raise NoGame("There is no game running in this channel; open one with /ds new.")
        if game.status != "active":
            raise WrongPhase(f"Game #{game.id} has not started yet; the host starts it with /ds start.")
        return game

    async def _shown_started(self, channel_id: str) -> Game:
        game = await self._shown(channel_id)
        if game.status == "lobby":
            raise WrongPhase(f"Game #{game.id} has not started yet; the host starts it with /ds start.")
        return game

    async def _shown(self, channel_id: str) -> Game:
        """The game that status, board and log show: the live one, else the last finished one."""
        game = await self.store.latest_game(channel_id)
        if game is None or game.status == "abandoned" or (game.status != "lobby" and game.state is None):
            raise NoGame("There is no game in this channel; open one with /ds new.")
        return game

    @staticmethod
    def _seat(game: Game, user_id: str) -> Seat:
        seat = game.seat_of(user_id)
        if seat is None:
            raise NotSeated(f"You have no seat in game #{game.id}.")
        return seat

    @staticmethod
    def _host(game: Game, user_id: str, what: str) -> None:
        if game.host.user_id != user_id:
            raise NotAllowed(f"Only the host, {game.host.user_name}, can {what}.")

    async def _render(self, renderer: Renderer | None, state: State, before: State | None) -> bytes | None:
        if renderer is None:
            return None
        try:
            return await asyncio.to_thread(renderer, state, before)
        except Exception:  # noqa: BLE001 - a picture is never worth a lost move
            log.exception("rendering the board failed")
            return None


# -- small helpers -------------------------------------------------------------------------------

def free_animals(game: Game) -> list[str]:
    taken = {s.animal for s in game.seats}
    return [a for a in FOOD_CHAIN if a not in taken]


__all__ = ["PROPOSAL_SECONDS", "Choice", "GameService", "Reply", "ServiceError"]
