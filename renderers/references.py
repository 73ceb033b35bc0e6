"""Reference images of fixed seeds, the tests compare fresh renders with (with a tolerance).

Each case stores its *state* beside its PNG (``<name>.json``), so the comparison depends on
the renderer only: engine changes that alter random games do not break it.  After a
deliberate redesign, one command rewrites both::

    .venv/bin/python -m renderers regenerate-references
"""

from __future__ import annotations

import json
import random
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from PIL import Image, ImageChops

import engine
from engine.simulate import random_moves
from renderers.board import draw_board, draw_tile

State = dict[str, Any]
DEFAULT_DIR = Path(__file__).resolve().parent.parent / "tests" / "renderers" / "references"
#: Boards are compared as thumbnails of this width: small files, and robust to tiny
#: differences in anti-aliasing between Pillow builds.
THUMB_WIDTH = 480
#: Kept log lines: the header shows the last one; the rest would only bloat the fixture.
LOG_KEPT = 3


@dataclass(frozen=True)
class Case:
    name: str
    players: int
    seed: int
    decisions: int | None  # None: to the end of the game
    view: str  # "board" (as a thumbnail) or "tile"
    at: str = "D3"


CASES: tuple[Case, ...] = (
    Case("board-2p-early", 2, 11, 40, "board"),
    Case("board-6p-end", 6, 4, None, "board"),
    Case("tile-6p-mid", 6, 25, 440, "tile", "D3"),
    Case("tile-2p-mid", 2, 7, 300, "tile", "D2"),
)


def play(case: Case) -> State:
    state = engine.new_game(case.players, case.seed)
    random_moves(state, random.Random(case.seed), limit=case.decisions)
    state["log"] = state["log"][-LOG_KEPT:]
    return state


def image(case: Case, state: State) -> Image.Image:
    if case.view == "tile":
        return draw_tile(state, case.at)
    img = draw_board(state)
    return img.resize((THUMB_WIDTH, round(img.height * THUMB_WIDTH / img.width)), Image.Resampling.BOX)


def load_state(case: Case, directory: Path = DEFAULT_DIR) -> State:
    state: State = json.loads((directory / f"{case.name}.json").read_text())
    return state


def difference(a: Image.Image, b: Image.Image) -> tuple[float, float]:
    """Mean absolute channel difference (0-255) and the fraction of pixels off by > 48."""
    if a.size != b.size:
        return 255.0, 1.0
    diff = ImageChops.difference(a.convert("RGB"), b.convert("RGB")).convert("L")
    hist = diff.histogram()
    n = a.width * a.height
    mean = sum(i * c for i, c in enumerate(hist)) / n
    return mean, sum(hist[49:]) / n


def regenerate(directory: Path = DEFAULT_DIR) -> list[Path]:
    """Replay every case and write its state and its reference PNG."""
    directory.mkdir(parents=True, exist_ok=True)
    written = []
    for case in CASES:
        state = play(case)
        state_path = directory / f"{case.name}.json"
        state_path.write_text(json.dumps(state, separators=(",", ":"), sort_keys=True) + "\n")
        png_path = directory / f"{case.name}.png"
        image(case, state).save(png_path, "PNG", optimize=True)
        written += [state_path, png_path]
    return written
