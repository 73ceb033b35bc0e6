"""Faults an operator meets, each reproduced for real: a killed render worker, an unusable
database file, a kill -9 of the bot (its children must not outlive it), inputs as long as
Discord allows, a database that refuses a move behind a click, and a channel the bot may not
post in (then may again)."""

from __future__ import annotations

import asyncio
import hashlib
import logging
import os
import signal
import sqlite3
import subprocess
import sys
import time
from pathlib import Path

import pytest
from bot_process import (
    ROOT,
    BotProcess,
    descendants,
    is_ephemeral,
    latest_prompt,
    my_options,
    prompt_components,
    slash,
    text_of,
)
from fake_discord import FakeDiscord, FakeUser
from service_helpers import start_game

from bot.game.limits import CONTENT, QUOTED_INPUT
from bot.game.render_pool import RenderPool
from bot.game.service import GameService
from bot.store.connect import open_store

ANN, BOB = FakeUser(9101, "ann"), FakeUser(9102, "bob")
LONGEST = 6000  # the longest string option Discord lets a user type
SEND_MESSAGES, ATTACH_FILES = 1 << 11, 1 << 15


# -- a dead render worker ------------------------------------------------------------------------


async def test_a_killed_render_worker_is_replaced_and_the_next_board_has_its_picture(tmp_path, caplog):
    pool = RenderPool(workers=1)
    store = await open_store(str(tmp_path / "games.sqlite3"))
    try:
        service = GameService(store, pool.board, pool.tile)
        await start_game(service, "chan", players=2)
        board = await service.reads.board("chan")
        assert board.image and board.image[:4] == b"\x89PNG"
        (worker,) = pool.worker_pids()
        os.kill(worker, signal.SIGKILL)
        await asyncio.sleep(0.5)
        caplog.set_level(logging.WARNING, logger="bot.game.render_pool")
        first, second = await asyncio.gather(service.reads.board("chan"), service.reads.board("chan"))
        assert first.image[:4] == b"\x89PNG" and second.image[:4] == b"\x89PNG"
        assert worker not in pool.worker_pids()
        died = [r for r in caplog.records if "render worker died" in r.getMessage()]
        assert len(died) == 1  # said once, not once per failed render
    finally:
        await store.close()
        await asyncio.to_thread(pool.close)


# -- an unusable database ------------------------------------------------------------------------


def _run_bot(env_extra: dict[str, str], *args: str, timeout: float = 20) -> subprocess.CompletedProcess:
    env = {k: v for k, v in os.environ.items() if not k.startswith("DS_") and k != "DISCORD_TOKEN"}
    env.update(env_extra)
    env.setdefault("DS_CONFIG", os.devnull)
    return subprocess.run([sys.executable, "-m", "bot", *args], cwd=ROOT, env=env, input="", capture_output=True,
                          text=True, timeout=timeout)


