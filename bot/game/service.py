"""The game service: the only place where engine, store and renderer meet, as a holder of parts.

Each part is a class of its own module that takes what it uses in its constructor, built here
in the order they need each other; the shell reaches a use case through its part
(``service.play.act``, ``service.lobby.join``, ``service.reads.status``...).  Every use case
that changes a game opens one table (``bot.game.table``): the channel's lock, one store
transaction, the game and the seat with their checks, the moves written with a version check,
and what changed (``Reply.changes``) for the shell to show.

A new part: a class in ``bot/game/<part>.py`` taking the store, ``tables`` and the other parts
or settings it uses; one line below that builds it and an attribute that holds it (the settings
it needs come in through ``GameService``'s keywords, from the composition root).
"""

from __future__ import annotations

import time
from collections.abc import Callable

from bot.game.admin import Admin
from bot.game.ahead import Ahead
from bot.game.ai_seats import HOLD_LEVEL, AiSeats
from bot.game.chronicle import Chronicle, FinalRenderer, default_final_renderer
from bot.game.clocks import TurnClocks
from bot.game.clockwork import Clockwork
from bot.game.computer import Chooser, ComputerPlayers
from bot.game.followers import Followers
from bot.game.hints import Hinter, Hints
from bot.game.housekeeping import LOBBY_DAYS, Housekeeping
from bot.game.lobby import Lobby
from bot.game.pictures import Pictures, Renderer, TileRenderer
from bot.game.plans import Plans
from bot.game.play import Play
from bot.game.play_on import PlayOn
from bot.game.postbox import TURN_IMAGE, Postbox
from bot.game.ratings import Ratings, rate_finished
from bot.game.reads import Reads
from bot.game.rematch import Rematch
from bot.game.replies import Choice, Reply, ServiceError
from bot.game.review import RaceRenderer, Reviews
from bot.game.table import SavedStates, Tables
from bot.game.takeback import PROPOSAL_SECONDS, Takeback
from bot.game.telemetry import QUIET, Telemetry
from bot.store.api import GameStore
from engine.review import DEFAULT_BUDGET, Budget


class GameService:
    def __init__(self, store: GameStore, renderer: Renderer | None = None,
                 tile_renderer: TileRenderer | None = None, *, picture_renderer: Renderer | None = None,
                 final_renderer: FinalRenderer | None = None, clock: Callable[[], float] | None = None,
                 chooser: Chooser | None = None, hinter: Hinter | None = None, telemetry: Telemetry = QUIET,
                 hold_level: str = HOLD_LEVEL, lobby_days: int = LOBBY_DAYS, review_budget: Budget = DEFAULT_BUDGET,
                 race_renderer: RaceRenderer | None = None) -> None:
        """``renderer``: the whole board; ``picture_renderer``: the picture posted with a prompt (the
        board when None); ``final_renderer``: the end of the game (drawn here when None and there is
        a board); ``chooser``: how computer players think (None: none here); ``hinter``: how a hint
        is thought out (None: no hints); ``telemetry``: what the host's metrics hear; ``review_budget``:
        what a game's review may spend (``[review]``); ``race_renderer``: the review's race picture."""
        self.store = store
        self.telemetry = telemetry
        clock = clock or time.time
        pictures = Pictures(renderer, picture_renderer, tile_renderer, telemetry=telemetry)
        ai = AiSeats(chooser is not None, hold_level)
        saved = SavedStates()
        self.tables = tables = Tables(store, clock=clock, telemetry=telemetry, clocks=TurnClocks(store, clock, ai),
                                      saved=saved, rate=rate_finished)
        play_on = PlayOn(ai)
        if final_renderer is None and renderer is not None:
            final_renderer = default_final_renderer()
        self.chronicle = Chronicle(store, renderer, final_renderer, telemetry=telemetry)
        self.play = Play(tables, play_on)
        self.clockwork = Clockwork(store, tables, ai, clock=clock, telemetry=telemetry)
        self.lobby = Lobby(store, tables, ai, self.clockwork)
        self.computer = ComputerPlayers(store, tables, ai, play_on, chooser=chooser, clock=clock, telemetry=telemetry)
        self.takeback = Takeback(tables, clock=clock)
        self.plans = Plans(tables)
        self.ahead = Ahead(tables)
        self.hints = Hints(tables, hinter)
        self.reads = Reads(store, pictures, self.clockwork, self.chronicle)
        self.ratings = Ratings(store, tables)
        self.followers = Followers(store, tables, saved, pictures, clock=clock)
        self.rematch = Rematch(store, tables, self.lobby, clock=clock)
        self.housekeeping = Housekeeping(store, tables, lobby_days=lobby_days, telemetry=telemetry)
        self.admin = Admin(store, tables, clock=clock)
        self.review = Reviews(store, tables, self.chronicle, budget=review_budget, race=race_renderer, clock=clock)
        self.postbox = Postbox(store, tables, saved, pictures, self.chronicle, clock=clock)


__all__ = ["PROPOSAL_SECONDS", "TURN_IMAGE", "Choice", "GameService", "Reply", "ServiceError"]
