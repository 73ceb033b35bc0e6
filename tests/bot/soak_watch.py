"""Watching a soak (``bench/soak.py``) from outside, as a server's members and its host would:
the bot's database read directly (``Peek``), every game's channel held against it while the soak
runs (``Watch``: a game whose stored version is ahead of what its channel shows, or that waits on
someone nobody told, has stopped), and afterwards the ledger (``account``): every move the bot
acknowledged is stored once, every stored move was asked for, every interaction answered in time,
Discord's limits kept, the memory levelling off."""

from __future__ import annotations

import asyncio
import contextlib
import json
import os
import re
import resource
import sqlite3
import sys
import time
import zlib
from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import Any

import orjson
from discord_contract import contract
from fake_discord import FakeDiscord
from soak_fleet import Fleet, TestClock
from soak_people import World, version_of

import engine
from bot.store.models import decode_state

ACK_SECONDS = 3.0  # Discord's: an interaction not acknowledged within 3 s fails for the user
GLOBAL_PER_SECOND = 50  # Discord's global rate limit of a bot (interaction callbacks and webhooks aside)
INVALID_PER_10_MIN = 10_000  # 401, 403 and 429 answers before Discord bans the bot's IP for an hour
LINK = re.compile(r"https://discord\.com/channels/\d+/(\d+)")


class Peek:
    """The bot's database, read from outside (a SQLite file or a PostgreSQL URL)."""

    def __init__(self, database: str) -> None:
        self.database = database
        self._pg: Any = None
        self._sqlite: sqlite3.Connection | None = None
        self._one_at_a_time = asyncio.Lock()  # one asyncpg connection runs one query at a time

    @property
    def postgres(self) -> bool:
        return self.database.startswith("postgres")

    async def open(self) -> None:
        if self.postgres:
            import asyncpg

            self._pg = await asyncpg.connect(self.database)
        else:
            self._sqlite = sqlite3.connect(self.database, isolation_level=None, timeout=30)
            self._sqlite.execute("PRAGMA query_only = 1")

    async def close(self) -> None:
        if self._pg is not None:
            await self._pg.close()
        if self._sqlite is not None:
            self._sqlite.close()

    async def rows(self, sql: str, *args: Any) -> list[tuple[Any, ...]]:
        if self._pg is not None:
            n = iter(range(1, 100))
            async with self._one_at_a_time:
                rows = await self._pg.fetch(re.sub(r"\?", lambda _m: f"${next(n)}", sql), *args)
            return [tuple(r) for r in rows]
        assert self._sqlite is not None
        return list(self._sqlite.execute(sql, args))


@dataclass
class Stop:
    """A game that stopped with nobody told."""

    game: int
    channel: int
    version: int
    why: str


@dataclass
class GameRow:
    id: int
    channel: int
    status: str
    version: int
    guild: int | None


