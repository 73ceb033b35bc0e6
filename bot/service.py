"""The game service: the only place where engine, store and renderer meet.

Every mutating operation is one transaction: load -> check seat and turn -> engine apply ->
append the move and write the new state with a version check -> commit.  Rendering happens
afterwards, outside the transaction; a render failure never loses a move.
"""

from __future__ import annotations

import asyncio
import copy
import logging
import secrets
from collections.abc import Callable
from typing import Any

import engine
import words
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
from bot.store import Game, StaleVersion, Store
from engine.data import FOOD_CHAIN
from engine.ecology import survival_holder
from engine.geometry import hex_from_key, hex_key, hex_label, parse_hex_label
from engine.simulate import replay

log = logging.getLogger(__name__)

State = dict[str, Any]
#: render(state, before_state_or_None) -> PNG bytes
Renderer = Callable[[State, State | None], bytes]

VARIANTS = ("standard", "multi-animal")
#: Options a resigned seat's animal takes: declining first, else the first legal option.
PASSIVE_OPTIONS = ("forfeit", "done", "none", "place:0", "move:0", "skip")
MAX_LOG_LINES = 50


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


def default_tile_renderer() -> Callable[[State, str], bytes] | None:
    try:
        from renderers import render_tile
    except ImportError:
        return None
    return render_tile


def passive_option(prompt: engine.Prompt) -> str:
    ids = [o.id for o in prompt.options]
    return next((i for i in PASSIVE_OPTIONS if i in ids), ids[0])


