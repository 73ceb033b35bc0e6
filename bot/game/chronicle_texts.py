"""The words of a game's story: a past moment (``/ds history``), the filters of ``/ds log``,
the VP breakdown and the end post's fitting, read from a replayed history (``chronicle``).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

import words
from bot.game.asked import asked
from bot.game.limits import CONTENT, clip
from bot.game.replies import BadRequest
from bot.store.models import Game
from engine import vp
from engine.ahead import EARLY, ORDERED, PLANNED
from engine.history import History
from words import T, join

State = dict[str, Any]
#: The most log lines a moment shows (the rest: "n earlier lines").
MOMENT_LINES = 12
#: The moves answered ahead (the moves table's ``made_by``), marked wherever a move is listed.
AHEAD_MARKS = frozenset({PLANNED, ORDERED, EARLY})


@dataclass
class Seen:
    """A past moment read from a history: the states, where it stands, the action's lines."""

    k: int
    moves: int
    turn: int
    into: int  # moves into its turn
    previous: int | None
    next: int | None
    state: State
    before: State | None  # at the previous action boundary (what the picture rings changes since)
    lines: list[str]  # the log lines of the action that led here
    marks: dict[int, str] = field(default_factory=dict)  # which of ``lines`` moves answered ahead wrote, and how


def seen_at(h: History, k: int, made_by: Sequence[str] = ()) -> Seen:
    """The moment after ``k`` moves (``made_by``: each standing move's, to mark those answered ahead)."""
    previous, following = h.previous_action(k), h.next_action(k)
    state = h.state_after(k)
    before = h.state_after(previous) if previous is not None else None
    start = (h.log_starts[previous] if previous < len(h.moves) else h.log_length) if previous is not None else 0
    lines = list(state["log"][start:]) if previous is not None else []  # worded when shown, in the reader's language
    marks = {at - start: how for at, how in ahead_marks(h, made_by).items() if start <= at < start + len(lines)}
    turn = h.turn_of(k)
    return Seen(k, len(h.moves), turn, k - h.turn_starts[turn - 1], previous, following, state, before, lines,
                marks)


def ahead_marks(h: History, made_by: Sequence[str]) -> dict[int, str]:
    """Where in the whole log each move answered ahead wrote its decision's line (a move's first),
    and how it was answered (``made_by``: each standing move's, in order).  Only moves already
    applied are listed: nothing given ahead shows before it is used."""
    return {h.log_starts[k]: how for k, how in enumerate(made_by[:len(h.log_starts)]) if how in AHEAD_MARKS}


def marked(line: str, how: str | None, lang: str) -> str:
    """A worded log line with its mark, as the channel's post marks it ("(ordered)"), if any."""
    return line if how is None else words.gettext(f"bot.{how}_mark", lang, line=line)


def seat_name(state: State, seat: int) -> str:
    name: str = state["seats"][seat]["name"]
    return name


def moment_text(game: Game, seen: Seen, lang: str = words.DEFAULT) -> str:
    """Where the game stood after ``k`` moves, and the lines of the action that led there."""
    state = seen.state
    head = words.gettext("bot.moment.head", lang, game=game.id, turn=seen.turn, phase=state["phase"], k=seen.k,
                         moves=seen.moves, into=seen.into)
    p = asked(state)
    if p is not None:
        now = words.gettext("bot.moment.then", lang, player=seat_name(state, p.seat), animal=p.animal,
                            question=words.prompt_text(p, lang))
    elif state.get("result"):
        winner = state["result"]["winner_seat"]
        now = words.gettext("bot.moment.over_won", lang, player=seat_name(state, winner),
                            vp=state["result"]["seat_scores"][winner])
    else:
        now = words.gettext("bot.game_over", lang)
    scores = ", ".join(f"{words.term('animal.' + a, lang)} {state['animals'][a]['vp']}"
                       for a in sorted(state["animals"], key=lambda a: -state["animals"][a]["vp"]))
    told = [marked(words.line(line, lang), seen.marks.get(i), lang) for i, line in enumerate(seen.lines)]
    if len(told) > MOMENT_LINES:
        told = [words.ngettext("bot.moment.earlier", len(told) - MOMENT_LINES + 1, lang),
                *told[-(MOMENT_LINES - 1):]]
    parts = [head, *(clip(line, 160) for line in told), words.gettext("bot.moment.vp", lang, vps=scores), now]
    if seen.k == seen.moves:
        parts.append(words.gettext("bot.moment.present", lang))
    return clip("\n".join(parts), CONTENT)