def _digest(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


def _real_database(path: Path) -> None:
    conn = sqlite3.connect(path)
    conn.execute("CREATE TABLE t (x)")
    conn.execute("INSERT INTO t VALUES (1)")
    conn.commit()
    conn.close()


@pytest.mark.parametrize("damage", ["garbage", "truncated"])
@pytest.mark.parametrize("mode", ["playground", "discord"])
def test_an_unusable_database_file_exits_at_once_with_one_clear_line(tmp_path, damage, mode):
    path = tmp_path / "games.sqlite3"
    if damage == "garbage":
        path.write_bytes(os.urandom(8192))
    else:
        _real_database(path)
        path.write_bytes(path.read_bytes()[:120])  # the header and nothing else
    before = _digest(path)
    env = {"DS_DATABASE": str(path)}
    if mode == "discord":  # a token: the bot would log in, but the database comes first
        env.update({"DISCORD_TOKEN": "fake-token", "DS_DISCORD_API_BASE": "http://127.0.0.1:9/api/v10"})
    started = time.monotonic()
    done = _run_bot(env, "--players", "Ann", "Bob")
    assert time.monotonic() - started < 15
    assert done.returncode == 3, (done.stdout, done.stderr)
    last = done.stderr.strip().splitlines()[-1]
    problem = "not a database" if damage == "garbage" else "malformed"
    assert last.startswith("error: ") and str(path) in last and problem in last
    assert "Traceback" not in done.stderr
    assert _digest(path) == before  # the file is left as it was


def test_a_database_where_no_file_can_be_made_exits_with_one_line_and_no_traceback():
    """/proc takes no new file, even from root: the store fails to open it before aiosqlite's thread
    starts (failing inside it, the thread outlived the event loop and printed two tracebacks)."""
    done = _run_bot({"DS_DATABASE": "/proc/games.sqlite3"}, "--players", "Ann", "Bob")
    assert done.returncode == 3, (done.stdout, done.stderr)
    assert done.stderr.splitlines() == ["error: cannot open the database /proc/games.sqlite3: unable to open "
                                        "database file"]


def test_a_database_on_a_read_only_filesystem_exits_with_one_clear_line(tmp_path):
    mount = tmp_path / "ro"
    mount.mkdir()
    if subprocess.run(["mount", "-t", "tmpfs", "tmpfs", str(mount)], capture_output=True).returncode != 0:
        pytest.skip("needs root and mount(8) to make a read-only filesystem (run the suite as root, as CI does)")
    try:
        path = mount / "games.sqlite3"
        _real_database(path)
        before = _digest(path)
        subprocess.run(["mount", "-o", "remount,ro", str(mount)], check=True)
        done = _run_bot({"DS_DATABASE": str(path)}, "--players", "Ann", "Bob")
        assert done.returncode == 3, (done.stdout, done.stderr)
        last = done.stderr.strip().splitlines()[-1]
        assert last.startswith("error: ") and str(path) in last and "read" in last.lower()
        assert _digest(path) == before
    finally:
        subprocess.run(["umount", str(mount)], capture_output=True)


# -- kill -9 of the bot: its children go too -----------------------------------------------------


def _alive(pid: int) -> bool:
    try:
        state = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0]
    except OSError:
        return False
    return state != "Z"  # a zombie has exited; only its parent (now init) has not reaped it yet


async def test_kill_9_of_the_bot_leaves_no_render_worker_or_resource_tracker_behind(tmp_path):
    async with FakeDiscord() as fake:
        bot = BotProcess(fake, tmp_path / "games.sqlite3")
        await bot.start()
        await slash(fake, "new", ANN, {"players": 2})
        await slash(fake, "join", BOB)
        await slash(fake, "start", ANN)
        first = (await fake.wait_channel_messages(1))[0]
        assert first["files"]  # a board was rendered: the render workers are running
        children = descendants(bot.proc.pid)
        assert len(children) >= 2, children  # at least one worker and the resource tracker
        bot.proc.kill()
        await bot.proc.wait()
        deadline = time.monotonic() + 15
        while time.monotonic() < deadline and any(_alive(p) for p in children):
            await asyncio.sleep(0.2)
        assert not [p for p in children if _alive(p)]


# -- the longest inputs Discord allows -----------------------------------------------------------


async def test_6000_character_inputs_get_a_short_refusal(fake, bot):
    long = "x" * (LONGEST - 10) + "@everyone"
    join = await slash(fake, "new", ANN, {"players": 2})
    assert "lobby" in text_of(join)
    refusal = await slash(fake, "join", BOB, {"animal": long})
    assert is_ephemeral(refusal) and "is not free" in text_of(refusal)
    assert len(text_of(refusal)) <= CONTENT and long[:QUOTED_INPUT] not in text_of(refusal)
    await slash(fake, "join", BOB)
    await slash(fake, "start", ANN)
    await fake.wait_channel_messages(1)
    actor = ANN if await my_options(fake, ANN) else BOB
    version = (await my_options(fake, actor))[0]["value"].split("|")[0]
    for option in (long, f"{version}|{long}"):
        refusal = await slash(fake, "play", actor, {"option": option})
        assert is_ephemeral(refusal) and "is not a legal choice" in text_of(refusal), text_of(refusal)
        assert len(text_of(refusal)) <= CONTENT
    for sub, options in (("board", {"at": long}), ("rules", {"topic": long})):
        answer = await slash(fake, sub, actor, options)
        assert len(text_of(answer)) <= CONTENT and "went wrong" not in text_of(answer), text_of(answer)
    for sub, options in (("away", {"for": long}), ("settings", {"reminder": long}), ("log", {"player": long})):
        refusal = await slash(fake, sub, ANN, options)  # each refused privately, short, nothing written
        assert is_ephemeral(refusal) and len(text_of(refusal)) <= CONTENT, (sub, text_of(refusal))
        assert long[:200] not in text_of(refusal) and "went wrong" not in text_of(refusal)
    iid = fake.autocomplete("ds", "play", {"option": long}, "option", user=actor)
    assert (await fake.response(iid))["type"] == 8
    assert fake.violations == []  # nothing the bot sent was refused by Discord (for its size, above all)
    assert b"Traceback" not in bot.output


