"""After a move, the seats that decide by themselves, until a person must choose: without
computer players, resigned and left seats decline whatever they can (with them, the AI plays
those seats: ``computer.ai_turn``); a player whose turn it is to place an AP places from their
plan (``bot.game.plans``).  In the move's table: these moves are written with it."""

from __future__ import annotations

import engine
import words
from bot.game.ai_seats import AiSeats
from bot.game.asked import asked
from bot.game.plans import PLANNED_KEPT, ran_out_notice
from bot.game.table import Moves, State, Table
from bot.store.models import Game, Plan
from engine import logbook
from engine.plan import next_planned

#: Options a resigned seat's animal takes: declining first, else the first legal option.
PASSIVE_OPTIONS = ("forfeit", "done", "none", "place:0", "move:0", "skip")


def passive_option(prompt: engine.Prompt) -> str:
    ids = [o.id for o in prompt.options]
    return next((i for i in PASSIVE_OPTIONS if i in ids), ids[0])


class PlayOn:
    def __init__(self, ai: AiSeats) -> None:
        self.ai = ai

    async def __call__(self, table: Table, game: Game, state: State) -> Moves:
        """(In the move's table.) The moves the seats that decide by themselves make now."""
        moves: Moves = []
        plans: dict[str, Plan] | None = None
        changed: set[str] = set()
        while True:
            moves += self.autoplay(game, state)
            p = asked(state)
            if p is None or p.kind != "place_ap":
                break
            seat = next((s for s in game.seats if s.seat == p.seat), None)
            if seat is None or seat.is_ai or seat.ai_hold or seat.resigned:
                break
            if plans is None:
                plans = await table.store.plans(game.id)
            plan = plans.get(p.animal)
            if plan is None or not plan.spaces:
                break
            outcome = next_planned(state, p.animal, plan.spaces)
            plan.spaces = list(outcome.rest)
            plan.taken += [[space, taker] for space, taker in outcome.taken]
            changed.add(p.animal)
            if outcome.option is None:  # none of it was open: the player is asked, told what became of it
                notice = ran_out_notice(game, seat, plan)
                await table.store.update_game(game.id, notice=notice)
                game.post.notice = notice
                plan.taken = []
                break
            at = logbook.total(state)  # the decision's line comes first among the lines it writes
            picked = p.option(outcome.option)
            assert picked is not None  # next_planned picks among the prompt's options
            engine.apply(state, p.seat, outcome.option, asked=p)
            moves.append((p.seat, seat.user_id, outcome.option, words.option(picked, "en"), "planned",
                          logbook.total(state)))
            game.planned = [*game.planned, at][-PLANNED_KEPT:]
        for animal in changed:
            assert plans is not None
            await table.store.put_plan(game.id, plans[animal])
        if any(m[4] == "planned" for m in moves):
            await table.store.update_game(game.id, planned=game.planned)
        return moves

    def autoplay(self, game: Game, state: State) -> Moves:
        """Without computer players, play for resigned and left seats (declining whatever they
        can) until a live seat must act; with them, the AI plays those seats (``ai_turn``)."""
        if self.ai.available:
            return []
        resigned = {s.seat for s in game.seats if s.resigned or s.ai_hold}
        moves: Moves = []
        while (p := asked(state)) is not None and p.seat in resigned:
            option = passive_option(p)
            engine.apply(state, p.seat, option)
            passive = p.option(option)
            assert passive is not None  # passive_option picks among the prompt's options
            moves.append((p.seat, "resigned", option, words.option(passive, "en"), "resigned", logbook.total(state)))
        return moves
