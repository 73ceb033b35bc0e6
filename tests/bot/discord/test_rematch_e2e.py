"""A Rematch whose opening no living process finishes, through the fake Discord and the real
``python -m bot``: the process killed (SIGKILL) after the click was claimed and before the new
lobby was stored, then started again; and a claim left by another process that never finished,
the bot running on.  Either way the next press opens the rematch, once, even when two players
press at once."""

from __future__ import annotations

import json
import sqlite3
from pathlib import Path

from bot_process import BotProcess, eventually, prompt_components, slash
from fake_discord import FakeDiscord, FakeUser

from bot.game.rematch import CLAIM_SECONDS
from bot.game.service import GameService
from bot.store.connect import open_store

ANN, BOB = FakeUser(9901, "ann"), FakeUser(9902, "bob")
CREATE_PUBLIC_THREADS = 1 << 35
THREADS = r"/channels/\d+/messages/\d+/threads"


def query(db: Path, sql: str, *args) -> list[tuple]:
    conn = sqlite3.connect(db, timeout=10)
    try:
        return list(conn.execute(sql, args))
    finally:
        conn.close()


def rematch_mark(db: Path, game: int = 1) -> object:
    """What the finished game's settings say of its rematch (None: nothing yet)."""
    ((settings,),) = query(db, "SELECT settings FROM games WHERE id = ?", game)
    return json.loads(settings).get("rematch")


async def finished_game(fake: FakeDiscord) -> tuple[dict, str]:
    """A 2-player game in a thread of its own, ended by a resignation: its end post and Rematch button
    (long waits: under a loaded machine the end's pictures take their time)."""
    fake.app_permissions |= CREATE_PUBLIC_THREADS
    await slash(fake, "new", ANN, {"players": 2})
    await eventually(lambda: fake.threads_created, timeout=60)
    thread = fake.threads_created[-1]
    await fake.wait_channel_messages(1, thread, timeout=60)  # the lobby is stored after its thread is made
    await slash(fake, "join", BOB, channel_id=thread)
    await slash(fake, "start", ANN, channel_id=thread)
    await slash(fake, "resign", ANN, channel_id=thread)

    def end_post() -> dict | None:
        return next((m for m in fake.channel_messages(thread)
                     if any(c.get("custom_id", "").startswith("ds:rematch:") for c in prompt_components(m))), None)

    await eventually(lambda: end_post() is not None, timeout=60)  # its picture drawn first
    end = end_post()
    assert end is not None
    (rematch,) = [c["custom_id"] for c in prompt_components(end) if c["custom_id"].startswith("ds:rematch:")]
    return end, rematch


async def press(fake: FakeDiscord, rematch: str, end: dict, *users: FakeUser) -> list[str]:
    """The players press Rematch at once: each one's private answer."""
    clicks = [fake.click(rematch, user=u, message_id=end["_message_id"]) for u in users]
    answers = []
    for iid in clicks:
        await fake.response(iid, timeout=30)
        (said,) = await fake.wait_followups(iid, 1, timeout=30)
        assert said["flags"] & 64, said
        answers.append(said["content"])
    return answers


def opened_once(db: Path, answers: list[str]) -> None:
    """One answer opened the rematch (game #2), any other was told it is open or opening; one new game."""
    assert sum("The rematch is open: game #2" in a for a in answers) == 1, answers
    assert all("The rematch is open: game #2" in a or "rematch is open already" in a or "being opened" in a
               for a in answers), answers
    assert query(db, "SELECT id, status FROM games ORDER BY id") == [(1, "finished"), (2, "lobby")]
    assert rematch_mark(db) == 2


async def test_a_rematch_whose_process_died_opening_it_opens_once_after_a_restart(fake, tmp_path):
    db = tmp_path / "games.sqlite3"
    bot = BotProcess(fake, db)
    await bot.start()
    try:
        end, rematch = await finished_game(fake)
        fake.fail("POST", THREADS, 500, times=5)  # Discord has a bad minute: the thread waits on retries
        fake.click(rematch, user=BOB, message_id=end["_message_id"])
        await eventually(lambda: any(c.fault and c.method == "POST" and "/threads" in c.path for c in fake.calls),
                         timeout=60)
        assert rematch_mark(db) not in (None, 2)  # claimed, no lobby yet
        await bot.kill()  # between the claim and the lobby
        fake.clear_faults()
        assert query(db, "SELECT count(*) FROM games") == [(1,)]

        await bot.start()
        opened_once(db, await press(fake, rematch, end, ANN, BOB))  # two presses at once
        assert await press(fake, rematch, end, ANN) == ["Game #1's rematch is open already: game #2, "
                                                        f"<#{fake.threads_created[-1]}>."]
    finally:
        assert await bot.stop() == 0


async def test_a_rematch_claim_nobody_finishes_is_released_by_its_age(fake, tmp_path):
    db = tmp_path / "games.sqlite3"
    clock = tmp_path / "clock"
    clock.write_text("0")
    bot = BotProcess(fake, db, env={"DS_TEST_CLOCK_FILE": str(clock)})
    await bot.start()
    try:
        end, rematch = await finished_game(fake)
        # another process claims the click and is never heard of again (its host went away)
        store = await open_store(str(db))
        try:
            await GameService(store).rematch.claim_rematch(1, str(BOB.id))
        finally:
            await store.close()
        (said,) = await press(fake, rematch, end, ANN)
        assert "it is being opened just now" in said, said  # a claim this young may still be finished
        assert query(db, "SELECT count(*) FROM games") == [(1,)]

        clock.write_text(str(CLAIM_SECONDS + 60))  # the bot runs on; nobody finished it
        opened_once(db, await press(fake, rematch, end, ANN, BOB))
    finally:
        assert await bot.stop() == 0
