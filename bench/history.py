"""History benchmark: the board as it was at turn 15 of a long seeded 6-player game, rebuilt
from the move list and rendered, beside a baseline measured in the same run: loading a stored
state from JSON and rendering it (what showing the current board costs).

    .venv/bin/python bench/history.py [--runs N] [--players 6 --seed 4 --turn 15]

Ways of rebuilding, each followed by the same board render:
  baseline   json.loads of the stored state
  replay     engine.history.state_at: replay the moves from the setup up to the turn
  cached     History.state_at: the turn-start checkpoint (json.loads) - what a bot keeping a
             History per game pays; "cached+k" also replays k moves into the turn
Also printed: building the History once (a whole-game replay with checkpoints) and its size.
Goal on the 2-core machine: rebuild + render <= 300 ms.
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from engine import history  # noqa: E402
from engine.simulate import random_game  # noqa: E402
from renderers.board import render_board, warm_up  # noqa: E402


def pct(values: list[float], q: float) -> float:
    values = sorted(values)
    return values[min(len(values) - 1, int(q * len(values)))]


def timed(fn, runs: int) -> list[float]:
    times = []
    for _ in range(runs):
        t0 = time.perf_counter()
        fn()
        times.append((time.perf_counter() - t0) * 1000)
    return times


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--runs", type=int, default=20)
    parser.add_argument("--players", type=int, default=6)
    parser.add_argument("--seed", type=int, default=4)
    parser.add_argument("--turn", type=int, default=15)
    args = parser.parse_args()

    final, moves = random_game(args.players, args.seed)
    setup = {"players": args.players, "seed": args.seed}
    build = timed(lambda: history.History(setup, moves), 5)
    h = history.History(setup, moves)
    into = (h.turn_starts[args.turn] - h.turn_starts[args.turn - 1]) // 2
    stored = json.dumps(h.state_at(args.turn, into))
    ckpt_kb = sum(len(c) for c in h._checkpoints.values()) / 1024  # compressed
    warm_up()
    render_board(final)

    cases = {
        "baseline": lambda: render_board(json.loads(stored)),
        "replay": lambda: render_board(history.state_at(setup, moves, args.turn)),
        "cached": lambda: render_board(h.state_at(args.turn)),
        f"cached+{into}": lambda: render_board(h.state_at(args.turn, into)),
        "replay only": lambda: history.state_at(setup, moves, args.turn),
        "cached only": lambda: h.state_at(args.turn, into),
        "render only": lambda: render_board(final),
    }
    print(f"{args.players} players, seed {args.seed}: {final['turn']} turns, {len(moves)} moves; "
          f"turn {args.turn} starts at move {h.turn_starts[args.turn - 1]}")
    print(f"History build (whole game, checkpoints): median {statistics.median(build):.0f} ms; "
          f"checkpoints {len(h._checkpoints)} states, {ckpt_kb:.0f} KB of compressed JSON")
    print(f"{'case':>14} {'median ms':>10} {'p95 ms':>8}")
    for name, fn in cases.items():
        t = timed(fn, args.runs)
        print(f"{name:>14} {statistics.median(t):>10.1f} {pct(t, 0.95):>8.1f}")
    print("goal: rebuild + render <= 300 ms")


if __name__ == "__main__":
    main()
