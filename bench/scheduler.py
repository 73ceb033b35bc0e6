"""Pace scheduler benchmark: one tick with 10,000 live games in the database, and how soon a
due reminder goes out.

    .venv/bin/python bench/scheduler.py [--games 10000] [--ticks 200]

Prints the tick time (median, p95) when nothing is due and when a batch of games is due,
beside the baseline of the bare indexed query in the same run; then the delay between a
reminder's due time and its delivery by the running scheduler loop.  Goals: a tick with
10,000 live games <= 10 ms; a due reminder out within 1 s of its time.
"""

from __future__ import annotations

import argparse
import asyncio
import statistics
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from bot.game.scheduler import Scheduler  # noqa: E402
from bot.game.service import GameService  # noqa: E402
from bot.store.connect import open_store  # noqa: E402
from bot.store.sqlite import Store  # noqa: E402

FAR = 10 ** 10  # a due time far in the future


def pct(values: list[float], q: float) -> float:
    values = sorted(values)
    return values[min(len(values) - 1, int(q * len(values)))]


async def populate(store: Store, service: GameService, games: int) -> int:
    """One real started game, copied ``games`` times (states, seats), every one due far away."""
    await service.lobby.create_lobby("seed", "u0", "Ann", 2)
    await service.lobby.join("seed", "u1", "Bob")
    await service.clockwork.set_pace("seed", "u0", reminder="1h")
    await service.lobby.start("seed", "u0")
    seed = await store.live_game("seed")
    async with store.transaction():
        conn = store.conn
        await conn.execute(
            "WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < ?) "
            "INSERT INTO games (channel_id, status, players, variant, seed, version, setup, state, settings, "
            "created_at, updated_at, turn_since, due_at) "
            "SELECT 'c' || i, 'active', players, variant, seed, version, setup, state, settings, created_at, "
            "updated_at, turn_since, ? + i FROM games, n WHERE games.id = ?", (games - 1, FAR, seed.id))
        await conn.execute(
            "INSERT INTO seats (game_id, seat, user_id, user_name, animal, is_host) "
            "SELECT g.id, s.seat, s.user_id, s.user_name, s.animal, s.is_host FROM games g, seats s "
            "WHERE s.game_id = ? AND g.id != ?", (seed.id, seed.id))
        await conn.execute("UPDATE games SET due_at = ? WHERE id = ?", (FAR, seed.id))
    async with store.conn.execute("SELECT count(*) FROM games WHERE status = 'active'") as cur:
        return (await cur.fetchone())[0]


async def nothing() -> int:
    return 0


async def run(games: int, ticks: int) -> None:
    with tempfile.TemporaryDirectory() as tmp:
        store = await open_store(str(Path(tmp) / "bench.sqlite3"))
        clock = [time.time()]
        service = GameService(store, clock=lambda: clock[0])
        live = await populate(store, service, games)
        scheduler = Scheduler(service, nothing, clock=lambda: clock[0])

        query, idle = [], []
        for _ in range(ticks):
            t0 = time.perf_counter()
            await store.due_games(clock[0])
            query.append((time.perf_counter() - t0) * 1000)
            t0 = time.perf_counter()
            await scheduler.tick()
            idle.append((time.perf_counter() - t0) * 1000)

        # housekeeping's sweep (once a minute in the loop): lobbies to close, threads to archive, idle games
        sweeps = []
        for _ in range(20):
            t0 = time.perf_counter()
            await service.housekeeping.sweep(clock[0])
            sweeps.append((time.perf_counter() - t0) * 1000)

        # a batch of 20 games due at once: each writes its reminder to the outbox
        busy = []
        for round_ in range(10):
            async with store.transaction():
                await store.conn.execute("UPDATE games SET due_at = ?, turn_since = ? WHERE id IN "
                                         "(SELECT id FROM games ORDER BY id LIMIT 20 OFFSET ?)",
                                         (clock[0], clock[0] - 3601, round_ * 20))
            t0 = time.perf_counter()
            handled = await scheduler.tick()
            busy.append((time.perf_counter() - t0) * 1000)
            assert handled == 20, handled

        # the running loop, with the real clock: a reminder due in 300 ms
        delays: list[float] = []
        delivered = asyncio.Event()

        async def deliver() -> int:
            items = await store.unsent()
            for item in items:
                await store.mark_sent(item.id, time.time())
                if item.channel_id == "c500":
                    delays.append(time.time() - due_at)
                    delivered.set()
            return len(items)

        while items := await store.unsent(1000):  # the batch's reminders count as sent
            for item in items:
                await store.mark_sent(item.id, time.time())
        real = GameService(store)
        loop = Scheduler(real, deliver)
        due_at = time.time() + 0.3
        async with store.transaction():
            await store.conn.execute("UPDATE games SET due_at = ?, turn_since = ? WHERE channel_id = 'c500'",
                                     (due_at, due_at - 3600))
        loop.start()
        await asyncio.wait_for(delivered.wait(), 10)
        await loop.stop()
        await store.close()

    print(f"{live} live games in the database (SQLite, WAL)")
    print(f"{'':<34} {'median ms':>10} {'p95 ms':>8}")
    print(f"{'baseline: the due-games query':<34} {statistics.median(query):>10.3f} {pct(query, 0.95):>8.3f}")
    print(f"{'tick, nothing due':<34} {statistics.median(idle):>10.3f} {pct(idle, 0.95):>8.3f}")
    print(f"{'tick, 20 games due (reminders)':<34} {statistics.median(busy):>10.3f} {pct(busy, 0.95):>8.3f}")
    print(f"{'housekeeping sweep, nothing to do':<34} {statistics.median(sweeps):>10.3f} {pct(sweeps, 0.95):>8.3f}")
    print(f"reminder delivered {delays[0] * 1000:.0f} ms after its due time (the loop looks every "
          f"{Scheduler(service, nothing).tick_seconds} s)")
    print("goals: a tick with 10,000 live games <= 10 ms; a due reminder out within 1 s")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=10_000)
    parser.add_argument("--ticks", type=int, default=200)
    args = parser.parse_args()
    asyncio.run(run(args.games, args.ticks))


if __name__ == "__main__":
    main()
