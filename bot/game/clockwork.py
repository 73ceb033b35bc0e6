"""Games that never stall: pace settings, the turn clock, reminders and deadlines, vacations,
substitutes, and where each player is awaited.

A part of ``GameService``; each use case is a table (``bot.game.table``).  The rules of the
clock are in ``bot.game.pace``, the clock kept with each move in ``bot.game.clocks``; the loop
that calls ``pace_tick`` is ``bot.game.scheduler``.  Every reminder and notice goes through the
store's outbox, written in the same transaction that decided it, so a restart neither loses nor
repeats one.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace
from typing import Literal, overload

import engine
from bot.game import pace
from bot.game.ai_seats import AiSeats
from bot.game.asked import asked
from bot.game.clocks import watched
from bot.game.limits import quote
from bot.game.notices import DEADLINE, REMINDER
from bot.game.replies import BadRequest, PromptChanged, Reply
from bot.game.table import Table, Tables
from bot.game.telemetry import Telemetry
from bot.game.texts import game_link, lang_of, name_of, question
from bot.store.api import GameStore
from bot.store.models import Game, Seat, TurnClock
from engine import logbook
from words import T, Text, Words, join, say

#: Seconds before the scheduler looks again at a game whose AI turn did not finish (a crash,
#: a restart): the turn is taken up again then.
AI_RETRY_SECONDS = 30.0


@overload
def _duration(text: str | None, what: Text, *, allow_off: Literal[False]) -> int: ...
@overload
def _duration(text: str | None, what: Text, *, allow_off: bool) -> int | None: ...


def _duration(text: str | None, what: Text, *, allow_off: bool) -> int | None:
    try:
        return pace.parse_duration(text or "", allow_off=allow_off)
    except pace.DurationError as e:
        raise BadRequest(T("bot.err.labelled", what=what, error=e.args[0])) from None


def paced(game: Game, ai: AiSeats, *, reminder: str | None = None, deadline: str | None = None,
          at_deadline: str | None = None, away_cap: str | None = None) -> pace.Pace:
    """The game's pace with these changes (refused with ``BadRequest`` before anything is written)."""
    rules = pace.Pace.of(game.settings)
    if reminder is not None:
        rules = replace(rules, reminder=_duration(reminder, T("bot.what.reminder"), allow_off=True))
    if deadline is not None:
        rules = replace(rules, deadline=_duration(deadline, T("bot.what.deadline"), allow_off=True))
    if away_cap is not None:
        rules = replace(rules, away_cap=_duration(away_cap, T("bot.what.away_cap"), allow_off=False))
    if at_deadline is not None:
        if at_deadline not in pace.AT_DEADLINE:
            raise BadRequest(T("bot.err.at_deadline", given=quote(at_deadline)))
        if at_deadline == "ai" and not ai.available:
            raise BadRequest(T("bot.err.no_ai"))
        rules = replace(rules, at_deadline=at_deadline)
    if not ai.available and rules.at_deadline == "ai":
        rules = replace(rules, at_deadline="wait")
    return rules


async def write_pace(table: Table, rules: pace.Pace) -> None:
    """(In the game's table.) Keep the game's new pace; its clock follows it."""
    game = table.game
    assert game is not None  # the game found
    game.settings = {**game.settings, "pace": rules.to_dict()}
    await table.store.update_game(game.id, settings=game.settings)
    if game.status == "active":
        await table.restart_clock(game.started_state)


