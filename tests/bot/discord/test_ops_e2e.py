"""Running it for a community, through the fake Discord and the real ``python -m bot``: the
metrics scraped during a scripted game match what happened, and ``/healthz`` follows the store
(PostgreSQL stopped, a SQLite file overwritten) and the render workers down and up again."""

from __future__ import annotations

import asyncio
import json
import random
import sqlite3
import time

import aiohttp
from bot_process import (
    BotProcess,
    descendants,
    free_port,
    is_ephemeral,
    latest_prompt,
    my_options,
    option_components,
    prompt_version,
    slash,
    text_of,
)
from fake_discord import FakeUser
from prometheus_client.parser import text_string_to_metric_families

ANN, BOB = FakeUser(9701, "ann"), FakeUser(9702, "bob")


async def get(port: int, path: str) -> tuple[int, str]:
    async with aiohttp.ClientSession() as session, session.get(f"http://127.0.0.1:{port}{path}") as response:
        return response.status, await response.text()


async def scrape(port: int) -> dict[tuple[str, tuple], float]:
    """{(sample name, sorted labels): value} of one scrape."""
    status, text = await get(port, "/metrics")
    assert status == 200
    return {(s.name, tuple(sorted(s.labels.items()))): s.value
            for family in text_string_to_metric_families(text) for s in family.samples}


def value(samples: dict, name: str, **labels: str) -> float:
    return samples.get((name, tuple(sorted(labels.items()))), 0.0)


def total(samples: dict, name: str, **labels: str) -> float:
    """The sum over every series of ``name`` whose labels include ``labels``."""
    return sum(v for (n, ls), v in samples.items() if n == name and set(labels.items()) <= set(ls))


async def wait_quiet(fake, seconds: float = 0.6, timeout: float = 30) -> None:
    """Until nothing reached the fake for ``seconds`` (the AI done, the channel up to date)."""
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        seen = len(fake.calls)
        await asyncio.sleep(seconds)
        if len(fake.calls) == seen:
            return
    raise AssertionError("the bot never went quiet")


async def test_a_scrape_during_a_game_counts_what_happened_and_every_log_line_is_json(fake, tmp_path):
    port = free_port()
    bot = BotProcess(fake, tmp_path / "games.sqlite3", env={"DS_METRICS_PORT": str(port), "DS_LOG_FORMAT": "json"})
    await bot.start()
    try:
        counted = {"new": 0, "addbot": 0, "start": 0, "board": 0}
        await slash(fake, "new", ANN, {"players": 2})
        await slash(fake, "addbot", ANN, {"level": "random"})
        await slash(fake, "start", ANN)
        for name in ("new", "addbot", "start"):
            counted[name] += 1
        autocompletes = plays = 0
        while plays < 5:  # Ann plays; the computer player moves in between (through the scheduler)
            choices = await my_options(fake, ANN)
            autocompletes += 1
            if not choices:
                await asyncio.sleep(0.1)
                continue
            assert "You chose" in text_of(await slash(fake, "play", ANN, {"option": choices[0]["value"]}))
            plays += 1
        refused = await slash(fake, "play", BOB, {"option": "forfeit"})
        assert is_ephemeral(refused) and "no seat" in text_of(refused)
        await slash(fake, "board", ANN)
        counted["board"] += 1
        clicks = 0
        while not clicks:  # one click on the live prompt's first option, once it is Ann's turn
            await wait_quiet(fake)
            prompt = latest_prompt(fake)
            if prompt is not None and await my_options(fake, ANN):
                autocompletes += 1
                button = option_components(prompt)[0]
                if button["type"] == 2:
                    iid = fake.click(button["custom_id"], user=ANN, message_id=int(prompt["id"]))
                else:
                    iid = fake.select(button["custom_id"], [button["options"][0]["value"]], user=ANN,
                                      message_id=int(prompt["id"]))
                await fake.response(iid)
                clicks += 1
                await next_version(fake, prompt_version(prompt))
            else:
                autocompletes += 1
        await wait_quiet(fake)
        samples = await scrape(port)
    finally:
        assert await bot.stop() == 0

    def interactions(**labels: str) -> float:
        return total(samples, "ds_interactions_total", **labels)

    assert interactions(kind="command", command="play", outcome="ok") == plays
    assert interactions(kind="command", command="play", outcome="refused") == 1
    for name, n in counted.items():
        assert interactions(kind="command", command=name, outcome="ok") == n, name
    assert interactions(kind="autocomplete", command="play") == autocompletes
    assert interactions(kind="component", command="choice", outcome="ok") == clicks
    assert interactions(outcome="error") == 0
    commands = plays + 1 + sum(counted.values())
    assert total(samples, "ds_interaction_ack_seconds_count", kind="command") == commands
    assert total(samples, "ds_interaction_ack_seconds_count", kind="autocomplete") == autocompletes
    assert total(samples, "ds_interaction_answer_seconds_count", kind="command") == commands
    assert total(samples, "ds_interaction_answer_seconds_count", kind="component") == clicks
    assert value(samples, "ds_interaction_ack_seconds_bucket", kind="command", le="3.0") == commands  # all in time

    conn = sqlite3.connect(bot.database)
    made = dict(conn.execute("SELECT made_by, count(*) FROM moves GROUP BY made_by").fetchall())
    conn.close()
    assert made["player"] == plays + clicks and made["ai"] >= 1
    for source in ("player", "ai", "clock"):
        assert value(samples, "ds_moves_total", source=source) == made.get(source, 0), source
    assert value(samples, "ds_scheduler_lag_seconds_count") >= 1  # the AI's turns are due at once
    assert value(samples, "ds_render_seconds_count", kind="board") == 1  # /ds board
    pictures = sum(1 for c in fake.calls if c.path.startswith("/channels/") and
                   any(f.filename == "board.png" for f in c.files))
    assert value(samples, "ds_render_seconds_count", kind="turn") == pictures >= 1
    assert value(samples, "ds_live_games", status="active") == 1
    assert value(samples, "ds_live_games", status="lobby") == 0
    assert value(samples, "ds_outbox_depth") == 0
    rest = [c for c in fake.calls if c.path != "/gateway/bot"]
    assert value(samples, "ds_discord_http_requests_total") >= len(rest) - 2
    assert total(samples, "ds_discord_http_errors_total") == 0
    assert total(samples, "ds_store_errors_total") == 0
    check_memory(samples)
    check_json_logs(bot, fake)


