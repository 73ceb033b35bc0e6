"""Immigrants: every animal, the taker too, in food-chain order, chooses one loss: an added
element, an AP for good, or all but one of its species on every tile (the prompt goes to each
animal's own seat)."""

from __future__ import annotations

from engine.cards.common import chooser, current
from engine.cards.effects import card_effect
from engine.data import FOOD_CHAIN
from engine.flow import Ask, Option, State, Step, push, register
from engine.state import remove_species, to_bag
from engine.text import Msg, msg


def ask(state: State, step: Step) -> Ask | None:
    a = current(step)
    if a is None:
        return None
    rec = state["animals"][a]
    options = [Option(f"element:{e}", msg("immigrants.element", element=e)) for e in sorted(set(rec["added"]))]
    if rec["aps"] > 0:
        options.append(Option("ap", msg("immigrants.ap", n=rec["aps_owned"])))
    options.append(Option("species", msg("immigrants.species")))
    return Ask(a, "immigrants", msg("immigrants"), options)


def choose(state: State, step: Step, option_id: str) -> Msg:
    a = chooser(step)
    rec = state["animals"][a]
    step["next"] += 1
    if option_id == "ap":
        rec["aps"] -= 1
        rec["aps_owned"] -= 1
        return msg("immigrants.lost_ap")
    if option_id == "species":
        lost = 0
        for h, t in state["tiles"].items():
            n = t["species"].get(a, 0)
            if n > 1:
                lost += remove_species(state, a, h, n - 1)
        return msg("immigrants.lost_species", n=lost)
    e = option_id.split(":", 1)[1]
    rec["added"].remove(e)
    to_bag(state, e)
    return msg("immigrants.lost_element", element=e)


register("immigrants", ask, choose)


@card_effect("Immigrants")
def immigrants(state: State, animal: str, tile: str) -> None:
    push(state, "immigrants", animal=animal, queue=[a for a in FOOD_CHAIN if a in state["animals"]], next=0)
