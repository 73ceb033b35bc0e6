"""Where the bot's memory goes: the soak's busy servers (``bench/soak.py``: many live games on a few
servers, played by scripted people and computer players, one bot on SQLite, no kills), with each of
the bot's processes' RSS read every few seconds and the size and hit rate of every cache of ours
read from the bot's ``/metrics`` (each process's caches, the render workers' included).

    .venv/bin/python bench/memory.py [--minutes 20] [--games 54] [--every 30] [--baseline REF] [--workers N]

``--baseline REF``: the bot of that commit (a worktree of it, removed afterwards) against the same
people, the same fake Discord and the same harness: a commit without the caches' metrics shows
the RSS only.  It prints the RSS series (MB, each process and the total), the marks the issue
names (start, 5 min, the middle, the end of play), the caches, then the soak's own table.
Goals (issue 40), with 40-54 live games: the total at most 300 MB at every sample; the total at
the end within 10 % of the total at 5 minutes.  Nothing is asserted.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import os
import re
import sys
import tempfile
import time
import urllib.request
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "tests" / "bot"))
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "bench"))

import bot_process  # noqa: E402
import soak as soak_bench  # noqa: E402
from baseline import baseline_tree  # noqa: E402
from bot_process import descendants, free_port  # noqa: E402
from soak_fleet import rss_kb  # noqa: E402
from soak_run import Options, soak  # noqa: E402

#: How a process of the bot is named in the series, by what its command line holds.
#: (The workers' command lines name the resource tracker too: a warning filter they inherit.)
ROLES = (("-m\0bot", "bot"), ("spawn_main", "worker"), ("resource_tracker", "tracker"))
CACHE_LINE = re.compile(r'^ds_cache_(\w+)\{cache="([^"]+)",process="([^"]+)"\} (\S+)$')


def role(pid: int) -> str | None:
    try:
        cmdline = Path(f"/proc/{pid}/cmdline").read_text()
    except OSError:
        return None
    return next((name for mark, name in ROLES if mark in cmdline), None)


class Sampler:
    """The RSS of each process of the bot every ``every`` seconds; workers are numbered as they
    appear (a worker replaced by a fresh one gets the next number)."""

    def __init__(self, every: float, port: int) -> None:
        self.every = every
        self.port = port
        self.series: list[tuple[float, dict[str, int]]] = []  # (seconds since the bot started, label -> kB)
        self.names: dict[int, str] = {}
        self.started: float | None = None
        self.scraped = ""  # the last /metrics answer

    def label(self, pid: int, kind: str) -> str:
        if pid not in self.names:
            if kind == "worker":
                self.names[pid] = f"worker {sum(1 for n in self.names.values() if n.startswith('worker')) + 1}"
            else:
                self.names[pid] = kind
        return self.names[pid]

    def sample(self) -> None:
        bots = [p for p in descendants(os.getpid()) if role(p) == "bot"]
        if not bots:
            return
        now = time.perf_counter()
        if self.started is None:
            self.started = now
        seen: dict[str, int] = {}
        for pid in [bots[0], *sorted(descendants(bots[0]))]:
            kind = role(pid)
            if kind is not None and (kb := rss_kb(pid)):
                seen[self.label(pid, kind)] = kb
        self.series.append((now - self.started, seen))

    def scrape(self) -> None:
        with contextlib.suppress(OSError), urllib.request.urlopen(
                f"http://127.0.0.1:{self.port}/metrics", timeout=5) as answer:
            self.scraped = answer.read().decode()

    async def run(self, ended: asyncio.Event) -> None:
        while not ended.is_set():
            self.sample()
            await asyncio.to_thread(self.scrape)
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(ended.wait(), self.every)


async def measured(options: Options, every: float, workers: int | None) -> tuple[Sampler, object]:
    port = free_port()
    sampler = Sampler(every, port)
    ended = asyncio.Event()
    watching = asyncio.create_task(sampler.run(ended))
    with tempfile.TemporaryDirectory(prefix="ds-memory-") as folder:
        try:
            env = {"DS_METRICS_PORT": str(port)} | ({"DS_RENDER_WORKERS": str(workers)} if workers else {})
            ledger = await soak(options, Path(folder), env=env)
        finally:
            ended.set()
            await watching
    return sampler, ledger


def mb(kb: float) -> str:
    return f"{kb / 1024:.0f}"


def series_table(sampler: Sampler) -> list[str]:
    labels: list[str] = []
    for _, seen in sampler.series:
        labels += [k for k in seen if k not in labels]
    lines = [f"{'min':>5}  " + "  ".join(f"{label:>9}" for label in labels) + f"  {'total':>6}"]
    for at, seen in sampler.series:
        lines.append(f"{at / 60:5.1f}  " + "  ".join(f"{mb(seen[k]) if k in seen else '-':>9}" for k in labels)
                     + f"  {mb(sum(seen.values())):>6}")
    return lines


def marks(sampler: Sampler, minutes: float) -> list[str]:
    """The RSS at the start, at 5 minutes, in the middle and at the end of play, each process and the total."""
    if not sampler.series:
        return ["no samples"]

    def at(seconds: float) -> tuple[float, dict[str, int]]:
        return min(sampler.series, key=lambda s: abs(s[0] - seconds))

    points = {"start": sampler.series[0], "5 min": at(300), "middle": at(minutes * 30), "end": at(minutes * 60)}
    kinds = ["bot", "workers", "tracker"]

    def part(seen: dict[str, int], kind: str) -> str:
        if kind == "workers":
            return " + ".join(mb(v) for k, v in seen.items() if k.startswith("worker")) or "-"
        return mb(seen[kind]) if kind in seen else "-"

    lines = [f"{'':7} {'min':>5}  " + "  ".join(f"{k:>12}" for k in kinds) + f"  {'total':>6}"]
    for name, (t, seen) in points.items():
        lines.append(f"{name:7} {t / 60:5.1f}  " + "  ".join(f"{part(seen, k):>12}" for k in kinds)
                     + f"  {mb(sum(seen.values())):>6}")
    totals = [sum(seen.values()) for _, seen in sampler.series if _ <= minutes * 60 + sampler.every]
    five, end = sum(points["5 min"][1].values()), sum(points["end"][1].values())
    lines.append(f"highest total {mb(max(totals))} MB (goal <= 300); end / 5 min {end / max(1, five):.2f} "
                 "(goal <= 1.10)")
    return lines


def caches(scraped: str) -> list[str]:
    """Each cache of each process, as the bot's /metrics told it last."""
    found: dict[tuple[str, str], dict[str, float]] = {}
    for line in scraped.splitlines():
        if m := CACHE_LINE.match(line):
            found.setdefault((m[3], m[2]), {})[m[1]] = float(m[4])
    if not found:
        return ["(this bot reports no caches in /metrics)"]
    lines = [f"{'process':10} {'cache':22} {'entries':>8} {'MB':>6} {'bound MB':>8} {'hits':>9} {'misses':>8} "
             f"{'hit rate':>8}"]
    for (process, cache), v in sorted(found.items()):
        asked = v.get("hits_total", 0) + v.get("misses_total", 0)
        rate = f"{100 * v.get('hits_total', 0) / asked:.0f} %" if asked else "-"
        lines.append(f"{process:10} {cache:22} {v.get('entries', 0):>8.0f} {v.get('bytes', 0) / 2**20:>6.1f} "
                     f"{v.get('bound_bytes', 0) / 2**20:>8.1f} {v.get('hits_total', 0):>9.0f} "
                     f"{v.get('misses_total', 0):>8.0f} {rate:>8}")
    for line in scraped.splitlines():
        if line.startswith("ds_process_resident_bytes{"):
            lines.append("/metrics: " + line)
    return lines


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--minutes", type=float, default=20.0)
    parser.add_argument("--games", type=int, default=54)
    parser.add_argument("--servers", type=int, default=4)
    parser.add_argument("--every", type=float, default=30.0, help="seconds between samples")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--baseline", help="measure the bot of this commit instead (a worktree of it)")
    parser.add_argument("--workers", type=int, help="[render] workers (DS_RENDER_WORKERS); default: the bot's")
    args = parser.parse_args()
    options = Options(minutes=args.minutes, games=args.games, servers=args.servers, kill_every=0, seed=args.seed)
    started = time.monotonic()
    load = os.getloadavg()
    if args.baseline:
        with baseline_tree(args.baseline) as tree:
            bot_process.ROOT = tree  # `python -m bot` runs in that tree: its bot, this harness
            sampler, ledger = asyncio.run(measured(options, args.every, args.workers))
        measured_what = f"{args.baseline} (baseline)"
    else:
        sampler, ledger = asyncio.run(measured(options, args.every, args.workers))
        measured_what = soak_bench.commit()
    workers = args.workers or "as the bot's default"
    print(f"\nmemory of {measured_what}: {options.games} games on {options.servers} servers, {options.minutes:g} min "
          f"of play, no kills, render workers {workers}; load average {load[0]:.1f} at the start, "
          f"{os.getloadavg()[0]:.1f} at the end; "
          f"{(time.monotonic() - started) / 60:.1f} min in all")
    print(f"\nRSS MB every {args.every:g} s:")
    print("\n".join(series_table(sampler)))
    print("\nthe issue's marks (RSS MB):")
    print("\n".join(marks(sampler, options.minutes)))
    print("\ncaches at the end (the bot's /metrics):")
    print("\n".join(caches(sampler.scraped)))
    print("\nthe soak:")
    print(soak_bench.table({"one bot, SQLite": ledger}))  # type: ignore[dict-item]
    for problem in getattr(ledger, "problems", [])[:20]:
        print(f"  problem: {problem}")


if __name__ == "__main__":
    main()
