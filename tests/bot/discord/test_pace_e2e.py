"""Pace through the fake Discord, with the real bot process and the real clock (durations in
seconds): reminders on time and never twice (a restart in between), a deadline that waits,
a vacation, a substitute, /ds mygames across two servers, and direct messages with their
fallback to the channel."""

from __future__ import annotations

import asyncio
import sqlite3
import time

import pytest
from bot_process import is_ephemeral, my_options, slash, text_of
from fake_discord import FakeDiscord, FakeUser

ANN, BOB, CY = FakeUser(9401, "ann"), FakeUser(9402, "bob"), FakeUser(9403, "cy")


@pytest.fixture
async def fake():
    async with FakeDiscord() as f:
        f.second_guild = f.add_guild("Second Guild")
        yield f


async def start_two(fake, channel_id: int | None = None, players=(ANN, BOB)) -> None:
    await slash(fake, "new", players[0], {"players": 2}, channel_id=channel_id)
    await slash(fake, "join", players[1], channel_id=channel_id)
    await slash(fake, "start", players[0], channel_id=channel_id)
    await fake.wait_channel_messages(1, channel_id)


async def actor(fake, channel_id: int | None = None, players=(ANN, BOB)) -> FakeUser:
    for user in players:
        if await my_options(fake, user, channel_id):
            return user
    raise AssertionError("nobody is asked")


def posts_with(fake, word: str, channel_id: int | None = None) -> list[dict]:
    return [m for m in fake.channel_messages(channel_id) if word in (m.get("content") or "")]


async def wait_for_posts(fake, word: str, count: int, timeout: float, channel_id: int | None = None) -> list[dict]:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        found = posts_with(fake, word, channel_id)
        if len(found) >= count:
            return found
        await asyncio.sleep(0.05)
    return posts_with(fake, word, channel_id)


async def test_a_reminder_on_time_only_for_the_player_to_act_and_none_repeated_by_a_restart(fake, bot):
    await start_two(fake)
    reply = await slash(fake, "settings", ANN, {"reminder": "3s"})
    assert "a reminder every 3 seconds" in text_of(reply)
    asked = await actor(fake)
    set_at = time.monotonic()
    (first,) = await wait_for_posts(fake, "Reminder:", 1, 10)
    assert 2.5 <= time.monotonic() - set_at <= 5  # on time (the scheduler looks every half second)
    assert [int(u) for u in first["allowed_mentions"]["users"]] == [asked.id] and f"<@{asked.id}>" in first["content"]
    assert await bot.stop() == 0  # a restart between two reminders
    await bot.start()
    await asyncio.sleep(1.0)
    assert len(posts_with(fake, "Reminder:")) == 1  # not repeated at start-up
    second = await wait_for_posts(fake, "Reminder:", 2, 8)
    assert len(second) == 2
    await slash(fake, "play", asked, {"option": (await my_options(fake, asked))[0]["value"]})
    count = len(posts_with(fake, "Reminder:"))
    await asyncio.sleep(2.0)  # the player acted: the next reminder is for whoever is asked now, later
    assert len(posts_with(fake, "Reminder:")) == count


async def test_a_deadline_that_waits_tells_the_host_once_and_a_vacation_suspends_it(fake, bot):
    await start_two(fake)
    bad = await slash(fake, "settings", ANN, {"deadline": "forever"})
    assert is_ephemeral(bad) and "not a duration" in text_of(bad)
    refused = await slash(fake, "settings", BOB, {"deadline": "2s"})
    assert is_ephemeral(refused) and "host" in text_of(refused)
    asked = await actor(fake)
    away = await slash(fake, "away", asked, {"for": "1h"})
    assert "is away until" in text_of(away)
    await slash(fake, "settings", ANN, {"reminder": "off", "deadline": "2s", "at_deadline": "wait"})
    await asyncio.sleep(3.0)
    assert posts_with(fake, "deadline passed") == []  # away: the deadline waits
    back = await slash(fake, "away", asked, {"for": "off"})
    assert "is back" in text_of(back)
    notices = await wait_for_posts(fake, "deadline passed", 1, 6)
    assert len(notices) == 1 and f"<@{ANN.id}>" in notices[0]["content"] and "waits" in notices[0]["content"]
    await asyncio.sleep(1.5)
    assert len(posts_with(fake, "deadline passed")) == 1  # once


async def test_a_substitute_takes_over_a_seat(fake, bot):
    await start_two(fake)
    refused = await slash(fake, "replace", BOB, {"seat": 1, "user": CY})
    assert is_ephemeral(refused) and "host" in text_of(refused)
    taken = await slash(fake, "replace", ANN, {"seat": 2, "user": ANN})
    assert "already has a seat" in text_of(taken)
    reply = await slash(fake, "replace", ANN, {"seat": 2, "user": CY})
    assert "cy takes over seat 2" in text_of(reply)
    assert CY.id in [int(u) for u in reply["data"]["allowed_mentions"]["users"]]
    status = await slash(fake, "status", CY)
    assert "Game #1" in text_of(status)
    assert "no seat" in text_of(await slash(fake, "away", BOB, {"for": "1d"}))
    user = await actor(fake, players=(ANN, CY))
    await slash(fake, "play", user, {"option": (await my_options(fake, user))[0]["value"]})