# -- a click whose handling fails ----------------------------------------------------------------


async def test_a_click_that_fails_on_our_side_is_answered(fake, bot):
    await slash(fake, "new", ANN, {"players": 2})
    await slash(fake, "join", BOB)
    await slash(fake, "start", ANN)
    await fake.wait_channel_messages(1)
    prompt = latest_prompt(fake)
    actor = ANN if str(ANN.id) in prompt["content"] else BOB
    button = prompt_components(prompt)[0]
    blocker = sqlite3.connect(bot.database, timeout=1)
    blocker.execute("BEGIN EXCLUSIVE")  # the move's transaction waits out its busy timeout, then fails
    try:
        if button["type"] == 2:
            iid = fake.click(button["custom_id"], user=actor, message_id=int(prompt["id"]))
        else:
            iid = fake.select(button["custom_id"], [button["options"][0]["value"]], user=actor,
                              message_id=int(prompt["id"]))
        await fake.response(iid)
        answer = (await fake.wait_followups(iid, 1, timeout=15))[0]
    finally:
        blocker.rollback()
        blocker.close()
    assert answer["content"] == "Something went wrong on our side; nothing was changed."
    conn = sqlite3.connect(bot.database)
    assert conn.execute("SELECT count(*) FROM moves").fetchone()[0] == 0
    conn.close()


# -- a channel the bot may not post in -----------------------------------------------------------


async def test_missing_permissions_are_named_at_new_and_start(fake, bot):
    fake.app_permissions &= ~ATTACH_FILES
    refusal = await slash(fake, "new", ANN, {"players": 2})
    assert is_ephemeral(refusal) and "Attach Files" in text_of(refusal) and "Send Messages" not in text_of(refusal)
    fake.app_permissions |= ATTACH_FILES
    assert "lobby" in text_of(await slash(fake, "new", ANN, {"players": 2}))
    await slash(fake, "join", BOB)
    fake.app_permissions &= ~(SEND_MESSAGES | ATTACH_FILES)
    refusal = await slash(fake, "start", ANN)
    assert is_ephemeral(refusal) and "Send Messages, Attach Files" in text_of(refusal)


async def test_a_forbidden_channel_is_reported_once_and_caught_up_when_allowed_again(fake, bot):
    await slash(fake, "new", ANN, {"players": 2})
    await slash(fake, "join", BOB)
    await slash(fake, "start", ANN)
    posts = len(await fake.wait_channel_messages(1))
    fake.fail("POST", r"/channels/\d+/messages", 403, times=1000)  # Send Messages was taken away
    fake.app_permissions &= ~SEND_MESSAGES
    answers = []
    for _ in range(3):  # the turn passes at every Planning placement: each needs a new message
        actor = ANN if await my_options(fake, ANN) else BOB
        answers.append(await slash(fake, "play", actor, {"option": (await my_options(fake, actor))[0]["value"]}))
    assert all(is_ephemeral(a) for a in answers)
    told = ["cannot post in this channel" in text_of(a) for a in answers]
    assert told == [True, False, False]  # said once, not at every move
    assert "Send Messages" in text_of(answers[0]) and "saved" in text_of(answers[0])
    assert len(fake.channel_messages()) == posts
    fake.clear_faults()
    fake.app_permissions |= SEND_MESSAGES
    await slash(fake, "status", BOB)  # any interaction in the game catches up
    messages = await fake.wait_channel_messages(posts + 1, timeout=10)
    conn = sqlite3.connect(bot.database)
    version = conn.execute("SELECT version FROM games").fetchone()[0]
    conn.close()
    newest = messages[-1]
    assert prompt_components(newest)[0]["custom_id"].split(":")[3] == str(version)  # the current prompt