class GameService:
    def __init__(self, store: Store, renderer: Renderer | None = None,
                 tile_renderer: Callable[[State, str], bytes] | None = None) -> None:
        self.store = store
        self.renderer = renderer
        self.tile_renderer = tile_renderer
        self._locks: dict[str, asyncio.Lock] = {}

    def _lock(self, channel_id: str) -> asyncio.Lock:
        return self._locks.setdefault(channel_id, asyncio.Lock())

    # -- lobby -------------------------------------------------------------------------------

    async def create_lobby(self, channel_id: str, user_id: str, user_name: str,
                           players: int = 4, variant: str = "standard") -> Reply:
        if not isinstance(players, int) or not 2 <= players <= 6:
            raise BadRequest("A game has 2 to 6 players.")
        if variant not in VARIANTS:
            raise BadRequest(f"Unknown variant '{quote(variant)}'; choose {' or '.join(VARIANTS)}.")
        if variant == "multi-animal" and players not in (2, 3):
            raise BadRequest("The multi-animal variant is for 2 or 3 players.")
        async with self._lock(channel_id), self.store.transaction():
            existing = await self.store.live_game(channel_id)
            if existing is not None:
                raise WrongPhase(f"Game #{existing.id} is already {_status_word(existing)} in this channel; "
                                 "finish it or ask its host to /ds abandon it first.")
            game_id = await self.store.insert_game(channel_id, players, variant, secrets.randbits(31))
            await self.store.insert_seat(game_id, 0, user_id, user_name, None, True)
        return Reply(f"Game #{game_id}: a {players}-player lobby ({variant}) is open. "
                     f"Join with /ds join; {user_name} starts it with /ds start when {players} have joined.",
                     game_id=game_id)

    async def join(self, channel_id: str, user_id: str, user_name: str, animal: str | None = None) -> Reply:
        async with self._lock(channel_id), self.store.transaction():
            game = await self._lobby(channel_id)
            if game.seat_of(user_id):
                raise BadRequest("You already have a seat in this game.")
            if len(game.seats) >= game.players:
                raise WrongPhase(f"The lobby is full ({game.players} players).")
            if animal is not None:
                animal = animal.strip().lower()
                if game.variant == "multi-animal":
                    raise BadRequest("In the multi-animal variant the animals are dealt at random.")
                free = free_animals(game)
                if animal not in free:
                    raise BadRequest(f"'{quote(animal)}' is not free; free animals: {', '.join(free)}.")
            await self.store.insert_seat(game.id, len(game.seats), user_id, user_name, animal, False)
        seated = len(game.seats) + 1
        as_what = f" as the {animal}" if animal else ""
        return Reply(f"{user_name} joins game #{game.id}{as_what} ({seated}/{game.players}).", game_id=game.id)

    async def leave(self, channel_id: str, user_id: str) -> Reply:
        async with self._lock(channel_id), self.store.transaction():
            game = await self._lobby(channel_id)
            seat = self._seat(game, user_id)
            await self.store.delete_seat(game.id, user_id)
            rest = [s for s in game.seats if s.user_id != user_id]
            if not rest:
                await self.store.set_status(game.id, "abandoned")
                return Reply(f"{seat.user_name} leaves; the lobby of game #{game.id} is closed.")
            if seat.is_host:
                new_host = min(rest, key=lambda s: s.seat)
                await self.store.conn.execute(
                    "UPDATE seats SET is_host = 1 WHERE game_id = ? AND user_id = ?", (game.id, new_host.user_id))
                return Reply(f"{seat.user_name} leaves; {new_host.user_name} is now the host.")
        return Reply(f"{seat.user_name} leaves game #{game.id}.")

    async def start(self, channel_id: str, user_id: str) -> Reply:
        async with self._lock(channel_id), self.store.transaction():
            game = await self._lobby(channel_id)
            seat = self._seat(game, user_id)
            if not seat.is_host:
                raise NotAllowed(f"Only the host, {game.host.user_name}, can start the game.")
            if len(game.seats) != game.players:
                raise WrongPhase(f"{len(game.seats)} of {game.players} players have joined; "
                                 "the game starts when the lobby is full.")
            setup = {
                "players": game.players, "seed": game.seed,
                "multi_animal": game.variant == "multi-animal",
                "animals": [[s.animal] if s.animal else [] for s in game.seats],
                "names": [s.user_name for s in game.seats],
            }
            state = engine.new_game(setup["players"], setup["seed"], multi_animal=setup["multi_animal"],
                                    animals=setup["animals"], names=setup["names"])
            setup["animals"] = [s["animals"] for s in state["seats"]]  # the deal, for replays
            for s, dealt in zip(game.seats, state["seats"], strict=True):
                await self.store.update_seat(game.id, s.seat, animal=",".join(dealt["animals"]))
            await self.store.save_state(game.id, 0, 1, state, status="active", setup=setup, board=True)
            game = await self.store.live_game(channel_id)
        assert game is not None
        deal = "; ".join(f"{s.user_name}: {s.animal}" for s in game.seats)
        return await self._announce(game, None, f"Game #{game.id} begins. {deal}.", force=True)

    # -- play --------------------------------------------------------------------------------

    async def act(self, channel_id: str, user_id: str, option_id: str,
                  expected_version: int | None = None) -> Reply:
        """Apply one option of the current prompt for ``user_id``."""
        async with self._lock(channel_id), self.store.transaction():
            game = await self._active(channel_id)
            if expected_version is not None and expected_version != game.version:
                raise StaleState("The game moved on since that was offered. " + _prompt_line(game))
            seat = self._seat(game, user_id)
            state = game.state
            assert state is not None
            before = copy.deepcopy(state)
            prompt = engine.prompt(state)
            if prompt is None:
                raise WrongPhase("The game is over.")
            if prompt.seat != seat.seat:
                raise NotYourTurn(f"It is not your turn. {_prompt_line(game)}")
            try:
                engine.apply(state, seat.seat, option_id)
            except engine.RulesError as e:
                raise IllegalChoice(words.error(e, "en")) from None
            moves = [(seat.seat, user_id, option_id)]
            moves += self._autoplay(game, state)
            new_board = prompt_seat(before) != prompt_seat(state) or state["phase"] == "over"
            shown = await self.store.board_state(game.id) if new_board else None
            await self._write(game, state, moves, board=new_board)
        game.version += len(moves)
        game.state = state
        # the new board highlights everything since the last board, not only this choice
        return await self._announce(game, shown or before, _lines_since(before, state), force=new_board)

    def _autoplay(self, game: Game, state: State) -> list[tuple[int, str, str]]:
        """Play for resigned seats (declining whatever they can) until a live seat must act."""
        resigned = {s.seat for s in game.seats if s.resigned}
        moves = []
        while (p := engine.prompt(state)) is not None and p.seat in resigned:
            option = passive_option(p)
            engine.apply(state, p.seat, option)
            moves.append((p.seat, "resigned", option))
        return moves

    async def _write(self, game: Game, state: State, moves: list[tuple[int, str, str]], *,
                     board: bool = False) -> None:
        for i, (seat, user, option) in enumerate(moves):
            await self.store.append_move(game.id, game.version + i, seat, user, option)
        status = "finished" if state["phase"] == "over" else None
        try:
            await self.store.save_state(game.id, game.version, game.version + len(moves), state, status=status,
                                        board=board)
        except StaleVersion:
            raise StaleState("The game moved on meanwhile; nothing was changed. Try again.") from None

    async def resign(self, channel_id: str, user_id: str) -> Reply:
        async with self._lock(channel_id), self.store.transaction():
            game = await self._active(channel_id)
            seat = self._seat(game, user_id)
            if seat.resigned:
                raise BadRequest("You have already resigned.")
            await self.store.update_seat(game.id, seat.seat, resigned=1)
            seat.resigned = True
            if all(s.resigned for s in game.seats):
                await self.store.set_status(game.id, "abandoned")
                return Reply(f"{seat.user_name} resigns; every player has resigned, game #{game.id} "
                             "is abandoned.")
            state = game.state
            before = copy.deepcopy(state)
            moves = self._autoplay(game, state)
            if moves:
                await self._write(game, state, moves, board=True)
        game.version += len(moves)
        text = f"{seat.user_name} resigns; the {seat.animal} play on by declining every action they can."
        if not moves:
            return Reply(text, game_id=game.id, version=game.version)
        return await self._announce(game, before, text, force=True)

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
        return Reply(f"Game #{game.id} is abandoned. Its record is kept; /ds new opens a new one.")

    async def undo(self, channel_id: str, user_id: str) -> Reply:
        """Take back your own last choice while it is still your turn (nothing hidden was revealed)."""
        async with self._lock(channel_id), self.store.transaction():
            game = await self._active(channel_id)
            seat = self._seat(game, user_id)
            moves = await self.store.moves(game.id)
            state = game.state
            p = engine.prompt(state)
            if not moves or moves[-1][0] != seat.seat or p is None or p.seat != seat.seat:
                raise NotAllowed("You can undo only your own last choice, while it is still your turn.")
            setup = game.setup or {}
            rebuilt = replay(setup["players"], setup["seed"], moves[:-1],
                             multi_animal=setup["multi_animal"], animals=setup["animals"],
                             names=setup["names"])
            if rebuilt["turn"] != state["turn"]:
                raise NotAllowed("That choice ended a turn; it cannot be undone.")
            undone = moves[-1][1]
            await self.store.mark_last_move_undone(game.id)
            await self.store.save_state(game.id, game.version, game.version + 1, rebuilt)
        game.version += 1  # versions only grow: buttons built for the undone state stay stale
        game.state = rebuilt
        return Reply(f"{seat.user_name} takes back '{undone}'. {_prompt_line(game)}",
                     choices=_choices(rebuilt), game_id=game.id, version=game.version,
                     to_act=_user_to_act(game), mention=[])

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

    async def status(self, channel_id: str) -> Reply:
        game = await self._shown(channel_id)
        if game.status == "lobby":
            seated = ", ".join(f"{s.user_name}{' (' + s.animal + ')' if s.animal else ''}" for s in game.seats)
            return Reply(f"Game #{game.id} lobby: {len(game.seats)}/{game.players} seated: {seated}.",
                         game_id=game.id)
        if game.status == "finished":
            return Reply(f"Game #{game.id} is over. " + result_text(game), game_id=game.id, version=game.version)
        return Reply(status_text(game), game_id=game.id, version=game.version, to_act=_user_to_act(game),
                     choices=_choices(game.state))

    async def board(self, channel_id: str) -> Reply:
        game = await self._shown_started(channel_id)
        reply = Reply(_prompt_line(game), game_id=game.id, version=game.version)
        reply.image = await self._render(game.state, None)
        return reply

    async def check_started(self, channel_id: str, at: str | None = None) -> None:
        """Raise the refusal board or tile would give, without rendering anything."""
        game = await self._shown_started(channel_id)
        if at is not None:
            hex_ = parse_hex_label(at or "")
            if hex_ is None or hex_key(hex_) not in game.state["tiles"]:
                tiles = ", ".join(sorted(hex_label(hex_from_key(k)) for k in game.state["tiles"]))
                raise BadRequest(f"'{quote(at)}' is not a tile on earth; tiles: {tiles}.")

    async def tile(self, channel_id: str, at: str) -> Reply:
        """A zoom on one tile and its neighbours."""
        game = await self._shown_started(channel_id)
        hex_ = parse_hex_label(at or "")
        if hex_ is None or hex_key(hex_) not in game.state["tiles"]:
            tiles = ", ".join(sorted(hex_label(hex_from_key(k)) for k in game.state["tiles"]))
            raise BadRequest(f"'{quote(at)}' is not a tile on earth; tiles: {tiles}.")
        reply = Reply(f"{words.tile(game.state, hex_key(hex_), 'en')}.", game_id=game.id, version=game.version)
        if self.tile_renderer is not None:
            try:
                reply.image = await asyncio.to_thread(self.tile_renderer, game.state, hex_key(hex_))
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

    async def pending_announcement(self, channel_id: str) -> Reply | None:
        """The board and prompt of a state never announced (e.g. Discord failed to deliver it)."""
        game = await self.store.latest_game(channel_id)
        if game is None or game.state is None or game.announced_version >= game.version:
            return None
        return await self._announce(game, None, "The game so far:", force=True)

    async def announced(self, game_id: int | None, version: int | None) -> bool:
        """Whether this state (or a newer one) of the game was already posted."""
        if game_id is None or version is None:
            return False
        game = await self.store.game(game_id)
        return game is not None and game.announced_version >= version

    async def mark_announced(self, game_id: int, version: int) -> None:
        await self.store.mark_announced(game_id, version)

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
    def _seat(game: Game, user_id: str):
        seat = game.seat_of(user_id)
        if seat is None:
            raise NotSeated(f"You have no seat in game #{game.id}.")
        return seat

    async def _render(self, state: State, before: State | None) -> bytes | None:
        if self.renderer is None:
            return None
        try:
            return await asyncio.to_thread(self.renderer, state, before)
        except Exception:  # noqa: BLE001 - a picture is never worth a lost move
            log.exception("rendering the board failed")
            return None

    async def _announce(self, game: Game, before: State | None, text: str, *, force: bool) -> Reply:
        state = game.state
        reply = Reply(text, game_id=game.id, version=game.version, announce=force,
                      choices=_choices(state), to_act=_user_to_act(game))
        if state["phase"] == "over":
            reply.text += "\n" + result_text(game)
            reply.announce = True
        elif reply.to_act:
            reply.text += "\n" + _prompt_line(game)
            if force:
                reply.mention = [reply.to_act]
        if reply.announce:
            reply.image = await self._render(state, before)
        return reply


