"""Cards whose taker makes choices: each is a small step that asks the taker."""

from __future__ import annotations

import copy
from collections.abc import Callable
from typing import Any

from engine import data
from engine.actions.common import corner_id, corner_of_option, hex_of_option, tile_id, tile_option
from engine.actions.glaciation import candidates as glaciation_candidates
from engine.actions.glaciation import glaciate
from engine.cards.effects import card_effect
from engine.data import (
    AQUATIC_MAX_SPECIES,
    CYLINDERS_PER_ANIMAL,
    ELEMENTS,
    EVOLUTION_TARGETS,
    HIBERNATION_MAX_SPECIES,
)
from engine.display import space_id, vacant_spaces
from engine.flow import Ask, AskFn, AutoFn, ChooseFn, Option, State, Step, pop, push, register, skip
from engine.geometry import corner_from_key, corner_keys_of, hex_from_key, hex_key, neighbours
from engine.state import (
    add_species,
    gain_vp,
    log,
    move_species,
    remove_element_from_earth,
    remove_species,
    take_from_bag,
    vacant_corners,
)
from engine.text import Msg, corner_ref, msg, tile_ref


def _arg(option_id: str) -> str:
    return option_id.split(":", 1)[1]


def _bag_types(state: State) -> list[str]:
    return [e for e in ELEMENTS if state["bag"][e] > 0]


def _neighbour_tiles(state: State, hkey: str) -> list[str]:
    return sorted(k for n in neighbours(hex_from_key(hkey)) if (k := hex_key(n)) in state["tiles"])


def starts_step(card: str, step: str, **data: Any) -> None:
    """Register a card whose whole effect is one step asking the taker."""

    def effect(state: State, animal: str, tile: str) -> None:
        push(state, step, animal=animal, **copy.deepcopy(data))

    card_effect(card)(effect)


def _pick_step(name: str, card: str, kind: str, text: Msg, targets: Callable[[State, str], list[str]],
               describe: Callable[[State, str, list[str]], list[Option]], apply_one: ChooseFn) -> None:
    """Register a one-pick card: the taker picks one of ``targets(state, animal)``."""

    def ask(state: State, step: Step) -> Ask | None:
        animal = step["animal"]
        options = describe(state, animal, targets(state, animal))
        return Ask(step["animal"], kind, text, options) if options else None

    def choose(state: State, step: Step, option_id: str) -> Msg:
        pop(state)
        return apply_one(state, step, option_id)

    def auto(state: State, step: Step) -> None:
        skip(state, step, "card.nothing_to_do", card=card)

    register(name, ask, choose, auto)


# -- Habitat & Aquatic: an element of your choice from the bag onto a vacant corner -----------

def _sea_or_wetland(state: State) -> list[str]:
    return sorted(h for h, t in state["tiles"].items() if t["terrain"] in ("sea", "wetland"))


def _element_ask(state: State, step: Step, corners: list[str], kind: str, card: str) -> Ask | None:
    if step.get("element") is None:
        types = _bag_types(state)
        if not corners or not types:
            return None
        return Ask(step["animal"], kind, msg("card.element_from_bag", card=card),
                   [Option(f"element:{e}", msg("take_from_bag", element=e)) for e in types])
    e = step["element"]
    return Ask(step["animal"], kind + "_corner", msg("card.corner_for", card=card, element=e),
               [Option(corner_id(c), msg("place_element", element=e, corner=corner_ref(state, c)))
                for c in corners])


def _place_from_bag(state: State, step: Step, option_id: str) -> str | None:
    """Stage two of an element placement; returns the corner key once placed."""
    if option_id.startswith("element:"):
        step["element"] = _arg(option_id)
        return None
    c = corner_of_option(option_id)
    take_from_bag(state, step["element"])
    state["elements"][c] = step["element"]
    return c


def habitat_ask(state: State, step: Step) -> Ask | None:
    return _element_ask(state, step, vacant_corners(state), "habitat", "Habitat")


def habitat_choose(state: State, step: Step, option_id: str) -> Msg:
    c = _place_from_bag(state, step, option_id)
    if c is None:
        return msg("card.element_chosen", card="Habitat", element=step["element"])
    pop(state)
    return msg("element_placed", element=step["element"], corner=corner_ref(state, c))


