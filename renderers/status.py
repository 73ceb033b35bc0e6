"""The header: turn, phase, who must act now and on what (or the result), the last log line."""

from __future__ import annotations

from typing import Any

from PIL import Image, ImageDraw

import words
from engine.data import ROW_NAMES
from engine.flow import Prompt
from renderers import fonts, sprites
from renderers.layout import HEADER
from renderers.palette import ANIMAL_LETTERS, HEADER_BG, HEADER_TEXT, mix

State = dict[str, Any]
HEADER_MUTED = mix(HEADER_TEXT, HEADER_BG, 0.3)
LINE1_Y = HEADER.top + 22
LINE2_Y = HEADER.top + 52


def draw_static(img: Image.Image) -> None:
    ImageDraw.Draw(img).rectangle(HEADER.tuple(), fill=HEADER_BG)


def phase_text(state: State) -> str:
    """``Turn 5 · Execution: Speciation``."""
    phase = state["phase"]
    if phase == "over":
        return f"Turn {state['turn']} · Game over"
    text = f"Turn {state['turn']} · {phase.capitalize()} phase"
    steps = state.get("steps") or []
    if phase == "execution" and steps and steps[0].get("name") == "execution":
        row = steps[0].get("row", 0)
        if 0 <= row < len(ROW_NAMES):
            text += f": {ROW_NAMES[row].capitalize()}"
    return text


def draw(img: Image.Image, state: State, prompt: Prompt | None) -> None:
    d = ImageDraw.Draw(img)
    x = 14
    title = phase_text(state)
    fonts.text(d, (x, LINE1_Y), title, 22, HEADER_TEXT, anchor="lm", bold=True)
    x_log = x + round(fonts.width(title, 22)) + 40
    if state.get("log"):
        last = fonts.safe(words.line(state["log"][-1], "en", turn=True))
        fonts.text(d, (x_log, LINE1_Y + 1), fonts.fit(f"Last: {last}", 16, HEADER.right - 14 - x_log), 16,
                   HEADER_MUTED, anchor="lm")

    if prompt is None:
        _draw_result(d, state)
        return
    seat = fonts.safe(state["seats"][prompt.seat]["name"])
    fonts.text(d, (x, LINE2_Y), "To act:", 18, HEADER_MUTED, anchor="lm")
    x += 62
    r = 13
    sprites.paste_center(img, sprites.pawn(prompt.animal, r), (x + r, LINE2_Y))
    x += 2 * r + 8
    who = f"{seat} ({prompt.animal.capitalize()})"
    fonts.text(d, (x, LINE2_Y), who, 18, HEADER_TEXT, anchor="lm", bold=True)
    x += round(fonts.width(who, 18)) + 14
    fonts.text(d, (x, LINE2_Y), fonts.fit(fonts.safe(words.prompt_text(prompt, "en")), 18, HEADER.right - 14 - x), 18,
               HEADER_TEXT, anchor="lm")


def _draw_result(d: ImageDraw.ImageDraw, state: State) -> None:
    result = state.get("result")
    if not result:
        fonts.text(d, (14, LINE2_Y), "Nobody has to act.", 18, HEADER_TEXT, anchor="lm")
        return
    seats = state["seats"]
    winner = result["winner_seat"]
    head = f"Game over: {fonts.safe(seats[winner]['name'])} wins with {result['seat_scores'][winner]} VP."
    fonts.text(d, (14, LINE2_Y), head, 18, HEADER_TEXT, anchor="lm", bold=True)
    x = 14 + round(fonts.width(head, 18)) + 24
    order = sorted(range(len(seats)), key=lambda s: -result["seat_scores"][s])
    parts = []
    for s in order:
        letters = "".join(ANIMAL_LETTERS[a] for a in seats[s]["animals"])
        parts.append(f"{fonts.safe(seats[s]['name'])} ({letters}) {result['seat_scores'][s]}")
    fonts.text(d, (x, LINE2_Y), fonts.fit("  ·  ".join(parts), 18, HEADER.right - 14 - x), 18, HEADER_TEXT,
               anchor="lm")
