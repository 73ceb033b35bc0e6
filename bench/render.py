"""Renderer benchmark: the board and the turn picture of an early, a middle and a late stretch
of a 6-player game, as the bot posts them with a prompt (both pictures), each beside its
floor: Pillow's PNG encoder alone writing the same picture (already drawn and reduced to its
palette) with the same settings, which no drawing can beat with this encoding.  Each stretch
is ``--runs`` successive positions, each drawn once, as posts come: a text that changes from
post to post is drawn afresh, while what repeats (labels, badges, names) comes from the caches
a running bot has filled, here by drawing the ``--runs`` positions before the stretch first.
The four are timed interleaved, position after position, in CPU time of this process (the
wall clock of a shared machine counts the others' work too), so a busy machine slows them
alike; the ratios are of their medians.  Then the file size of each encoding we could post.

    .venv/bin/python bench/render.py [--runs N]

Prints numbers; nothing is asserted.  Goals on the 2-core machine: the turn picture <= 4x
and the board <= 3x its floor (issue 30), board + turn picture median <= 150 ms, the turn
picture <= 150 KB, the board <= 1.5 MB.
"""

from __future__ import annotations

import argparse
import copy
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
from renderers.board import draw_board, render_board, render_tile, warm_up  # noqa: E402
from renderers.turn import draw_turn, render_turn  # noqa: E402

#: (name, players, seed, decisions or None for the end of the game): where a stretch ends
STATES = (
    ("early", 6, 25, 40),
    ("middle", 6, 25, 440),
    ("late", 6, 4, None),
)


def pct(values: list[float], q: float) -> float:
    values = sorted(values)
    return values[min(len(values) - 1, int(q * len(values)))]


def stretch(players: int, seed: int, decisions: int | None, n: int) -> list[dict]:
    """The ``n`` positions of a seeded random game up to ``decisions`` moves (or its end)."""
    state = engine.new_game(players, seed)
    chooser = random.Random(seed)
    positions = [copy.deepcopy(state)]
    while (decisions is None or len(positions) <= decisions) and random_moves(state, chooser, limit=1):
        positions.append(copy.deepcopy(state))
    return positions[-n:]


def timed(fn: Callable[[], object], runs: int) -> tuple[list[float], object]:
    out = None
    times = []
    for _ in range(runs):
        t0 = time.perf_counter()
        out = fn()
        times.append((time.perf_counter() - t0) * 1000)
    return times, out


def png_floor(img: Image.Image) -> Callable[[], bytes]:
    """Pillow's PNG encoder alone on ``img`` as posted: reduced to its palette beforehand,
    written with the posted compression level."""
    reduced = encoding.to_palette(img)
    return lambda: _save(reduced, "PNG", compress_level=encoding.PALETTE_COMPRESS_LEVEL)


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
    parser.add_argument("--runs", type=int, default=40, help="successive positions per stretch")
    args = parser.parse_args()

    t0 = time.perf_counter()
    warm_up()
    print(f"warm-up (static layer and common sprites, once per process): {(time.perf_counter() - t0) * 1000:.0f} ms")
    print(f"{'stretch':>7} {'turns':>5} {'board ms':>9} {'floor':>6} {'ratio':>6} {'turn-pic ms':>12} {'floor':>6} "
          f"{'ratio':>6} {'both p50':>9} {'both p95':>9} {'board KB':>9} {'turn KB':>8} {'tile ms':>8}")
    last = None
    for name, players, seed, decisions in STATES:
        positions = stretch(players, seed, decisions, 2 * args.runs)
        for state in positions[:-args.runs]:  # the posts before: what a running bot has cached
            render_board(state)
            render_turn(state)
        positions = positions[-args.runs:]
        t: dict[str, list[float]] = {"board": [], "board floor": [], "turn": [], "turn floor": []}
        for state in positions:
            floors = png_floor(draw_board(state)), png_floor(draw_turn(state))
            for key, fn in (("board", lambda s=state: render_board(s)), ("board floor", floors[0]),
                            ("turn", lambda s=state: render_turn(s)), ("turn floor", floors[1])):
                t0 = time.process_time()
                fn()
                t[key].append((time.process_time() - t0) * 1000)
        state = positions[-1]
        board_png, turn_png = render_board(state), render_turn(state)
        med = {k: statistics.median(v) for k, v in t.items()}
        both = [b + u for b, u in zip(t["board"], t["turn"], strict=True)]
        some_tile = next(iter(state["tiles"]))
        tile, _ = timed(lambda s=state, k=some_tile: render_tile(s, k), max(5, args.runs // 4))
        turns = f"{positions[0]['turn']}-{state['turn']}"
        print(f"{name:>7} {turns:>5} {med['board']:>9.1f} {med['board floor']:>6.1f} "
              f"{med['board'] / med['board floor']:>5.2f}x {med['turn']:>12.1f} {med['turn floor']:>6.1f} "
              f"{med['turn'] / med['turn floor']:>5.2f}x {statistics.median(both):>9.1f} {pct(both, 0.95):>9.1f} "
              f"{len(board_png) / 1024:>9.0f} {len(turn_png) / 1024:>8.0f} {statistics.median(tile):>8.1f}")
        last = (draw_board(state), draw_turn(state))
    print("goals: turn picture <= 4x and board <= 3x its floor; board + turn picture median <= 150 ms; "
          "turn picture <= 150 KB; board <= 1500 KB")
    print("floor: Pillow's PNG encoder alone on the same picture, already reduced to its palette, same level\n")

    assert last is not None
    print(f"encodings of the late state: {'':14} {'board KB':>9} {'ms':>6} {'turn KB':>8} {'ms':>6}")
    for label, fn in ENCODINGS.items():
        b_ms, b = timed(lambda f=fn: f(last[0]), 5)
        t_ms, t = timed(lambda f=fn: f(last[1]), 5)
        print(f"  {label:40} {len(b) / 1024:>9.0f} {statistics.median(b_ms):>6.1f} "
              f"{len(t) / 1024:>8.0f} {statistics.median(t_ms):>6.1f}")


if __name__ == "__main__":
    main()
