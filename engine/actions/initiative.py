"""Initiative: move one place forward on the initiative track, then place the AP again."""

from __future__ import annotations

from engine.actions.common import forfeit
from engine.display import place_ap, space_id, space_label, vacant_spaces
from engine.flow import Ask, Option, pop, register
from engine.state import animal_name


def _spaces(state):
    return vacant_spaces(state, exclude_rows=("initiative",))


def ask(state, step):
    animal = step["animal"]
    if step.get("stage") == "place":
        return Ask(animal, "initiative_place", "Initiative: place the AP on a vacant space",
                   [Option(space_id(r, i), space_label(r, i)) for r, i in _spaces(state)])
    first = state["initiative"][0] == animal
    text = "Stay first and place the AP again" if first else \
        "Move 1 place forward on initiative and place the AP again"
    return Ask(animal, "initiative", "Initiative", [Option("advance", text), forfeit("Initiative")])


def choose(state, step, option_id):
    animal = step["animal"]
    if step.get("stage") == "place":
        row, _, number = option_id.rpartition("-")
        place_ap(state, animal, row, int(number) - 1)
        pop(state)
        return f"places the Initiative AP on {space_label(row, int(number) - 1)}"
    if option_id == "forfeit":
        pop(state)
        return "forfeits Initiative"
    order = state["initiative"]
    i = order.index(animal)
    text = "stays first on initiative"
    if i > 0:
        order[i - 1], order[i] = order[i], order[i - 1]
        text = f"moves ahead of the {animal_name(order[i]).lower()} on initiative"
    if _spaces(state):
        step["stage"] = "place"
    else:
        pop(state)
    return text


register("initiative", ask, choose)