class Watch:
    """Every game's channel held against its stored version, every ``every`` seconds; a game
    behind (or waiting on someone nobody told) for ``grace`` seconds while its bot serves, stopped."""

    def __init__(self, world: World, fleet: Fleet, peek: Peek, clock: TestClock, grace: float) -> None:
        self.world, self.fleet, self.peek, self.clock, self.grace = world, fleet, peek, clock, grace
        self.games: dict[int, GameRow] = {}
        self.by_channel: dict[int, int] = {}  # channel -> its newest game
        self.stops: list[Stop] = []
        #: game -> ((the version its channel shows, its stored version), seconds (its bot serving) neither
        #: changed while behind)
        self._behind: dict[int, tuple[tuple[int | None, int], float]] = {}
        self._lag: dict[int, float] = {}  # game -> seconds its channel has been behind, moving or not
        self.longest_lag = 0.0
        self._still: dict[int, tuple[int, float]] = {}  # game -> (version, seconds it has not moved)
        self._ended_shown: set[int] = set()  # finished games whose end post was seen
        self._checked: set[tuple[int, int]] = set()  # (game, version) looked at for whom it waits on
        world.game_of_channel = self.by_channel.get
        world.status_of = lambda game: self.games[game].status if game in self.games else None
        world.count_live = lambda guild: sum(1 for g in self.games.values()
                                             if g.guild == guild and g.status in ("lobby", "active"))

    async def refresh(self) -> None:
        for gid, channel, status, version, guild in await self.peek.rows(
                "SELECT id, channel_id, status, version, guild_id FROM games"):
            self.games[gid] = GameRow(gid, int(channel), status, version, int(guild) if guild else None)
            if self.by_channel.get(int(channel), 0) < gid:
                self.by_channel[int(channel)] = gid

    async def run(self, stopping: asyncio.Event, every: float = 2.0) -> None:
        last = time.perf_counter()
        while not stopping.is_set():
            with contextlib.suppress(Exception):  # a database busy for a moment: next look
                await self.refresh()
            now = time.perf_counter()
            await self.look(now - last)
            last = now
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(stopping.wait(), every)

    async def refresh_often(self, stopping: asyncio.Event, every: float = 0.5) -> None:
        """The people's view of the store (who plays where, what is over) kept fresh."""
        while not stopping.is_set():
            with contextlib.suppress(Exception):
                await self.refresh()
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(stopping.wait(), every)

    def shown(self, game: GameRow) -> int | None:
        """The version the game's channel shows (its live prompt's; for a finished game, once its end
        post is there, its stored version); None: no prompt at all."""
        if game.status == "finished":
            if game.id not in self._ended_shown and self.world.find(game.channel, f"ds:rematch:{game.id}"):
                self._ended_shown.add(game.id)
            return game.version if game.id in self._ended_shown else None
        prompt = self.world.live_prompt(game.channel)
        return None if prompt is None else version_of(prompt)

    def behind(self, game: GameRow) -> bool:
        """Whether the game's channel does not show its stored version yet."""
        shown = self.shown(game)
        return shown is None or shown < game.version

    def watched(self) -> Iterable[GameRow]:
        return [g for g in self.games.values() if g.status in ("active", "finished")
                and g.channel in self.world.guild_of and g.id not in self._ended_shown]

    async def look(self, elapsed: float) -> None:
        for game in self.watched():
            if game.guild is None or not self.fleet.serving(game.guild).up:
                continue  # its bot is down: the clocks wait
            shown = self.shown(game)
            if shown is None or shown < game.version:
                # behind: stopped once neither its channel nor its game moved for a while (a game the AI
                # plays through is a little behind while it moves: its channel shows every 12th move)
                before, stuck = self._behind.get(game.id, ((shown, game.version), 0.0))
                stuck = stuck + elapsed if before == (shown, game.version) else 0.0
                self._behind[game.id] = ((shown, game.version), stuck)
                self._lag[game.id] = self._lag.get(game.id, 0.0) + elapsed
                self.longest_lag = max(self.longest_lag, self._lag[game.id])
                if stuck > self.grace:
                    await self.stopped(game, f"its channel shows version {shown} (stored: {game.version}) and "
                                             f"neither moved for {stuck:.0f} s")
                    self._behind[game.id] = ((shown, game.version), float("-inf"))  # reported once
                continue
            self._behind.pop(game.id, None)
            self._lag[game.id] = 0.0
            if game.status != "active":
                continue
            version, still = self._still.get(game.id, (game.version, 0.0))
            still = still + elapsed if version == game.version else 0.0
            self._still[game.id] = (game.version, still)
            if still > self.grace and (game.id, game.version) not in self._checked:
                self._checked.add((game.id, game.version))
                why = await self.waits_on_nobody_told(game)
                if why:
                    await self.stopped(game, why)

    async def waits_on_nobody_told(self, game: GameRow) -> str | None:
        """Why a game that has not moved for a while has stopped (None: it waits on someone who was told)."""
        (blob, settings, deadline_done), = await self.peek.rows(
            "SELECT state, settings, deadline_done FROM games WHERE id = ?", game.id)
        prompt = engine.prompt(decode_state(bytes(blob)))
        if prompt is None:
            return None
        seats = {s: (u, level, hold, resigned) for s, u, level, hold, resigned in await self.peek.rows(
            "SELECT seat, user_id, ai_level, ai_hold, resigned FROM seats WHERE game_id = ?", game.id)}
        user, level, hold, resigned = seats[prompt.seat]
        at_deadline = json.loads(settings or "{}").get("pace", {}).get("at_deadline", "ai")
        if level is not None or hold or resigned or (deadline_done and at_deadline == "ai"):
            return f"the AI is to play seat {prompt.seat} and has not, for {self.grace:.0f} s"
        since = 0.0
        for seat, created in await self.peek.rows(
                "SELECT seat, created_at FROM moves WHERE game_id = ? ORDER BY version DESC LIMIT 400", game.id):
            if seat != prompt.seat:
                since = self.clock.perf_of(created) - 3.0
                break
        if any(t.user_id == int(user) and t.time >= since and told_about(t, game.channel)
               for t in self.world.fake.told):
            return None
        return f"it waits on seat {prompt.seat} (<@{user}>), who was never pinged or sent a direct message"

    async def stopped(self, game: GameRow, why: str) -> None:
        stop = Stop(game.id, game.channel, game.version, why)
        self.stops.append(stop)
        member = self.fleet.serving(game.guild or 0)
        about = f'"game": {game.id}'
        record = ""
        with contextlib.suppress(Exception):
            (announced, live, seat), = await self.peek.rows(
                "SELECT announced_version, live_message_id, live_seat FROM games WHERE id = ?", game.id)
            prompt = self.world.live_prompt(game.channel)
            shows = "no prompt" if prompt is None else f"message {prompt['id']} of version {version_of(prompt)}"
            record = (f"-- the store: announced version {announced}, live message {live} (seat {seat}); "
                      f"the channel: {shows}\n")
        print(f"\n== game {game.id} (channel {game.channel}, stored version {game.version}) stopped: {why}\n{record}"
              f"-- the bot's last lines ({member.name}):\n{member.tail(25)}\n"
              f"-- its lines about game {game.id}:\n{member.tail(15, about=about)}\n"
              f"-- the fake Discord's last calls for the channel (now {time.perf_counter():.3f}, "
              f"{time.strftime('%H:%M:%S', time.gmtime())} UTC):\n"
              f"{last_calls(self.world.fake, game.channel, 25)}",
              file=sys.stderr, flush=True)

    async def settle(self, timeout: float) -> None:
        """After the people stopped: wait (watching) until every channel caught up, or moves only because
        the AI plays on there (a game whose channel stopped meanwhile is reported as it is found)."""
        deadline, last = time.perf_counter() + timeout, time.perf_counter()
        while time.perf_counter() < deadline:
            await self.refresh()
            now = time.perf_counter()
            await self.look(now - last)
            last = now
            if all(stuck < 5 for _shown, stuck in self._behind.values()):
                return
            await asyncio.sleep(1.0)


