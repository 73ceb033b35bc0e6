"""Aquatic: an element of the taker's choice from the bag onto a vacant corner of a sea or
wetland tile, then up to four species from its gene pool onto a sea or wetland tile.  Each part
is forfeit on its own when it cannot be done (base-game.md §9)."""

from __future__ import annotations

from engine.actions.common import hex_of_option, tile_option
from engine.cards.common import arg, element_ask, place_from_bag, starts_step
from engine.flow import Ask, Option, State, Step, pop, register, skip
from engine.geometry import corner_from_key, hex_key
from engine.state import add_species, vacant_corners
from engine.text import Msg, corner_ref, msg, tile_ref

MAX_SPECIES = 4
#: The species go on a sea or wetland tile touching the element just placed (BGF: "that same
#: tile"); False = on any sea or wetland tile.  UNCONFIRMED (base-game.md §9, Aquatic: the card
#: forfeits its parts separately, which suggests the species part does not need the element).
SPECIES_ON_ELEMENT_TILE = True


def _sea_or_wetland(state: State) -> list[str]:
    return sorted(h for h, t in state["tiles"].items() if t["terrain"] in ("sea", "wetland"))


def _species_tiles(state: State, step: Step) -> list[str]:
    tiles = _sea_or_wetland(state)
    c = step.get("corner")
    if SPECIES_ON_ELEMENT_TILE and c is not None:
        touching = {hex_key(h) for h in corner_from_key(c)}
        tiles = [h for h in tiles if h in touching]
    return tiles


def ask(state: State, step: Step) -> Ask | None:
    animal = step["animal"]
    if step["stage"] == "element":
        return element_ask(state, step, vacant_corners(state, _sea_or_wetland(state)), "aquatic", "Aquatic")
    pool = state["animals"][animal]["gene_pool"]
    if pool <= 0:
        return None
    if step.get("tile") is None:
        tiles = _species_tiles(state, step)
        if not tiles:
            return None
        return Ask(animal, "aquatic_tile", msg("aquatic.tile"),
                   [tile_option(state, h, "species_onto") for h in tiles])
    where = tile_ref(state, step["tile"])
    return Ask(animal, "aquatic_count", msg("aquatic.how_many", tile=where),
               [Option(f"place:{n}", msg("place_species", n=n, tile=where) if n else msg("place_none", tile=where))
                for n in range(min(MAX_SPECIES, pool), -1, -1)])


def choose(state: State, step: Step, option_id: str) -> Msg:
    if step["stage"] == "element":
        c = place_from_bag(state, step, option_id)
        if c is None:
            return msg("card.element_chosen", card="Aquatic", element=step["element"])
        step["stage"], step["corner"] = "species", c
        return msg("element_placed", element=step["element"], corner=corner_ref(state, c))
    if option_id.startswith("tile:"):
        step["tile"] = hex_of_option(option_id)
        return msg("card.tile_chosen", card="Aquatic", tile=tile_ref(state, step["tile"]))
    pop(state)
    n = add_species(state, step["animal"], step["tile"], int(arg(option_id)))
    return msg("species_placed", n=n, tile=tile_ref(state, step["tile"]))


def auto(state: State, step: Step) -> None:
    if step["stage"] == "element":
        step["stage"] = "species"  # no corner or no element: the species part still happens
        return
    skip(state, step, "aquatic.skipped")


register("aquatic", ask, choose, auto)
starts_step("Aquatic", "aquatic", stage="element")