class Clockwork:
    def __init__(self, store: GameStore, tables: Tables, ai: AiSeats, *, clock: Callable[[], float],
                 telemetry: Telemetry) -> None:
        self.store = store
        self.tables = tables
        self.ai = ai
        self.clock = clock
        self.telemetry = telemetry

    # -- the clock -----------------------------------------------------------------------------

    async def pace_tick(self, game_id: int, now: float) -> bool:
        """What is due for one game at ``now``: a reminder, the deadline.  Returns True when the
        deadline handed the player's decisions to the AI (the caller then lets it play)."""
        game = await self.store.game(game_id)
        if game is None:
            return False
        async with self.tables.at(game.channel_id) as table:
            game = await table.claimed(game_id)  # None: another process is on it; the next tick looks again
            if game is None or game.status != "active" or game.clock.due_at is None or game.clock.due_at > now:
                return False
            self.telemetry.overdue(self.clock() - game.clock.due_at)
            prompt = asked(game.started_state)
            seat = None if prompt is None else next((s for s in game.seats if s.seat == prompt.seat), None)
            if seat is not None and self.ai.plays(game, seat) is not None:
                # the AI's turn: the caller starts it; looked at again later in case it never ends
                await table.store.set_clock(game.id, replace(game.clock, due_at=now + AI_RETRY_SECONDS))
                return True
            if prompt is None or seat is None or not watched(seat):
                await table.store.set_clock(game.id, replace(game.clock, due_at=None))
                return False
            rules = pace.Pace.of(game.settings)
            clock = pace.Clock(game.clock.since or now, game.clock.reminded, game.clock.deadline_done, seat.away_until)
            due = pace.due(rules, clock, now)
            reminded, deadline_done, to_ai = clock.reminded, clock.deadline_done, False
            if due.reminder:
                await table.notice(REMINDER, self._reminder_text(game, seat, prompt, rules, clock, now),
                                   [seat.user_id], now)
                reminded += 1
            if due.deadline:
                deadline_done = True
                if rules.at_deadline == "ai" and self.ai.available:
                    to_ai = True
                    await table.notice(DEADLINE, say(T("bot.deadline.ai", player=seat.user_name, game=game.id),
                                                     lang_of(game)), [], now)
                else:
                    await table.notice(DEADLINE, say(T("bot.deadline.wait", host=game.host.user_name,
                                                       player=seat.user_name, game=game.id), lang_of(game)),
                                       [game.host.user_id], now)
            after = pace.Clock(clock.since, reminded, deadline_done, seat.away_until)
            next_at = pace.due(rules, after, now).next_at if (due.reminder or due.deadline) else due.next_at
            if to_ai:
                next_at = now + AI_RETRY_SECONDS  # the AI takes the decisions now; again later if it never ends
            await table.store.set_clock(game.id, TurnClock(clock.since, reminded, deadline_done, next_at))
        return to_ai

    @staticmethod
    def _reminder_text(game: Game, seat: Seat, prompt: engine.Prompt, rules: pace.Pace, clock: pace.Clock,
                       now: float) -> str:
        """A reminder, written when it is decided in the game's language: the outbox keeps the
        very text that goes out, so a restart neither rewords nor repeats it."""
        text: Words = T("bot.reminder", game=game.id, question=question(prompt),
                        waited=pace.duration(now - clock.start()))
        left = pace.time_left(rules, clock, now)
        if left is not None:
            then = T("bot.reminder.then_ai" if rules.at_deadline == "ai" else "bot.reminder.then_wait")
            text = join(text, T("bot.reminder.left", left=pace.duration(left), then=then))
        return say(text, lang_of(game))

    def clock_text(self, game: Game) -> Words:
        """The pace and the clock of the player to act, for /ds status."""
        rules = pace.Pace.of(game.settings)
        lines: list[Words] = [rules.describe()]
        prompt = asked(game.state) if game.state else None
        seat = None if prompt is None else next((s for s in game.seats if s.seat == prompt.seat), None)
        now = self.clock()
        if seat is not None and game.clock.since is not None:
            clock = pace.Clock(game.clock.since, game.clock.reminded, game.clock.deadline_done, seat.away_until)
            if seat.away_until and seat.away_until > now:
                lines.append(T("bot.clock.away", player=seat.user_name, left=pace.duration(seat.away_until - now)))
            else:
                lines.append(T("bot.clock.asked", player=seat.user_name, ago=pace.duration(now - clock.start())))
                left = pace.time_left(rules, clock, now)
                if left is not None:
                    lines.append(T("bot.clock.deadline_in", left=pace.duration(left)))
        for s in game.seats:
            if s.away_until and s.away_until > now and s is not seat:
                lines.append(T("bot.clock.away", player=s.user_name, left=pace.duration(s.away_until - now)))
        return join(*lines)

    # -- settings ------------------------------------------------------------------------------

    async def set_pace(self, channel_id: str, user_id: str, *, reminder: str | None = None,
                       deadline: str | None = None, at_deadline: str | None = None,
                       away_cap: str | None = None) -> Reply:
        """The host sets the game's pace (in the lobby or while it runs)."""
        async with self.tables.at(channel_id) as table:
            game = await table.live()
            table.host(user_id, T("bot.host.pace"))
            rules = paced(game, self.ai, reminder=reminder, deadline=deadline, at_deadline=at_deadline,
                          away_cap=away_cap)
            await write_pace(table, rules)
        return Reply(T("bot.pace_of", game=game.id, pace=rules.describe()), game_id=game.id, lang=lang_of(game))

    # -- vacations -----------------------------------------------------------------------------

    async def away(self, channel_id: str, user_id: str, duration: str) -> Reply:
        seconds = _duration(duration, T("bot.what.away"), allow_off=False)
        async with self.tables.at(channel_id) as table:
            game = await table.active()
            seat = table.seat(user_id)
            now = self.clock()
            cap = pace.Pace.of(game.settings).away_cap
            still = max(0.0, (seat.away_until or now) - now)
            used = seat.away_used - still  # a new vacation replaces the rest of the current one
            if used + seconds > cap:
                left = max(0.0, cap - used)
                raise BadRequest(T("bot.err.away_cap", cap=pace.duration(cap), left=pace.duration(left)))
            until = now + seconds
            await table.store.update_seat(game.id, seat.seat, away_until=until, away_used=used + seconds)
            seat.away_until, seat.away_used = until, used + seconds
            await table.reclock()
        return Reply(T("bot.away", player=seat.user_name, until=int(until)), game_id=game.id, lang=lang_of(game))

    async def back(self, channel_id: str, user_id: str) -> Reply:
        async with self.tables.at(channel_id) as table:
            game = await table.active()
            seat = table.seat(user_id)
            now = self.clock()
            if not (seat.away_until and seat.away_until > now) and not seat.ai_hold:
                raise BadRequest(T("bot.err.not_away"))
            refund = max(0.0, (seat.away_until or now) - now)
            await table.store.update_seat(game.id, seat.seat, away_until=None,
                                          away_used=max(0.0, seat.away_used - refund), ai_hold=0)
            if seat.away_until and seat.away_until > now and game.clock.since is not None:
                # their clock was paused: it runs again from their return, not from before they left
                game.clock = replace(game.clock, since=max(game.clock.since, now))
            seat.away_until, seat.ai_hold = None, False
            await table.reclock()
        return Reply(T("bot.back", player=seat.user_name, game=game.id), game_id=game.id, lang=lang_of(game))

    # -- substitutes ---------------------------------------------------------------------------

    async def replace_seat(self, channel_id: str, user_id: str, seat_number: int, new_user_id: str,
                           new_name: str, *, is_bot: bool = False) -> Reply:
        """The host hands seat ``seat_number`` (1-based) to another member; it keeps its animal,
        score and history."""
        async with self.tables.at(channel_id) as table:
            game = await table.active()
            table.host(user_id, T("bot.host.replace"))
            seat = next((s for s in game.seats if s.seat == seat_number - 1), None)
            if seat is None:
                raise BadRequest(T("bot.err.seat_range", game=game.id, last=len(game.seats)))
            if is_bot:
                raise BadRequest(T("bot.err.bot_seat"))
            if game.seat_of(new_user_id) is not None:
                raise BadRequest(T("bot.err.has_seat", player=new_name, game=game.id))
            old, old_user = seat.user_name, seat.user_id
            await table.store.update_seat(game.id, seat.seat, user_id=new_user_id, user_name=new_name, ai_hold=0,
                                          resigned=0, away_until=None, ai_level=None)
            await table.store.drop_books(game.id, seat.animals)  # the former player's answers ahead are theirs
            setup = dict(game.started_setup)
            setup["names"] = [new_name if i == seat.seat else n for i, n in enumerate(setup["names"])]
            state = game.started_state
            state["seats"][seat.seat]["name"] = new_name  # as a replay from the new setup gives
            await table.store.save_state(game.id, game.version, game.version + 1, logbook.kept(state), setup=setup)
            # the notice is part of the channel's next post: written in the game's language now
            notice = say(T("bot.replaced_notice", player=new_name, former=old, animals=seat.animals),
                         lang_of(game))
            await table.store.update_game(game.id, notice=notice)
            game.version += 1
            seat.user_id, seat.user_name, seat.ai_hold, seat.resigned = new_user_id, new_name, False, False
            seat.ai_level = None
            await table.restart_clock(state)
            table.changed(PromptChanged(game.channel_id))
        return Reply(T("bot.replaced", player=new_name, seat=seat_number, animals=seat.animals, former=old,
                       game=game.id), game_id=game.id, version=game.version, lang=lang_of(game),
                     mention=[u for u in (new_user_id, old_user) if u.isdigit()],  # both are told
                     changes=table.changes)

    async def ask_to_leave(self, channel_id: str, user_id: str) -> Reply:
        """A player leaves a running game: the bot holds the seat until the host finds a substitute."""
        async with self.tables.at(channel_id) as table:
            game = await table.active()
            seat = table.seat(user_id)
            if seat.ai_hold:
                raise BadRequest(T("bot.err.left_already"))
            await table.store.update_seat(game.id, seat.seat, ai_hold=1)
            await table.store.drop_books(game.id, seat.animals)  # the bot holds the seat: nobody answers ahead
            seat.ai_hold = True
            await table.reclock()
        said = T("bot.left.ai" if self.ai.available else "bot.left.bot", player=seat.user_name, game=game.id,
                 animals=seat.animals, host=game.host.user_name)
        return Reply(said, game_id=game.id, mention=[game.host.user_id], lang=lang_of(game))

    # -- where am I awaited --------------------------------------------------------------------

    async def my_games(self, user_id: str) -> Reply:
        games = await self.store.games_of(user_id)
        followed = await self.store.followed_games(user_id)
        follows: list[Words] = [T("bot.mygames.follows")] if followed else []
        for game in followed:
            at = (T("bot.mygames.follow_turn", turn=game.state["turn"], phase=game.state["phase"])
                  if game.state else T("bot.mygames.follow_lobby"))
            follows.append(T("bot.mygames.followed", game=game.id, at=at, link=game_link(game)))
        if not games:
            return Reply(join(T("bot.mygames.none"), *follows, sep="\n"), public=False)
        lines: list[Words] = []
        awaited = 0
        for game in games:
            link = game_link(game)
            if game.status == "lobby":
                lines.append(T("bot.mygames.lobby", game=game.id, seated=len(game.seats), players=game.players,
                               link=link))
                continue
            state = game.started_state
            prompt = asked(state)
            seat = game.seat_of(user_id)
            mine = prompt is not None and seat is not None and prompt.seat == seat.seat
            awaited += mine
            who = (T("bot.mygames.yours") if mine
                   else (T("bot.mygames.waiting", player=name_of(game, prompt.seat)) if prompt
                         else T("bot.mygames.over")))
            lines.append(T("bot.mygames.game", game=game.id, animals=seat.animals if seat else [],
                           turn=state["turn"], phase=state["phase"], who=who, link=link))
        head = T("bot.mygames.head", n=len(games), awaited=T("bot.mygames.awaited", n=awaited))
        return Reply(join(head, *lines, *follows, sep="\n"), public=False)

    async def set_notify(self, user_id: str, on: bool) -> Reply:
        await self.store.set_user(user_id, notify_dm=on, clear_failure=on)
        if on:
            return Reply(T("bot.notify.on"), public=False)
        return Reply(T("bot.notify.off"), public=False)