# -- text ----------------------------------------------------------------------------------------

def free_animals(game: Game) -> list[str]:
    taken = {s.animal for s in game.seats}
    return [a for a in FOOD_CHAIN if a not in taken]


def prompt_seat(state: State) -> int | None:
    p = engine.prompt(state)
    return None if p is None else p.seat


def _choices(state: State | None) -> list[Choice]:
    p = engine.prompt(state) if state else None
    return [] if p is None else [Choice(o.id, words.option(o, "en")) for o in p.options]


def _user_to_act(game: Game) -> str | None:
    seat = prompt_seat(game.state) if game.state else None
    return None if seat is None else next(s.user_id for s in game.seats if s.seat == seat)


def _prompt_line(game: Game) -> str:
    p = engine.prompt(game.state) if game.state else None
    if p is None:
        return "The game is over."
    name = next(s.user_name for s in game.seats if s.seat == p.seat)
    return f"Now: {name} ({p.animal}) - {words.prompt_text(p, 'en')}."


def _lines_since(before: State, after: State) -> str:
    return "\n".join(words.lines(after["log"][len(before["log"]):], "en", turn=True))


def _status_word(game: Game) -> str:
    return "gathering players" if game.status == "lobby" else "running"


def status_text(game: Game) -> str:
    state = game.state
    lines = [f"Game #{game.id} - turn {state['turn']}, {state['phase']} phase. {_prompt_line(game)}"]
    scores = ", ".join(f"{a} {r['vp']}" for a, r in sorted(state["animals"].items(), key=lambda x: -x[1]["vp"]))
    lines.append(f"VP: {scores}.")
    holder = survival_holder(state)
    lines.append(f"Survival card: {holder or 'nobody'}. Cards on display: {', '.join(state['cards']) or 'none'}.")
    lines.append("Initiative: " + ", ".join(state["initiative"]) + ".")
    return "\n".join(lines)


def result_text(game: Game) -> str:
    result = game.state["result"]
    seats = sorted(range(len(game.seats)), key=lambda s: -result["seat_scores"][s])
    ranking = "; ".join(f"{game.seats[s].user_name} {result['seat_scores'][s]}" for s in seats)
    winner = game.seats[result["winner_seat"]].user_name
    return f"Final scores: {ranking}. {winner} wins!"


__all__ = ["GameService", "ServiceError", "Reply", "Choice"]