async def test_mygames_lists_games_of_two_servers_with_links(fake, bot):
    guild2, channel2 = fake.second_guild
    await start_two(fake)
    await start_two(fake, channel2, players=(BOB, ANN))
    reply = await slash(fake, "mygames", ANN)
    text = text_of(reply)
    assert is_ephemeral(reply) and "You play in 2 games" in text
    assert f"https://discord.com/channels/{fake.guild_id}/{fake.channel_id}" in text
    assert f"https://discord.com/channels/{guild2}/{channel2}" in text
    mine = 0
    for channel in (fake.channel_id, channel2):
        mine += (await actor(fake, channel, (ANN, BOB))) is ANN
    assert text.count("**your turn**") == mine


async def test_direct_messages_on_your_turn_and_the_fallback_when_they_are_closed(fake, bot):
    await start_two(fake)
    on = await slash(fake, "mygames", BOB, {"direct": "on"})
    assert is_ephemeral(on) and "direct message" in text_of(on)

    async def pass_turn_to_bob() -> dict:
        for _ in range(20):
            user = await actor(fake)
            if user is BOB:
                await slash(fake, "play", BOB, {"option": (await my_options(fake, BOB))[0]["value"]})
                continue
            before = len(fake.channel_messages())
            await slash(fake, "play", ANN, {"option": (await my_options(fake, ANN))[0]["value"]})
            if await actor(fake) is BOB:
                return fake.channel_messages()[before] if len(fake.channel_messages()) > before else {}
        raise AssertionError("the turn never passed to Bob")

    post = await pass_turn_to_bob()
    assert fake.direct_messages and fake.direct_messages[-1][0] == BOB.id
    assert "Your turn in game #1" in fake.direct_messages[-1][1]
    pinged = [int(u) for u in (post.get("allowed_mentions") or {}).get("users", [])]
    assert BOB.id not in pinged  # told once, by direct message
    fake.dm_closed.add(BOB.id)
    dms = len(fake.direct_messages)
    post = await pass_turn_to_bob()
    assert len(fake.direct_messages) == dms
    assert BOB.id in [int(u) for u in post["allowed_mentions"]["users"]]  # the fallback: mentioned in the channel


async def test_a_turns_direct_message_discord_fails_is_sent_again_and_only_closed_ones_are_remembered(fake, bot):
    await start_two(fake)
    asked = await actor(fake)
    await slash(fake, "mygames", asked, {"direct": "on"})

    def reminded() -> list[str]:
        return [text for user, text in fake.direct_messages if user == asked.id and text.startswith("Reminder:")]

    fake.fail_dm(asked, 503)  # Discord fails the first reminder's direct message once
    await slash(fake, "settings", ANN, {"reminder": "2s"})
    for _ in range(200):
        if reminded():
            break
        await asyncio.sleep(0.05)
    assert reminded() and posts_with(fake, "Reminder:") == []  # sent again by direct message, not a mention
    fake.fail_dm(asked, 403, code=50001)  # refused, but not because their direct messages are closed
    channel = await wait_for_posts(fake, "Reminder:", 1, 10)  # that one is a mention in the channel
    assert [int(u) for u in channel[0]["allowed_mentions"]["users"]] == [asked.id]
    count = len(reminded())
    for _ in range(200):  # and the next is a direct message again: nothing was taken for closed
        if len(reminded()) > count:
            break
        await asyncio.sleep(0.05)
    assert len(reminded()) > count
    await slash(fake, "settings", ANN, {"reminder": "off"})
    conn = sqlite3.connect(bot.database)
    assert conn.execute("SELECT dm_failed_at FROM users WHERE user_id = ?", (str(asked.id),)).fetchone() == (None,)
    conn.close()


async def test_a_deadline_hands_the_decision_to_the_ai_and_the_player_plays_again_next_turn(fake, bot):
    await start_two(fake)
    late = await actor(fake)
    await slash(fake, "settings", ANN, {"reminder": "off", "deadline": "2s", "at_deadline": "ai"})
    notices = await wait_for_posts(fake, "deadline passed", 1, 8)
    assert "the AI plays" in notices[0]["content"] and f"<@{late.id}>" not in notices[0]["content"]
    other = BOB if late == ANN else ANN
    for _ in range(100):  # the AI made late's decision: the other player is asked now
        if await my_options(fake, other):
            break
        await asyncio.sleep(0.1)
    else:
        raise AssertionError("the AI never played the late player's decision")
    await slash(fake, "settings", ANN, {"deadline": "off"})  # the other player's clock must not run out too
    conn = sqlite3.connect(bot.database)
    made = [by for (by,) in conn.execute("SELECT made_by FROM moves ORDER BY version")]
    conn.close()
    assert made and set(made) == {"clock"}  # marked as taken by the clock, through the same move log
    await asyncio.sleep(1.0)
    assert len(posts_with(fake, f"deadline passed for {late.name}")) == 1  # once
