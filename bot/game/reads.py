"""What the service shows without changing anything: a player's options, the moves that stand,
the status, the board, a tile, the log (``/ds status``, ``/ds board``, ``/ds log``, the
autocompletes).

A part of ``GameService``.  Status, board and log show the channel's live game, else its last
finished one (``_shown``); none of them takes a lock or opens a transaction.
"""

from __future__ import annotations

import logging
from collections.abc import Collection

import engine
import words
from bot.game import context
from bot.game.chronicle import Chronicle, Unreplayable
from bot.game.clockwork import Clockwork
from bot.game.limits import quote
from bot.game.lobby import free_animals
from bot.game.pictures import Pictures
from bot.game.replies import BadRequest, Choice, NoGame, Reply, WrongPhase
from bot.game.stats import server_stats
from bot.game.telemetry import drawn
from bot.game.texts import (
    choice_of,
    choices_of,
    game_link,
    lang_of,
    lobby_text,
    name_of,
    prompt_line,
    result_text,
    status_text,
    user_to_act,
)
from bot.store.api import GameStore
from bot.store.models import Game
from engine import logbook
from engine.geometry import hex_from_key, hex_key, hex_label, parse_hex_label
from words import Entry, T, Words, join
from words.alt import alt_text

log = logging.getLogger(__name__)

#: The most lines ``/ds log`` shows at once.
MAX_LOG_LINES = 50


