"""Pace rules (bot.game.pace) and the service's clock (reminders, deadlines, vacations, substitutes,
where each player is awaited), driven by an injected clock: hours pass in microseconds."""

from __future__ import annotations

import pytest
from service_helpers import start_game

from bot.game import pace, replies
from bot.game.pace import DAY, HOUR, MINUTE, Clock, Pace, due, format_duration, parse_duration
from bot.game.scheduler import Scheduler
from bot.game.service import GameService
from bot.store.connect import open_store


@pytest.mark.parametrize(("text", "seconds"), [
    ("30s", 30), ("10m", 600), ("12h", 12 * HOUR), ("2d", 2 * DAY), ("1d12h", 36 * HOUR), (" 2 D ", 2 * DAY),
    ("30d", 30 * DAY),
])
def test_durations_parse(text, seconds):
    assert parse_duration(text) == seconds


@pytest.mark.parametrize(("text", "problem"), [
    ("abc", "not a duration"), ("12", "not a duration"), ("", "not a duration"), ("-5m", "not a duration"),
    ("0s", "longer than zero"), ("31d", "at most 30 days"), ("9999999d", "at most 30 days"), ("off", "not a duration"),
])
def test_bad_durations_say_what_is_allowed(text, problem):
    with pytest.raises(pace.DurationError, match=problem):
        parse_duration(text)


def test_off_only_where_allowed_and_durations_read_well():
    assert parse_duration("off", allow_off=True) is None
    assert format_duration(DAY + 4 * HOUR + 5) == "1 day 4 hours"
    assert format_duration(25 * MINUTE) == "25 minutes" and format_duration(1) == "1 second"


def test_one_reminder_per_interval_even_after_a_long_sleep():
    rules = Pace(reminder=HOUR, deadline=None)
    assert due(rules, Clock(0), 59 * MINUTE) == pace.Due(False, False, HOUR)
    first = due(rules, Clock(0), HOUR)
    assert first.reminder and first.next_at == 2 * HOUR
    late = due(rules, Clock(0, reminded=0), 10 * HOUR)  # the bot was down for hours
    assert late.reminder and late.next_at == 11 * HOUR  # one now, the next an interval later


def test_the_deadline_fires_once_and_a_vacation_moves_it():
    rules = Pace(reminder=None, deadline=2 * HOUR)
    assert not due(rules, Clock(0), HOUR).deadline
    assert due(rules, Clock(0), 2 * HOUR).deadline
    assert due(rules, Clock(0, deadline_done=True), 3 * HOUR) == pace.Due(False, False, None)
    away = Clock(0, away_until=5 * HOUR)
    assert due(rules, away, 4 * HOUR) == pace.Due(False, False, 5 * HOUR)  # nothing while away
    assert not due(rules, away, 6 * HOUR).deadline  # the clock runs again from their return
    assert due(rules, away, 7 * HOUR).deadline


@pytest.fixture
async def paced(store, now):
    service = GameService(store, clock=now)
    return service


async def tick(service: GameService, now) -> list:
    """One scheduler pass; returns the reminders and notices it queued (then marks them sent)."""
    scheduler = Scheduler(service, _noop, clock=now)
    await scheduler.tick()
    items = await service.store.unsent()
    for item in items:
        await service.store.mark_sent(item.id, now())
    return items


async def _noop() -> int:
    return 0


async def test_reminders_go_out_on_time_mention_only_the_player_and_stop_once_they_act(paced, now):
    users = await start_game(paced, players=2)
    await paced.clockwork.set_pace("chan", users[0], reminder="10m", deadline="1h")
    status = await paced.reads.status("chan")
    asked = status.to_act
    now.t += 9 * MINUTE
    assert await tick(paced, now) == []
    now.t += MINUTE
    (reminder,) = await tick(paced, now)
    assert reminder.kind == "reminder" and reminder.mention == [asked]
    assert "50 minutes before the AI plays for you" in reminder.text or "50 minutes before the host" in reminder.text
    now.t += 5 * MINUTE
    assert await tick(paced, now) == []  # at most one per interval
    await paced.play.act("chan", asked, status.choices[0].id, status.version)
    now.t += 9 * MINUTE
    assert await tick(paced, now) == []  # they acted: the clock starts again for whoever is asked now
    now.t += MINUTE
    (again,) = await tick(paced, now)
    assert again.mention == [(await paced.reads.status("chan")).to_act]


async def test_a_deadline_with_wait_tells_the_host_once_and_changes_nothing(paced, now, store):
    users = await start_game(paced, players=2)
    await paced.clockwork.set_pace("chan", users[0], reminder="off", deadline="2h", at_deadline="wait")
    game = await store.live_game("chan")
    now.t += 2 * HOUR
    (notice,) = await tick(paced, now)
    assert notice.kind == "deadline" and notice.mention == [users[0]] and "waits" in notice.text
    now.t += 5 * HOUR
    assert await tick(paced, now) == []
    assert (await store.live_game("chan")).version == game.version


async def test_the_ai_deadline_needs_computer_players(paced):
    users = await start_game(paced, players=2)
    if paced.computer.ai.available:
        pytest.skip("computer players are available here")
    with pytest.raises(replies.BadRequest, match="only wait"):
        await paced.clockwork.set_pace("chan", users[0], at_deadline="ai")


async def test_bad_pace_settings_are_refused_and_change_nothing(paced, store):
    users = await start_game(paced, players=2)
    before = (await store.live_game("chan")).settings
    for kwargs, problem in (({"reminder": "abc"}, "not a duration"), ({"deadline": "0s"}, "longer than zero"),
                            ({"deadline": "45d"}, "at most 30 days"), ({"at_deadline": "panic"}, "ai or wait"),
                            ({"away_cap": "forever"}, "not a duration")):
        with pytest.raises(replies.BadRequest, match=problem):
            await paced.clockwork.set_pace("chan", users[0], **kwargs)
    with pytest.raises(replies.NotAllowed, match="host"):
        await paced.clockwork.set_pace("chan", users[1], reminder="1h")
    assert (await store.live_game("chan")).settings == before
    assert "no deadline" in (await paced.reads.status("chan")).text