def find_seat(game: Game, player: str) -> int:
    """The seat a ``/ds log player:`` names: a member's name or mention, an animal, or ``seat:N``."""
    state = game.started_state
    wanted = player.strip().lower()
    if wanted.startswith("seat:") and wanted[5:].isdigit() and int(wanted[5:]) < len(state["seats"]):
        return int(wanted[5:])
    user = wanted.strip("<@!>")
    for s in game.seats:
        if s.user_id == user or s.user_name.lower() == wanted:
            return s.seat
    for i, seat in enumerate(state["seats"]):
        if wanted in seat["animals"] or wanted.rstrip("s") + "s" in seat["animals"] or seat["name"].lower() == wanted:
            return i
    known = join(*(T("bot.seat_of", player=s["name"], animals=s["animals"]) for s in state["seats"]), sep="; ")
    raise BadRequest(T("bot.err.no_seat_called", given=clip(player, 40), game=game.id, known=known))


def filter_code(seat: int | None, turn: int | None) -> str:
    code = (f"s{seat}" if seat is not None else "") + (f"t{turn}" if turn is not None else "")
    return code or "a"


def parse_filter(code: str) -> tuple[int | None, int | None]:
    seat = turn = None
    rest = "" if code == "a" else code
    if rest.startswith("s"):
        digits = rest[1:].split("t")[0]
        seat, rest = int(digits), rest[1 + len(digits):]
    if rest.startswith("t"):
        turn = int(rest[1:])
    return seat, turn


def filter_words(state: State, seat: int | None, turn: int | None, lang: str = words.DEFAULT) -> str:
    if seat is not None and turn is not None:
        return words.gettext("bot.log.only_seat_turn", lang, player=state["seats"][seat]["name"],
                             animals=state["seats"][seat]["animals"], turn=turn)
    if seat is not None:
        return words.gettext("bot.log.only_seat", lang, player=state["seats"][seat]["name"],
                             animals=state["seats"][seat]["animals"])
    if turn is not None:
        return words.gettext("bot.log.only_turn", lang, turn=turn)
    return ""


def breakdown_text(game: Game, lang: str = words.DEFAULT) -> str:
    """Each animal's VPs by source (adding up to its score), winner first."""
    state = game.started_state
    res = state["result"]
    order = sorted(range(len(state["seats"])), key=lambda s: (s != res["winner_seat"], -res["seat_scores"][s]))
    rows = [words.gettext("bot.breakdown.head", lang)]
    for s in order:
        for a in state["seats"][s]["animals"]:
            parts = " + ".join(f"{words.vp_source(src, lang)} {n}" for src, n in vp.breakdown(state, a).items())
            row = words.gettext("bot.breakdown.row", lang, animal=a, player=seat_name(state, s),
                                vp=state["animals"][a]["vp"])
            rows.append(row + (f" = {parts}" if parts else ""))
    return "\n".join(rows)


def fit_lines(text: str, extra: str, limit: int = CONTENT) -> str:
    """``text`` then ``extra``, dropping ``text``'s oldest lines (said to be in the log) to fit."""
    lines = text.split("\n")
    while lines and len("\n".join(lines)) + len(extra) + 40 > limit:
        lines.pop(0)
    if len(lines) < len(text.split("\n")):
        lines.insert(0, "… (earlier lines: /ds log)")
    return clip("\n".join([*lines, extra]), limit)