def told_about(told: Any, channel: int) -> bool:
    """Whether a ping or direct message was about the game of ``channel``."""
    return told.channel_id == channel or (told.direct and str(channel) in LINK.findall(told.content))


def last_calls(fake: FakeDiscord, channel: int, count: int = 15) -> str:
    """The fake's last calls for a channel: when (perf_counter), what, its answer, and the version its
    components carry, with the start of its text."""
    mine = [c for c in fake.calls if str(channel) in c.path][-count:]
    return "\n".join(f"{c.time:.3f} {c.method} {c.path} -> {c.status}{' (fault)' if c.fault else ''}{carried(c)}"
                     for c in mine) or "(none)"


def carried(call: Any) -> str:
    body = call.json if isinstance(call.json, dict) else {}
    ids = [c.get("custom_id", "") for row in body.get("components") or [] for c in row.get("components", [])]
    versions = sorted({i.split(":")[3] for i in ids if i.startswith(("ds:b:", "ds:s:"))})
    text = (body.get("content") or "").replace("\n", " / ")
    shown = f" v{','.join(versions)}" if versions else (" no buttons" if "components" in body else "")
    return f"{shown} {text[:50]!r}" if body else ""


# -- the ledger -----------------------------------------------------------------------------


@dataclass
class Ledger:
    figures: dict[str, Any] = field(default_factory=dict)
    problems: list[str] = field(default_factory=list)