register("habitat", habitat_ask, habitat_choose,
         lambda s, st: skip(s, st, "habitat.skipped"))


starts_step("Habitat", "habitat")


def _aquatic_tiles(state: State, step: Step) -> list[str]:
    tiles = _sea_or_wetland(state)
    c = step.get("corner")
    if data.AQUATIC_SPECIES_ON_ELEMENT_TILE and c is not None:
        touching = {hex_key(h) for h in corner_from_key(c)}
        tiles = [h for h in tiles if h in touching]
    return tiles


def aquatic_ask(state: State, step: Step) -> Ask | None:
    animal = step["animal"]
    if step["stage"] == "element":
        return _element_ask(state, step, vacant_corners(state, _sea_or_wetland(state)), "aquatic", "Aquatic")
    pool = state["animals"][animal]["gene_pool"]
    if pool <= 0:
        return None
    if step.get("tile") is None:
        tiles = _aquatic_tiles(state, step)
        if not tiles:
            return None
        return Ask(animal, "aquatic_tile", msg("aquatic.tile"),
                   [tile_option(state, h, "species_onto") for h in tiles])
    where = tile_ref(state, step["tile"])
    return Ask(animal, "aquatic_count", msg("aquatic.how_many", tile=where),
               [Option(f"place:{n}", msg("place_species", n=n, tile=where) if n else msg("place_none", tile=where))
                for n in range(min(AQUATIC_MAX_SPECIES, pool), -1, -1)])


def aquatic_choose(state: State, step: Step, option_id: str) -> Msg:
    if step["stage"] == "element":
        c = _place_from_bag(state, step, option_id)
        if c is None:
            return msg("card.element_chosen", card="Aquatic", element=step["element"])
        step["stage"], step["corner"] = "species", c
        return msg("element_placed", element=step["element"], corner=corner_ref(state, c))
    if option_id.startswith("tile:"):
        step["tile"] = hex_of_option(option_id)
        return msg("card.tile_chosen", card="Aquatic", tile=tile_ref(state, step["tile"]))
    pop(state)
    n = add_species(state, step["animal"], step["tile"], int(_arg(option_id)))
    return msg("species_placed", n=n, tile=tile_ref(state, step["tile"]))


def aquatic_auto(state: State, step: Step) -> None:
    if step["stage"] == "element":
        step["stage"] = "species"  # no corner or no element: the species part still happens
        return
    skip(state, step, "aquatic.skipped")


register("aquatic", aquatic_ask, aquatic_choose, aquatic_auto)


starts_step("Aquatic", "aquatic", stage="element")


# -- Blight -----------------------------------------------------------------------------------

def blight_ask(state: State, step: Step) -> Ask | None:
    animal = step["animal"]
    if step.get("tile") is None:
        tiles = [h for h in sorted(state["tiles"])
                 if sum(c in state["elements"] for c in corner_keys_of(hex_from_key(h))) >= 2]
        if not tiles:
            return None
        return Ask(animal, "blight", msg("blight.tile"),
                   [tile_option(state, h, "blight.tile") for h in tiles])
    corners = [c for c in corner_keys_of(hex_from_key(step["tile"])) if c in state["elements"]]
    return Ask(animal, "blight_keep", msg("blight.keep"),
               [Option(corner_id(c), msg("blight.keep", element=state["elements"][c], corner=corner_ref(state, c)))
                for c in corners])


def blight_choose(state: State, step: Step, option_id: str) -> Msg:
    if option_id.startswith("tile:"):
        step["tile"] = hex_of_option(option_id)
        return msg("blight.chosen", tile=tile_ref(state, step["tile"]))
    pop(state)
    keep = corner_of_option(option_id)
    gone = [remove_element_from_earth(state, c) for c in corner_keys_of(hex_from_key(step["tile"]))
            if c in state["elements"] and c != keep]
    return msg("blight.kept", element=state["elements"][keep], corner=corner_ref(state, keep), elements=gone)


register("blight", blight_ask, blight_choose, lambda s, st: skip(s, st, "blight.skipped"))


starts_step("Blight", "blight")


