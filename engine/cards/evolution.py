"""Evolution: up to two other animals, each a different one, have one species anywhere on earth
replaced by one of the taker's from its gene pool."""

from __future__ import annotations

from engine.actions.common import hex_of_option, tile_id
from engine.cards.common import starts_step
from engine.flow import Ask, Option, State, Step, pop, register
from engine.state import add_species, remove_species
from engine.text import Msg, msg, tile_ref

TARGETS = 2
#: Where a replaced species goes, "eliminated" (the box) or "gene_pool".  The rulebook's Gene
#: Pool section (../shared/seeds/000_b1ce038bb49160e7.txt) sends a species removed from earth for
#: any reason but Glaciation to the box, and the card makes no exception; only BGF returns it to
#: the gene pool (base-game.md §9, Evolution).
REPLACED_TO = "eliminated"


def ask(state: State, step: Step) -> Ask | None:
    animal = step["animal"]
    if state["animals"][animal]["gene_pool"] <= 0 or len(step["done"]) >= TARGETS:
        return None
    options = [
        Option(f"replace:{tile_id(h).split(':')[1]}:{a}", msg("evolution.replace", victim=a, tile=tile_ref(state, h)))
        for h in sorted(state["tiles"]) for a in state["tiles"][h]["species"]
        if a != animal and a not in step["done"]
    ]
    if not options:
        return None
    return Ask(animal, "evolution", msg("evolution"), [*options, Option("done", msg("evolution.stop"))])


def choose(state: State, step: Step, option_id: str) -> Msg:
    if option_id == "done":
        pop(state)
        return msg("evolution.stopped")
    _, label, victim = option_id.split(":")
    h = hex_of_option(f"tile:{label}")
    to_gene_pool = REPLACED_TO == "gene_pool"
    remove_species(state, victim, h, 1, to_gene_pool=to_gene_pool)
    add_species(state, step["animal"], h, 1)
    step["done"].append(victim)
    where = tile_ref(state, h)
    return msg("evolution.replaced_home", victim=victim, tile=where) if to_gene_pool \
        else msg("evolution.replaced", victim=victim, tile=where)


register("evolution", ask, choose)
starts_step("Evolution", "evolution", done=[])
