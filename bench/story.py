"""End-of-game image benchmark: the timeline (a whole-game replay) and ``render_final``, and
the VP chart alone drawn with Pillow beside the same chart drawn with matplotlib (Agg), when
matplotlib is installed, to show what a plotting library would cost.

    .venv/bin/python bench/story.py [--runs N]
    # the comparison needs matplotlib, which the project does not depend on:
    python3 -m venv /tmp/mpl && /tmp/mpl/bin/pip install matplotlib pillow
    /tmp/mpl/bin/python bench/story.py

Prints numbers; nothing is asserted.
"""

from __future__ import annotations

import argparse
import importlib.metadata
import io
import statistics
import subprocess
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from PIL import Image  # noqa: E402

from engine.history import timeline  # noqa: E402
from engine.simulate import random_game  # noqa: E402
from renderers.board import encode  # noqa: E402
from renderers.chart import Series, draw_line_chart  # noqa: E402
from renderers.layout import Box  # noqa: E402
from renderers.palette import ANIMAL_COLOURS, PAPER  # noqa: E402
from renderers.story import draw_final, render_final  # noqa: E402

CHART = (788, 448)  # the VP chart's size in the final image


def pct(values: list[float], q: float) -> float:
    values = sorted(values)
    return values[min(len(values) - 1, int(q * len(values)))]


def timed(fn, runs: int) -> tuple[list[float], object]:
    out, times = None, []
    for _ in range(runs):
        t0 = time.perf_counter()
        out = fn()
        times.append((time.perf_counter() - t0) * 1000)
    return times, out


def line(name: str, times: list[float], size: int | None = None) -> None:
    kb = f"{size / 1024:>8.0f}" if size is not None else f"{'':>8}"
    print(f"{name:>34} {statistics.median(times):>9.1f} {pct(times, 0.95):>8.1f} {kb}")


def pillow_chart(series: list[Series]) -> bytes:
    img = Image.new("RGB", CHART, PAPER)
    draw_line_chart(img, Box(16, 16, CHART[0] - 16, CHART[1] - 16), series, title="VP at the end of each turn",
                    x_label="Turn (0 = setup)", y_label="VP")
    return encode(img)


def mpl_chart(plt, series: list[Series]) -> bytes:
    fig, ax = plt.subplots(figsize=(CHART[0] / 100, CHART[1] / 100), dpi=100)
    for s in series:
        colour = tuple(c / 255 for c in ANIMAL_COLOURS[s.animal])
        ax.plot(range(len(s.values)), s.values, color=colour, linewidth=3, marker="o", markersize=3)
        ax.annotate(s.animal[0].upper(), (len(s.values) - 1, s.values[-1]), xytext=(6, 0),
                    textcoords="offset points", va="center")
    ax.set_xlabel("Turn (0 = setup)")
    ax.set_ylabel("VP")
    ax.set_title("VP at the end of each turn")
    ax.grid(alpha=0.3)
    buf = io.BytesIO()
    fig.savefig(buf, format="png")
    plt.close(fig)
    return buf.getvalue()


def installed_mb(*dists: str) -> float:
    total = 0
    for name in dists:
        try:
            files = importlib.metadata.files(name) or []
        except importlib.metadata.PackageNotFoundError:
            continue
        total += sum(f.size or 0 for f in files)
    return total / 1e6


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--runs", type=int, default=20)
    args = parser.parse_args()

    state, moves = random_game(6, 4)
    setup = {"players": 6, "seed": 4}
    print(f"6 players, seed 4: {state['turn']} turns, {len(moves)} moves")
    print(f"{'':>34} {'median ms':>9} {'p95 ms':>8} {'PNG KB':>8}")
    t, tl = timed(lambda: timeline(setup, moves), max(3, args.runs // 4))
    line("timeline (whole-game replay)", t)
    render_final(state, tl)  # sprites and fonts, once per process
    t, png = timed(lambda: render_final(state, tl), args.runs)
    line("render_final (Pillow, 1600x900)", t, len(png))
    t, _ = timed(lambda: draw_final(state, tl), args.runs)
    line("  of which drawing", t)
    series = [Series(a, [p.vp[a] for p in tl.by_turn]) for a in tl.animals]
    t, png = timed(lambda: pillow_chart(series), args.runs)
    line(f"VP chart alone, Pillow {CHART[0]}x{CHART[1]}", t, len(png))

    try:
        cold = subprocess.run([sys.executable, "-c", "import time; t = time.perf_counter(); import matplotlib; "
                               "matplotlib.use('Agg'); import matplotlib.pyplot; "
                               "print((time.perf_counter() - t) * 1000)"],
                              capture_output=True, text=True, check=True)
        import matplotlib

        matplotlib.use("Agg")
        import matplotlib.pyplot as plt
    except (ImportError, subprocess.CalledProcessError):
        print("matplotlib is not installed here: no comparison (see the docstring)")
        return
    print(f"{'matplotlib ' + matplotlib.__version__ + ' import (cold process)':>34} {float(cold.stdout):>9.1f}")
    mpl_chart(plt, series)
    t, png = timed(lambda: mpl_chart(plt, series), args.runs)
    line(f"VP chart alone, matplotlib {CHART[0]}x{CHART[1]}", t, len(png))
    deps = ("matplotlib", "numpy", "fonttools", "kiwisolver", "contourpy", "cycler", "pyparsing",
            "python-dateutil", "packaging", "six")
    print(f"installed size: matplotlib and its dependencies {installed_mb(*deps):.0f} MB; "
          f"Pillow {installed_mb('pillow'):.0f} MB (already a dependency)")


if __name__ == "__main__":
    main()