# -- Catastrophe ------------------------------------------------------------------------------

def _victim_options(state: State, hkey: str, verb: str) -> list[Option]:
    """``keep:<animal>`` (its single species survives) or ``eliminate:<animal>`` options."""
    where = tile_ref(state, hkey)
    return [Option(f"{verb}:{a}", msg("catastrophe.keep", victim=a, tile=where) if verb == "keep"
                   else msg("eliminate_one", victim=a, tile=where))
            for a in state["tiles"][hkey]["species"]]


def _catastrophe_tiles(state: State) -> list[str]:
    """Tiles where a Catastrophe would eliminate something, there or next door."""
    tiles = state["tiles"]
    return [h for h in sorted(tiles)
            if tiles[h]["species"] or any(tiles[n]["species"] for n in _neighbour_tiles(state, h))]


def catastrophe_ask(state: State, step: Step) -> Ask | None:
    animal = step["animal"]
    stage = step["stage"]
    if stage == "tile":
        tiles = _catastrophe_tiles(state)
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


def _log_losses(state: State, card: str, losses: list[dict[str, Any]]) -> None:
    if losses:
        log(state, "card.losses", card=card, losses=losses)


def _catastrophe_adjacent(state: State, step: Step) -> None:
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
    _log_losses(state, "Catastrophe", losses)


def _catastrophe_strike(state: State, step: Step, keep: str | None) -> None:
    """All species on the tile but one of ``keep`` (None: of each animal there, as only one
    animal is there) die; then the adjacent tiles that need no choice lose theirs."""
    h = step["tile"]
    losses = []
    for a, n in list(state["tiles"][h]["species"].items()):
        lost = remove_species(state, a, h, n - 1 if keep is None or a == keep else n)
        if lost:
            losses.append({"animal": a, "n": lost, "tile": tile_ref(state, h)})
    _log_losses(state, "Catastrophe", losses)
    step["stage"] = "adjacent"
    _catastrophe_adjacent(state, step)


def catastrophe_choose(state: State, step: Step, option_id: str) -> Msg:
    if step["stage"] == "tile":
        step["tile"] = hex_of_option(option_id)
        step["stage"] = "survivor"
        step["queue"], step["next"] = _neighbour_tiles(state, step["tile"]), 0
        return msg("catastrophe.struck", tile=tile_ref(state, step["tile"]))
    if step["stage"] == "survivor":
        keep = _arg(option_id)
        _catastrophe_strike(state, step, keep)
        return msg("catastrophe.spared", victim=keep, tile=tile_ref(state, step["tile"]))
    h = step["queue"][step["next"]]
    victim = _arg(option_id)
    where = tile_ref(state, h)
    remove_species(state, victim, h, 1)
    step["next"] += 1
    _catastrophe_adjacent(state, step)
    return msg("eliminated_one", victim=victim, tile=where)


def catastrophe_auto(state: State, step: Step) -> None:
    if step["stage"] == "tile":
        skip(state, step, "catastrophe.skipped")
        return
    if step["stage"] == "survivor":
        _catastrophe_strike(state, step, None)
        return
    _catastrophe_adjacent(state, step)
    pop(state)


register("catastrophe", catastrophe_ask, catastrophe_choose, catastrophe_auto)


starts_step("Catastrophe", "catastrophe", stage="tile")


# -- Evolution --------------------------------------------------------------------------------

def evolution_ask(state: State, step: Step) -> Ask | None:
    animal = step["animal"]
    if state["animals"][animal]["gene_pool"] <= 0 or len(step["done"]) >= EVOLUTION_TARGETS:
        return None
    options = [
        Option(f"replace:{tile_id(h).split(':')[1]}:{a}", msg("evolution.replace", victim=a, tile=tile_ref(state, h)))
        for h in sorted(state["tiles"]) for a in state["tiles"][h]["species"]
        if a != animal and a not in step["done"]
    ]
    if not options:
        return None
    return Ask(animal, "evolution", msg("evolution"), [*options, Option("done", msg("evolution.stop"))])


