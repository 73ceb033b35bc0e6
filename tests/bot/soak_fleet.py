"""The bot processes of a soak (``bench/soak.py``): one on SQLite, or two on PostgreSQL running
half of the shards each; killed (SIGKILL) and started again on a schedule.  Which process serves
a server, when each was serving, its memory, what its JSON log says of each interaction it
answered; and the test clock both read (``DS_TEST_CLOCK_FILE``), running days in minutes."""

from __future__ import annotations

import asyncio
import bisect
import contextlib
import json
import os
import random
import time
from dataclasses import dataclass, field
from pathlib import Path

from bot_process import BotProcess, descendants
from fake_discord import FakeDiscord

SHARD_COUNT = 4
HALVES = ([0, 1], [2, 3])


@dataclass
class Life:
    """One run of a bot process, from its start to its kill (or stop)."""

    spawned: float  # time.perf_counter() when it was started
    serving: float  # when it was connected and had synced its commands
    pid: int
    ended: float | None = None
    killed: bool = False
    #: (time, RSS of the bot's process in kB, with its workers) every few seconds
    memory: list[tuple[float, int, int]] = field(default_factory=list)
    #: (time, CPU seconds of the bot's process, of its workers) every few seconds
    cpu: list[tuple[float, float, float]] = field(default_factory=list)


def cpu_seconds(pid: int) -> float:
    """The CPU time (user and system) a process used so far, 0 once it is gone."""
    with contextlib.suppress(OSError, IndexError, ValueError):
        fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
        return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")
    return 0.0


def rss_kb(pid: int) -> int:
    """The resident memory of a process (VmRSS in /proc/<pid>/status), 0 once it is gone."""
    with contextlib.suppress(OSError):
        for line in Path(f"/proc/{pid}/status").read_text().splitlines():
            if line.startswith("VmRSS:"):
                return int(line.split()[1])
    return 0


class Member:
    """One bot process of the fleet, over its lives."""

    def __init__(self, index: int, process: BotProcess, shards: list[int] | None) -> None:
        self.index = index
        self.process = process
        self.shards = shards
        self.lives: list[Life] = []
        self.up = False  # serving: started, and not killed or stopped since
        self.outcomes: dict[str, str] = {}  # interaction id -> what the bot's log says it was (ok, refused, error)
        self._read = 0  # how much of the output is parsed

    @property
    def name(self) -> str:
        return "bot" if self.shards is None else f"shards {self.shards[0]}-{self.shards[-1]}"

    async def start(self) -> None:
        spawned = time.perf_counter()
        await self.process.start()
        assert self.process.proc is not None
        self.lives.append(Life(spawned, time.perf_counter(), self.process.proc.pid))
        self.up = True

    async def kill(self, fake: FakeDiscord) -> None:
        self.up = False
        self.lives[-1].ended, self.lives[-1].killed = time.perf_counter(), True
        await self.process.kill()
        if self.shards is not None:
            fake.forget_shards(self.shards)

    async def stop(self) -> int:
        self.up = False
        self.lives[-1].ended = time.perf_counter()
        return await self.process.stop()

    def serving_at(self, at: float) -> bool:
        return any(life.serving <= at < (life.ended or float("inf")) for life in self.lives)

    def killed_near(self, at: float, before: float) -> bool:
        """Whether a life that was serving at ``at`` was killed within ``before`` seconds after it."""
        return any(life.killed and life.ended is not None and at <= life.ended < at + before for life in self.lives)

    def read_log(self) -> None:
        """Note the outcome of every interaction the bot logged since the last look (JSON lines)."""
        output = self.process.output
        end = output.rfind(b"\n") + 1
        for line in output[self._read:end].splitlines():
            if b'"outcome"' not in line:
                continue
            with contextlib.suppress(ValueError):
                entry = json.loads(line)
                if "interaction" in entry and "outcome" in entry:
                    self.outcomes[str(entry["interaction"])] = entry["outcome"]
        self._read = end

    def sample_memory(self) -> None:
        if not self.up or not self.lives:
            return
        life = self.lives[-1]
        main = rss_kb(life.pid)
        if main:
            workers = descendants(life.pid)
            now = time.perf_counter()
            life.memory.append((now, main, main + sum(rss_kb(p) for p in workers)))
            life.cpu.append((now, cpu_seconds(life.pid), sum(cpu_seconds(p) for p in workers)))

    def tail(self, lines: int = 30, about: str | None = None) -> str:
        """The bot's last lines (``about``: only those that contain it), each as time, level and event."""
        raw = self.process.output.decode(errors="replace").splitlines()
        picked = [line for line in raw if about is None or about in line][-lines:]
        return "\n".join(_readable(line) for line in picked)


