"""Housekeeping (bot.game.housekeeping) on both stores, with an injected clock: lobbies nobody
started close once, a game's thread is archived a day after its end post, a game nobody acts in
is pointed out to its host once per stretch of waiting, and two processes sweeping at once do
each thing once."""

from __future__ import annotations

import asyncio
import random
import time

import pytest
from service_helpers import play_random, start_game

from bot.game.housekeeping import ARCHIVE_AFTER, IDLE_AFTER, PACK_AFTER
from bot.game.pace import DAY, HOUR
from bot.game.service import GameService
from bot.store.connect import open_store


@pytest.fixture
def now(now):
    now.t = time.time()  # the store dates what it writes by the real clock: start from it
    return now


@pytest.fixture
async def keeper(store, now):
    return GameService(store, renderer=None, clock=now)


async def outbox(store, kind: str) -> list:
    return [i for i in await store.unsent(100) if i.kind == kind]


async def test_a_lobby_nobody_starts_closes_itself_once_and_says_so(keeper, store, now):
    await keeper.lobby.create_lobby("thread-a", "u1", "Ann", 4, home_channel_id="parent", lobby_message_id="m1")
    await keeper.lobby.create_lobby("thread-b", "u2", "Bob", 4, language="hu")
    now.t += 7 * DAY - HOUR
    assert (await keeper.housekeeping.sweep(now.t))["lobby_expired"] == 0
    fresh = await keeper.lobby.create_lobby("thread-c", "u3", "Cy", 4)
    async with store.transaction():
        await store.update_game(fresh.game_id, created_at=now.t)  # opened six days and more later
    now.t += 2 * HOUR
    assert (await keeper.housekeeping.sweep(now.t))["lobby_expired"] == 2
    closed = {i.channel_id: i for i in await outbox(store, "lobby_closed")}
    assert set(closed) == {"thread-a", "thread-b"}
    assert closed["thread-a"].text == "Nobody started game #1 within 7 days, so its lobby is closed. " \
                                      "/ds new opens a new one."
    assert "7 nap alatt" in closed["thread-b"].text  # in the game's language
    assert (await store.game(1)).status == "abandoned" and (await store.game(3)).status == "lobby"
    assert (await keeper.housekeeping.sweep(now.t + HOUR))["lobby_expired"] == 0  # once
    assert len(await outbox(store, "lobby_closed")) == 2
    keeper.housekeeping.lobby_days = 3  # a shorter wait applies to the lobbies already waiting
    assert (await keeper.housekeeping.sweep(now.t + 3 * DAY))["lobby_expired"] == 1


async def test_a_thread_is_archived_a_day_after_the_end_post_and_only_a_thread_the_bot_opened(keeper, store, now):
    await keeper.lobby.create_lobby("thread", "u1", "Ann", 2, home_channel_id="parent")
    await keeper.lobby.join("thread", "u2", "Bob")
    await keeper.lobby.start("thread", "u1")
    await keeper.lobby.create_lobby("plain", "u1", "Ann", 2)  # played in the channel itself: never archived
    await keeper.play.abandon("thread", "u1")
    await keeper.play.abandon("plain", "u1")
    assert (await keeper.housekeeping.sweep(now.t + ARCHIVE_AFTER - HOUR))["thread_archived"] == 0
    assert (await keeper.housekeeping.sweep(now.t + ARCHIVE_AFTER + HOUR))["thread_archived"] == 1
    (archive,) = await outbox(store, "archive")
    assert archive.channel_id == "thread" and archive.game_id == 1
    assert (await keeper.housekeeping.sweep(now.t + 2 * ARCHIVE_AFTER))["thread_archived"] == 0  # once


async def test_an_ended_game_is_never_due_for_the_scheduler_again(keeper, store, now):
    await start_game(keeper, "chan", players=2)
    assert await store.due_games(now.t + 2 * DAY) == [1]  # its reminder
    await keeper.play.abandon("chan", "user0")
    assert await store.due_games(now.t + 2 * DAY) == []  # not looked at every tick for ever


