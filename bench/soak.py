"""A busy server's month in one soak: the real bot (``python -m bot``) against the fake Discord, with
many games at once on a few servers, played by scripted people and computer players, followers,
reminders and deadlines on a test clock that runs days in minutes, lobbies expiring, rematches,
``/ds admin``, Discord answering 429 and 5xx now and then, and a kill -9 of a bot process every
few minutes (then a restart) while the players keep clicking.  First one bot on SQLite, then two
shard processes on PostgreSQL (a throw-away cluster, tests/bot/pg_cluster.py).

    .venv/bin/python bench/soak.py [--mode one|shards|both] [--minutes 8] [--games 54] [--servers 4]
                                   [--kill-every 150] [--faults 30] [--speed 3600] [--seed 1]

It prints one table (a column per run).  What must hold:
* every move the bot acknowledged (its answer said done) is stored, once; no refused move is stored;
  no stored move was never asked for;
* no game stopped with nobody told (its channel behind its stored version, or waiting on a player
  never pinged or sent a direct message, for longer than --grace seconds while its bot serves);
* no interaction unanswered within 3 s (those sent to a process that was down, starting, or killed
  within 3 s are counted apart: Discord tells those players the application did not respond);
* Discord's limits: at most 50 requests a second (interaction callbacks and webhooks aside), fewer
  than 10,000 refused (401/403/429) in any 10 minutes, none that Discord would refuse outright;
* the memory of a process levels off (its RSS at the start, middle and end of its longest life;
  with two processes only the first is killed, so the second's life is the whole run).
A game that stops is printed as it happens: the bot's last lines and the fake's last calls for it.
"""

from __future__ import annotations

import argparse
import asyncio
import dataclasses
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "tests" / "bot"))
sys.path.insert(0, str(ROOT))

from soak_run import Options, soak  # noqa: E402
from soak_watch import Ledger  # noqa: E402


def run(mode: str, options: Options, keep: Path | None) -> Ledger:
    if keep is not None:
        (keep := keep / mode).mkdir(parents=True, exist_ok=True)
    with tempfile.TemporaryDirectory(prefix="ds-soak-") as folder:
        if mode == "one":
            return asyncio.run(soak(options, Path(folder), keep=keep))
        from pg_cluster import PgCluster

        cluster = PgCluster().start()
        try:
            url = cluster.create_database()
            return asyncio.run(soak(options, Path(folder), url, keep=keep))
        finally:
            cluster.cleanup()


def commit() -> str:
    done = subprocess.run(["git", "-C", str(ROOT), "log", "-1", "--format=%h %s"], capture_output=True, text=True)
    dirty = subprocess.run(["git", "-C", str(ROOT), "status", "--porcelain", "--untracked-files=no"],
                           capture_output=True, text=True).stdout.strip()
    return (done.stdout.strip()[:72] or "?") + (" (with changes)" if dirty else "")


def table(columns: dict[str, Ledger]) -> str:
    keys: list[str] = []
    for ledger in columns.values():
        keys += [k for k in ledger.figures if k not in keys and k not in ("memory", "people")]
    width = max(len(k) for k in keys)
    cell = max(24, *(len(c) for c in columns))
    lines = [f"{'':{width}}  " + "  ".join(f"{c:>{cell}}" for c in columns)]
    for key in keys:
        values = [ledger.figures.get(key, "") for ledger in columns.values()]
        lines.append(f"{key:{width}}  " + "  ".join(f"{show(v):>{cell}}" for v in values))
    for name, ledger in columns.items():
        lines.append(f"memory, {name} (RSS MB: start / middle / end):")
        lines += [f"  {m}" for m in ledger.figures.get("memory", [])]
    return "\n".join(lines)


def show(value: object) -> str:
    if isinstance(value, dict):
        return ", ".join(f"{k} {v}" for k, v in value.items())
    if isinstance(value, list):
        return ", ".join(map(str, value))
    return str(value)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--mode", choices=("one", "shards", "both"), default="both")
    parser.add_argument("--keep", type=Path, help="a folder to keep each bot process's output in")
    defaults = Options()
    for option in dataclasses.fields(Options):
        if option.name == "down":
            continue
        parser.add_argument(f"--{option.name.replace('_', '-')}", type=type(getattr(defaults, option.name)),
                            default=getattr(defaults, option.name))
    args = parser.parse_args()
    options = Options(**{f.name: getattr(args, f.name) for f in dataclasses.fields(Options) if f.name != "down"})
    modes = ("one", "shards") if args.mode == "both" else (args.mode,)
    names = {"one": "one bot, SQLite", "shards": "two shards, PostgreSQL"}
    columns: dict[str, Ledger] = {}
    measured = commit()
    for mode in modes:
        started = time.monotonic()
        columns[names[mode]] = ledger = run(mode, options, args.keep)
        ledger.figures["minutes (with the settling)"] = round((time.monotonic() - started) / 60, 1)
        print(f"\n{names[mode]}: done in {(time.monotonic() - started) / 60:.1f} min", file=sys.stderr, flush=True)
    print(f"\nsoak of {measured}: {options.games} games at once on {options.servers} servers, "
          f"{options.minutes:g} min, the clock x{options.speed:g}, a kill -9 every ~{options.kill_every:g} s, "
          f"{options.faults:g} faults a minute, seed {options.seed}")
    print(table(columns))
    for name, ledger in columns.items():
        print(f"\npeople, {name}: " + show(ledger.figures.get("people", {})))
        for problem in ledger.problems[:40]:
            print(f"  problem: {problem}")
    bad = sum(len(ledger.problems) for ledger in columns.values())
    print("\ngoals: lost 0, refused yet stored 0, stored never asked 0, games stopped 0, unanswered within 3 s 0, "
          "requests/s at peak <= 50, refused per 10 min < 10,000, requests Discord would refuse 0"
          + (f"; {bad} problems listed above" if bad else "; no problem found"))


if __name__ == "__main__":
    main()