def _readable(line: str) -> str:
    try:
        entry = json.loads(line)
    except ValueError:
        return line
    if not isinstance(entry, dict):
        return line
    extra = " ".join(f"{k}={entry[k]}" for k in ("game", "interaction") if k in entry)
    error = f"\n    {entry['error'][-600:]}" if entry.get("error") else ""
    return f"{entry.get('time', '')} {entry.get('level', '')} {entry.get('event', '')} {extra}{error}"


class Fleet:
    """The bot processes: ``one`` on a SQLite file, or two shard processes on ``database_url``."""

    def __init__(self, fake: FakeDiscord, folder: Path, env: dict[str, str], *,
                 database_url: str | None = None) -> None:
        self.fake = fake
        self.database: str
        if database_url is None:
            self.database = str(folder / "games.sqlite3")
            self.members = [Member(0, BotProcess(fake, Path(self.database), env=env), None)]
        else:
            self.database = database_url
            common = env | {"DS_DATABASE_URL": database_url, "DS_SHARD_COUNT": str(SHARD_COUNT)}
            self.members = [
                Member(i, BotProcess(fake, folder / f"unused-{i}", shards=half,
                                     env=common | {"DS_SHARD_IDS": ",".join(map(str, half))}), half)
                for i, half in enumerate(HALVES)]
        self.kills: list[tuple[float, int]] = []  # (time, member index)

    @property
    def sharded(self) -> bool:
        return self.members[0].shards is not None

    def serving(self, guild_id: int) -> Member:
        """The process Discord sends this server's events to."""
        if not self.sharded:
            return self.members[0]
        shard = self.fake.shard_of(guild_id, SHARD_COUNT)
        return next(m for m in self.members if m.shards is not None and shard in m.shards)

    async def start(self) -> None:
        for member in self.members:
            await member.start()

    async def stop(self) -> list[int]:
        return [await m.stop() for m in self.members if m.up]

    def victims(self) -> list[Member]:
        """Who is killed: the one process, or (two) only the first, so the second lives the whole run and its
        memory tells whether it levels off."""
        return self.members[:1]

    async def kill_now_and_then(self, every: float, down: tuple[float, float], rng: random.Random,
                                stopping: asyncio.Event) -> None:
        """Kill -9 a process every ``every`` seconds or so (from 0.7 to 1.3 of it), start it again after
        ``down`` (a range of seconds); players keep clicking meanwhile."""
        while not stopping.is_set():
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(stopping.wait(), every * rng.uniform(0.7, 1.3))
                return
            victim = rng.choice(self.victims())
            self.kills.append((time.perf_counter(), victim.index))
            await victim.kill(self.fake)
            await asyncio.sleep(rng.uniform(*down))
            await victim.start()

    async def watch(self, stopping: asyncio.Event, every: float = 5.0) -> None:
        """Their memory and their logs, every few seconds."""
        while not stopping.is_set():
            for member in self.members:
                member.sample_memory()
                member.read_log()
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(stopping.wait(), every)


class TestClock:
    """The bot's clock (``DS_TEST_CLOCK_FILE``: seconds added to the real time), running ``speed``
    times as fast as the real one from the moment it starts."""

    __test__ = False  # not a pytest class

    def __init__(self, path: Path, speed: float) -> None:
        self.path = path
        self.speed = speed
        self.path.write_text("0")
        self._started = time.perf_counter()
        self._marks: list[tuple[float, float]] = [(time.time(), self._started)]  # (the bot's time, perf_counter)

    def offset(self, at: float | None = None) -> float:
        return (self.speed - 1) * ((time.perf_counter() if at is None else at) - self._started)

    def days(self) -> float:
        return self.offset() / 86400

    def perf_of(self, bot_time: float) -> float:
        """When (time.perf_counter()) the bot's clock read ``bot_time``, near enough."""
        i = max(0, bisect.bisect_right(self._marks, (bot_time, float("inf"))) - 1)
        told, at = self._marks[i]
        return at + (bot_time - told) / self.speed

    async def run(self, stopping: asyncio.Event, every: float = 0.2) -> None:
        while not stopping.is_set():
            now = time.perf_counter()
            offset = self.offset(now)
            self.path.write_text(f"{offset:.3f}")
            self._marks.append((time.time() + offset, now))
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(stopping.wait(), every)
