"""Around the table, through the fake Discord and the real bot process: a game's end with its
ratings and a Rematch button (a stranger's click and a second click refused privately, the
rematch in a new thread with the former players pinged once and the computer seat back), the
leaderboard in /ds stats, a hint within 2 s in a game that allows them, and a follower's direct
message each turn with the turn picture and its alt text (a mention in the channel once their
direct messages are closed)."""

from __future__ import annotations

import asyncio
import sqlite3
import time

from bot_process import alt_texts, eventually, is_ephemeral, my_options, prompt_components, slash, text_of
from fake_discord import FakeUser

from bot.store.models import decode_state

ANN, BOB, CY = FakeUser(9701, "ann"), FakeUser(9702, "bob"), FakeUser(9703, "cy")
CREATE_PUBLIC_THREADS = 1 << 35




def query(db, sql: str, *args) -> list[tuple]:
    conn = sqlite3.connect(db)
    try:
        return list(conn.execute(sql, args))
    finally:
        conn.close()


def turn_of(db, game: int) -> tuple[int, str]:
    (blob, status), = query(db, "SELECT state, status FROM games WHERE id = ?", game)
    return decode_state(blob)["turn"], status


async def play_until(fake, db, game: int, user: FakeUser, turn: int, channel_id: int | None = None) -> None:
    """``user`` plays (the computer player plays its seat) until the game reaches ``turn``."""
    for _ in range(600):
        if turn_of(db, game)[0] >= turn:
            return
        options = await my_options(fake, user, channel_id)
        if not options:
            await asyncio.sleep(0.05)
            continue
        await slash(fake, "play", user, {"option": options[0]["value"]}, channel_id=channel_id)
    raise AssertionError(f"game {game} never reached turn {turn}")


async def test_the_end_ratings_a_rematch_the_leaderboard_and_a_hint(fake, bot):
    fake.app_permissions |= CREATE_PUBLIC_THREADS
    await slash(fake, "new", ANN, {"players": 3})
    await eventually(lambda: fake.threads_created)
    (thread,) = fake.threads_created
    await fake.wait_channel_messages(1, thread, timeout=30)  # the lobby is stored after its thread is made
    await slash(fake, "join", BOB, channel_id=thread)
    await slash(fake, "addbot", ANN, {"level": "random"}, channel_id=thread)
    await slash(fake, "start", ANN, channel_id=thread)
    await fake.wait_channel_messages(2, thread)
    refused = await slash(fake, "hint", ANN, channel_id=thread)
    assert is_ephemeral(refused) and "does not allow hints" in text_of(refused)
    await slash(fake, "resign", ANN, channel_id=thread)
    await slash(fake, "resign", BOB, channel_id=thread)  # the computer player is left: it wins

    def end_post() -> dict | None:
        return next((m for m in fake.channel_messages(thread) if "VP by source" in (m.get("content") or "")), None)

    await eventually(lambda: end_post() is not None)
    end = end_post()
    assert "**Ratings** (μ − 3σ): ann 0.0 → " in end["content"] and "AI (random) 0.0 → " in end["content"]
    assert alt_texts(end) and all(alt and len(alt) <= 1024 for alt in alt_texts(end).values())
    (rematch,) = [c["custom_id"] for c in prompt_components(end) if c["custom_id"].startswith("ds:rematch:")]
    before = query(bot.database, "SELECT count(*) FROM games")

    iid = fake.click(rematch, user=CY, message_id=end["_message_id"])  # not a player
    await fake.response(iid)
    (said,) = await fake.wait_followups(iid, 1)
    assert said["flags"] & 64 and "Only the players of game #1" in said["content"]
    assert query(bot.database, "SELECT count(*) FROM games") == before and len(fake.threads_created) == 1

    home = len(fake.channel_messages())
    fake.fail("POST", r"/channels/\d+/messages/\d+/threads", 403, times=1)  # Discord refuses its thread once
    iid = fake.click(rematch, user=BOB, message_id=end["_message_id"])
    await fake.response(iid)
    (said,) = await fake.wait_followups(iid, 1)
    assert said["flags"] & 64 and "thread" in said["content"], said
    assert query(bot.database, "SELECT count(*) FROM games") == before and len(fake.threads_created) == 1
    (card,) = fake.channel_messages()[home:]  # the rematch's lobby card, posted before its thread was refused
    await eventually(lambda: card["_message_id"] not in fake._messages)  # and taken back

    iid = fake.click(rematch, user=BOB, message_id=end["_message_id"])  # the next click opens it
    await fake.response(iid)
    (said,) = await fake.wait_followups(iid, 1)
    await eventually(lambda: len(fake.threads_created) == 2)
    second = fake.threads_created[1]
    assert said["flags"] & 64 and f"The rematch is open: game #2, <#{second}>" in said["content"]
    invite = next(m for m in fake.channel_messages(second) if "Rematch of game #1" in (m.get("content") or ""))
    assert [int(u) for u in invite["allowed_mentions"]["users"]] == [ANN.id] and f"<@{ANN.id}>" in invite["content"]
    assert query(bot.database, "SELECT user_name, ai_level, is_host FROM seats WHERE game_id = 2 ORDER BY seat") == [
        ("bob", None, 1), ("AI (random)", "random", 0)]
    iid = fake.click(rematch, user=ANN, message_id=end["_message_id"])  # twice: refused
    await fake.response(iid)
    (said,) = await fake.wait_followups(iid, 1)
    assert said["flags"] & 64 and "rematch is open already: game #2" in said["content"]
    assert len(fake.threads_created) == 2
    (join,) = [c["custom_id"] for c in prompt_components(invite) if c["custom_id"].startswith("ds:join:")]
    await fake.response(fake.click(join, user=ANN, message_id=invite["_message_id"]))
    await eventually(lambda: len(query(bot.database, "SELECT * FROM seats WHERE game_id = 2")) == 3)

    board = await slash(fake, "stats", ANN, channel_id=second)  # the leaderboard, privately
    text = text_of(board)
    print("\n--- /ds stats (a leaderboard answer) ---\n" + text)
    assert is_ephemeral(board) and text.startswith("**Ratings on this server** (μ − 3σ · games · wins):")
    assert "1. AI (random): " in text and "You: place " in text and "1 game finished" in text
    history = await slash(fake, "stats", ANN, {"player": BOB})
    assert is_ephemeral(history) and "**bob** on this server" in text_of(history) and "#1 (<t:" in text_of(history)
    nobody = await slash(fake, "stats", ANN, {"player": CY})
    assert is_ephemeral(nobody) and "cy has no rated game on this server" in text_of(nobody)

    # the rematch allows hints (set in its lobby): the player to act gets one within 2 s
    await slash(fake, "settings", BOB, {"hints": True}, channel_id=second)
    await slash(fake, "start", BOB, channel_id=second)
    await eventually(lambda: turn_of(bot.database, 2)[1] == "active")
    asked = None
    for _ in range(200):  # the computer player may act first: wait for a person's turn
        for user in (ANN, BOB):
            if await my_options(fake, user, second):
                asked = user
        if asked is not None:
            break
        await asyncio.sleep(0.05)
    assert asked is not None
    started = time.monotonic()
    hint = await slash(fake, "hint", asked, channel_id=second)
    assert time.monotonic() - started < 2.0
    assert is_ephemeral(hint) and text_of(hint).startswith("**Hint** for: ") and "\n1. " in text_of(hint)
    other = BOB if asked is ANN else ANN
    assert "not your turn" in text_of(await slash(fake, "hint", other, channel_id=second))


