"""Fecundity: one species from the taker's gene pool onto every tile that already holds one of
its species (it may skip tiles)."""

from __future__ import annotations

from engine.cards.common import own_tiles
from engine.cards.effects import card_effect
from engine.flow import Ask, Option, State, Step, push, register
from engine.state import add_species
from engine.text import Msg, msg, tile_ref


def ask(state: State, step: Step) -> Ask | None:
    animal = step["animal"]
    if state["animals"][animal]["gene_pool"] <= 0 or step["next"] >= len(step["queue"]):
        return None
    where = tile_ref(state, step["queue"][step["next"]])
    left = len(step["queue"]) - step["next"]
    return Ask(animal, "fecundity", msg("fecundity", tile=where),
               [Option("place", msg("place_species", n=1, tile=where)),
                Option("skip", msg("fecundity.skip", tile=where)),
                Option("all", msg("fecundity.all", n=left))])


def choose(state: State, step: Step, option_id: str) -> Msg:
    animal = step["animal"]
    if option_id == "all":
        placed = [tile_ref(state, h) for h in step["queue"][step["next"]:]
                  if add_species(state, animal, h, 1)]
        step["next"] = len(step["queue"])
        return msg("fecundity.placed_all", tiles=placed) if placed else msg("fecundity.placed_none")
    h = step["queue"][step["next"]]
    step["next"] += 1
    if option_id == "skip":
        return msg("fecundity.skipped", tile=tile_ref(state, h))
    n = add_species(state, animal, h, 1)
    return msg("species_placed", n=n, tile=tile_ref(state, h))


register("fecundity", ask, choose)


@card_effect("Fecundity")
def fecundity(state: State, animal: str, tile: str) -> None:
    push(state, "fecundity", animal=animal, queue=own_tiles(state, animal), next=0)
