"""Renderer benchmark: the board and the turn picture of an early, a middle and a late
6-player game state, as the bot posts them with a prompt (both pictures), beside the time to
only encode an already-drawn image (the floor no drawing can beat with the same encoding),
then the file size of each encoding we could post.

    .venv/bin/python bench/render.py [--runs N]

Prints numbers; nothing is asserted.  Goals on the 2-core machine: board + turn picture
median <= 150 ms, the turn picture <= 150 KB, the board <= 1.5 MB.
"""

from __future__ import annotations

import argparse
import io
import random
import statistics
import sys
import time
from collections.abc import Callable
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from PIL import Image  # noqa: E402

import engine  # noqa: E402
from engine.simulate import random_moves  # noqa: E402
from renderers import encoding  # noqa: E402
from renderers.board import draw_board, encode, render_board, render_tile, warm_up  # noqa: E402
from renderers.turn import draw_turn, render_turn  # noqa: E402

#: (name, players, seed, decisions or None for the end of the game)
STATES = (
    ("early", 6, 25, 40),
    ("middle", 6, 25, 440),
    ("late", 6, 4, None),
)


def pct(values: list[float], q: float) -> float:
    values = sorted(values)
    return values[min(len(values) - 1, int(q * len(values)))]


def timed(fn: Callable[[], object], runs: int) -> tuple[list[float], object]:
    out = None
    times = []
    for _ in range(runs):
        t0 = time.perf_counter()
        out = fn()
        times.append((time.perf_counter() - t0) * 1000)
    return times, out


def _save(img: Image.Image, fmt: str, **kw: object) -> bytes:
    buf = io.BytesIO()
    img.save(buf, fmt, **kw)
    return buf.getvalue()


ENCODINGS: dict[str, Callable[[Image.Image], bytes]] = {
    "PNG palette (posted)": encoding.encode_palette,
    "PNG RGB level 1": encoding.encode_rgb,
    "WebP lossless": lambda im: _save(im, "WEBP", lossless=True, method=0),
    "WebP q90": lambda im: _save(im, "WEBP", quality=90, method=0),
}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--runs", type=int, default=40, help="renders per state")
    args = parser.parse_args()

    t0 = time.perf_counter()
    warm_up()
    print(f"warm-up (static layer and common sprites, once per process): {(time.perf_counter() - t0) * 1000:.0f} ms")
    print(f"{'state':>7} {'turn':>4} {'board ms p50':>13} {'p95':>6} {'turn-pic ms p50':>16} {'both p50':>9} "
          f"{'both p95':>9} {'encode-floor':>13} {'board KB':>9} {'turn KB':>8} {'tile ms':>8}")
    last = None
    for name, players, seed, decisions in STATES:
        state = engine.new_game(players, seed)
        random_moves(state, random.Random(seed), limit=decisions)
        render_board(state)  # first render builds this state's badges and labels
        render_turn(state)
        board, board_png = timed(lambda s=state: render_board(s), args.runs)
        turn, turn_png = timed(lambda s=state: render_turn(s), args.runs)
        both = [b + t for b, t in zip(board, turn, strict=True)]
        img, turn_img = draw_board(state), draw_turn(state)
        floor, _ = timed(lambda i=img, j=turn_img: (encode(i), encode(j)), args.runs)
        some_tile = next(iter(state["tiles"]))
        tile, _ = timed(lambda s=state, k=some_tile: render_tile(s, k), max(5, args.runs // 4))
        print(f"{name:>7} {state['turn']:>4} {statistics.median(board):>13.1f} {pct(board, 0.95):>6.1f} "
              f"{statistics.median(turn):>16.1f} {statistics.median(both):>9.1f} {pct(both, 0.95):>9.1f} "
              f"{statistics.median(floor):>13.1f} {len(board_png) / 1024:>9.0f} {len(turn_png) / 1024:>8.0f} "
              f"{statistics.median(tile):>8.1f}")
        last = (img, turn_img)
    print("goals: board + turn picture median <= 150 ms; turn picture <= 150 KB; board <= 1500 KB")
    print("encode-floor: palette-encoding the already-drawn board and turn picture\n")

    assert last is not None
    print(f"encodings of the late state: {'':14} {'board KB':>9} {'ms':>6} {'turn KB':>8} {'ms':>6}")
    for label, fn in ENCODINGS.items():
        b_ms, b = timed(lambda f=fn: f(last[0]), 5)
        t_ms, t = timed(lambda f=fn: f(last[1]), 5)
        print(f"  {label:40} {len(b) / 1024:>9.0f} {statistics.median(b_ms):>6.1f} "
              f"{len(t) / 1024:>8.0f} {statistics.median(t_ms):>6.1f}")


if __name__ == "__main__":
    main()
