"""Housekeeping through the fake Discord with the real ``python -m bot`` and a test clock
(``DS_TEST_CLOCK_FILE``: seconds added to the bot's time), across restarts: a lobby nobody
started closes itself and says so, finished and abandoned games' threads are archived a day
after their end post, each once."""

from __future__ import annotations

import asyncio
from pathlib import Path

from bot_process import BotProcess, eventually, prompt_components, slash, text_of
from fake_discord import FakeUser

ANN, BOB = FakeUser(9801, "ann"), FakeUser(9802, "bob")
CREATE_PUBLIC_THREADS = 1 << 35
DAY = 86400




async def open_lobby(fake, host: FakeUser) -> int:
    """``/ds new`` in the channel: the lobby's thread."""
    before = len(fake.threads_created)
    await slash(fake, "new", host, {"players": 4})
    await eventually(lambda: len(fake.threads_created) > before)
    return fake.threads_created[-1]


async def clocked_bot(fake, tmp_path) -> tuple[BotProcess, Path]:
    """The bot started in a server where it may open threads, its clock at 0 (``clock``: seconds added)."""
    fake.app_permissions |= CREATE_PUBLIC_THREADS
    clock = tmp_path / "clock"
    clock.write_text("0")
    bot = BotProcess(fake, tmp_path / "games.sqlite3", env={"DS_TEST_CLOCK_FILE": str(clock)})
    await bot.start()
    return bot, clock


async def test_lobbies_close_and_threads_are_archived_by_the_clock_across_restarts(fake, tmp_path):
    bot, clock = await clocked_bot(fake, tmp_path)
    waiting = await open_lobby(fake, ANN)  # game 1: nobody starts it
    played = await open_lobby(fake, BOB)  # game 2: started, then abandoned by its host
    await slash(fake, "join", ANN, channel_id=played)
    assert "The game is on" in text_of(await slash(fake, "start", BOB, channel_id=played))
    assert "abandoned" in text_of(await slash(fake, "abandon", BOB, channel_id=played))
    await asyncio.sleep(1.0)
    assert fake.archived_threads == []  # not before a day
    assert await bot.stop() == 0

    clock.write_text(str(7 * DAY + 3600))  # a week later, while the bot was down
    await bot.start()
    await eventually(lambda: fake.archived_threads == [played])  # a day after its end: archived
    (notice,) = [m for m in fake.channel_messages(waiting) if "Nobody started" in (m.get("content") or "")]
    assert notice["content"].startswith("Nobody started game #1 within 7 days")
    await eventually(lambda: "abandoned" in fake.message(waiting)["content"].lower())
    assert not prompt_components(fake.message(waiting))  # the lobby card lost its Join button
    assert "lobby" in text_of(await slash(fake, "join", BOB, channel_id=waiting)).lower()  # no lobby to join

    clock.write_text(str(8 * DAY + 2 * 3600))  # a day after the lobby closed, the bot running
    await eventually(lambda: fake.archived_threads == [played, waiting])
    assert await bot.stop() == 0

    await bot.start()  # nothing is done twice after a restart
    await asyncio.sleep(2.0)
    assert fake.archived_threads == [played, waiting]
    assert len([m for m in fake.channel_messages(waiting) if "Nobody started" in (m.get("content") or "")]) == 1
    assert await bot.stop() == 0


async def test_a_thread_that_is_gone_or_may_not_be_archived_is_left_as_it_is_once(fake, tmp_path):
    bot, clock = await clocked_bot(fake, tmp_path)
    gone, kept = await open_lobby(fake, ANN), await open_lobby(fake, BOB)
    for host, thread in ((ANN, gone), (BOB, kept)):
        assert "abandoned" in text_of(await slash(fake, "abandon", host, channel_id=thread))
    fake.fail("PATCH", rf"/channels/{gone}", 404, times=1)  # deleted meanwhile
    fake.fail("PATCH", rf"/channels/{kept}", 403, times=1)  # the bot lost Manage Threads there

    def tried(thread: int) -> list[int]:
        return [c.status for c in fake.calls if c.method == "PATCH" and c.path == f"/channels/{thread}"]

    clock.write_text(str(DAY + 3600))
    await eventually(lambda: tried(gone) == [404] and tried(kept) == [403])
    assert fake.archived_threads == []
    assert await bot.stop() == 0
    await bot.start()  # neither is tried again, and the bot goes on with other games
    await asyncio.sleep(2.0)
    assert tried(gone) == [404] and tried(kept) == [403]
    third = await open_lobby(fake, ANN)
    assert "abandoned" in text_of(await slash(fake, "abandon", ANN, channel_id=third))
    clock.write_text(str(2 * DAY + 2 * 3600))
    await eventually(lambda: fake.archived_threads == [third])
    assert await bot.stop() == 0


async def test_a_lobby_opened_late_on_the_test_clock_waits_its_days(fake, tmp_path):
    """The test clock (``DS_TEST_CLOCK_FILE``) a month on before a lobby opens: the store dates the
    lobby, and an abandonment, by that clock, as housekeeping reads them, so the lobby waits its 7
    days and the abandoned game's thread a day.  The store dated them by the real time, a month
    "before": a lobby opened then was closed by the next sweep, and an abandoned thread archived."""
    bot, clock = await clocked_bot(fake, tmp_path)
    clock.write_text(str(30 * DAY))
    waiting = await open_lobby(fake, ANN)
    gone = await open_lobby(fake, BOB)
    assert "abandoned" in text_of(await slash(fake, "abandon", BOB, channel_id=gone))
    await asyncio.sleep(1.0)
    assert fake.archived_threads == []  # not before a day
    clock.write_text(str(31 * DAY + 3600))  # a day later: a sweep archives the abandoned game's thread
    await eventually(lambda: fake.archived_threads == [gone])
    assert not [m for m in fake.channel_messages(waiting) if "Nobody started" in (m.get("content") or "")]
    await slash(fake, "join", BOB, channel_id=waiting)
    assert "The game is on" in text_of(await slash(fake, "start", ANN, channel_id=waiting))
    assert await bot.stop() == 0
