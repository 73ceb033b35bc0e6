"""Moving stored games to the current layout (schema 13): a saved state keeps only its recent
log (``engine.logbook.kept``), and a game's row says where each seat's latest decision left the
log (``Game.decided``, the recap's start, which a post used to get from a replay).

Run once at start-up, before the bot takes interactions, by the composition root.  Each game
moves in its own transaction, compare-and-set on its version, so a crash half-way loses
nothing (the rest move at the next start) and two processes starting together each skip what
the other holds.  A running game is replayed once from its moves: its recap starts come from
that replay when it gives the stored state again ("replay-equal"), and it gets no recap until
its players move otherwise.  A finished one only loses the old part of its log, which is
derived from the moves whenever it is read (housekeeping packs its moves in one row).
"""

from __future__ import annotations

import asyncio
import logging
import time

from bot.game.recap import since_last_moves
from bot.store.api import GameStore
from bot.store.models import Game, Move
from engine import logbook
from engine.history import History, ReplayError

log = logging.getLogger(__name__)
BATCH = 50


async def relayout(store: GameStore) -> int:
    """Move every game of this process's shards to the current layout; returns how many moved."""
    started, moved = time.monotonic(), 0
    while ids := await store.games_to_relayout(BATCH):
        progressed = False
        for game_id in ids:
            done = await _relayout_one(store, game_id)
            moved += done
            progressed = progressed or done
        if not progressed:
            break  # another process holds them all: it moves them
    if moved:
        log.info("moved %d stored game(s) to the current layout in %.1f s", moved, time.monotonic() - started)
    return moved


async def _relayout_one(store: GameStore, game_id: int) -> bool:
    game = await store.game(game_id)
    if game is None:
        return False
    decided = None
    if game.status == "active" and game.state is not None and game.setup is not None:
        decided = await asyncio.to_thread(_decided, game, await store.move_list(game_id))
    board = await store.board_state(game_id)
    async with store.transaction():
        if await store.claim_game(game_id) is None:
            return False  # another process is moving it
        state = None if game.state is None else logbook.kept(game.state)
        return await store.relayout_game(game_id, game.version, state,
                                         None if board is None else logbook.kept(board), decided)


def _decided(game: Game, moves: list[Move]) -> dict[int, int] | None:
    """Where each seat's latest decision left the log, from one replay; None (no recap) when the
    moves do not give the stored state again."""
    state = game.started_state
    try:
        history = History(game.started_setup, [(m.seat, m.option_id) for m in moves], checkpoints=False)
    except ReplayError as e:
        log.warning("game %s does not replay (%s); it keeps its state, without a recap", game.id, e,
                    extra={"game": game.id})
        return None
    if logbook.kept(history.state) != logbook.kept(state):
        log.warning("game %s replays to another state than the stored one; it keeps its own, without a recap",
                    game.id, extra={"game": game.id})
        return None
    return since_last_moves([(m.seat, m.made_by) for m in moves], history.log_starts, history.log_length)
