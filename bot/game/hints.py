"""Hints, where the host allows them: ``/ds hint`` answers the player to act, privately, with
the option the ``normal`` computer player would choose, its two best alternatives, and a line
on each from the AI's own evaluation (``engine.ai.hints``).

A per-game setting, off by default, chosen when the game is opened or in its lobby (so a game
never changes its mind halfway).  The thinking happens where the computer players think (the
render workers in the bot, a thread in the playground and tests), outside every lock, within
``HINT_SECONDS``.  The seat remembers the state version the hint was for; the choice made at
that version is marked hinted in the move list and in the game's record.  Games that allow
hints are not rated (``bot.game.ratings``).
"""

from __future__ import annotations

import asyncio
from collections.abc import Awaitable, Callable
from typing import Any

import engine
from bot.game.asked import asked
from bot.game.replies import BadRequest, NotAllowed, NotYourTurn, Reply, StaleState
from bot.game.table import Tables, active_game, seat_in
from bot.game.texts import option_text, prompt_line, question
from engine.ai.hints import Ranked, ranked
from words import T, Text, Words, join

State = dict[str, Any]
#: hinter(state, seed) -> the best options as the ``normal`` level values them
Hinter = Callable[[State, int], Awaitable[list[Ranked]]]
#: How long a hint may take (the issue allows 2 s in all).
HINT_SECONDS = 1.8
HINT_LEVEL = "normal"


async def hint_here(state: State, seed: int) -> list[Ranked]:
    """The hint, thought out in a thread of this process (the playground, tests)."""
    return await asyncio.to_thread(ranked, state, HINT_LEVEL, seed)


def ai_seed(game_seed: int, version: int) -> int:
    """The seed the computer players use at this version (so the hint is the AI's very choice)."""
    return (game_seed * 7919 + version) & 0x7FFFFFFF


class Hints:
    def __init__(self, tables: Tables, hinter: Hinter | None = None) -> None:
        self.tables = tables
        self.hinter = hinter  # how a hint is thought out; None: no hints here

    async def hint(self, channel_id: str, user_id: str) -> Reply:
        """The player to act asks for a hint (a private reply; nothing is written if refused).
        It is thought out before the table is opened (a hint takes its time: nobody waits)."""
        game = await active_game(self.tables.store, channel_id)
        seat = seat_in(game, user_id)
        if not game.settings.get("hints"):
            raise NotAllowed(T("bot.err.hints_off", host=game.host.user_name))
        p = asked(game.started_state)
        if p is None or p.seat != seat.seat:
            raise NotYourTurn(T("bot.err.not_your_turn", now=prompt_line(game)))
        if self.hinter is None:
            raise BadRequest(T("bot.err.no_hints_here"))
        try:
            best = await asyncio.wait_for(self.hinter(game.started_state, ai_seed(game.seed, game.version)),
                                          HINT_SECONDS)
        except TimeoutError:
            raise BadRequest(T("bot.err.hint_slow")) from None
        async with self.tables.at(channel_id) as table:
            now = await table.store.live_game(channel_id)
            if now is None or now.id != game.id or now.version != game.version:
                raise StaleState(T("bot.err.moved_on"))
            await table.store.update_seat(game.id, seat.seat, hint_version=game.version)
        lines: list[Words] = [T("bot.hint.head", question=question(p))]
        for i, r in enumerate(best, start=1):
            if i == 2:
                lines.append(T("bot.hint.alternatives"))
            lines.append(T("bot.hint.row", n=i, option=_label(p, r.option), reason=reason(r)))
        lines.append(T("bot.hint.marked"))
        return Reply(join(*lines, sep="\n"), game_id=game.id, version=game.version, public=False)


def _label(p: engine.Prompt, option_id: str) -> Text:
    option = p.option(option_id)
    assert option is not None  # the hinter ranks the prompt's own options
    return option_text(option)


def reason(r: Ranked) -> Words:
    """One line on why, from the AI's evaluation (``worth`` and ``change`` are worded signed, with
    one decimal, as the reader writes a number: ``words.render``'s kind ``signed``)."""
    if r.kind == "only":
        return T("bot.hint.reason.only")
    if r.kind == "place":
        return T("bot.hint.reason.place", action=r.row or "initiative", worth=float(r.score))
    parts: list[Words] = []
    if r.vp:
        parts.append(T("bot.hint.reason.vp", vp=f"{r.vp:+d}"))
    parts.append(T("bot.hint.reason.standing", change=float(r.standing)))
    parts.append(T("bot.hint.reason.dominated", n=r.dominated))
    return join(*parts, sep="; ")


__all__ = ["HINT_SECONDS", "Hints", "ai_seed", "hint_here", "reason"]
