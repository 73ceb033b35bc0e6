"""Hibernation: up to five of the taker's eliminated species come back from the box onto one
tile, and they ignore this turn's Extinction (base-game.md §7.1, §9).

The protection belongs to the species it returns, not to the tile: it is counted with them
(``engine.state.protect_species``), moves with them if Mass Exodus moves them later in the turn,
and ends with this turn's Extinction.
"""

from __future__ import annotations

from engine.actions.common import hex_of_option, tile_option
from engine.cards.common import arg, starts_step
from engine.flow import Ask, Option, State, Step, pop, register, skip
from engine.state import add_species, protect_species
from engine.text import Msg, msg, tile_ref

MAX_SPECIES = 5


def ask(state: State, step: Step) -> Ask | None:
    animal = step["animal"]
    most = min(MAX_SPECIES, state["animals"][animal]["eliminated"])
    if most <= 0:
        return None
    if step.get("tile") is None:
        return Ask(animal, "hibernation", msg("hibernation.tile"),
                   [tile_option(state, h, "hibernation.tile") for h in sorted(state["tiles"])])
    where = tile_ref(state, step["tile"])
    return Ask(animal, "hibernation_count", msg("hibernation.how_many", tile=where),
               [Option(f"place:{n}", msg("hibernation.count", n=n, tile=where)) for n in range(most, -1, -1)])


def choose(state: State, step: Step, option_id: str) -> Msg:
    animal = step["animal"]
    if option_id.startswith("tile:"):
        step["tile"] = hex_of_option(option_id)
        return msg("card.tile_chosen", card="Hibernation", tile=tile_ref(state, step["tile"]))
    pop(state)
    n = int(arg(option_id))
    h = step["tile"]
    if n:
        rec = state["animals"][animal]
        rec["eliminated"] -= n
        rec["gene_pool"] += n
        add_species(state, animal, h, n)
        protect_species(state, animal, h, n)
    return msg("hibernation.returned", n=n, tile=tile_ref(state, h))


register("hibernation", ask, choose, lambda s, st: skip(s, st, "hibernation.skipped"))
starts_step("Hibernation", "hibernation")
