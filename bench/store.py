"""Store benchmark: one move's load + apply + commit among 1,000 stored games, the bytes a
finished game costs, and the floor: a bare single-row INSERT + COMMIT on the same database;
on SQLite and on PostgreSQL, side by side.

    .venv/bin/python bench/store.py [--games 1000] [--moves 300] [--database-url URL | --sqlite-only]

PostgreSQL: a throw-away cluster (tests/bot/pg_cluster.py) with production durability (fsync,
synchronous commit) over its unix socket, unless ``--database-url`` names a server.

Prints numbers; nothing is asserted.  Targets on the 2-core machine: median <= 5 ms,
p95 <= 20 ms, <= 1 MB per finished game; PostgreSQL's median <= 5 ms and <= 3 x SQLite's.
"""

from __future__ import annotations

import argparse
import asyncio
import os
import random
import sqlite3
import statistics
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "tests" / "bot"))

import engine  # noqa: E402
from bot.game.service import GameService  # noqa: E402
from bot.store.connect import open_store  # noqa: E402
from bot.store.sqlite import Store  # noqa: E402
from engine.simulate import pick, random_moves  # noqa: E402


def pct(values: list[float], q: float) -> float:
    values = sorted(values)
    return values[min(len(values) - 1, int(q * len(values)))]


async def fill(store: Store, games: int) -> None:
    """Store ``games`` active games at assorted points of play (6 players, the biggest states)."""
    samples = []
    for seed in range(20):
        state = engine.new_game(6, seed)
        random_moves(state, random.Random(seed), limit=random.Random(seed).randrange(50, 800))
        samples.append((seed, state))
    async with store.transaction():
        for i in range(games):
            seed, state = samples[i % len(samples)]
            gid = await store.insert_game(f"chan{i}", 6, "standard", seed)
            for seat in range(6):
                await store.insert_seat(gid, seat, f"u{seat}", f"P{seat}", None, seat == 0)
            setup = {"players": 6, "seed": seed, "multi_animal": False,
                     "animals": [s["animals"] for s in state["seats"]], "names": [f"P{s}" for s in range(6)]}
            await store.save_state(gid, 0, 1, state, status="active", setup=setup)


async def time_moves(service: GameService, games: int, moves: int) -> list[float]:
    chooser = random.Random(1)
    times = []
    for _ in range(moves):
        channel = f"chan{chooser.randrange(games)}"
        status = await service.status(channel)  # what the player saw (not timed)
        if status.to_act is None:
            continue
        option = pick(status.choices, chooser).id
        t0 = time.perf_counter()
        await service.act(channel, status.to_act, option)
        times.append((time.perf_counter() - t0) * 1000)
    return times


async def floor(store: Store, n: int) -> list[float]:
    await store.conn.execute("CREATE TABLE IF NOT EXISTS floor (x INTEGER)")
    times = []
    for i in range(n):
        t0 = time.perf_counter()
        async with store.transaction():
            await store.conn.execute("INSERT INTO floor (x) VALUES (?)", (i,))
        times.append((time.perf_counter() - t0) * 1000)
    return times


async def finished_game_bytes(directory: str) -> tuple[int, int]:
    path = os.path.join(directory, "one.sqlite3")
    store = await open_store(path)
    empty = os.path.getsize(path)
    service = GameService(store)
    await service.create_lobby("c", "u0", "P0", 6)
    for i in range(1, 6):
        await service.join("c", f"u{i}", f"P{i}")
    await service.start("c", "u0")
    chooser = random.Random(3)
    decisions = 0
    while (status := await service.status("c")).to_act is not None:
        option = pick(status.choices, chooser).id
        await service.act("c", status.to_act, option)
        decisions += 1
    await store.close()
    conn = sqlite3.connect(path)  # fold the WAL in and drop free pages: what the game really costs
    conn.execute("VACUUM")
    conn.execute("PRAGMA wal_checkpoint(TRUNCATE)")
    conn.close()
    return os.path.getsize(path) - empty, decisions


async def measure(target: str, games: int, n: int) -> tuple[list[float], list[float]]:
    """(move times, floor times) in ms on the store at ``target`` (a path or a URL)."""
    store = await open_store(target)
    try:
        await fill(store, games)
        service = GameService(store, renderer=None)
        moves = await time_moves(service, games, n)
        bare = await floor(store, n)
    finally:
        await store.close()
    return moves, bare


def row(name: str, values: list[str]) -> str:
    return f"{name:<44}" + "".join(f"{v:>16}" for v in values)


async def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--games", type=int, default=1000)
    parser.add_argument("--moves", type=int, default=300)
    parser.add_argument("--database-url", help="a PostgreSQL database to use (default: a throw-away cluster)")
    parser.add_argument("--sqlite-only", action="store_true")
    args = parser.parse_args()
    results: dict[str, tuple[list[float], list[float]]] = {}
    with tempfile.TemporaryDirectory() as directory:
        results["SQLite"] = await measure(os.path.join(directory, "bench.sqlite3"), args.games, args.moves)
        size = os.path.getsize(os.path.join(directory, "bench.sqlite3"))
        game_bytes, decisions = await finished_game_bytes(directory)
    if not args.sqlite_only:
        cluster = None
        url = args.database_url
        if url is None:
            from pg_cluster import PgCluster, server_bin

            if server_bin() is None:
                print("PostgreSQL: no server binaries (apt-get install postgresql); SQLite only", file=sys.stderr)
            else:
                cluster = PgCluster(durable=True).start()
                await cluster.execute("CREATE DATABASE bench")
                url = cluster.url("bench", socket_dir=True)
        try:
            if url is not None:
                results["PostgreSQL"] = await measure(url, args.games, args.moves)
        finally:
            if cluster is not None:
                cluster.cleanup()
    names = list(results)
    print(f"stored games: {args.games} (6 players); SQLite file {size / 1e6:.1f} MB; "
          f"durable commits on both (synchronous=FULL; fsync + synchronous_commit)")
    print(row("", names))
    for label, index in (("one move (load + apply + commit)", 0), ("floor (bare INSERT + COMMIT)", 1)):
        times = {n: results[n][index] for n in names}
        print(row(f"{label}: median ms", [f"{statistics.median(times[n]):.2f}" for n in names]))
        print(row(f"{label}: p95 ms", [f"{pct(times[n], 0.95):.2f}" for n in names]))
    print(row("ratio move / floor (medians)",
              [f"{statistics.median(results[n][0]) / statistics.median(results[n][1]):.1f}" for n in names]))
    if "PostgreSQL" in results:
        ratio = statistics.median(results["PostgreSQL"][0]) / statistics.median(results["SQLite"][0])
        print(f"PostgreSQL / SQLite move (medians): {ratio:.2f}")
    print(f"finished 6-player random game: {game_bytes / 1024:.0f} KB in SQLite ({decisions} moves)")


if __name__ == "__main__":
    asyncio.run(main())