def check_memory(samples: dict) -> None:
    """Each process's memory (the bot and its one render worker, by default) and each cache's size,
    bound and reads: the bot's words and the worker's text masks among them."""
    resident = {dict(ls)["process"]: v for (n, ls), v in samples.items() if n == "ds_process_resident_bytes"}
    assert set(resident) == {"bot", "worker 1"} and all(20 * 2**20 < v < 2**30 for v in resident.values())
    for cache, process in (("words.worded", "bot"), ("chronicle.replays", "bot"), ("fonts.masks", "worker 1")):
        held = value(samples, "ds_cache_bytes", cache=cache, process=process)
        assert 0 <= held <= value(samples, "ds_cache_bound_bytes", cache=cache, process=process), cache
        assert value(samples, "ds_cache_entries", cache=cache, process=process) >= 0
    assert value(samples, "ds_cache_hits_total", cache="words.worded", process="bot") > 0
    assert value(samples, "ds_cache_misses_total", cache="fonts.masks", process="worker 1") > 0
    assert value(samples, "ds_render_workers_recycled_total") == 0


def check_json_logs(bot: BotProcess, fake) -> None:
    """Every line the bot wrote is one JSON object with its time, level and event; the lines about
    the game carry its id and server, an interaction's its id; no token, no posted text."""
    lines = [json.loads(line) for line in bot.output.decode().splitlines() if line.strip()]
    assert lines and all(isinstance(e, dict) and {"time", "level", "event", "logger"} <= set(e) for e in lines)
    assert all(e["time"].endswith("Z") and e["level"] in ("DEBUG", "INFO", "WARNING", "ERROR") for e in lines)
    about_game = [e for e in lines if e.get("game") == 1]
    assert about_game and all(e.get("server") == str(fake.guild_id) for e in about_game if "interaction" in e)
    assert any("started" in e["event"] for e in about_game)
    answered = [e for e in lines if e.get("command") == "play" and e.get("outcome") == "ok"]
    assert answered and all(e["interaction"].isdigit() and e["ms"] >= 0 for e in answered)
    text = bot.output.decode()
    assert "fake-token-never-printed" not in text
    posted = {line for m in fake.channel_messages() for line in (m.get("content") or "").splitlines()
              if len(line) > 25}
    assert posted and not [line for line in posted if line in text]  # names and ids, never what was posted


