"""Metamorphosis: the taker swaps one of its added elements for one of its choice from the bag."""

from __future__ import annotations

from engine.cards.common import arg, bag_types, starts_step
from engine.flow import Ask, Option, State, Step, pop, register, skip
from engine.state import take_from_bag
from engine.text import Msg, msg


def ask(state: State, step: Step) -> Ask | None:
    animal = step["animal"]
    added = state["animals"][animal]["added"]
    if step.get("old") is None:
        if not added or not bag_types(state):
            return None
        return Ask(animal, "metamorphosis", msg("metamorphosis.old"),
                   [Option(f"old:{e}", msg("metamorphosis.old", element=e)) for e in sorted(set(added))])
    return Ask(animal, "metamorphosis_new", msg("metamorphosis.new", old=step["old"]),
               [Option(f"new:{e}", msg("take_from_bag", element=e)) for e in bag_types(state)])


def choose(state: State, step: Step, option_id: str) -> Msg:
    if option_id.startswith("old:"):
        step["old"] = arg(option_id)
        return msg("metamorphosis.gave_up", element=step["old"])
    pop(state)
    new = arg(option_id)
    added = state["animals"][step["animal"]]["added"]
    take_from_bag(state, new)
    added[added.index(step["old"])] = new
    state["bag"][step["old"]] += 1
    return msg("metamorphosis.took", element=new, old=step["old"])


register("metamorphosis", ask, choose, lambda s, st: skip(s, st, "metamorphosis.skipped"))
starts_step("Metamorphosis", "metamorphosis")
