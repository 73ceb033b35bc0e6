"""Cards where other animals choose for themselves: each prompt goes to that animal's seat."""

from __future__ import annotations

from engine.cards.effects import card_effect
from engine.data import FOOD_CHAIN
from engine.ecology import display_elements
from engine.flow import Ask, Option, State, Step, pop, push, register
from engine.state import animals_in_play, log, remove_species, to_bag
from engine.text import Msg, msg


def _current(step: Step) -> str | None:
    return step["queue"][step["next"]] if step["next"] < len(step["queue"]) else None


def _chooser(step: Step) -> str:
    """The animal choosing now (a step is only asked while one is left in its queue)."""
    a = _current(step)
    assert a is not None, step
    return a


# -- Disease: every animal with more elements than the taker loses an added one ---------------

def disease_ask(state: State, step: Step) -> Ask | None:
    a = _current(step)
    if a is None:
        return None
    types = sorted(set(state["animals"][a]["added"]))
    if len(types) <= 1:
        return None  # nothing to lose, or no choice in what: auto resolves it
    return Ask(a, "disease", msg("disease"), [Option(f"lose:{e}", msg("disease.lose", element=e)) for e in types])


def disease_choose(state: State, step: Step, option_id: str) -> Msg:
    a = _chooser(step)
    e = option_id.split(":", 1)[1]
    state["animals"][a]["added"].remove(e)
    to_bag(state, e)
    step["next"] += 1
    return msg("disease.lost", element=e)


def disease_auto(state: State, step: Step) -> None:
    a = _current(step)
    if a is None:
        pop(state)
        return
    added = state["animals"][a]["added"]
    if added:  # a single type: no choice to ask about
        e = added.pop(added.index(added[0]))
        to_bag(state, e)
        log(state, "disease.lost", by=a, element=e)
    step["next"] += 1


register("disease", disease_ask, disease_choose, disease_auto)


@card_effect("Disease")
def disease(state: State, animal: str, tile: str) -> None:
    mine = len(display_elements(state, animal))
    queue = [a for a in animals_in_play(state) if len(display_elements(state, a)) > mine]
    push(state, "disease", animal=animal, queue=queue, next=0)


# -- Immigrants: every animal, in food-chain order, chooses one loss ---------------------------

def immigrants_ask(state: State, step: Step) -> Ask | None:
    a = _current(step)
    if a is None:
        return None
    rec = state["animals"][a]
    options = [Option(f"element:{e}", msg("immigrants.element", element=e)) for e in sorted(set(rec["added"]))]
    if rec["aps"] > 0:
        options.append(Option("ap", msg("immigrants.ap", n=rec["aps_owned"])))
    options.append(Option("species", msg("immigrants.species")))
    return Ask(a, "immigrants", msg("immigrants"), options)


def immigrants_choose(state: State, step: Step, option_id: str) -> Msg:
    a = _chooser(step)
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


register("immigrants", immigrants_ask, immigrants_choose)


@card_effect("Immigrants")
def immigrants(state: State, animal: str, tile: str) -> None:
    push(state, "immigrants", animal=animal, queue=[a for a in FOOD_CHAIN if a in state["animals"]], next=0)
