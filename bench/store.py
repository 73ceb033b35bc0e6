"""Store benchmark: one move's load + apply + commit among 1,000 stored games, early in a game
(move 10) and late (move 500), beside the floor: a bare single-row INSERT + COMMIT on the same
database, the three timed interleaved so a busy machine slows them alike; the store's trips and
the states decoded per move; the bytes a finished 6-player game costs; on SQLite and on
PostgreSQL, side by side.

    .venv/bin/python bench/store.py [--games 1000] [--moves 300] [--database-url URL | --sqlite-only]

PostgreSQL: a throw-away cluster (tests/bot/pg_cluster.py) with production durability (fsync,
synchronous commit) over its unix socket, unless ``--database-url`` names a server.

Prints numbers; nothing is asserted.  Targets on the 2-core machine: median <= 5 ms, p95 <= 20 ms,
a move at move 500 <= 1.15 x one at move 10, <= 40 KB per finished 6-player game (the empty
schema not counted); PostgreSQL's median <= 5 ms and <= 3 x SQLite's.
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
from collections.abc import Awaitable, Callable
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "tests" / "bot"))

import engine  # noqa: E402
from bot.game.service import GameService  # noqa: E402
from bot.store.api import GameStore  # noqa: E402
from bot.store.connect import open_store  # noqa: E402
from bot.store.models import DECODES  # noqa: E402
from engine import logbook  # noqa: E402
from engine.simulate import pick, random_moves  # noqa: E402

#: The two points of a game a move is timed at (moves made before it).
EARLY, LATE = 10, 500


def pct(values: list[float], q: float) -> float:
    values = sorted(values)
    return values[min(len(values) - 1, int(q * len(values)))]


async def fill(store: GameStore, games: int) -> dict[str, list[str]]:
    """``games`` active 6-player games (the biggest states), half at move 10 and half at move 500,
    each saved as the service saves it; returns the channels of each kind."""
    samples: dict[str, list[tuple[int, dict]]] = {"early": [], "late": []}
    for seed in range(10):
        for kind, moves in (("early", EARLY), ("late", LATE)):
            state = engine.new_game(6, seed)
            random_moves(state, random.Random(seed), limit=moves)
            samples[kind].append((seed, state))
    channels: dict[str, list[str]] = {"early": [], "late": []}
    async with store.transaction():
        for i in range(games):
            kind = "early" if i % 2 else "late"
            seed, state = samples[kind][i // 2 % len(samples[kind])]
            gid = await store.insert_game(f"chan{i}", 6, "standard", seed)
            for seat in range(6):
                await store.insert_seat(gid, seat, f"u{seat}", f"P{seat}", None, seat == 0)
            setup = {"players": 6, "seed": seed, "multi_animal": False,
                     "animals": [s["animals"] for s in state["seats"]], "names": [f"P{s}" for s in range(6)]}
            await store.save_state(gid, 0, 1, logbook.kept(state), status="active", setup=setup)
            channels[kind].append(f"chan{i}")
    return channels


async def timed(call: Callable[[], Awaitable[object]]) -> float:
    t0 = time.perf_counter()
    await call()
    return (time.perf_counter() - t0) * 1000


async def measure(target: str, games: int, n: int) -> dict[str, Any]:
    """Move times (early, late) and floor times in ms, interleaved, on the store at ``target``."""
    store = await open_store(target)
    try:
        channels = await fill(store, games)
        service = GameService(store, renderer=None)
        await store.conn.execute("CREATE TABLE IF NOT EXISTS floor (x INTEGER)")
        chooser = random.Random(1)
        out: dict[str, list[float]] = {"early": [], "late": [], "floor": []}
        trips = decodes = moved = 0
        for i in range(n):
            for kind in ("early", "late"):
                channel = chooser.choice(channels[kind])
                status = await service.reads.status(channel)  # what the player saw (not timed)
                if status.to_act is None:
                    continue
                option = pick(status.choices, chooser).id
                trips0, decodes0 = store.trips, DECODES.count
                out[kind].append(await timed(lambda c=channel, s=status, o=option: service.play.act(c, s.to_act, o)))
                trips, decodes, moved = trips + store.trips - trips0, decodes + DECODES.count - decodes0, moved + 1

            async def bare(i: int = i) -> None:
                async with store.transaction():
                    await store.conn.execute("INSERT INTO floor (x) VALUES (?)", (i,))

            out["floor"].append(await timed(bare))
    finally:
        await store.close()
    return {**out, "trips": trips / moved, "decodes": decodes / moved}


async def finished_game_bytes(directory: str) -> tuple[int, int]:
    """What one finished 6-player game adds to a database that holds only the schema, once
    housekeeping has packed its moves (a day after its end)."""
    path = os.path.join(directory, "one.sqlite3")
    await (await open_store(path)).close()
    empty = compacted(path)
    store = await open_store(path)
    service = GameService(store)
    await service.lobby.create_lobby("c", "u0", "P0", 6)
    for i in range(1, 6):
        await service.lobby.join("c", f"u{i}", f"P{i}")
    await service.lobby.start("c", "u0")
    chooser = random.Random(3)
    decisions = 0
    while (status := await service.reads.status("c")).to_act is not None:
        option = pick(status.choices, chooser).id
        await service.play.act("c", status.to_act, option)
        decisions += 1
    await service.housekeeping.sweep(time.time() + 2 * 86400)  # a day after its end: its moves packed in one row
    await store.close()
    return compacted(path) - empty, decisions


def compacted(path: str) -> int:
    """The file's size with its WAL folded in and its free pages dropped."""
    conn = sqlite3.connect(path)
    conn.execute("PRAGMA wal_checkpoint(TRUNCATE)")
    conn.execute("VACUUM")
    conn.execute("PRAGMA wal_checkpoint(TRUNCATE)")
    conn.close()
    return os.path.getsize(path)