def evolution_choose(state: State, step: Step, option_id: str) -> Msg:
    if option_id == "done":
        pop(state)
        return msg("evolution.stopped")
    _, label, victim = option_id.split(":")
    h = hex_of_option(f"tile:{label}")
    to_gene_pool = data.EVOLUTION_REPLACED_TO == "gene_pool"
    remove_species(state, victim, h, 1, to_gene_pool=to_gene_pool)
    add_species(state, step["animal"], h, 1)
    step["done"].append(victim)
    where = tile_ref(state, h)
    return msg("evolution.replaced_home", victim=victim, tile=where) if to_gene_pool \
        else msg("evolution.replaced", victim=victim, tile=where)


register("evolution", evolution_ask, evolution_choose)


starts_step("Evolution", "evolution", done=[])


# -- Fecundity --------------------------------------------------------------------------------

def fecundity_ask(state: State, step: Step) -> Ask | None:
    animal = step["animal"]
    if state["animals"][animal]["gene_pool"] <= 0 or step["next"] >= len(step["queue"]):
        return None
    where = tile_ref(state, step["queue"][step["next"]])
    left = len(step["queue"]) - step["next"]
    return Ask(animal, "fecundity", msg("fecundity", tile=where),
               [Option("place", msg("place_species", n=1, tile=where)),
                Option("skip", msg("fecundity.skip", tile=where)),
                Option("all", msg("fecundity.all", n=left))])


def fecundity_choose(state: State, step: Step, option_id: str) -> Msg:
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


register("fecundity", fecundity_ask, fecundity_choose)


@card_effect("Fecundity")
def fecundity(state: State, animal: str, tile: str) -> None:
    queue = sorted(h for h, t in state["tiles"].items() if animal in t["species"])
    push(state, "fecundity", animal=animal, queue=queue, next=0)


# -- Fertile, Hibernation, Ice Sheet ----------------------------------------------------------

def _own_tiles(state: State, animal: str) -> list[str]:
    return sorted(h for h, t in state["tiles"].items() if animal in t["species"])


def _fertile_apply(state: State, step: Step, option_id: str) -> Msg:
    h = hex_of_option(option_id)
    total = sum(state["tiles"][h]["species"].values())
    gained = gain_vp(state, step["animal"], total, source="card:Fertile")
    return msg("fertile.gained", vp=gained, n=total, tile=tile_ref(state, h))


_pick_step("fertile", "Fertile", "fertile", msg("fertile"),
           _own_tiles,
           lambda s, a, tiles: [tile_option(s, h, "fertile.tile", vp=sum(s["tiles"][h]["species"].values()))
                                for h in tiles],
           _fertile_apply)


starts_step("Fertile", "fertile")


def hibernation_ask(state: State, step: Step) -> Ask | None:
    animal = step["animal"]
    most = min(HIBERNATION_MAX_SPECIES, state["animals"][animal]["eliminated"])
    if most <= 0:
        return None
    if step.get("tile") is None:
        return Ask(animal, "hibernation", msg("hibernation.tile"),
                   [tile_option(state, h, "hibernation.tile") for h in sorted(state["tiles"])])
    where = tile_ref(state, step["tile"])
    return Ask(animal, "hibernation_count", msg("hibernation.how_many", tile=where),
               [Option(f"place:{n}", msg("hibernation.count", n=n, tile=where)) for n in range(most, -1, -1)])


def hibernation_choose(state: State, step: Step, option_id: str) -> Msg:
    animal = step["animal"]
    if option_id.startswith("tile:"):
        step["tile"] = hex_of_option(option_id)
        return msg("card.tile_chosen", card="Hibernation", tile=tile_ref(state, step["tile"]))
    pop(state)
    n = int(_arg(option_id))
    h = step["tile"]
    if n:
        rec = state["animals"][animal]
        rec["eliminated"] -= n
        rec["gene_pool"] += n
        add_species(state, animal, h, n)
        safe = state.setdefault("hibernating", {}).setdefault(h, {})
        safe[animal] = safe.get(animal, 0) + n
    return msg("hibernation.returned", n=n, tile=tile_ref(state, h))


register("hibernation", hibernation_ask, hibernation_choose,
         lambda s, st: skip(s, st, "hibernation.skipped"))


starts_step("Hibernation", "hibernation")


