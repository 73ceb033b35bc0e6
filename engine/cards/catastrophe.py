"""Catastrophe: the taker picks a tile; all species there but one of its choice die, then each
adjacent tile loses one species (the taker picks whose when there is a choice)."""

from __future__ import annotations

from engine.actions.common import hex_of_option, tile_option
from engine.cards.common import arg, log_losses, neighbour_tiles, starts_step
from engine.flow import Ask, Option, State, Step, pop, register, skip
from engine.state import remove_species
from engine.text import Msg, msg, tile_ref


def _victim_options(state: State, hkey: str, verb: str) -> list[Option]:
    """``keep:<animal>`` (its single species survives) or ``eliminate:<animal>`` options."""
    where = tile_ref(state, hkey)
    return [Option(f"{verb}:{a}", msg("catastrophe.keep", victim=a, tile=where) if verb == "keep"
                   else msg("eliminate_one", victim=a, tile=where))
            for a in state["tiles"][hkey]["species"]]


def _tiles(state: State) -> list[str]:
    """Tiles where a Catastrophe would eliminate something, there or next door."""
    tiles = state["tiles"]
    return [h for h in sorted(tiles)
            if tiles[h]["species"] or any(tiles[n]["species"] for n in neighbour_tiles(state, h))]


def ask(state: State, step: Step) -> Ask | None:
    animal = step["animal"]
    stage = step["stage"]
    if stage == "tile":
        tiles = _tiles(state)
        if not tiles:
            return None
        return Ask(animal, "catastrophe", msg("catastrophe.tile"),
                   [tile_option(state, h, "catastrophe.tile") for h in tiles])
    if stage == "survivor":
        if len(state["tiles"][step["tile"]]["species"]) <= 1:
            return None  # one animal (or none): nothing to choose
        return Ask(animal, "catastrophe_survivor", msg("catastrophe.survivor", tile=tile_ref(state, step["tile"])),
                   _victim_options(state, step["tile"], "keep"))
    if step["next"] >= len(step["queue"]):
        return None
    h = step["queue"][step["next"]]
    if len(state["tiles"][h]["species"]) <= 1:
        return None  # auto resolves it
    return Ask(animal, "catastrophe_adjacent", msg("loses_one", tile=tile_ref(state, h)),
               _victim_options(state, h, "eliminate"))


def _adjacent(state: State, step: Step) -> None:
    """Adjacent tiles with a single animal lose one of its species without a question."""
    losses = []
    while step["next"] < len(step["queue"]):
        h = step["queue"][step["next"]]
        species = state["tiles"][h]["species"]
        if len(species) > 1:
            break
        if species:
            a = next(iter(species))
            losses.append({"animal": a, "n": 1, "tile": tile_ref(state, h)})
            remove_species(state, a, h, 1)
        step["next"] += 1
    log_losses(state, "Catastrophe", losses)


def _strike(state: State, step: Step, keep: str | None) -> None:
    """All species on the tile but one of ``keep`` (None: of each animal there, as only one
    animal is there) die; then the adjacent tiles that need no choice lose theirs."""
    h = step["tile"]
    losses = []
    for a, n in list(state["tiles"][h]["species"].items()):
        lost = remove_species(state, a, h, n - 1 if keep is None or a == keep else n)
        if lost:
            losses.append({"animal": a, "n": lost, "tile": tile_ref(state, h)})
    log_losses(state, "Catastrophe", losses)
    step["stage"] = "adjacent"
    _adjacent(state, step)


def choose(state: State, step: Step, option_id: str) -> Msg:
    if step["stage"] == "tile":
        step["tile"] = hex_of_option(option_id)
        step["stage"] = "survivor"
        step["queue"], step["next"] = neighbour_tiles(state, step["tile"]), 0
        return msg("catastrophe.struck", tile=tile_ref(state, step["tile"]))
    if step["stage"] == "survivor":
        keep = arg(option_id)
        _strike(state, step, keep)
        return msg("catastrophe.spared", victim=keep, tile=tile_ref(state, step["tile"]))
    h = step["queue"][step["next"]]
    victim = arg(option_id)
    where = tile_ref(state, h)
    remove_species(state, victim, h, 1)
    step["next"] += 1
    _adjacent(state, step)
    return msg("eliminated_one", victim=victim, tile=where)


def auto(state: State, step: Step) -> None:
    if step["stage"] == "tile":
        skip(state, step, "catastrophe.skipped")
        return
    if step["stage"] == "survivor":
        _strike(state, step, None)
        return
    _adjacent(state, step)
    pop(state)


register("catastrophe", ask, choose, auto)
starts_step("Catastrophe", "catastrophe", stage="tile")
