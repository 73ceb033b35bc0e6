"""Instinct: the taker places one of its APs on any vacant space of the action display; it acts
if its row and place are still to come this turn."""

from __future__ import annotations

from engine.cards.common import starts_step
from engine.data import CYLINDERS_PER_ANIMAL
from engine.display import space_id, vacant_spaces
from engine.flow import Ask, Option, State, Step, pop, register, skip
from engine.text import Msg, msg

#: False = one of the taker's own APs from its supply (one that already acted this turn, or one
#: never placed; an empty supply forfeits the card); True = a new cylinder for good (BGF).  The
#: card says "place 1 of your APs", while Omnivore, Intelligence and Parasitism say "gain 1 new
#: AP", and the player aid discards cylinders beyond the allotment at setup, so they are not
#: "your APs".  Best belief, not confirmed by a rulebook (base-game.md §9, Instinct).
AP_IS_NEW = False


def _has_ap(state: State, animal: str) -> bool:
    rec = state["animals"][animal]
    if AP_IS_NEW:
        owned: int = rec["aps_owned"]
        return owned < CYLINDERS_PER_ANIMAL
    aps: int = rec["aps"]
    return aps > 0  # one that already acted this turn, or one never placed


def ask(state: State, step: Step) -> Ask | None:
    animal = step["animal"]
    if not _has_ap(state, animal):
        return None
    options = [Option(space_id(r, i), msg("space", space=space_id(r, i))) for r, i in vacant_spaces(state)]
    return Ask(animal, "instinct", msg("instinct"), options) if options else None


def choose(state: State, step: Step, option_id: str) -> Msg:
    pop(state)
    row, _, number = option_id.rpartition("-")
    rec = state["animals"][step["animal"]]
    state["display"][row][int(number) - 1] = step["animal"]
    if AP_IS_NEW:
        rec["aps_owned"] += 1  # a new cylinder, placed straight on the display
        return msg("instinct.placed_new", space=option_id)
    rec["aps"] -= 1
    return msg("instinct.placed", space=option_id)


def auto(state: State, step: Step) -> None:
    if _has_ap(state, step["animal"]):
        skip(state, step, "instinct.skipped.no_space")
    elif AP_IS_NEW:
        skip(state, step, "instinct.skipped.no_cylinder", n=CYLINDERS_PER_ANIMAL)
    else:
        skip(state, step, "instinct.skipped.no_ap")


register("instinct", ask, choose, auto)
starts_step("Instinct", "instinct")
