"""What the parts of ``GameService`` share (``lobby``, ``computer``, ``takeback``, ``clockwork``):
the store, the clock, the channel locks and checks, and what one part asks of another.

Each part is a class on ``ServiceCore``; ``GameService`` puts them together and defines what
none of them does (``bot.game.service``).  Declared once here, the type checker sees every
part use the others as they are, and refuses a ``GameService`` that leaves one undefined.
"""

from __future__ import annotations

import asyncio
from collections.abc import Callable
from typing import Any, Protocol

from bot.game.pace import Pace
from bot.game.replies import Reply
from bot.game.telemetry import Telemetry
from bot.store.api import GameStore
from bot.store.models import Game, Seat
from words import Words

State = dict[str, Any]
#: render(state, before_state_or_None, lang) -> PNG bytes (every drawn word in ``lang``)
Renderer = Callable[[State, State | None, str], bytes]
#: Moves to append, each (seat, user id, option id, label, made by, the whole log's length after it).
Moves = list[tuple[int, str, str, str, str, int]]


#: Moves that are a player's own choices: a click or a command, or a space from their plan.
OWN_CHOICES = ("player", "planned")


def decided_after(decided: dict[int, int], moves: Moves) -> dict[int, int]:
    """Per seat, the log's length after its player's latest decision, once ``moves`` are made:
    only a player's own choices count (theirs or their plan's; not the bot playing on for a
    resigned seat, nor a clock or an AI acting for them)."""
    after = dict(decided)
    for seat, _user, _option, _label, made_by, log_end in moves:
        if made_by in OWN_CHOICES:
            after[seat] = log_end
    return after


class ServiceCore(Protocol):
    store: GameStore
    clock: Callable[[], float]
    telemetry: Telemetry
    picture_renderer: Renderer | None

    # the service's own (``bot.game.service``)
    def _lock(self, channel_id: str) -> asyncio.Lock: ...
    async def _lobby(self, channel_id: str) -> Game: ...
    async def _active(self, channel_id: str) -> Game: ...
    @staticmethod
    def _seat(game: Game, user_id: str) -> Seat: ...
    @staticmethod
    def _host(game: Game, user_id: str, what: Words) -> None: ...
    def _autoplay(self, game: Game, state: State) -> Moves: ...
    async def _play_on(self, game: Game, state: State) -> Moves: ...
    def _read_state(self, game: Game | None) -> Game | None: ...
    async def _write(self, game: Game, state: State, moves: Moves, board_due: int | None = None, *,
                     hinted: bool = False) -> None: ...
    async def _render(self, renderer: Renderer | None, state: State, before: State | None,
                      lang: str = ...) -> bytes | None: ...

    # the lobby's (``bot.game.lobby``)
    async def create_lobby(self, channel_id: str, user_id: str, user_name: str, players: int = ...,
                           variant: str = ..., *, home_channel_id: str | None = None,
                           lobby_message_id: str | None = None, guild_id: str | None = None, language: str = ...,
                           hints: bool = False, settings: dict[str, Any] | None = None) -> Reply: ...
    async def _insert_lobby(self, channel_id: str, user_id: str, user_name: str, players: int, variant: str,
                            settings: dict[str, Any], *, home_channel_id: str | None, lobby_message_id: str | None,
                            guild_id: str | None) -> int: ...
    @staticmethod
    def check_new(players: int, variant: str, language: str) -> None: ...

    # computer players' (``bot.game.computer``)
    @property
    def ai_available(self) -> bool: ...
    def ai_plays(self, game: Game, seat: Seat) -> tuple[str, str] | None: ...
    def ai_holds(self, seat: Seat) -> bool: ...

    # the clock's (``bot.game.clockwork``)
    async def _restart_clock(self, game: Game, state: State) -> None: ...
    async def _reclock(self, game: Game) -> None: ...
    def _paced(self, game: Game, *, reminder: str | None = None, deadline: str | None = None,
               at_deadline: str | None = None, away_cap: str | None = None) -> Pace: ...
    async def _write_pace(self, game: Game, rules: Pace) -> None: ...
    async def ask_to_leave(self, channel_id: str, user_id: str) -> Reply: ...
    def clock_text(self, game: Game) -> Words: ...