class Reads:
    def __init__(self, store: GameStore, pictures: Pictures, clockwork: Clockwork,
                 chronicle: Chronicle | None = None) -> None:
        self.store = store
        self.pictures = pictures
        self.clockwork = clockwork  # the pace and the clock of the player to act, for /ds status
        self.chronicle = chronicle  # where the moves answered ahead wrote their lines, for the log

    async def options(self, channel_id: str, user_id: str, lang: str = words.DEFAULT) -> list[Choice]:
        """The options ``user_id`` may choose right now (empty when it is not their turn), in ``lang``."""
        return (await self.offer(channel_id, user_id, lang))[1]

    async def offer(self, channel_id: str, user_id: str, lang: str = words.DEFAULT) -> tuple[int, list[Choice]]:
        """(state version, options of ``user_id`` at that version), read at once: a version read
        apart from the options could be older than they are (the AI may move in between)."""
        game = await self.store.live_game(channel_id)
        if game is None or game.state is None:
            return -1, []
        seat = game.seat_of(user_id)
        if seat is None:
            return game.version, []
        return game.version, [choice_of(o, lang) for o in engine.options_for(game.state, seat.seat)]

    async def moves(self, channel_id: str) -> list[tuple[int, str]]:
        """(number, "who: what") of the moves that stand in the channel's live game, newest last."""
        game = await self.store.live_game(channel_id)
        if game is None or game.status != "active":
            return []
        return [(m.number, f"{name_of(game, m.seat)}: {m.label or m.option_id}" + (" (hint)" if m.hinted else ""))
                for m in await self.store.move_list(game.id)]

    async def status(self, channel_id: str) -> Reply:
        """``/ds status``: shown to whoever asks (privately)."""
        game = await self._shown(channel_id)
        if game.status == "lobby":
            return Reply(lobby_text(game), game_id=game.id, lang=lang_of(game), public=False)
        if game.status == "finished":
            return Reply(T("bot.over", game=game.id, result=result_text(game)), game_id=game.id,
                         version=game.version, lang=lang_of(game), public=False)
        return Reply(join(status_text(game), self.clockwork.clock_text(game), sep="\n"), game_id=game.id,
                     version=game.version, to_act=user_to_act(game), choices=choices_of(game.state, lang_of(game)),
                     lang=lang_of(game), public=False)

    async def board(self, channel_id: str, reader: str | None = None) -> Reply:
        """The whole board: for the channel, in the game's language; for one ``reader`` (privately), in theirs."""
        game = await self._shown_started(channel_id)
        lang = reader or lang_of(game)
        reply = Reply(prompt_line(game), game_id=game.id, version=game.version, lang=lang_of(game),
                      public=reader is None)
        reply.image = await self.pictures.board(game.started_state, None, lang)
        reply.alt = alt_text(game.started_state, lang, kind="board", before=await self.store.board_state(game.id))
        return reply

    async def full_board(self, game_id: int, channel_id: str, reader: str) -> Reply:
        """"Full board" under a prompt in ``channel_id``: its game's board, for the reader alone."""
        game = await self.store.game(game_id)
        if game is None or game.channel_id != channel_id:
            raise NoGame(T("bot.err.board_gone"))
        return await self.board(game.channel_id, reader)

    async def whose_prompt(self, game_id: int, channel_id: str) -> Words:
        """Why a prompt of game ``game_id`` cannot be answered in ``channel_id``: its game is
        played elsewhere (then where, with a link), or it is over here, or it is gone."""
        game = await self.store.game(game_id)
        if game is None:
            return T("bot.err.button_invalid")
        if game.channel_id != channel_id and game.status in ("lobby", "active"):
            return T("bot.err.prompt_elsewhere", game=game.id, where=game_link(game))
        return T("bot.err.prompt_gone")

    async def seat_choices(self, channel_id: str) -> list[tuple[int, Words]]:
        """(seat number, how it reads) of the channel's live game's seats (``/ds replace seat:``)."""
        game = await self.store.live_game(channel_id)
        if game is None:
            return []
        return [(s.seat + 1, T("bot.seat_choice", seat=s.seat + 1, player=s.user_name,
                                animals=s.animal.split(",") if s.animal else [])) for s in game.seats]

    async def players_of(self, channel_id: str) -> list[tuple[str, list[str]]]:
        """(name, animals) of each seat of the channel's latest started game, in seat order (``/ds log player:``)."""
        game = await self.store.latest_game(channel_id)
        if game is None or game.state is None:
            return []
        return [(info["name"], info["animals"]) for info in game.state["seats"]]

    async def server_stats(self, guild_id: str, channel_ids: Collection[str], lang: str) -> str:
        """What a server's finished games add up to (``/ds stats``), its members left out."""
        return await server_stats(self.store, guild_id, channel_ids, lang=lang, members=False)

    async def check_started(self, channel_id: str, at: str | None = None) -> None:
        """Raise the refusal board or tile would give, without rendering anything."""
        game = await self._shown_started(channel_id)
        if at is not None:
            self._tile_key(game, at)

    @staticmethod
    def _tile_key(game: Game, at: str) -> str:
        hex_ = parse_hex_label(at or "")
        if hex_ is None or hex_key(hex_) not in game.started_state["tiles"]:
            tiles = ", ".join(sorted(hex_label(hex_from_key(k)) for k in game.started_state["tiles"]))
            raise BadRequest(T("bot.err.no_tile", given=quote(at or ""), tile_list=tiles))
        return hex_key(hex_)

    async def tile(self, channel_id: str, at: str) -> Reply:
        """A zoom on one tile and its neighbours."""
        game = await self._shown_started(channel_id)
        key = self._tile_key(game, at)
        t = game.started_state["tiles"][key]
        reply = Reply(T("bot.tile", tile={"hex": key, "terrain": t["terrain"]}), game_id=game.id,
                      version=game.version, lang=lang_of(game),
                      alt=alt_text(game.started_state, lang_of(game), kind="tile", tile=key))
        if self.pictures.tile_renderer is not None:
            try:
                reply.image = await drawn(self.pictures.telemetry, "tile", self.pictures.tile_renderer,
                                          game.started_state, key, lang_of(game))
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
        state = game.started_state
        shown = state["log"][-count:]
        first = logbook.total(state) - len(shown)
        marks = await self._marks(game)
        return Reply(join(*(T(f"bot.{marks[i]}_mark", line=Entry(e)) if i in marks else Entry(e)
                            for i, e in enumerate(shown, start=first)), sep="\n"), game_id=game.id, lang=lang_of(game))


    async def _marks(self, game: Game) -> dict[int, str]:
        """Where the moves answered ahead wrote their lines (none when the moves cannot be replayed:
        the log is still shown, as the state keeps it)."""
        if self.chronicle is None or game.setup is None:
            return {}
        try:
            return await self.chronicle.marks(game)
        except Unreplayable:
            return {}

    async def _shown_started(self, channel_id: str) -> Game:
        game = await self._shown(channel_id)
        if game.status == "lobby":
            raise WrongPhase(T("bot.err.not_started", game=game.id))
        return game

    async def _shown(self, channel_id: str) -> Game:
        """The game that status, board and log show: the live one, else the last finished one."""
        game = await self.store.latest_game(channel_id)
        if game is None or game.status == "abandoned" or (game.status != "lobby" and game.state is None):
            raise NoGame(T("bot.err.no_game"))
        context.note_game(game)
        return game

