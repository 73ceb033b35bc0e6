"""Scale-out benchmark: bot processes sharing one PostgreSQL, each with its own live games,
moving at full speed; one process, then two side by side.

    .venv/bin/python bench/scale.py [--games 100] [--seconds 60] [--concurrency 4] [--database-url URL]

Each worker process is the store and the game service of one bot process (what a move costs
there: load, rules, append, compare-and-set commit), with ``--concurrency`` players at once
picking among its ``--games`` 4-player games.  A move's "ack" is the time from the call to
its commit.  Afterwards every game is checked: its standing moves are exactly the acked ones
(none lost, none doubled) and its state is the replay of them.

Targets on the 2-core machine: 0 lost or doubled, ack p95 <= 100 ms, two processes >= 1.6 x
the moves per second of one.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import random
import statistics
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "tests" / "bot"))

from bot.game.replies import StaleState  # noqa: E402
from bot.game.service import GameService  # noqa: E402
from bot.store.connect import open_store  # noqa: E402
from engine.history import replay  # noqa: E402
from engine.simulate import pick  # noqa: E402

PLAYERS = 4


def channel(i: int) -> str:
    return f"scale{i}"


async def create_games(url: str, count: int) -> None:
    store = await open_store(url)
    service = GameService(store)
    try:
        for i in range(count):
            users = [f"u{i}-{s}" for s in range(PLAYERS)]
            await service.lobby.create_lobby(channel(i), users[0], "P0", PLAYERS)
            for s, u in enumerate(users[1:], start=1):
                await service.lobby.join(channel(i), u, f"P{s}")
            await service.lobby.start(channel(i), users[0])
    finally:
        await store.close()


async def worker(url: str, first: int, games: int, seconds: float, concurrency: int, seed: int) -> dict:
    store = await open_store(url)
    service = GameService(store)
    acks: list[tuple[str, int]] = []
    latencies: list[float] = []
    refused = 0
    channels = [channel(i) for i in range(first, first + games)]
    deadline = time.monotonic() + seconds

    async def player(k: int) -> None:
        nonlocal refused
        chooser = random.Random(seed * 1000 + k)
        while time.monotonic() < deadline:
            ch = chooser.choice(channels)
            status = await service.reads.status(ch)
            if status.to_act is None:
                continue
            option = pick(status.choices, chooser).id
            t0 = time.perf_counter()
            try:
                reply = await service.play.act(ch, status.to_act, option, status.version)
            except StaleState:  # another player of this process moved the same game first
                refused += 1
                continue
            latencies.append((time.perf_counter() - t0) * 1000)
            acks.append((ch, reply.version))

    started, cpu = time.monotonic(), time.process_time()
    await asyncio.gather(*(player(k) for k in range(concurrency)))
    elapsed, cpu = time.monotonic() - started, time.process_time() - cpu
    await store.close()
    return {"moves": len(latencies), "elapsed": elapsed, "latencies": latencies, "refused": refused, "acks": acks,
            "cpu": cpu}


def server_cpu(data: Path | None) -> float:
    """CPU seconds used so far by the PostgreSQL server's processes (the postmaster and its children)."""
    if data is None or not (data / "postmaster.pid").exists():
        return 0.0
    root = int((data / "postmaster.pid").read_text().split()[0])
    tick = os.sysconf("SC_CLK_TCK")
    total = 0.0
    for stat in Path("/proc").glob("[0-9]*/stat"):
        try:
            fields = stat.read_text().rsplit(")", 1)[1].split()
        except OSError:
            continue
        if int(stat.parent.name) == root:  # with the backends that ended (its waited-for children)
            total += sum(int(f) for f in fields[11:15]) / tick
        elif int(fields[1]) == root:
            total += (int(fields[11]) + int(fields[12])) / tick
    return total


def run_workers(url: str, ranges: list[tuple[int, int]], seconds: float, concurrency: int) -> list[dict]:
    procs = [subprocess.Popen([sys.executable, __file__, "--worker", url, str(first), str(games), str(seconds),
                               str(concurrency), str(n)], stdout=subprocess.PIPE, text=True)
             for n, (first, games) in enumerate(ranges)]
    results = []
    for proc in procs:
        out, _ = proc.communicate(timeout=seconds + 300)
        if proc.returncode != 0:
            raise SystemExit(f"a worker failed ({proc.returncode})")
        results.append(json.loads(out.strip().splitlines()[-1]))
    return results