async def test_a_follower_gets_each_turn_by_direct_message_then_a_mention(fake, bot):
    await slash(fake, "new", ANN, {"players": 2})
    await slash(fake, "addbot", ANN, {"level": "random"})
    await slash(fake, "start", ANN)
    await fake.wait_channel_messages(1)
    seated = await slash(fake, "follow", ANN)
    assert is_ephemeral(seated) and "You play in game #1" in text_of(seated)
    follows = await slash(fake, "follow", CY)
    assert is_ephemeral(follows) and "You follow game #1" in text_of(follows)
    assert "You follow:" in text_of(await slash(fake, "mygames", CY))
    await play_until(fake, bot.database, 1, ANN, 2)
    await eventually(lambda: any(u == CY.id for u, _ in fake.direct_messages))
    (news,) = [text for u, text in fake.direct_messages if u == CY.id]
    assert news.startswith("**Game #1: turn 1 is done.**") and "Now: " in news
    dm = fake.channel_messages(fake._dm_channels[CY.id])[-1]
    alt = alt_texts(dm)["board.png"]
    assert alt.startswith("Turn picture. Turn 2") and len(alt) <= 1024

    fake.dm_closed.add(CY.id)  # closed: the next turn is a mention in the game's channel
    await play_until(fake, bot.database, 1, ANN, 3)

    def mentioned() -> list[dict]:
        return [m for m in fake.channel_messages() if "turn 2 is done" in (m.get("content") or "")]

    await eventually(lambda: mentioned())
    (post,) = mentioned()
    assert f"<@{CY.id}>" in post["content"] and [int(u) for u in post["allowed_mentions"]["users"]] == [CY.id]
    assert len([u for u, _ in fake.direct_messages if u == CY.id]) == 1
    stop = await slash(fake, "follow", CY, {"state": "off"})
    assert is_ephemeral(stop) and "no longer follow" in text_of(stop)
