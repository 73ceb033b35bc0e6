"""Renderer benchmark: board render time and PNG size for an early, a middle and a late
6-player game state, beside the time to only encode an already-drawn image of the same size
(the floor no renderer can beat with the same PNG settings).

    .venv/bin/python bench/render.py [--runs N]

Prints numbers; nothing is asserted.  Goals on the 2-core machine: median <= 150 ms,
p95 <= 250 ms, PNG <= 1.5 MB, render / encode-floor <= 3.
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import engine  # noqa: E402
from engine.simulate import random_moves  # noqa: E402
from renderers.board import PNG_COMPRESS_LEVEL, draw_board, encode, render_board, render_tile, warm_up  # noqa: E402

#: (name, players, seed, decisions or None for the end of the game)
STATES = (
    ("early", 6, 25, 40),
    ("middle", 6, 25, 440),
    ("late", 6, 4, None),
)


def pct(values: list[float], q: float) -> float:
    values = sorted(values)
    return values[min(len(values) - 1, int(q * len(values)))]


def timed(fn, runs: int) -> tuple[list[float], object]:
    out = None
    times = []
    for _ in range(runs):
        t0 = time.perf_counter()
        out = fn()
        times.append((time.perf_counter() - t0) * 1000)
    return times, out


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--runs", type=int, default=40, help="renders per state")
    args = parser.parse_args()

    t0 = time.perf_counter()
    warm_up()
    print(f"warm-up (static layer and common sprites, once per process): {(time.perf_counter() - t0) * 1000:.0f} ms")
    print(f"PNG compress_level {PNG_COMPRESS_LEVEL}")
    print(f"{'state':>7} {'turn':>4} {'render ms p50':>14} {'p95':>7} {'encode-floor ms p50':>20} "
          f"{'ratio':>6} {'PNG KB':>7} {'tile ms p50':>12} {'tile KB':>8}")
    for name, players, seed, decisions in STATES:
        state = engine.new_game(players, seed)
        random_moves(state, random.Random(seed), limit=decisions)
        render_board(state)  # first render builds this state's badges and labels
        render, png = timed(lambda s=state: render_board(s), args.runs)
        img = draw_board(state)
        floor, _ = timed(lambda i=img: encode(i), args.runs)
        some_tile = next(iter(state["tiles"]))
        tile, tile_png = timed(lambda s=state, k=some_tile: render_tile(s, k), max(5, args.runs // 4))
        p50, p95, f50 = statistics.median(render), pct(render, 0.95), statistics.median(floor)
        print(f"{name:>7} {state['turn']:>4} {p50:>14.1f} {p95:>7.1f} {f50:>20.1f} {p50 / f50:>6.2f} "
              f"{len(png) / 1024:>7.0f} {statistics.median(tile):>12.1f} {len(tile_png) / 1024:>8.0f}")
    print("goals: median <= 150 ms, p95 <= 250 ms, PNG <= 1500 KB, ratio <= 3")


if __name__ == "__main__":
    main()
