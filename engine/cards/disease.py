"""Disease: every animal with more elements on its display than the taker loses one of its
added elements, its own player choosing which (the prompt goes to that animal's seat)."""

from __future__ import annotations

from engine.cards.common import chooser, current
from engine.cards.effects import card_effect
from engine.ecology import display_elements
from engine.flow import Ask, Option, State, Step, pop, push, register
from engine.state import animals_in_play, log, to_bag
from engine.text import Msg, msg


def ask(state: State, step: Step) -> Ask | None:
    a = current(step)
    if a is None:
        return None
    types = sorted(set(state["animals"][a]["added"]))
    if len(types) <= 1:
        return None  # nothing to lose, or no choice in what: auto resolves it
    return Ask(a, "disease", msg("disease"), [Option(f"lose:{e}", msg("disease.lose", element=e)) for e in types])


def choose(state: State, step: Step, option_id: str) -> Msg:
    a = chooser(step)
    e = option_id.split(":", 1)[1]
    state["animals"][a]["added"].remove(e)
    to_bag(state, e)
    step["next"] += 1
    return msg("disease.lost", element=e)


def auto(state: State, step: Step) -> None:
    a = current(step)
    if a is None:
        pop(state)
        return
    added = state["animals"][a]["added"]
    if added:  # a single type: no choice to ask about
        e = added.pop(added.index(added[0]))
        to_bag(state, e)
        log(state, "disease.lost", by=a, element=e)
    step["next"] += 1


register("disease", ask, choose, auto)


@card_effect("Disease")
def disease(state: State, animal: str, tile: str) -> None:
    mine = len(display_elements(state, animal))
    queue = [a for a in animals_in_play(state) if len(display_elements(state, a)) > mine]
    push(state, "disease", animal=animal, queue=queue, next=0)
