"""``python -m bot --check`` beside its floor, each a fresh process, interleaved in one run.

    .venv/bin/python bench/check.py [--runs N]

The floor is a Python process doing the check's own work with only what that work needs:
``bot.config`` (tomllib and the settings) read the same configuration, ``asyncio`` ran a
coroutine (the check is one), and ``sqlite3`` read the database's schema version (the
check's store is a SQLite file here).  It is what the check cannot do without; whatever
``--check`` costs beyond it is importing what it does not use (discord.py, the renderers,
the game service before issue 30; today the PostgreSQL driver and the async SQLite store,
which ``bot.store.connect`` imports for every target).

Prints the median wall and CPU time (user + system) of each and their ratio, with the spread
(min-max) over the runs.  Goal: --check <= 2x its floor (issue 30).  Nothing is asserted.
"""

from __future__ import annotations

import argparse
import os
import resource
import sqlite3
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent

FLOOR = """
import asyncio, sqlite3, sys
from bot.config import load_config

async def check():
    config = load_config(sys.argv[1])
    conn = sqlite3.connect(config.database)
    print(conn.execute("PRAGMA user_version").fetchone()[0])
    conn.close()

asyncio.run(check())
"""


def timed(cmd: list[str], env: dict[str, str]) -> tuple[float, float]:
    """Wall and CPU seconds of one run of ``cmd`` (it must succeed)."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    t0 = time.perf_counter()
    subprocess.run(cmd, cwd=ROOT, env=env, check=True, stdout=subprocess.DEVNULL)
    wall = time.perf_counter() - t0
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    return wall, (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--runs", type=int, default=20, help="runs of each")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        database = Path(tmp) / "games.sqlite3"
        conn = sqlite3.connect(database)  # an existing database, so both read its schema version
        conn.execute("PRAGMA user_version = 1")
        conn.execute("CREATE TABLE t (x)")
        conn.close()
        config = Path(tmp) / "config.toml"
        config.write_text(f'[discord]\ntoken = "bench"\n\n[database]\npath = "{database}"\n')
        env = {"PATH": os.environ.get("PATH", "/usr/bin:/bin"), "PYTHONDONTWRITEBYTECODE": "1"}
        commands = {
            "--check": [sys.executable, "-m", "bot", "--check", "--config", str(config)],
            "floor": [sys.executable, "-c", FLOOR, str(config)],
        }
        for cmd in commands.values():  # warm the file cache and the bytecode
            timed(cmd, env)
        runs: dict[str, list[tuple[float, float]]] = {k: [] for k in commands}
        for _ in range(args.runs):
            for key, cmd in commands.items():
                runs[key].append(timed(cmd, env))

    def med(key: str, i: int) -> float:
        return statistics.median(r[i] for r in runs[key])

    def spread(key: str, i: int) -> str:
        values = [r[i] for r in runs[key]]
        return f"{min(values) * 1000:.0f}-{max(values) * 1000:.0f}"

    print(f"{'':8} {'wall ms':>8} {'(min-max)':>11} {'CPU ms':>7} {'(min-max)':>11}")
    for key in commands:
        print(f"{key:8} {med(key, 0) * 1000:>8.0f} {spread(key, 0):>11} {med(key, 1) * 1000:>7.0f} "
              f"{spread(key, 1):>11}")
    print(f"ratio    {med('--check', 0) / med('floor', 0):>7.2f}x {'':11} {med('--check', 1) / med('floor', 1):>6.2f}x")
    print("goal: --check <= 2x its floor (the same check importing only what it needs)")


if __name__ == "__main__":
    main()
