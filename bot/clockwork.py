"""Games that never stall: pace settings, the turn clock, reminders and deadlines, vacations,
substitutes, and where each player is awaited.

A mixin of ``GameService`` (it uses the service's store, locks and checks).  The rules of the
clock are in ``bot.pace``; the loop that calls ``pace_tick`` is ``bot.scheduler``.  Every
reminder and notice goes through the store's outbox, written in the same transaction that
decided it, so a restart neither loses nor repeats one.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

import engine
import words
from bot import pace
from bot.limits import quote
from bot.replies import BadRequest, NoGame, Reply
from bot.store import Game, Seat, TurnClock
from bot.texts import game_link, name_of

State = dict[str, Any]


def _duration(text: str | None, what: str, *, allow_off: bool) -> int | None:
    try:
        return pace.parse_duration(text or "", allow_off=allow_off)
    except pace.DurationError as e:
        raise BadRequest(f"{what}: {e}") from None


class Clockwork:
    #: set by the composition root when computer players are available (the ``ai`` deadline action)
    ai_available: bool = False

    # -- the clock -----------------------------------------------------------------------------

    async def _restart_clock(self, game: Game, state: State) -> None:
        """(In the caller's transaction.) The game moved: the player to act is asked from now."""
        now = self.clock()
        prompt = engine.prompt(state)
        seat = None if prompt is None else next((s for s in game.seats if s.seat == prompt.seat), None)
        clock = TurnClock(now, 0, False, None)
        if seat is not None and self._watched(seat):
            rules = pace.Pace.of(game.settings)
            clock.due_at = pace.due(rules, pace.Clock(now, 0, False, seat.away_until), now).next_at
        await self.store.set_clock(game.id, clock)

    @staticmethod
    def _watched(seat: Seat) -> bool:
        """A seat whose player the clock watches (not one the bot plays)."""
        return not seat.resigned and not seat.ai_hold

    async def pace_tick(self, game_id: int, now: float) -> bool:
        """What is due for one game at ``now``: a reminder, the deadline.  Returns True when the
        deadline handed the player's decisions to the AI (the caller then lets it play)."""
        game = await self.store.game(game_id)
        if game is None:
            return False
        async with self._lock(game.channel_id), self.store.transaction():
            game = await self.store.claim_game(game_id)  # None: another process is on it; the next tick looks again
            if game is None or game.status != "active" or game.clock.due_at is None or game.clock.due_at > now:
                return False
            prompt = engine.prompt(game.state)
            seat = None if prompt is None else next((s for s in game.seats if s.seat == prompt.seat), None)
            if seat is None or not self._watched(seat):
                await self.store.set_clock(game.id, replace(game.clock, due_at=None))
                return False
            rules = pace.Pace.of(game.settings)
            clock = pace.Clock(game.clock.since or now, game.clock.reminded, game.clock.deadline_done, seat.away_until)
            due = pace.due(rules, clock, now)
            reminded, deadline_done, to_ai = clock.reminded, clock.deadline_done, False
            if due.reminder:
                await self.store.add_outbox(game.id, "reminder", game.channel_id,
                                            self._reminder_text(game, seat, prompt, rules, clock, now),
                                            [seat.user_id], now)
                reminded += 1
            if due.deadline:
                deadline_done = True
                if rules.at_deadline == "ai" and self.ai_available:
                    to_ai = True
                    await self.store.add_outbox(
                        game.id, "deadline", game.channel_id,
                        f"The deadline passed for {seat.user_name} in game #{game.id}: the AI plays their "
                        "current decisions. They play again from their next turn.", [], now)
                else:
                    await self.store.add_outbox(
                        game.id, "deadline", game.channel_id,
                        f"{game.host.user_name}: the deadline passed for {seat.user_name} in game #{game.id}; "
                        "the game waits. You may hand the seat to someone else with /ds replace.",
                        [game.host.user_id], now)
            after = pace.Clock(clock.since, reminded, deadline_done, seat.away_until)
            next_at = pace.due(rules, after, now).next_at if (due.reminder or due.deadline) else due.next_at
            await self.store.set_clock(game.id, TurnClock(clock.since, reminded, deadline_done, next_at))
        return to_ai

    @staticmethod
    def _reminder_text(game: Game, seat: Seat, prompt: engine.Prompt, rules: pace.Pace, clock: pace.Clock,
                       now: float) -> str:
        waited = pace.format_duration(now - clock.start())
        text = f"Reminder: it is your turn in game #{game.id} ({words.prompt_text(prompt, 'en')}), for {waited} now."
        left = pace.time_left(rules, clock, now)
        if left is not None:
            then = "the AI plays for you" if rules.at_deadline == "ai" else "the host is told"
            text += f" You have {pace.format_duration(left)} before {then}."
        return text

    def clock_text(self, game: Game) -> str:
        """The pace and the clock of the player to act, for /ds status."""
        rules = pace.Pace.of(game.settings)
        lines = [rules.describe()]
        prompt = engine.prompt(game.state) if game.state else None
        seat = None if prompt is None else next((s for s in game.seats if s.seat == prompt.seat), None)
        now = self.clock()
        if seat is not None and game.clock.since is not None:
            clock = pace.Clock(game.clock.since, game.clock.reminded, game.clock.deadline_done, seat.away_until)
            if seat.away_until and seat.away_until > now:
                lines.append(f"{seat.user_name} is away for {pace.format_duration(seat.away_until - now)} more.")
            else:
                lines.append(f"{seat.user_name} was asked {pace.format_duration(now - clock.start())} ago.")
                left = pace.time_left(rules, clock, now)
                if left is not None:
                    lines.append(f"Deadline in {pace.format_duration(left)}.")
        away = [s for s in game.seats if s.away_until and s.away_until > now and s is not seat]
        lines += [f"{s.user_name} is away for {pace.format_duration(s.away_until - now)} more." for s in away]
        return " ".join(lines)

    # -- settings ------------------------------------------------------------------------------

    async def set_pace(self, channel_id: str, user_id: str, *, reminder: str | None = None,
                       deadline: str | None = None, at_deadline: str | None = None,
                       away_cap: str | None = None) -> Reply:
        """The host sets the game's pace (in the lobby or while it runs)."""
        async with self._lock(channel_id), self.store.transaction():
            game = await self.store.live_game(channel_id)
            if game is None:
                raise NoGame("There is no game in this channel; open one with /ds new.")
            self._host(game, user_id, "set the pace")
            rules = pace.Pace.of(game.settings)
            if reminder is not None:
                rules = replace(rules, reminder=_duration(reminder, "Reminder", allow_off=True))
            if deadline is not None:
                rules = replace(rules, deadline=_duration(deadline, "Deadline", allow_off=True))
            if away_cap is not None:
                rules = replace(rules, away_cap=_duration(away_cap, "Vacation cap", allow_off=False))
            if at_deadline is not None:
                if at_deadline not in pace.AT_DEADLINE:
                    raise BadRequest(f"At the deadline: choose ai or wait, not '{quote(at_deadline)}'.")
                if at_deadline == "ai" and not self.ai_available:
                    raise BadRequest("Computer players are not available here; at the deadline the game can only wait.")
                rules = replace(rules, at_deadline=at_deadline)
            if not self.ai_available and rules.at_deadline == "ai":
                rules = replace(rules, at_deadline="wait")
            game.settings = {**game.settings, "pace": rules.to_dict()}
            await self.store.update_game(game.id, settings=game.settings)
            if game.status == "active":
                await self._restart_clock(game, game.state)
        return Reply(f"Game #{game.id}. {rules.describe()}", game_id=game.id)

    # -- vacations -----------------------------------------------------------------------------

    async def away(self, channel_id: str, user_id: str, duration: str) -> Reply:
        seconds = _duration(duration, "Away", allow_off=False)
        async with self._lock(channel_id), self.store.transaction():
            game = await self._active(channel_id)
            seat = self._seat(game, user_id)
            now = self.clock()
            cap = pace.Pace.of(game.settings).away_cap
            still = max(0.0, (seat.away_until or now) - now)
            used = seat.away_used - still  # a new vacation replaces the rest of the current one
            if used + seconds > cap:
                left = max(0.0, cap - used)
                raise BadRequest(f"This game allows {pace.format_duration(cap)} away in all; you have "
                                 f"{pace.format_duration(left)} left.")
            until = now + seconds
            await self.store.update_seat(game.id, seat.seat, away_until=until, away_used=used + seconds)
            seat.away_until, seat.away_used = until, used + seconds
            await self._reclock(game)
        return Reply(f"{seat.user_name} is away until <t:{int(until)}:f> (<t:{int(until)}:R>); their deadline "
                     "waits, and no reminders go out meanwhile.", game_id=game.id)

    async def back(self, channel_id: str, user_id: str) -> Reply:
        async with self._lock(channel_id), self.store.transaction():
            game = await self._active(channel_id)
            seat = self._seat(game, user_id)
            now = self.clock()
            if not (seat.away_until and seat.away_until > now) and not seat.ai_hold:
                raise BadRequest("You are not away.")
            refund = max(0.0, (seat.away_until or now) - now)
            await self.store.update_seat(game.id, seat.seat, away_until=None,
                                         away_used=max(0.0, seat.away_used - refund), ai_hold=0)
            seat.away_until, seat.ai_hold = None, False
            await self._reclock(game)
        return Reply(f"{seat.user_name} is back in game #{game.id}.", game_id=game.id)

    async def _reclock(self, game: Game) -> None:
        """Recompute when to look at the game next (its clock keeps running from ``since``)."""
        prompt = engine.prompt(game.state)
        seat = None if prompt is None else next((s for s in game.seats if s.seat == prompt.seat), None)
        if seat is None or not self._watched(seat):
            await self.store.set_clock(game.id, replace(game.clock, due_at=None))
            return
        now = self.clock()
        clock = pace.Clock(game.clock.since or now, game.clock.reminded, game.clock.deadline_done, seat.away_until)
        await self.store.set_clock(game.id, replace(game.clock, since=clock.since,
                                                    due_at=pace.due(pace.Pace.of(game.settings), clock, now).next_at))

    # -- substitutes ---------------------------------------------------------------------------

    async def replace_seat(self, channel_id: str, user_id: str, seat_number: int, new_user_id: str,
                           new_name: str, *, is_bot: bool = False) -> Reply:
        """The host hands seat ``seat_number`` (1-based) to another member; it keeps its animal,
        score and history."""
        async with self._lock(channel_id), self.store.transaction():
            game = await self._active(channel_id)
            self._host(game, user_id, "hand a seat to someone else")
            seat = next((s for s in game.seats if s.seat == seat_number - 1), None)
            if seat is None:
                raise BadRequest(f"Game #{game.id} has seats 1 to {len(game.seats)}.")
            if is_bot:
                raise BadRequest("A bot account cannot take a seat; choose a member.")
            if game.seat_of(new_user_id) is not None:
                raise BadRequest(f"{new_name} already has a seat in game #{game.id}.")
            old = seat.user_name
            await self.store.update_seat(game.id, seat.seat, user_id=new_user_id, user_name=new_name, ai_hold=0,
                                         resigned=0, away_until=None)
            setup = dict(game.setup)
            setup["names"] = [new_name if i == seat.seat else n for i, n in enumerate(setup["names"])]
            state = game.state
            state["seats"][seat.seat]["name"] = new_name  # as a replay from the new setup gives
            await self.store.save_state(game.id, game.version, game.version + 1, state, setup=setup)
            await self.store.update_game(game.id, notice=f"{new_name} takes over {old}'s seat ({seat.animal}).")
            game.version += 1
            seat.user_id, seat.user_name, seat.ai_hold, seat.resigned = new_user_id, new_name, False, False
            await self._restart_clock(game, state)
        return Reply(f"{new_name} takes over seat {seat_number} ({seat.animal}) from {old} in game #{game.id}: "
                     "the animal, its score and its history stay.", game_id=game.id, version=game.version,
                     mention=[u for u in (new_user_id, user_id) if u.isdigit()])

    async def ask_to_leave(self, channel_id: str, user_id: str) -> Reply:
        """A player leaves a running game: the bot holds the seat until the host finds a substitute."""
        async with self._lock(channel_id), self.store.transaction():
            game = await self._active(channel_id)
            seat = self._seat(game, user_id)
            if seat.ai_hold:
                raise BadRequest("You have already left; the host can hand your seat on with /ds replace.")
            await self.store.update_seat(game.id, seat.seat, ai_hold=1)
            seat.ai_hold = True
            await self._reclock(game)
        who = "the AI plays" if self.ai_available else "the bot declines every action it can"
        return Reply(f"{seat.user_name} leaves game #{game.id}; {who} for the {seat.animal} until "
                     f"{game.host.user_name} hands the seat to someone with /ds replace (or they come back with "
                     "/ds back).", game_id=game.id, mention=[game.host.user_id])

    # -- where am I awaited --------------------------------------------------------------------

    async def my_games(self, user_id: str) -> Reply:
        games = await self.store.games_of(user_id)
        if not games:
            return Reply("You have no seat in a running game. /ds new opens one.")
        lines = []
        for game in games:
            link = game_link(game)
            if game.status == "lobby":
                lines.append(f"Game #{game.id}: lobby, {len(game.seats)}/{game.players} seated - {link}")
                continue
            prompt = engine.prompt(game.state)
            seat = game.seat_of(user_id)
            mine = prompt is not None and seat is not None and prompt.seat == seat.seat
            turn = f"turn {game.state['turn']}, {game.state['phase']}"
            who = "**your turn**" if mine else (f"waiting for {name_of(game, prompt.seat)}" if prompt else "over")
            lines.append(f"Game #{game.id} ({seat.animal if seat else '?'}, {turn}): {who} - {link}")
        awaited = sum("**your turn**" in line for line in lines)
        head = f"You play in {len(games)} game(s); {awaited} await{'s' if awaited == 1 else ''} you."
        return Reply("\n".join([head, *lines]))

    async def set_notify(self, user_id: str, on: bool) -> Reply:
        await self.store.set_user(user_id, notify_dm=on, clear_failure=on)
        if on:
            return Reply("You will get a direct message when it is your turn (if direct messages from this server "
                         "are closed, I mention you in the game's channel instead, and say so here).")
        return Reply("No more direct messages: you are mentioned in the game's channel when it is your turn.")
