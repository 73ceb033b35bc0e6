"""Followers on a busy server, through the fake Discord and the real bot process: a hundred
followers whose direct messages are closed are all mentioned, in posts Discord takes; the player
whose move ends a turn is answered before the followers' direct messages go out; and a direct
message Discord fails once is sent again, never taken for closed direct messages."""

from __future__ import annotations

import re
import sqlite3

from bot_process import eventually, slash, text_of
from fake_discord import FakeUser
from test_table_e2e import play_until

ANN, BOB = FakeUser(9801, "ann"), FakeUser(9802, "bob")
MENTION = re.compile(r"<@(\d+)>")


def followers(n: int) -> list[FakeUser]:
    """Members with ids as long as Discord's (18 digits: a mention is 22 characters with its space)."""
    return [FakeUser(10**17 + i, f"follower{i}") for i in range(n)]


async def follow(fake, users: list[FakeUser]) -> None:
    for user in users:
        assert "You follow game #1" in text_of(await slash(fake, "follow", user))


def dm_failed(db, user: FakeUser) -> float | None:
    conn = sqlite3.connect(db)
    try:
        row = conn.execute("SELECT dm_failed_at FROM users WHERE user_id = ?", (str(user.id),)).fetchone()
        return None if row is None else row[0]
    finally:
        conn.close()


def mentions_of(fake, turn: int) -> list[dict]:
    """The channel posts that mention followers for ``turn``."""
    return [m for m in fake.channel_messages()
            if f"turn {turn} is done" in (m.get("content") or "") and MENTION.search(m["content"])]


async def start_against_the_computer(fake) -> None:
    await slash(fake, "new", ANN, {"players": 2})
    await slash(fake, "addbot", ANN, {"level": "random"})
    await slash(fake, "start", ANN)
    await fake.wait_channel_messages(1)


async def test_a_hundred_followers_with_closed_direct_messages_are_all_mentioned(fake, bot):
    crowd = followers(100)
    fake.dm_closed.update(u.id for u in crowd)
    await start_against_the_computer(fake)
    await follow(fake, crowd)
    for turn in (1, 2):  # the first time their direct messages are found closed; then they are known to be
        await play_until(fake, bot.database, 1, ANN, turn + 1)
        await eventually(lambda t=turn: sum(len(MENTION.findall(m["content"])) for m in mentions_of(fake, t)) >= 100,
                         timeout=40)
        posts = mentions_of(fake, turn)
        pinged = [int(u) for m in posts for u in MENTION.findall(m["content"])]
        assert sorted(pinged) == sorted(u.id for u in crowd)  # each once
        assert len(posts) >= 2 and all(len(m["content"]) <= 2000 for m in posts)
        for m in posts:  # each post pings the followers it names, and nobody else
            assert sorted(int(u) for u in m["allowed_mentions"]["users"]) == sorted(
                int(u) for u in MENTION.findall(m["content"]))
        assert posts[0]["content"].count(f"Game #1: turn {turn} is done.") == 1 and "Now: " in posts[0]["content"]
    assert all(dm_failed(bot.database, u) is not None for u in crowd)
    assert fake.direct_messages == []


async def test_the_move_that_ends_a_turn_is_answered_before_the_followers_direct_messages(fake, bot):
    crowd = followers(50)
    await slash(fake, "new", ANN, {"players": 2})
    await slash(fake, "join", BOB)
    await slash(fake, "start", ANN)
    await fake.wait_channel_messages(1)
    await follow(fake, crowd)
    fake.dm_latency = 0.04  # Discord opening and sending each direct message
    resigned = await slash(fake, "resign", ANN)  # two players: the game (its last turn) ends
    assert "resign" in text_of(resigned).lower()
    answered = next(c.time for c in fake.calls if c.method == "POST" and c.path.startswith("/webhooks/")
                    and fake.interaction_token(list(fake.timestamps)[-1]) in c.path)
    await eventually(lambda: len(fake.direct_messages) == 50, timeout=40)
    dms = [c.time for c in fake.calls if c.method == "POST" and c.path.startswith("/channels/")
           and int(c.path.split("/")[2]) in fake._dm_channels.values()]
    assert len(dms) == 50
    assert len([t for t in dms if t < answered]) < 25  # the answer did not wait for them
    assert sorted(u for u, _ in fake.direct_messages) == sorted(u.id for u in crowd)  # each told once


async def test_a_followers_direct_message_discord_fails_once_is_sent_again_not_taken_for_closed(fake, bot):
    (cy,) = followers(1)
    await start_against_the_computer(fake)
    await follow(fake, [cy])
    fake.fail_dm(cy, 503)  # Discord fails the first direct message once
    await play_until(fake, bot.database, 1, ANN, 2)
    await eventually(lambda: [u for u, _ in fake.direct_messages if u == cy.id], timeout=20)
    fake.fail_dm(cy, 403, code=50001)  # a refusal that does not say the direct messages are closed
    await play_until(fake, bot.database, 1, ANN, 3)
    await eventually(lambda: mentions_of(fake, 2), timeout=20)  # mentioned in the channel this time
    await play_until(fake, bot.database, 1, ANN, 4)
    await eventually(lambda: len([u for u, _ in fake.direct_messages if u == cy.id]) == 2, timeout=20)
    news = [text for u, text in fake.direct_messages if u == cy.id]
    assert news[0].startswith("**Game #1: turn 1 is done.**") and news[1].startswith("**Game #1: turn 3 is done.**")
    assert mentions_of(fake, 1) == [] and mentions_of(fake, 3) == []
    assert dm_failed(bot.database, cy) is None