def peak(times: list[float], window: float) -> int:
    """The most events in any ``window`` seconds."""
    return busiest(times, window)[0]


def busiest(times: list[float], window: float) -> tuple[int, float]:
    """(the most events in any ``window`` seconds, when that window began)."""
    times = sorted(times)
    best, began, first = 0, 0.0, 0
    for last, t in enumerate(times):
        while t - times[first] >= window:
            first += 1
        if last - first + 1 > best:
            best, began = last - first + 1, times[first]
    return best, began


def seconds_over(times: list[float], limit: int) -> int:
    """In how many whole seconds (from the first request) more than ``limit`` requests were made."""
    counts: dict[int, int] = {}
    start = min(times, default=0.0)
    for t in times:
        counts[int(t - start)] = counts.get(int(t - start), 0) + 1
    return sum(1 for n in counts.values() if n > limit)


def kinds_in(calls: list[Any], began: float, window: float) -> str:
    """The requests of a window by Discord's operation (its three commonest) and by channel (how many)."""
    inside = [c for c in calls if began <= c.time < began + window]
    kinds: dict[str, int] = {}
    channels = set()
    for call in inside:
        operation, _, values = contract().operation(call.method, call.path)
        name = operation.name if operation is not None else f"{call.method} {call.path}"
        kinds[name] = kinds.get(name, 0) + 1
        channels.add(values.get("channel_id"))
    top = sorted(kinds.items(), key=lambda kv: -kv[1])[:3]
    return ", ".join(f"{n} {k}" for k, n in top) + f"; {len(channels - {None})} channels"