_pick_step("ice_sheet", "Ice Sheet", "ice_sheet", msg("ice_sheet"),
           lambda s, a: glaciation_candidates(s),
           lambda s, a, tiles: [tile_option(s, h, "ice_sheet.tile") for h in tiles],
           lambda s, step, oid: glaciate(s, step["animal"], hex_of_option(oid), "card:Ice Sheet"))


starts_step("Ice Sheet", "ice_sheet")


# -- Instinct ---------------------------------------------------------------------------------

def _instinct_has_ap(state: State, animal: str) -> bool:
    rec = state["animals"][animal]
    if data.INSTINCT_AP_IS_NEW:
        owned: int = rec["aps_owned"]
        return owned < CYLINDERS_PER_ANIMAL
    aps: int = rec["aps"]
    return aps > 0  # one that already acted this turn, or one never placed


def instinct_ask(state: State, step: Step) -> Ask | None:
    animal = step["animal"]
    if not _instinct_has_ap(state, animal):
        return None
    options = [Option(space_id(r, i), msg("space", space=space_id(r, i))) for r, i in vacant_spaces(state)]
    return Ask(animal, "instinct", msg("instinct"), options) if options else None


def instinct_choose(state: State, step: Step, option_id: str) -> Msg:
    pop(state)
    row, _, number = option_id.rpartition("-")
    rec = state["animals"][step["animal"]]
    state["display"][row][int(number) - 1] = step["animal"]
    if data.INSTINCT_AP_IS_NEW:
        rec["aps_owned"] += 1  # a new cylinder, placed straight on the display
        return msg("instinct.placed_new", space=option_id)
    rec["aps"] -= 1
    return msg("instinct.placed", space=option_id)


def instinct_auto(state: State, step: Step) -> None:
    if _instinct_has_ap(state, step["animal"]):
        skip(state, step, "instinct.skipped.no_space")
    elif data.INSTINCT_AP_IS_NEW:
        skip(state, step, "instinct.skipped.no_cylinder", n=CYLINDERS_PER_ANIMAL)
    else:
        skip(state, step, "instinct.skipped.no_ap")


register("instinct", instinct_ask, instinct_choose, instinct_auto)


starts_step("Instinct", "instinct")


# -- Mass Exodus ------------------------------------------------------------------------------

def exodus_ask(state: State, step: Step) -> Ask | None:
    animal = step["animal"]
    if step.get("tile") is None:
        tiles = [h for h in sorted(state["tiles"])
                 if state["tiles"][h]["species"] and _neighbour_tiles(state, h)]
        if not tiles:
            return None
        return Ask(animal, "mass_exodus", msg("mass_exodus.tile"),
                   [tile_option(state, h, "mass_exodus.tile") for h in tiles])
    h = step["tile"]
    species = state["tiles"][h]["species"]
    if not species:
        return None
    options = []
    for a, n in species.items():
        for d in _neighbour_tiles(state, h):
            label = tile_id(d).split(":")[1]
            options.append(Option(f"all:{a}:{label}", msg("mass_exodus.all", n=n, victim=a, dst=tile_ref(state, d))))
            if n > 1:
                options.append(Option(f"one:{a}:{label}", msg("mass_exodus.one", victim=a, dst=tile_ref(state, d))))
    return Ask(animal, "mass_exodus_move", msg("mass_exodus.move", tile=tile_ref(state, h)), options)


def exodus_choose(state: State, step: Step, option_id: str) -> Msg:
    if option_id.startswith("tile:"):
        step["tile"] = hex_of_option(option_id)
        return msg("mass_exodus.chosen", tile=tile_ref(state, step["tile"]))
    how, a, label = option_id.split(":")
    d = hex_of_option(f"tile:{label}")
    n = state["tiles"][step["tile"]]["species"][a] if how == "all" else 1
    move_species(state, a, step["tile"], d, n)
    return msg("mass_exodus.moved", n=n, victim=a, src=tile_ref(state, step["tile"]), dst=tile_ref(state, d))


register("mass_exodus", exodus_ask, exodus_choose)


starts_step("Mass Exodus", "mass_exodus")


# -- Metamorphosis ----------------------------------------------------------------------------

