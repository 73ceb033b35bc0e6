"""OCR of the pictures' headers with tesseract: one seeded state per prompt kind, the picture
scaled down as Discord shows it, the header cut out and read back.  Used by test_ocr.py and
bench/ocr.py (which prints what was read)."""

from __future__ import annotations

import json
import os
import random
import re
import shutil
import subprocess
import tempfile
import unicodedata
from dataclasses import dataclass
from typing import Any

from PIL import Image

import engine
from engine.simulate import pick
from renderers import draw_board, draw_turn
from renderers import turn as turn_picture
from renderers.layout import HEADER as BOARD_HEADER

State = dict[str, Any]
#: Seat names OCR can be expected to read (plain and accented Latin).
NAMES = ["Ann", "Bob", "Zoë", "José", "Kim", "Eva"]
#: Seeded games that together reach every prompt kind the engine has (51 with the end).
GAMES = [(2, 1), (6, 3), (4, 7), (3, 11), (5, 2)]
TURN_WIDTH = 550
BOARD_WIDTH = 800


def tesseract() -> str | None:
    return shutil.which("tesseract")


def prompt_states() -> dict[str, State]:
    """The first state of each prompt kind in the seeded games, and the end of the first."""
    kinds: dict[str, State] = {}
    end = None
    for players, seed in GAMES:
        state = engine.new_game(players, seed, names=NAMES[:players])
        chooser = random.Random(seed)
        while (p := engine.prompt(state)) is not None:
            if p.kind not in kinds:
                kinds[p.kind] = json.loads(json.dumps(state))
            engine.apply(state, p.seat, pick(p.options, chooser).id)
        end = end or state
    kinds["game over"] = end
    return kinds


def normalise(text: str) -> str:
    """Lower case, accents dropped, punctuation to single spaces: ``Zoé`` reads as ``zoe``."""
    text = unicodedata.normalize("NFKD", text)
    text = "".join(c for c in text if not unicodedata.combining(c)).lower()
    return " ".join(re.sub(r"[^a-z0-9]+", " ", text).split())


def ocr(img: Image.Image) -> str:
    with tempfile.NamedTemporaryFile(suffix=".png") as f:
        img.save(f.name)
        env = {**os.environ, "OMP_THREAD_LIMIT": "1"}  # one core per call; calls run in parallel
        proc = subprocess.run(["tesseract", f.name, "stdout", "--psm", "6"], capture_output=True, text=True,
                              env=env, timeout=60, check=True)
    return proc.stdout


def header_at(img: Image.Image, width: int, header_height: int) -> Image.Image:
    """The picture scaled to ``width`` as a chat client would, then its header cut out."""
    small = img.resize((width, round(img.height * width / img.width)), Image.Resampling.LANCZOS)
    return small.crop((0, 0, width, round(header_height * width / img.width)))


@dataclass
class Reading:
    kind: str
    expected: list[str]  # turn, phase, player to act (normalised)
    read: str  # what tesseract read, normalised

    @property
    def missing(self) -> list[str]:
        # whole words: "turn 1" must not match "turn 18"
        return [e for e in self.expected if f" {e} " not in f" {self.read} "]


def expected(state: State) -> list[str]:
    phase = "game over" if state["phase"] == "over" else state["phase"]
    out = [f"turn {state['turn']}", phase]
    p = engine.prompt(state)
    winner = (state.get("result") or {}).get("winner_seat")
    seat = p.seat if p is not None else winner
    if seat is not None:
        out.append(normalise(state["seats"][seat]["name"]))
    return [normalise(e) for e in out]


def read_turn(kind: str, state: State) -> Reading:
    img = header_at(draw_turn(state), TURN_WIDTH, turn_picture.HEADER.bottom)
    return Reading(kind, expected(state), normalise(ocr(img)))


def read_board(kind: str, state: State) -> Reading:
    img = header_at(draw_board(state), BOARD_WIDTH, BOARD_HEADER.bottom)
    return Reading(kind, expected(state), normalise(ocr(img)))