async def account(world: World, fleet: Fleet, peek: Peek, watch: Watch, clock: TestClock, *,
                  lobby_days: int, seconds: float) -> Ledger:
    ledger = Ledger()
    f, problems = ledger.figures, ledger.problems
    for member in fleet.members:
        member.read_log()
    outcomes = {iid: o for m in fleet.members for iid, o in m.outcomes.items()}
    moves = {(g, v): (u, o, by) for g, v, u, o, by in await peek.rows(
        "SELECT game_id, version, user_id, option_id, made_by FROM moves")}
    for game, packed in await peek.rows("SELECT game_id, moves FROM move_packs"):  # finished games' (packs.FIELDS)
        for version, _seat, user, option, _label, by, *_rest in orjson.loads(zlib.decompress(bytes(packed))):
            moves[game, version] = (user, option, by)
    by_made = {}
    for _u, _o, by in moves.values():
        by_made[by] = by_made.get(by, 0) + 1
    f["moves stored"] = len(moves)
    f["moves stored by kind"] = by_made

    # moves: acknowledged (the bot said ok) vs stored
    asked: dict[tuple[int, int], list[str]] = {}  # a stored player move -> the outcomes of the interactions asking it
    acked = lost = unknown = unknown_stored = 0
    for sent in world.sent:
        if sent.move is None:
            continue
        game, version, option = sent.move
        outcome = outcomes.get(sent.iid)
        keys = [(game, version)] if version is not None else [k for k, m in moves.items() if k[0] == game]
        hit = next((k for k in keys if moves.get(k, ("", "", ""))[:2] == (str(sent.user), option)
                    and moves[k][2] == "player"), None)
        if hit is not None:
            asked.setdefault(hit, []).append(outcome or "unknown")
        if outcome == "ok":
            acked += 1
            if hit is None:
                lost += 1
                problems.append(f"lost: {sent.kind} {sent.iid} of <@{sent.user}> (game {game}, version {version}, "
                                f"{option}) was acknowledged and is not stored")
        elif outcome is None:
            unknown += 1
            unknown_stored += hit is not None
    refused_stored = [k for k, said in asked.items() if not set(said) & {"ok", "unknown"}]
    unasked = [k for k, (_u, _o, by) in moves.items() if by == "player" and k not in asked]
    for k in refused_stored:
        problems.append(f"refused yet stored: game {k[0]} version {k[1]}")
    for k in unasked:
        problems.append(f"stored with no interaction asking it (doubled?): game {k[0]} version {k[1]} {moves[k]}")
    f["moves acknowledged"] = acked
    f["acknowledged and stored"] = acked - lost
    f["refused yet stored"] = len(refused_stored)
    f["stored, never asked"] = len(unasked)
    f["moves whose answer a kill cut off"] = unknown
    f["  of them stored"] = unknown_stored

    # interactions answered within 3 s
    late, ack, answers, cut_off, unserved = [], [], [], 0, 0
    for sent in world.sent:
        member = fleet.members[sent.member]
        if not sent.serving:
            unserved += 1
            continue
        if member.killed_near(sent.at, ACK_SECONDS):
            cut_off += 1
            continue
        latency = world.fake.latency(sent.iid)
        answer = world.fake.answer_latency(sent.iid)
        if latency is None or latency > ACK_SECONDS:
            late.append((sent, latency))
        else:
            ack.append(latency)
        if answer is not None:
            answers.append(answer)
    slow: dict[str, int] = {}
    for sent in world.sent:
        answer = world.fake.answer_latency(sent.iid)
        if answer is not None and answer > ACK_SECONDS:
            slow[sent.kind] = slow.get(sent.kind, 0) + 1
    f["answered after 3 s, by kind"] = slow or "none"
    kinds: dict[str, int] = {}
    for sent in world.sent:
        key = f"{sent.kind}:{outcomes.get(sent.iid, '?')}"
        kinds[key] = kinds.get(key, 0) + 1
    f["interactions by kind and outcome"] = dict(sorted(kinds.items()))
    f["interactions sent"] = len(world.sent)
    f["unanswered within 3 s"] = len(late)
    f["ack p50/p95/max ms"] = pct_ms(ack)
    f["answer p50/p95/max ms"] = pct_ms(answers)
    f["sent to a bot (re)starting"] = unserved
    f["in flight at a kill"] = cut_off
    f["sent while no bot ran"] = world.tally.counts.get("sent while the bot was down", 0)
    for sent, latency in late[:10]:
        said = "never" if latency is None else f"after {latency:.1f} s"
        problems.append(f"unanswered within 3 s: {sent.kind} {sent.iid} in channel {sent.channel}, answered {said}")

    # Discord's limits
    calls = world.fake.calls
    bucketed = [c.time for c in calls if not c.path.startswith(("/interactions/", "/webhooks/"))]
    f["requests to Discord"] = len(calls)
    most, began = busiest(bucketed, 1.0)
    f["requests/s at peak (global limit 50)"] = most
    restarted = max((life.serving for m in fleet.members for life in m.lives if life.serving <= began), default=0.0)
    f["  the peak second"] = (kinds_in([c for c in calls if not c.path.startswith(("/interactions/", "/webhooks/"))],
                                       began, 1.0) + f"; {began - restarted:.0f} s after a bot (re)started")
    f["  seconds over 50 requests"] = seconds_over(bucketed, GLOBAL_PER_SECOND)
    f["requests/s at peak, interactions too"] = peak([c.time for c in calls], 1.0)
    invalid = [c for c in calls if c.status in (401, 403, 429)]
    f["refused per 10 min at peak (limit 10,000)"] = peak([c.time for c in invalid], 600.0)
    f["  injected by the soak"] = sum(1 for c in invalid if c.fault)
    f["  the bot's own (401/403/429)"] = sum(1 for c in invalid if not c.fault)
    f["requests Discord would refuse"] = len(world.fake.violations)
    for v in world.fake.violations[:10]:
        problems.append(f"Discord would refuse: {v.report()[:300]}")

    # the games
    f["games that stopped with nobody told"] = len(watch.stops)
    for stop in watch.stops:
        problems.append(f"game {stop.game} stopped at version {stop.version}: {stop.why}")
    f["longest a channel was behind (s)"] = round(watch.longest_lag)
    statuses: dict[str, int] = {}
    for g in watch.games.values():
        statuses[g.status] = statuses.get(g.status, 0) + 1
    f["games by status"] = statuses
    f["reminders sent"] = (await peek.rows(
        "SELECT count(*) FROM outbox WHERE kind = 'reminder' AND sent_at IS NOT NULL"))[0][0]
    expire_after = lobby_days * 86400 / clock.speed
    due = [(g, t) for g, t, opened in world.idle_lobbies if time.perf_counter() - opened > expire_after + 20]
    closed = 0
    for game, thread in due:
        notices = [m for m in world.fake.channel_messages(thread)
                   if (m.get("content") or "").startswith(f"Nobody started game #{game} ")]
        closed += len(notices) == 1
        if len(notices) != 1:
            problems.append(f"the idle lobby of game {game} was told it closed {len(notices)} times")
    f["idle lobbies due to expire / closed once"] = f"{len(due)} / {closed}"
    f["followers told (direct / in the channel)"] = followers_told(world)
    f["admin games answers / cut or miscounted"] = admin_answers(world, problems)
    f["kill -9"] = len(fleet.kills)
    f["days on the bot's clock"] = round(clock.days(), 1)
    f["CPU, % of a core: bot / its workers / this soak"] = cpu_share(fleet, world)
    f["load average (1 min) at the end"] = round(os.getloadavg()[0], 1)
    f["memory"] = memory(fleet)
    f["people"] = dict(sorted(world.tally.counts.items()))
    return ledger