def row(name: str, values: list[str]) -> str:
    return f"{name:<48}" + "".join(f"{v:>16}" for v in values)


async def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--games", type=int, default=1000)
    parser.add_argument("--moves", type=int, default=300, help="moves timed at each point of a game")
    parser.add_argument("--database-url", help="a PostgreSQL database to use (default: a throw-away cluster)")
    parser.add_argument("--sqlite-only", action="store_true")
    args = parser.parse_args()
    results: dict[str, dict[str, Any]] = {}
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

    def med(name: str, key: str) -> float:
        return statistics.median(results[name][key])

    print(f"stored games: {args.games} (6 players, half at move {EARLY}, half at move {LATE}); SQLite file "
          f"{size / 1e6:.1f} MB; durable commits on both (synchronous=FULL; fsync + synchronous_commit)")
    print(row("", names))
    for label, key in ((f"a move at move {EARLY} (load + apply + commit)", "early"),
                       (f"a move at move {LATE}", "late"), ("floor (bare INSERT + COMMIT)", "floor")):
        print(row(f"{label}: median ms", [f"{med(n, key):.2f}" for n in names]))
        print(row(f"{label}: p95 ms", [f"{pct(results[n][key], 0.95):.2f}" for n in names]))
    print(row(f"ratio move {LATE} / move {EARLY} (medians)",
              [f"{med(n, 'late') / med(n, 'early'):.2f}" for n in names]))
    print(row("ratio move / floor (medians, both points)",
              [f"{statistics.median(results[n]['early'] + results[n]['late']) / med(n, 'floor'):.1f}"
               for n in names]))
    print(row("store trips per move", [f"{results[n]['trips']:.1f}" for n in names]))
    print(row("states decoded per move", [f"{results[n]['decodes']:.1f}" for n in names]))
    if "PostgreSQL" in results:
        print(f"PostgreSQL / SQLite move (medians): {med('PostgreSQL', 'early') / med('SQLite', 'early'):.2f}")
    print(f"finished 6-player random game: {game_bytes / 1024:.0f} KB in SQLite ({decisions} moves; "
          "the empty schema not counted; its moves packed a day after its end)")


if __name__ == "__main__":
    asyncio.run(main())