async def next_version(fake, version: int, timeout: float = 20) -> None:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        prompt = latest_prompt(fake)
        if prompt is None or prompt_version(prompt) > version:
            return
        await asyncio.sleep(0.05)


def test_a_bad_operations_setting_stops_the_bot_with_one_line(tmp_path):
    from test_faults import _run_bot

    out = _run_bot({"DISCORD_TOKEN": "fake-token-never-printed", "DS_DATABASE": str(tmp_path / "g.sqlite3"),
                    "DS_LOBBY_DAYS": "-3"})  # each bad value: tests/bot/test_config.py
    assert out.returncode == 2
    lines = out.stderr.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("error: ") and "Traceback" not in out.stderr, out.stderr
    assert not (tmp_path / "g.sqlite3").exists()  # nothing started


async def test_a_metrics_port_in_use_stops_the_bot_before_anything_starts(tmp_path):
    from test_faults import _run_bot

    server = await asyncio.start_server(lambda r, w: w.close(), "127.0.0.1", 0)
    port = server.sockets[0].getsockname()[1]
    try:
        out = await asyncio.to_thread(_run_bot, {"DISCORD_TOKEN": "fake-token-never-printed",
                                                 "DS_DATABASE": str(tmp_path / "g.sqlite3"),
                                                 "DS_METRICS_PORT": str(port)})
    finally:
        server.close()
        await server.wait_closed()
    assert out.returncode == 2, out.stderr
    assert out.stderr.strip().splitlines() == [out.stderr.strip()] and f"127.0.0.1:{port}" in out.stderr
    assert not (tmp_path / "g.sqlite3").exists()


async def test_healthz_follows_the_store_and_the_render_workers(fake, tmp_path, pg_cluster, pg_url):
    port = free_port()
    bot = BotProcess(fake, tmp_path / "unused.sqlite3", env={"DS_METRICS_PORT": str(port), "DS_DATABASE_URL": pg_url})
    await bot.start()
    try:
        assert await wait_health(port, 200) == {"gateway": "ok", "store": "ok", "render workers": "ok"}
        await slash(fake, "new", ANN, {"players": 2})
        await slash(fake, "join", BOB)
        await slash(fake, "start", ANN)
        assert (await fake.wait_channel_messages(1))[0]["files"]  # drawn: a render worker runs
        await handled(port, "start")  # its lobby card is brought up to date after the answer: before the store goes
        prompt = latest_prompt(fake)
        button = option_components(prompt)[0]
        version = prompt_version(prompt)
        await asyncio.to_thread(pg_cluster.stop)
        try:
            checks = await wait_health(port, 503)
            assert checks["store"].startswith("the database") and checks["gateway"] == "ok", checks
            # meanwhile a command and a click are answered, privately, as our fault
            status = await slash(fake, "status", ANN)
            assert is_ephemeral(status) and "went wrong" in text_of(status), status
            if button["type"] == 2:
                iid = fake.click(button["custom_id"], user=ANN, message_id=int(prompt["id"]))
            else:
                iid = fake.select(button["custom_id"], [button["options"][0]["value"]], user=ANN,
                                  message_id=int(prompt["id"]))
            clicked = await fake.response(iid, timeout=15)
            if clicked["type"] in (5, 6):  # deferred: the answer follows
                clicked = {**clicked, "followup": (await fake.wait_followups(iid, 1, timeout=15))[0]}
            private = clicked.get("followup", {}).get("flags", 0) & 64 or is_ephemeral(clicked)
            assert private and "went wrong" in text_of(clicked), clicked
        finally:
            await asyncio.to_thread(pg_cluster.start_again)
        await wait_health(port, 200)
        assert prompt_version(latest_prompt(fake)) == version  # nothing was played meanwhile
        workers = [p for p in descendants(bot.proc.pid) if b"spawn_main" in _cmdline(p)]
        assert workers
        import os
        import signal

        os.kill(workers[0], signal.SIGKILL)
        checks = await wait_health(port, 503)
        assert "died" in checks["render workers"] and checks["store"] == "ok", checks
        await wait_health(port, 200)
        samples = await scrape(port)
        assert value(samples, "ds_store_errors_total", where="health") >= 1
        assert value(samples, "ds_store_errors_total", where="command") == 1  # /ds status
        assert value(samples, "ds_store_errors_total", where="move") == 1  # the click
        assert total(samples, "ds_interactions_total", outcome="error") == 2
    finally:
        assert await bot.stop() == 0


