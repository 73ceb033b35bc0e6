"""Engine benchmark: time per decision and per whole random game, beside a JSON round trip.

    .venv/bin/python bench/engine.py [--games N]

Prints numbers; nothing is asserted.  Goals: a whole random 6-player game under 1 s, and
the median decision (prompt + apply) no slower than one JSON dump+load of its state.
"""

from __future__ import annotations

import argparse
import json
import random
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import engine  # noqa: E402
from engine.simulate import pick  # noqa: E402


def play(players: int, seed: int) -> tuple[float, list[float], list[float], int]:
    """One random game: its seconds, per-decision µs, per-state JSON round-trip µs."""
    chooser = random.Random(seed)
    clock = time.perf_counter
    start = clock()
    state = engine.new_game(players, seed)
    decisions: list[float] = []
    json_trips: list[float] = []
    setup = clock() - start
    total = setup
    while True:
        t0 = clock()
        p = engine.prompt(state)
        if p is None:
            break
        engine.apply(state, p.seat, pick(p.options, chooser).id)
        t1 = clock()
        decisions.append((t1 - t0) * 1e6)
        total += t1 - t0
        t2 = clock()
        json.loads(json.dumps(state))
        json_trips.append((clock() - t2) * 1e6)
    return total, decisions, json_trips, len(json.dumps(state))


def pct(values: list[float], q: float) -> float:
    values = sorted(values)
    return values[min(len(values) - 1, int(q * len(values)))]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--games", type=int, default=20, help="games per player count")
    args = parser.parse_args()
    print(f"{'players':>7} {'games':>5} {'game s (median)':>16} {'decisions/game':>15} "
          f"{'decision µs p50':>16} {'p99':>8} {'JSON trip µs p50':>17} {'ratio':>6} {'state KB':>9}")
    for players in (2, 6):
        games, decisions, trips, sizes, counts = [], [], [], [], []
        for seed in range(args.games):
            seconds, d, j, size = play(players, 1000 + seed)
            games.append(seconds)
            decisions += d
            trips += j
            sizes.append(size)
            counts.append(len(d))
        d50, j50 = statistics.median(decisions), statistics.median(trips)
        print(f"{players:>7} {args.games:>5} {statistics.median(games):>16.3f} "
              f"{statistics.median(counts):>15.0f} {d50:>16.1f} {pct(decisions, 0.99):>8.1f} "
              f"{j50:>17.1f} {d50 / j50:>6.2f} {statistics.median(sizes) / 1024:>9.1f}")
    print("ratio = median decision / median JSON dump+load of the same states (goal <= 1)")


if __name__ == "__main__":
    main()
