"""Competition: on one tile of each terrain your space allows (tundra always), eliminate one
opposing species where you have a species too.  The arachnids' space allows any terrain."""

from __future__ import annotations

from engine import data
from engine.actions.common import hex_of_label
from engine.data import COMPETITION_TERRAINS, TERRAINS
from engine.flow import Ask, Option, State, Step, pop, register, skip
from engine.geometry import hex_from_key, hex_label
from engine.state import remove_species
from engine.text import Msg, msg, tile_ref


def allowed_terrains(space: int) -> tuple[str, ...]:
    terrains = COMPETITION_TERRAINS[space]
    return TERRAINS if terrains is None else (*terrains, "tundra")


def _limit(space: int) -> int:
    return data.ARACHNID_COMPETITION_LIMIT if COMPETITION_TERRAINS[space] is None else len(TERRAINS)


def targets(state: State, step: Step) -> list[tuple[str, str]]:
    """(tile, opposing animal) pairs still open to this Competition AP."""
    animal, space = step["animal"], step["space"]
    used = step.get("used", [])
    if len(used) >= _limit(space):
        return []
    allowed = set(allowed_terrains(space)) - set(used)
    result: list[tuple[str, str]] = []
    for hkey in sorted(state["tiles"]):
        tile = state["tiles"][hkey]
        if tile["terrain"] in allowed and tile["species"].get(animal, 0) > 0:
            result.extend((hkey, other) for other in tile["species"] if other != animal)
    return result


def ask(state: State, step: Step) -> Ask | None:
    pairs = targets(state, step)
    if not pairs:
        return None
    options = [
        Option(f"kill:{hex_label(hex_from_key(h))}:{victim}",
               msg("eliminate_one", victim=victim, tile=tile_ref(state, h)))
        for h, victim in pairs
    ]
    done = Option("done", msg("competition.stop") if step.get("used") else msg("forfeit", action="competition"))
    open_terrains = [t for t in allowed_terrains(step["space"]) if t not in step.get("used", [])]
    return Ask(step["animal"], "competition", msg("competition", terrains=open_terrains), [*options, done])


def choose(state: State, step: Step, option_id: str) -> Msg:
    if option_id == "done":
        pop(state)
        return msg("competition.stopped") if step.get("used") else msg("forfeits", action="competition")
    _, label, victim = option_id.split(":")
    hkey = hex_of_label(label)
    where = tile_ref(state, hkey)
    step.setdefault("used", []).append(state["tiles"][hkey]["terrain"])
    remove_species(state, victim, hkey, 1)
    return msg("eliminated_one", victim=victim, tile=where)


def auto(state: State, step: Step) -> None:
    if step.get("used"):
        pop(state)
    else:
        skip(state, step, "competition.skipped")


register("competition", ask, choose, auto)
