"""A finished game's review through the fake Discord and the real ``python -m bot`` (issue 42):
a review of the running game is refused clearly; the game ends by a resignation; its review is
posted in the channel and filled in as it is worked out; the bot is killed in the middle and the
restarted bot carries on where it stopped; the finished post has the race picture with its alt
text and the turning points with a button each to their position; the end post's Review button
and ``/ds history review:`` give each player their own part privately; bad asks are refused.

The review budget is the smallest (ranking only), so the review is a few seconds of CPU."""

from __future__ import annotations

import asyncio
import json
import random
import re
import sqlite3
from pathlib import Path

from bot_process import BotProcess, eventually, prompt_components, slash, text_of
from fake_discord import FakeDiscord, FakeUser
from service_helpers import play_random

from bot.game.service import GameService
from bot.store.connect import open_store

ANN, BOB = FakeUser(9901, "ann"), FakeUser(9902, "bob")
SMALL = {"DS_REVIEW_GAME_UNITS": "200", "DS_REVIEW_DECISION_UNITS": "1"}


def review_row(db: Path) -> tuple | None:
    conn = sqlite3.connect(db, timeout=10)
    try:
        return conn.execute("SELECT done, total, result IS NOT NULL, message_id FROM reviews WHERE game_id = 1"
                            ).fetchone()
    finally:
        conn.close()


async def game_under_way(fake: FakeDiscord, db: Path, moves: int = 70) -> None:
    """Game 1 in the fake's channel between Ann and Bob, ``moves`` random moves in."""
    store = await open_store(str(db))
    try:
        service = GameService(store, renderer=None)
        channel = str(fake.channel_id)
        await service.lobby.create_lobby(channel, str(ANN.id), "ann", 2)
        await service.lobby.join(channel, str(BOB.id), "bob")
        await service.lobby.start(channel, str(ANN.id))
        async with store.transaction():
            await store.update_game(1, guild_id=str(fake.guild_id))
        assert await play_random(service, channel, random.Random(7), moves) == moves
    finally:
        await store.close()


def review_post(fake: FakeDiscord) -> dict | None:
    """The review post in the channel, as it is now."""
    for m in fake.channel_messages():
        now = fake.message_or_none(m["_message_id"])
        if now is not None and "**Game #1**" in (now.get("content") or ""):
            return now
    return None


def end_post(fake: FakeDiscord) -> dict | None:
    return next((m for m in fake.channel_messages()
                 if any(c.get("custom_id", "") == "ds:rv:1" for c in prompt_components(m))), None)


def private(response: dict) -> bool:
    body = response.get("followup") or response.get("data") or {}
    return bool((body.get("flags") or 0) & 64)


async def private_click(fake: FakeDiscord, custom_id: str, user: FakeUser, message_id: int) -> dict:
    iid = fake.click(custom_id, user=user, message_id=message_id)
    await fake.response(iid, timeout=45)
    (said,) = await fake.wait_followups(iid, 1, timeout=45)
    assert said["flags"] & 64, said
    return said


async def test_a_finished_games_review_is_posted_resumed_after_a_restart_and_told_to_each_player(fake, tmp_path):
    db = tmp_path / "games.sqlite3"
    await game_under_way(fake, db)
    bot = BotProcess(fake, db, env=SMALL)
    await bot.start()
    try:
        running = await slash(fake, "history", ANN, {"review": 1})
        assert "Game #1 is not over yet" in text_of(running) and private(running), running
        assert review_row(db) is None  # nothing stored
        missing = await slash(fake, "history", ANN, {"review": 99})
        assert "There is no game #99" in text_of(missing) and private(missing)

        await slash(fake, "resign", ANN)
        await eventually(lambda: end_post(fake) is not None, timeout=90)
        # the review starts at once: its post shows the progress; the bot dies in the middle
        def half_told() -> bool:  # weighed in part, and its post out (a busy machine posts it later)
            row, post = review_row(db), review_post(fake)
            return (row is not None and row[0] > 0 and not row[2] and post is not None
                    and "decisions weighed" in post["content"])

        await eventually(half_told, timeout=120)
        await bot.kill()
        stopped_at = review_row(db)
        assert stopped_at is not None and 0 < stopped_at[0] < stopped_at[1] and not stopped_at[2]
        progress = review_post(fake)
        assert progress is not None and "decisions weighed" in progress["content"]
    finally:
        if bot.proc is not None and bot.proc.returncode is None:
            await bot.stop()

    said_before = len(bot.output)
    await bot.start()
    try:
        await eventually(lambda: (p := review_post(fake)) is not None and p.get("attachments"), timeout=180)
        done, total, finished, message_id = review_row(db)
        assert finished and done == total
        said = bot.output[said_before:].decode(errors="replace")
        weighed = [int(n) for n in re.findall(r"review of game 1: (\d+) of", said)]
        assert weighed and weighed[0] > stopped_at[0]  # the restarted bot carried on, not from the start
        post = review_post(fake)
        assert post is not None and str(post["id"]) == message_id  # the same post, edited to the end
        assert "**Review**" in post["content"] and "VP lost per decision" in post["content"]
        (image,) = post["attachments"]
        assert image["filename"] == "review.png" and "VP after" in (image.get("description") or "")
        points = [c["custom_id"] for c in prompt_components(post) if c["custom_id"].startswith("ds:tp:1:")]
        assert 1 <= len(points) <= 5
        assert len(re.findall(r"^\d\. Turn \d+", post["content"], re.MULTILINE)) == len(points)

        # a turning point's position, privately, as /ds history draws it
        seen = await private_click(fake, points[0], BOB, int(post["id"]))
        assert f"move {points[0].split(':')[3]} of 70" in seen["content"] and seen.get("attachments") is not None

        # the end post's Review button: each player's own part, privately
        end = end_post(fake)
        assert end is not None
        ann = await private_click(fake, "ds:rv:1", ANN, end["_message_id"])
        assert "**Review of game #1**" in ann["content"] and "ann (" in ann["content"]
        assert "costliest" in ann["content"] or "no decision" in ann["content"].lower()
        bob = await slash(fake, "history", BOB, {"review": 1})
        assert "bob (" in text_of(bob) and "ann (" not in text_of(bob)
        assert bob["followup"]["flags"] & 64
        await asyncio.sleep(0)
        assert review_row(db)[:3] == (done, total, True)  # asked again: no second job

        # the record's export carries the review beside it
        exported = await slash(fake, "log", BOB, {"file": True})
        record, reviewed = exported["followup"]["files"]
        assert record.filename == "dominant-species-game-1.json"
        assert reviewed.filename == "dominant-species-review-1.json"
        assert json.loads(reviewed.data)["format"] == "dominant-species-review"
    finally:
        assert await bot.stop() == 0