async def check(url: str, count: int, acked: dict[str, int]) -> tuple[int, int]:
    """(moves stored, games whose moves or state disagree with what was acked)."""
    store = await open_store(url)
    bad = total = 0
    try:
        for i in range(count):
            game = await store.live_game(channel(i)) or await store.latest_game(channel(i))
            moves = await store.moves(game.id)
            total += len(moves)
            if len(moves) != acked.get(channel(i), 0) or len(moves) != game.version - 1 \
                    or replay(game.setup, moves) != game.state:
                bad += 1
    finally:
        await store.close()
    return total, bad


def summary(results: list[dict]) -> tuple[float, float, float, int]:
    moves = sum(r["moves"] for r in results)
    elapsed = max(r["elapsed"] for r in results)
    latencies = sorted(x for r in results for x in r["latencies"])
    p95 = latencies[min(len(latencies) - 1, int(0.95 * len(latencies)))] if latencies else 0.0
    return moves / elapsed, statistics.median(latencies) if latencies else 0.0, p95, sum(r["refused"] for r in results)


def main() -> None:
    if len(sys.argv) > 1 and sys.argv[1] == "--worker":
        url, first, games, seconds, concurrency, seed = sys.argv[2:8]
        result = asyncio.run(worker(url, int(first), int(games), float(seconds), int(concurrency), int(seed)))
        print(json.dumps(result))
        return
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--games", type=int, default=100, help="live games per process")
    parser.add_argument("--seconds", type=float, default=60)
    parser.add_argument("--concurrency", type=int, default=4, help="players moving at once in each process")
    parser.add_argument("--database-url")
    args = parser.parse_args()
    cluster = None
    try:
        if args.database_url is None:
            from pg_cluster import PgCluster

            cluster = PgCluster(durable=True).start()
            base = cluster.url(socket_dir=True)
        for label, ranges in (("one process", [(0, args.games)]),
                              ("two processes", [(0, args.games), (args.games, args.games)])):
            count = sum(g for _, g in ranges)
            if cluster is not None:
                name = "scale_" + label.split()[0]
                asyncio.run(cluster.execute(f"CREATE DATABASE {name}"))
                url = base.replace("/postgres?", f"/{name}?")
            else:
                url = args.database_url
            asyncio.run(create_games(url, count))
            before = asyncio.run(check(url, count, {}))[0]
            data = cluster.data if cluster is not None else None
            server, load = server_cpu(data), os.getloadavg()[0]
            results = run_workers(url, ranges, args.seconds, args.concurrency)
            server, load = server_cpu(data) - server, (load + os.getloadavg()[0]) / 2
            acked: dict[str, int] = {}
            for r in results:
                for ch, _ in r["acks"]:
                    acked[ch] = acked.get(ch, 0) + 1
            stored, bad = asyncio.run(check(url, count, acked))
            rate, median, p95, refused = summary(results)
            print(f"{label}: {len(ranges)} x {args.games} games, {args.concurrency} players each, "
                  f"{args.seconds:.0f} s: {rate:.1f} moves/s, ack median {median:.1f} ms, p95 {p95:.1f} ms; "
                  f"acked {sum(acked.values())}, stored {stored - before}, games not matching their acks or "
                  f"replay: {bad}; refused as stale (same game, same process): {refused}")
            moves = sum(r["moves"] for r in results)
            bot_cpu = sum(r["cpu"] for r in results)
            elapsed = max(r["elapsed"] for r in results)
            print(f"  CPU per move: bot {1000 * bot_cpu / moves:.1f} ms, PostgreSQL {1000 * server / moves:.1f} ms; "
                  f"cores busy with this: {(bot_cpu + server) / elapsed:.2f} of {os.cpu_count()}; "
                  f"load average meanwhile {load:.1f}")
            if label == "one process":
                one = rate
            else:
                print(f"two processes / one process (moves/s): {rate / one:.2f}")
            if args.database_url is not None:
                break  # one database given: only the one-process figure makes sense in it
    finally:
        if cluster is not None:
            cluster.cleanup()


if __name__ == "__main__":
    os.environ.setdefault("PYTHONHASHSEED", "0")
    main()
