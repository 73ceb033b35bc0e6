"""A server's month in one run: the fake Discord with a few servers and their people
(``soak_people``), the bot processes killed now and then (``soak_fleet``), the watch and the
ledger (``soak_watch``).  ``bench/soak.py`` runs it for minutes; ``tests/bot/discord/test_soak_e2e.py``
runs a short one."""

from __future__ import annotations

import asyncio
import contextlib
import itertools
import random
import shutil
import time
from dataclasses import dataclass
from pathlib import Path

from fake_discord import DEFAULT_PERMISSIONS, FakeDiscord, FakeUser
from soak_fleet import SHARD_COUNT, Fleet, TestClock
from soak_people import (
    CREATE_PUBLIC_THREADS,
    Person,
    Server,
    Table,
    World,
    direct_messages_wanted,
    discord_failing,
    followers,
    lobbies_nobody_starts,
    lookers,
    manager,
)
from soak_watch import Ledger, Peek, Watch, account


@dataclass
class Options:
    minutes: float = 8.0
    games: int = 54  # tables playing at once, over the servers
    servers: int = 4
    people: int = 14  # players per server (each plays at several tables)
    followers: int = 5  # per server; the first two have their direct messages closed
    speed: float = 3600.0  # the bot's clock runs this many times as fast: an hour a second
    kill_every: float = 150.0  # seconds between kill -9s of a bot process (0: never)
    down: tuple[float, float] = (2.0, 8.0)  # seconds a killed process stays down
    faults: float = 30.0  # 429s and 5xx per minute
    grace: float = 60.0  # seconds (its bot serving) a game may be behind or waiting on nobody told
    think: float = 2.5  # the mean seconds a player takes to answer
    idle: float = 0.01  # the chance, each turn, that a player goes away for a while
    lobby_days: int = 2  # [housekeeping] lobby_days: idle lobbies close after this many of the clock's days
    idle_lobby_every: float = 90.0  # seconds between lobbies nobody starts, per server
    follow_every: float = 20.0
    admin_every: float = 30.0
    look_every: float = 8.0
    settle: float = 90.0  # seconds the channels get to catch up after the players stop
    seed: int = 1


def world_of(fake: FakeDiscord, options: Options, rng: random.Random, sharded: bool) -> list[Server]:
    """The servers (added before the bot connects), their people, managers and followers."""
    ids = itertools.count(710_000_000_000_000_000)
    servers = []
    for i in range(options.servers):
        guild, channel = fake.add_guild(f"server {i}", shard=(i % SHARD_COUNT, SHARD_COUNT) if sharded else None)
        people = [Person(FakeUser(next(ids), f"p{i}-{k}"), think=options.think * rng.uniform(0.4, 1.6),
                         idle=options.idle * rng.choice((0, 1, 1, 3)), direct=rng.random() < 0.15)
                  for k in range(options.people)]
        fans = [FakeUser(next(ids), f"fan{i}-{k}") for k in range(options.followers)]
        fake.dm_closed.update(f.id for f in fans[:2])
        servers.append(Server(i, guild, channel, people, FakeUser(next(ids), f"manager{i}"), fans))
    return servers


