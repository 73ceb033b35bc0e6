"""Playing: a player's choice (``act``), resigning, and abandoning a game.

Each is one table (``bot.game.table``): load -> check the seat and the turn -> engine apply ->
the moves appended and the new state written with a version check -> commit.  What the channel
shows is brought up to date afterwards by the shell (the reply's changes), outside the
transaction; a render or a post that fails never loses a move.
"""

from __future__ import annotations

import logging

import engine
import words
from bot.game.asked import asked
from bot.game.channel import OVER, owed
from bot.game.play_on import PlayOn
from bot.game.replies import (
    BadRequest,
    GameEnded,
    IllegalChoice,
    LobbyChanged,
    NoGame,
    NotAllowed,
    NotYourTurn,
    Reply,
    StaleState,
    WrongPhase,
)
from bot.game.table import Moves, Tables
from bot.game.texts import lang_of, option_text, prompt_line, rules_error, user_to_act
from engine import logbook, progress
from engine.phases import end_by_resignation
from words import T, join

log = logging.getLogger(__name__)


class Play:
    def __init__(self, tables: Tables, play_on: PlayOn) -> None:
        self.tables = tables
        self.play_on = play_on

    async def act(self, channel_id: str, user_id: str, option_id: str,
                  expected_version: int | None = None, *, game_id: int | None = None) -> Reply:
        """Apply one option of the current prompt for ``user_id``; the reply is for that player.
        ``game_id``: the game the choice was offered for (a button's): another one here is refused."""
        async with self.tables.at(channel_id) as table:
            game = await table.active()
            if game_id is not None and game.id != game_id:
                raise NoGame(T("bot.err.prompt_gone"))
            if expected_version is not None and expected_version != game.version:
                raise StaleState(T("bot.err.stale", now=prompt_line(game)))
            seat = table.seat(user_id)
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
            moves += await self.play_on(table, game, state)
            hinted = seat.hint_version == game.version  # the player asked a hint for this decision
            await table.write(state, moves, owed(game.post.board_due, before, state), hinted=hinted)
        game.version += len(moves)
        game.state = state
        text = join(T("bot.you_chose", option=chosen), prompt_line(game) if user_to_act(game) == user_id else None)
        return Reply(text, game_id=game.id, version=game.version,
                     to_act=user_to_act(game), lang=lang_of(game), changes=table.changes)

    async def resign(self, channel_id: str, user_id: str) -> Reply:
        async with self.tables.at(channel_id) as table:
            game = await table.active()
            seat = table.seat(user_id)
            if seat.resigned:
                raise BadRequest(T("bot.err.resigned_already"))
            table.prompt_changed()  # whichever way it goes, the channel is brought up to date
            await table.store.update_seat(game.id, seat.seat, resigned=1)
            await table.store.drop_books(game.id, seat.animals)  # nobody answers ahead for a resigned seat
            seat.resigned = True
            live = [s for s in game.seats if not s.resigned]
            if not live:
                await table.store.set_status(game.id, "abandoned")
                return Reply(T("bot.resigns.all", player=seat.user_name, game=game.id), game_id=game.id,
                             lang=lang_of(game), changes=table.changes)
            state = game.started_state
            if len(live) == 1 and game.settings.get("on_resign", "end") == "end":
                # Two players and one resigns: the other wins; the game is over.
                end_by_resignation(state, seat.seat, live[0].seat)
                await table.store.save_state(game.id, game.version, game.version + 1, logbook.kept(state),
                                             status="finished", board_due=game.post.board_due | OVER)
                await table.finish(state)
                game.version += 1
                return Reply(T("bot.resigns.ends", player=seat.user_name, other=live[0].user_name, game=game.id),
                             game_id=game.id, version=game.version, lang=lang_of(game), changes=table.changes)
            before = progress.snapshot(state)  # what owed() compares, not the whole state
            moves = await self.play_on(table, game, state)
            if moves:
                await table.write(state, moves, owed(game.post.board_due, before, state))
            else:
                await table.reclock()  # the AI may hold the seat now
        game.version += len(moves)
        return Reply(T("bot.resigns.play_on", player=seat.user_name, animals=seat.animals),
                     game_id=game.id, version=game.version, lang=lang_of(game), changes=table.changes)

    async def abandon(self, channel_id: str, user_id: str, can_manage_channel: bool = False) -> Reply:
        async with self.tables.at(channel_id) as table:
            game = await table.live(T("bot.err.no_game_here"))
            seat = game.seat_of(user_id)
            if not (can_manage_channel or (seat is not None and seat.is_host)):
                raise NotAllowed(T("bot.err.abandon", host=game.host.user_name))
            await table.store.set_status(game.id, "abandoned")
            table.changed(LobbyChanged(game.id), GameEnded(game.id))
        log.info("game %s abandoned (it was %s)", game.id, game.status, extra={"game": game.id})
        return Reply(T("bot.abandoned", game=game.id), game_id=game.id, lang=lang_of(game), changes=table.changes)