def metamorphosis_ask(state: State, step: Step) -> Ask | None:
    animal = step["animal"]
    added = state["animals"][animal]["added"]
    if step.get("old") is None:
        if not added or not _bag_types(state):
            return None
        return Ask(animal, "metamorphosis", msg("metamorphosis.old"),
                   [Option(f"old:{e}", msg("metamorphosis.old", element=e)) for e in sorted(set(added))])
    return Ask(animal, "metamorphosis_new", msg("metamorphosis.new", old=step["old"]),
               [Option(f"new:{e}", msg("take_from_bag", element=e)) for e in _bag_types(state)])


def metamorphosis_choose(state: State, step: Step, option_id: str) -> Msg:
    if option_id.startswith("old:"):
        step["old"] = _arg(option_id)
        return msg("metamorphosis.gave_up", element=step["old"])
    pop(state)
    new = _arg(option_id)
    added = state["animals"][step["animal"]]["added"]
    take_from_bag(state, new)
    added[added.index(step["old"])] = new
    state["bag"][step["old"]] += 1
    return msg("metamorphosis.took", element=new, old=step["old"])


register("metamorphosis", metamorphosis_ask, metamorphosis_choose,
         lambda s, st: skip(s, st, "metamorphosis.skipped"))


starts_step("Metamorphosis", "metamorphosis")


# -- Predator and Biomass: one loss per tile, the taker picks the victim ----------------------

def _loss_ask(kind: str, card: str, exclude_taker: bool) -> AskFn:
    def ask(state: State, step: Step) -> Ask | None:
        if step["next"] >= len(step["queue"]):
            return None
        h = step["queue"][step["next"]]
        victims = [a for a in state["tiles"][h]["species"] if not (exclude_taker and a == step["animal"])]
        if len(victims) <= 1:
            return None  # auto resolves it
        where = tile_ref(state, h)
        return Ask(step["animal"], kind, msg("card.loses_one", card=card, tile=where),
                   [Option(f"eliminate:{a}", msg("eliminate_one", victim=a, tile=where)) for a in victims])
    return ask


def _loss_next(state: State, step: Step, card: str, exclude_taker: bool) -> None:
    """Resolve tiles with a single possible victim (or none) without asking."""
    losses = []
    while step["next"] < len(step["queue"]):
        h = step["queue"][step["next"]]
        victims = [a for a in state["tiles"][h]["species"] if not (exclude_taker and a == step["animal"])]
        if len(victims) > 1:
            break
        if victims:
            losses.append({"animal": victims[0], "n": 1, "tile": tile_ref(state, h)})
            remove_species(state, victims[0], h, 1)
        step["next"] += 1
    _log_losses(state, card, losses)


def _loss_choose(card: str, exclude_taker: bool) -> ChooseFn:
    def choose(state: State, step: Step, option_id: str) -> Msg:
        h = step["queue"][step["next"]]
        victim = _arg(option_id)
        where = tile_ref(state, h)
        remove_species(state, victim, h, 1)
        step["next"] += 1
        return msg("eliminated_one", victim=victim, tile=where)
    return choose


def _loss_auto(card: str, exclude_taker: bool) -> AutoFn:
    def auto(state: State, step: Step) -> None:
        _loss_next(state, step, card, exclude_taker)
        if step["next"] >= len(step["queue"]):
            pop(state)
    return auto


register("predator", _loss_ask("predator", "Predator", True), _loss_choose("Predator", True),
         _loss_auto("Predator", True))
register("biomass", _loss_ask("biomass", "Biomass", False), _loss_choose("Biomass", False),
         _loss_auto("Biomass", False))


@card_effect("Predator")
def predator(state: State, animal: str, tile: str) -> None:
    queue = sorted(h for h, t in state["tiles"].items() if animal in t["species"] and len(t["species"]) > 1)
    push(state, "predator", animal=animal, queue=queue, next=0)


@card_effect("Biomass")
def biomass(state: State, animal: str, tile: str) -> None:
    queue = sorted(
        h for h, t in state["tiles"].items()
        if sum(t["species"].values()) > sum(c in state["elements"] for c in corner_keys_of(hex_from_key(h)))
    )
    push(state, "biomass", animal=animal, queue=queue, next=0)