async def soak(options: Options, folder: Path, database_url: str | None = None, keep: Path | None = None,
               env: dict[str, str] | None = None) -> Ledger:
    """One run; ``database_url``: two shard processes on that PostgreSQL database (else one bot on SQLite);
    ``keep``: a folder to write each bot process's output to; ``env``: more variables for the bot
    (``bench/memory.py``'s metrics port)."""
    rng = random.Random(options.seed)
    async with FakeDiscord(app_permissions=DEFAULT_PERMISSIONS | CREATE_PUBLIC_THREADS) as fake:
        servers = world_of(fake, options, rng, sharded=database_url is not None)
        clock = TestClock(folder / "clock", options.speed)
        env = {"DS_TEST_CLOCK_FILE": str(clock.path), "DS_LOG_FORMAT": "json", "DS_AI_HOLD_LEVEL": "easy",
               "DS_LOBBY_DAYS": str(options.lobby_days), "DS_RETRY_DELAYS": "2,10,60,300",  # the bot's own delays
               **(env or {})}
        fleet = Fleet(fake, folder, env, database_url=database_url)
        ended = asyncio.Event()  # the clock and the watch go on until the very end
        clock_task = asyncio.create_task(clock.run(ended))
        await fleet.start()
        peek = Peek(fleet.database)
        await peek.open()
        try:
            world = World(fake, fleet, servers, rng)
            watch = Watch(world, fleet, peek, clock, options.grace)
            await watch.refresh()
            stalls: list[float] = []
            keeping = [asyncio.create_task(c) for c in (
                fleet.watch(ended), watch.run(ended), watch.refresh_often(ended), forget_uploads(fake, ended),
                own_loop(ended, stalls))]
            playing = [asyncio.create_task(c) for c in people(world, options)]
            if options.kill_every > 0:
                playing.append(asyncio.create_task(fleet.kill_now_and_then(
                    options.kill_every, options.down, random.Random(options.seed + 1), world.stopping)))
            await world.pause(options.minutes * 60)
            world.stopping.set()
            await asyncio.wait(playing)  # a process killed just now is started again first
            fake.clear_faults()
            await watch.settle(options.settle)
            ended.set()
            failed = [r for r in await asyncio.gather(*keeping, *playing, return_exceptions=True)
                      if isinstance(r, BaseException)]
            codes = await fleet.stop()
            if keep is not None:
                for member in fleet.members:
                    (keep / f"{member.name.replace(' ', '-')}.log").write_bytes(member.process.output)
                if database_url is None:
                    shutil.copy(fleet.database, keep / "games.sqlite3")
            ledger = await account(world, fleet, peek, watch, clock, lobby_days=options.lobby_days,
                                   seconds=options.minutes * 60)
            ledger.figures["exit codes after SIGTERM"] = codes
            ledger.figures["this soak's own loop: longest stall (s)"] = round(max(stalls, default=0.0), 1)
            if keep is not None:
                with (keep / "calls.tsv").open("w") as out:  # the fake's calls, perf_counter and UTC
                    shift = time.time() - time.perf_counter()
                    for c in fake.calls:
                        stamp = time.strftime("%H:%M:%S", time.gmtime(c.time + shift))
                        out.write(f"{c.time:.3f}\t{stamp}.{int((c.time + shift) % 1 * 1000):03d}\t{c.method}\t"
                                  f"{c.path}\t{c.status}\t{int(c.fault)}\n")
            ledger.problems += [f"a task of the soak failed: {e!r}" for e in failed]
            return ledger
        finally:
            ended.set()
            await clock_task
            await peek.close()
            for member in fleet.members:
                if member.up:
                    await member.process.kill()


def people(world: World, options: Options) -> list:
    """Every coroutine of the people: the tables, and beside them."""
    seed = options.seed * 1000
    work = [Table(world, world.servers[i % len(world.servers)], i, random.Random(seed + i)).run(
        first=options.games / 2 * i / max(1, options.games)) for i in range(options.games)]
    for s in world.servers:
        rng = random.Random(seed + 500 + s.index)
        work += [direct_messages_wanted(world, s), manager(world, s, rng, options.admin_every),
                 followers(world, s, rng, options.follow_every), lookers(world, s, rng, options.look_every),
                 lobbies_nobody_starts(world, s, rng, options.idle_lobby_every)]
    work.append(discord_failing(world, random.Random(seed + 999), options.faults))
    return work


async def own_loop(ended: asyncio.Event, stalls: list[float], every: float = 0.1) -> None:
    """How late this process's own loop wakes (the fake Discord runs in it: a stall here would show
    as the bot's slowness)."""
    while not ended.is_set():
        asked = time.perf_counter()
        with contextlib.suppress(TimeoutError):
            await asyncio.wait_for(ended.wait(), every)
        stalls.append(time.perf_counter() - asked - every)


async def forget_uploads(fake: FakeDiscord, ended: asyncio.Event, every: float = 60.0) -> None:
    while not ended.is_set():
        with contextlib.suppress(TimeoutError):
            await asyncio.wait_for(ended.wait(), every)
        fake.forget_uploads()
