"""Initiative: move one place forward on the initiative track, then place the AP again."""

from __future__ import annotations

from engine.actions.common import forfeit
from engine.display import place_ap, space_id, vacant_spaces
from engine.flow import Ask, Option, State, Step, pop, register
from engine.text import Msg, msg


def _spaces(state: State) -> list[tuple[str, int]]:
    return vacant_spaces(state, exclude_rows=("initiative",))


def ask(state: State, step: Step) -> Ask | None:
    animal = step["animal"]
    if step.get("stage") == "place":
        return Ask(animal, "initiative_place", msg("initiative.place"),
                   [Option(space_id(r, i), msg("space", space=space_id(r, i))) for r, i in _spaces(state)])
    first = state["initiative"][0] == animal
    advance = msg("initiative.stay") if first else msg("initiative.advance")
    return Ask(animal, "initiative", msg("initiative"), [Option("advance", advance), forfeit("initiative")])


def choose(state: State, step: Step, option_id: str) -> Msg:
    animal = step["animal"]
    if step.get("stage") == "place":
        row, _, number = option_id.rpartition("-")
        place_ap(state, animal, row, int(number) - 1)
        pop(state)
        return msg("initiative.placed", space=option_id)
    if option_id == "forfeit":
        pop(state)
        return msg("forfeits", action="initiative")
    order = state["initiative"]
    i = order.index(animal)
    said = msg("initiative.stayed")
    if i > 0:
        order[i - 1], order[i] = order[i], order[i - 1]
        said = msg("initiative.advanced", behind=order[i])
    if _spaces(state):
        step["stage"] = "place"
    else:
        pop(state)
    return said


register("initiative", ask, choose)