async def test_a_finished_game_waits_for_its_end_post(keeper, store, now):
    await keeper.lobby.create_lobby("thread", "u1", "Ann", 2, home_channel_id="parent")
    await keeper.lobby.join("thread", "u2", "Bob")
    await keeper.lobby.start("thread", "u1")
    await keeper.play.resign("thread", "u2")  # two players: the game is over
    assert (await store.game(1)).status == "finished"
    assert (await keeper.housekeeping.sweep(now.t + 3 * DAY))["thread_archived"] == 0  # its end is not posted yet
    now.t += 3 * DAY
    while (post := await keeper.postbox.channel_post("thread")) is not None:
        await keeper.postbox.record_post(post, "message")
    assert (await keeper.housekeeping.sweep(now.t + ARCHIVE_AFTER - HOUR))["thread_archived"] == 0
    assert (await keeper.housekeeping.sweep(now.t + ARCHIVE_AFTER + HOUR))["thread_archived"] == 1


async def test_a_game_nobody_acts_in_is_pointed_out_to_its_host_once_per_wait(keeper, store, now):
    users = await start_game(keeper, "chan", players=2)
    assert (await keeper.housekeeping.sweep(now.t + IDLE_AFTER - HOUR))["idle_pointed_out"] == 0
    assert (await keeper.housekeeping.sweep(now.t + IDLE_AFTER + HOUR))["idle_pointed_out"] == 1
    (told,) = await outbox(store, "idle")
    assert told.mention == [users[0]] and told.text.startswith("Ann: nobody has acted in game #1 for 30 days")
    assert (await keeper.housekeeping.sweep(now.t + IDLE_AFTER + 2 * DAY))["idle_pointed_out"] == 0  # once
    now.t += IDLE_AFTER + 3 * DAY
    status = await keeper.reads.status("chan")
    await keeper.play.act("chan", status.to_act, status.choices[0].id)  # someone acts: a new wait begins
    assert (await keeper.housekeeping.sweep(now.t + IDLE_AFTER - HOUR))["idle_pointed_out"] == 0
    assert (await keeper.housekeeping.sweep(now.t + IDLE_AFTER + HOUR))["idle_pointed_out"] == 1


async def test_a_game_with_a_deadline_is_never_pointed_out(keeper, store, now):
    await start_game(keeper, "chan", players=2)
    await keeper.clockwork.set_pace("chan", "user0", deadline="2d", at_deadline="wait")
    assert (await keeper.housekeeping.sweep(now.t + IDLE_AFTER + HOUR))["idle_pointed_out"] == 0
    assert await outbox(store, "idle") == []


async def test_two_processes_sweeping_at_once_close_a_lobby_once(database, now):
    first, second = await open_store(database), await open_store(database)
    try:
        a = GameService(first, renderer=None, clock=now)
        b = GameService(second, renderer=None, clock=now)
        for i in range(5):
            await a.lobby.create_lobby(f"lobby{i}", "u1", "Ann", 4)
        done = await asyncio.gather(a.housekeeping.sweep(now.t + 8 * DAY), b.housekeeping.sweep(now.t + 8 * DAY))
        assert done[0]["lobby_expired"] + done[1]["lobby_expired"] == 5
        assert len(await outbox(first, "lobby_closed")) == 5
    finally:
        await first.close()
        await second.close()


async def test_a_finished_game_s_moves_are_packed_a_day_after_its_end_and_read_the_same(keeper, store, now):
    await start_game(keeper, "chan", players=2)
    chooser = random.Random(3)
    await play_random(keeper, "chan", chooser, 40)
    await keeper.play.resign("chan", "user1")  # two players: the game is over
    while (post := await keeper.postbox.channel_post("chan")) is not None:
        await keeper.postbox.record_post(post, "message")
    game = await store.latest_game("chan")
    moves = await store.move_list(game.id)
    assert game.status == "finished" and len(moves) >= 40
    assert (await keeper.housekeeping.sweep(now.t + PACK_AFTER - HOUR))["moves_packed"] == 0
    assert (await keeper.housekeeping.sweep(now.t + PACK_AFTER + HOUR))["moves_packed"] == 1
    assert (await keeper.housekeeping.sweep(now.t + 2 * PACK_AFTER))["moves_packed"] == 0  # once
    async with store.conn.execute("SELECT count(*) FROM moves WHERE game_id = ?", (game.id,)) as cur:
        assert (await cur.fetchone())[0] == 0  # one packed row instead
    assert await store.move_list(game.id) == moves
    assert await store.moves_after(game.id, moves[9].version) == (10, moves[10:])
    assert (await store.move_counts([game.id]))[game.id] == (len(moves), moves[0].created_at, moves[-1].created_at)
    assert (await keeper.chronicle.log_page("chan")).count > 0  # its story still reads from its moves
