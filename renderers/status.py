"""The header: turn, phase, who must act now and on what (or the result), the last log line.

The board and the turn picture draw the same header at different sizes (``HeaderStyle``);
both are dark bold text on a light band, which is what still reads when Discord shrinks
the picture (and what OCR reads in the tests).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from PIL import Image, ImageDraw

import words
from engine.data import ROW_NAMES
from engine.flow import Prompt
from renderers import fonts, sprites
from renderers.layout import HEADER, Box
from renderers.palette import ANIMAL_LETTERS, HEADER_BG, HEADER_RULE, HEADER_TEXT, MUTED

State = dict[str, Any]


@dataclass(frozen=True)
class HeaderStyle:
    title: int  # turn and phase
    who: int  # the player to act
    question: int  # the prompt's text
    last: int  # the last log line (0: not shown)
    line1: int  # centre of each line below the header's top
    line2: int
    line3: int | None  # None: the question follows the name on line 2
    pawn: int
    margin: int = 14


#: The "past moment" plate's type size on the board's header.
PAST_SIZE = 28

BOARD_STYLE = HeaderStyle(title=38, who=30, question=24, last=17, line1=30, line2=76, line3=None, pawn=16)


def draw_static(img: Image.Image) -> None:
    d = ImageDraw.Draw(img)
    d.rectangle(HEADER.tuple(), fill=HEADER_BG)
    d.rectangle((HEADER.left, HEADER.bottom - 4, HEADER.right, HEADER.bottom - 1), fill=HEADER_RULE)


def phase_text(state: State, lang: str = words.DEFAULT) -> str:
    """``Turn 5 · Execution phase: Speciation``."""
    phase = state["phase"]
    steps = state.get("steps") or []
    if phase == "execution" and steps and steps[0].get("name") == "execution":
        row = steps[0].get("row", 0)
        if 0 <= row < len(ROW_NAMES):
            return words.gettext("pic.turn_phase_action", lang, turn=state["turn"], phase=phase, action=ROW_NAMES[row])
    return words.gettext("pic.turn_phase", lang, turn=state["turn"], phase=phase)


def seat_name(state: State, seat: int) -> str:
    return fonts.clean(state["seats"][seat]["name"])


def draw(img: Image.Image, state: State, prompt: Prompt | None, box: Box = HEADER,
         style: HeaderStyle = BOARD_STYLE, lang: str = words.DEFAULT, past: tuple[int, int] | None = None) -> None:
    """``past``: the picture is of a past moment, after this many of that many moves: said in a
    plate where the last log line goes, so nobody takes it for the game as it stands."""
    d = ImageDraw.Draw(img)
    x = box.left + style.margin
    right = box.right - style.margin
    y1, y2 = box.top + style.line1, box.top + style.line2
    title = fonts.fit(phase_text(state, lang), style.title, right - x, bold=True)
    fonts.text(d, (x, y1), title, style.title, HEADER_TEXT, anchor="lm", bold=True)
    x_log = x + round(fonts.width(title, style.title, bold=True)) + 36
    if past is not None:
        when = words.gettext("pic.past", lang, move=past[0], moves=past[1])
        plate = sprites.tag(fonts.fit(when, PAST_SIZE, right - x_log - PAST_SIZE, bold=True), PAST_SIZE)
        sprites.paste_center(img, plate, (right - plate.width // 2, y1))
    elif style.last and state.get("log") and right - x_log > 200:
        last = words.gettext("pic.last", lang, text=fonts.clean(words.line(state["log"][-1], lang, turn=True)))
        fonts.text(d, (x_log, y1 + 2), fonts.fit(last, style.last, right - x_log), style.last,
                   MUTED, anchor="lm")

    if prompt is None:
        _draw_result(d, state, x, y2, right, style, lang)
        return
    r = style.pawn
    sprites.paste_center(img, sprites.pawn(prompt.animal, r), (x + r, y2))
    x += 2 * r + 10
    who = f"{seat_name(state, prompt.seat)} ({words.term(f'animal.{prompt.animal}', lang)})"
    who = fonts.fit(who, style.who, (right - x) * (0.6 if style.line3 is None else 1), bold=True)
    fonts.text(d, (x, y2), who, style.who, HEADER_TEXT, anchor="lm", bold=True)
    question = fonts.clean(words.prompt_text(prompt, lang))
    if style.line3 is None:
        x += round(fonts.width(who, style.who, bold=True)) + 16
        fonts.text(d, (x, y2 + 1), fonts.fit(question, style.question, right - x), style.question, HEADER_TEXT,
                   anchor="lm")
    else:
        qx = box.left + style.margin
        fonts.text(d, (qx, box.top + style.line3), fonts.fit(question, style.question, right - qx),
                   style.question, HEADER_TEXT, anchor="lm")


def _draw_result(d: ImageDraw.ImageDraw, state: State, x: int, y: int, right: int, style: HeaderStyle,
                 lang: str) -> None:
    result = state.get("result")
    if not result:
        fonts.text(d, (x, y), words.gettext("pic.nobody_acts", lang), style.who, HEADER_TEXT, anchor="lm")
        return
    seats = state["seats"]
    winner = result["winner_seat"]
    head = words.gettext("pic.wins_with", lang, player=seat_name(state, winner), vp=result["seat_scores"][winner])
    head = fonts.fit(head, style.who, right - x, bold=True)
    fonts.text(d, (x, y), head, style.who, HEADER_TEXT, anchor="lm", bold=True)
    order = sorted(range(len(seats)), key=lambda s: -result["seat_scores"][s])
    parts = []
    for s in order:
        letters = "".join(ANIMAL_LETTERS[a] for a in seats[s]["animals"])
        parts.append(f"{seat_name(state, s)} ({letters}) {result['seat_scores'][s]}")
    ranking = "  ·  ".join(parts)
    if style.line3 is None:
        x += round(fonts.width(head, style.who, bold=True)) + 24
        fonts.text(d, (x, y + 1), fonts.fit(ranking, style.question, right - x), style.question, HEADER_TEXT,
                   anchor="lm")
    else:
        fonts.text(d, (x, y - style.line2 + style.line3), fonts.fit(ranking, style.question, right - x),
                   style.question, HEADER_TEXT, anchor="lm")