async def test_healthz_reads_the_sqlite_file_itself(fake, tmp_path):
    """The database file overwritten with garbage (every query of the bot fails: "file is not a
    database"): /healthz turns 503 within a few seconds, the store named as the reason, and
    healthy again once the file is put back."""
    port = free_port()
    db = tmp_path / "games.sqlite3"
    bot = BotProcess(fake, db, env={"DS_METRICS_PORT": str(port)})
    await bot.start()
    try:
        assert (await wait_health(port, 200))["store"] == "ok"
        await slash(fake, "new", ANN, {"players": 2})  # a lobby in the file
        # what SQLite does by itself as a file grows: the pages written so far go into the file
        conn = sqlite3.connect(db, timeout=10)
        conn.execute("PRAGMA wal_checkpoint(TRUNCATE)")
        conn.close()
        kept = db.read_bytes()
        with open(db, "r+b") as f:  # overwritten where it is (the bot's connections keep it open)
            f.write(random.Random(7).randbytes(len(kept)))
        checks = await wait_health(port, 503, timeout=10)
        assert "file is not a database" in checks["store"] and str(db) in checks["store"], checks
        assert checks["gateway"] == "ok", checks
        with open(db, "r+b") as f:
            f.write(kept)
        assert (await wait_health(port, 200))["store"] == "ok"
    finally:
        assert await bot.stop() == 0


async def handled(port: int, command: str, timeout: float = 20) -> None:
    """Until the bot has finished handling ``command`` (its metrics count it answered)."""
    deadline = time.monotonic() + timeout
    while value(await scrape(port), "ds_interactions_total", command=command, kind="command", outcome="ok") < 1:
        assert time.monotonic() < deadline, f"/ds {command} was never handled"
        await asyncio.sleep(0.05)


def _cmdline(pid: int) -> bytes:
    try:
        with open(f"/proc/{pid}/cmdline", "rb") as f:
            return f.read()
    except OSError:
        return b""


async def wait_health(port: int, status: int, timeout: float = 20) -> dict[str, str]:
    import json

    deadline = time.monotonic() + timeout
    seen = None
    while time.monotonic() < deadline:
        code, body = await get(port, "/healthz")
        seen = (code, body)
        if code == status:
            return json.loads(body)["checks"]
        await asyncio.sleep(0.2)
    raise AssertionError(f"/healthz never answered {status}; last: {seen}")


async def test_a_token_discord_refuses_stops_the_bot_with_one_line(fake, tmp_path):
    from test_faults import _run_bot

    fake.fail("GET", "/users/@me", 401, times=1)  # a token that was reset in the Developer Portal
    out = await asyncio.to_thread(_run_bot, {"DISCORD_TOKEN": "fake-token-never-printed",
                                             "DS_DATABASE": str(tmp_path / "g.sqlite3"),
                                             "DS_DISCORD_API_BASE": fake.api_base,
                                             "DS_DISCORD_GATEWAY": fake.gateway}, timeout=60)
    assert out.returncode == 2, (out.returncode, out.stderr[-2000:])
    (line,) = [t for t in out.stderr.strip().splitlines() if t.startswith("error:")]
    assert "token" in line and "DISCORD_TOKEN" in line, line
    assert "Traceback" not in out.stderr and "fake-token-never-printed" not in out.stderr


async def test_after_a_crash_the_json_log_stays_all_json(fake, tmp_path):
    # A kill -9 leaves the render pool's semaphores behind; multiprocessing's resource tracker (a
    # process of its own, writing to the bot's stderr) cleans them up once the workers are gone, and
    # would say so in two plain-text lines.
    bot = BotProcess(fake, tmp_path / "games.sqlite3", env={"DS_LOG_FORMAT": "json"})
    await bot.start()
    await slash(fake, "new", ANN, {"players": 2})
    await slash(fake, "addbot", ANN, {"level": "random"})
    await slash(fake, "start", ANN)
    await fake.wait_channel_messages(1)  # a picture was drawn: the render workers run
    await bot.kill()  # its output is read until the workers and the tracker have exited too
    lines = bot.output.decode().splitlines()
    assert lines and [line for line in lines if not is_json_object(line)] == []


def is_json_object(line: str) -> bool:
    try:
        return isinstance(json.loads(line), dict)
    except ValueError:
        return False