def pct_ms(values: list[float]) -> str:
    if not values:
        return "-"
    values = sorted(values)

    def at(q: float) -> float:
        return values[min(len(values) - 1, int(q * len(values)))] * 1000

    return f"{at(0.5):.0f} / {at(0.95):.0f} / {values[-1] * 1000:.0f}"


def followers_told(world: World) -> str:
    direct = sum(1 for t in world.fake.told if t.direct and "is done.**" in t.content)
    mentioned = sum(1 for t in world.fake.told if not t.direct and "is done.**" in t.content)
    return f"{direct} / {mentioned}"


def admin_answers(world: World, problems: list[str]) -> str:
    bad = 0
    for server, said, live in world.admin_answers:
        head = said.splitlines()[0] if said else ""
        count = re.match(r"\D*?(\d+)", head)
        if said.startswith("This server has no lobby"):
            continue
        if count is None or (live >= 0 and abs(int(count[1]) - live) > 3) or len(said) >= 2000:
            bad += 1
            if bad <= 3:
                problems.append(f"/ds admin games on server {server} ({live} live games in the store) answered "
                                f"{len(said)} characters starting {head[:80]!r}")
    return f"{len(world.admin_answers)} / {bad}"


def cpu_share(fleet: Fleet, world: World) -> str:
    """How busy the bot processes were (their CPU over their serving time) and this soak process."""
    shares = []
    for member in fleet.members:
        used = sum(life.cpu[-1][1] - life.cpu[0][1] for life in member.lives if len(life.cpu) > 1)
        workers = sum(max(0.0, life.cpu[-1][2] - life.cpu[0][2]) for life in member.lives if len(life.cpu) > 1)
        span = sum(life.cpu[-1][0] - life.cpu[0][0] for life in member.lives if len(life.cpu) > 1)
        if span > 0:
            shares.append(f"{100 * used / span:.0f} / {100 * workers / span:.0f}")
    mine = resource.getrusage(resource.RUSAGE_SELF)
    return f"{', '.join(shares)} / {100 * (mine.ru_utime + mine.ru_stime) / (time.perf_counter() - world.began):.0f}"


def memory(fleet: Fleet) -> list[str]:
    """Each process's RSS (MB) at the start, middle and end of its longest life, with its workers."""
    out = []
    for member in fleet.members:
        lives = [life for life in member.lives if len(life.memory) >= 3]
        if not lives:
            continue
        life = max(lives, key=lambda life: (life.ended or time.perf_counter()) - life.serving)
        marks = [life.memory[0], life.memory[len(life.memory) // 2], life.memory[-1]]
        span = marks[-1][0] - marks[0][0]
        main = " / ".join(f"{m[1] / 1024:.0f}" for m in marks)
        tree = " / ".join(f"{m[2] / 1024:.0f}" for m in marks)
        out.append(f"{member.name}: {main} MB (with its workers {tree}) over {span:.0f} s "
                   f"(life {member.lives.index(life) + 1} of {len(member.lives)})")
    return out