async def test_a_vacation_suspends_reminders_and_the_deadline(paced, now, store):
    users = await start_game(paced, players=2)
    await paced.clockwork.set_pace("chan", users[0], reminder="1h", deadline="3h", at_deadline="wait")
    asked = (await paced.reads.status("chan")).to_act
    reply = await paced.clockwork.away("chan", asked, "1d")
    assert "is away until <t:" in reply.text
    assert "away for 1 day" in (await paced.reads.status("chan")).text
    now.t += 20 * HOUR
    assert await tick(paced, now) == []  # nothing while away
    now.t += 4 * HOUR + MINUTE
    assert await tick(paced, now) == []  # back after a day: the clock starts then
    now.t += HOUR
    assert [r.kind for r in await tick(paced, now)] == ["reminder"]
    now.t += 2 * HOUR
    assert [r.kind for r in await tick(paced, now)] == ["reminder", "deadline"]
    with pytest.raises(replies.BadRequest, match="7 days away in all; you have 6 days left"):
        await paced.clockwork.away("chan", asked, "7d")
    with pytest.raises(replies.NotSeated):
        await paced.clockwork.away("chan", "stranger", "1d")
    with pytest.raises(replies.BadRequest, match="not away"):
        await paced.clockwork.back("chan", asked)
    await paced.clockwork.away("chan", asked, "2d")
    await paced.clockwork.back("chan", asked)  # back early: the unused days are given back
    seat = (await store.live_game("chan")).seat_of(asked)
    assert seat.away_until is None and seat.away_used == pytest.approx(DAY)


async def test_a_substitute_takes_over_a_seat_with_its_animal_score_and_history(paced, store):
    users = await start_game(paced, players=2)
    game = await store.live_game("chan")
    with pytest.raises(replies.NotAllowed, match="host"):
        await paced.clockwork.replace_seat("chan", users[1], 2, "u9", "Zed")
    with pytest.raises(replies.BadRequest, match="bot account"):
        await paced.clockwork.replace_seat("chan", users[0], 2, "u9", "Botty", is_bot=True)
    with pytest.raises(replies.BadRequest, match="already has a seat"):
        await paced.clockwork.replace_seat("chan", users[0], 2, users[0], "Ann")
    with pytest.raises(replies.BadRequest, match="seats 1 to 2"):
        await paced.clockwork.replace_seat("chan", users[0], 3, "u9", "Zed")
    reply = await paced.clockwork.replace_seat("chan", users[0], 2, "u9", "Zed")
    assert "Zed takes over seat 2" in reply.text
    after = await store.live_game("chan")
    seat = after.seat_of("u9")
    assert seat is not None and seat.seat == 1 and seat.animal == game.seats[1].animal
    assert after.seat_of(users[1]) is None
    assert after.state["seats"][1]["name"] == "Zed" and after.setup["names"][1] == "Zed"
    assert after.state["animals"] == game.state["animals"]


async def test_leaving_a_running_game_hands_the_seat_to_the_bot(paced, store):
    users = await start_game(paced, players=3)
    reply = await paced.lobby.leave("chan", users[1])
    assert "leaves game" in reply.text and "/ds replace" in reply.text
    assert (await store.live_game("chan")).seat_of(users[1]).ai_hold
    await paced.clockwork.replace_seat("chan", users[0], 2, "u7", "Sub")
    assert not (await store.live_game("chan")).seat_of("u7").ai_hold


async def test_my_games_across_servers_marks_where_i_am_awaited(paced, store):
    await paced.lobby.create_lobby("c1", "me", "Me", 2, guild_id="g1")
    await paced.lobby.join("c1", "you", "You")
    await paced.lobby.start("c1", "me")
    await paced.lobby.create_lobby("c2", "other", "Other", 3, guild_id="g2")
    await paced.lobby.join("c2", "me", "Me")
    reply = await paced.clockwork.my_games("me")
    assert "You play in 2 games" in reply.text
    assert "https://discord.com/channels/g1/c1" in reply.text and "https://discord.com/channels/g2/c2" in reply.text
    to_act = (await paced.reads.status("c1")).to_act
    assert ("**your turn**" in reply.text) == (to_act == "me")
    assert "lobby, 2/3 seated" in reply.text
    assert "no seat" in (await paced.clockwork.my_games("nobody")).text


async def test_reminders_survive_a_restart_and_are_never_sent_twice(tmp_path, now):
    path = str(tmp_path / "games.sqlite3")
    store = await open_store(path)
    service = GameService(store, clock=now)
    users = await start_game(service, players=2)
    await service.clockwork.set_pace("chan", users[0], reminder="1h")
    now.t += HOUR
    await Scheduler(service, _noop, clock=now).tick()  # decided and queued; the bot stops before sending
    await store.close()
    store = await open_store(path)
    service = GameService(store, clock=now)
    sent = []

    async def deliver() -> int:
        for item in await store.unsent():
            sent.append(item.kind)
            await store.mark_sent(item.id, now())
        return len(sent)

    scheduler = Scheduler(service, deliver, clock=now)
    await scheduler.tick()
    await scheduler.tick()
    now.t += 30 * MINUTE
    await scheduler.tick()
    assert sent == ["reminder"]  # queued before the restart, sent once after it
    now.t += 30 * MINUTE
    await scheduler.tick()
    assert sent == ["reminder", "reminder"]
    await store.close()
