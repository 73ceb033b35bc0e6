"""Cards whose taker makes choices: each is a small step that asks the taker."""

from __future__ import annotations

import copy

from engine import data
from engine.actions.common import corner_id, corner_of_option, hex_of_option, tile_id, tile_option
from engine.actions.glaciation import candidates as glaciation_candidates
from engine.actions.glaciation import glaciate
from engine.cards import card_effect
from engine.data import (
    AQUATIC_MAX_SPECIES,
    CYLINDERS_PER_ANIMAL,
    ELEMENTS,
    EVOLUTION_TARGETS,
    HIBERNATION_MAX_SPECIES,
)
from engine.display import space_id, space_label, vacant_spaces
from engine.flow import Ask, Option, pop, push, register, skip
from engine.geometry import corner_from_key, corner_keys_of, hex_from_key, hex_key, key_label, neighbours
from engine.state import (
    add_species,
    gain_vp,
    move_species,
    remove_element_from_earth,
    remove_species,
    take_from_bag,
    tile_short,
    vacant_corners,
)


def _arg(option_id: str) -> str:
    return option_id.split(":", 1)[1]


def _bag_types(state) -> list[str]:
    return [e for e in ELEMENTS if state["bag"][e] > 0]


def _neighbour_tiles(state, hkey: str) -> list[str]:
    return sorted(k for n in neighbours(hex_from_key(hkey)) if (k := hex_key(n)) in state["tiles"])


def starts_step(card: str, step: str, **data) -> None:
    """Register a card whose whole effect is one step asking the taker."""

    def effect(state, animal, tile):
        push(state, step, animal=animal, **copy.deepcopy(data))

    card_effect(card)(effect)


def _pick_step(name: str, card: str, kind: str, text: str, targets, describe, apply_one) -> None:
    """Register a one-pick card: the taker picks one of ``targets(state, animal)``."""

    def ask(state, step):
        animal = step["animal"]
        options = [Option(i, label) for i, label in describe(state, animal, targets(state, animal))]
        return Ask(step["animal"], kind, text, options) if options else None

    def choose(state, step, option_id):
        pop(state)
        return apply_one(state, step, option_id)

    def auto(state, step):
        skip(state, step, f"{card}: nothing to do.")

    register(name, ask, choose, auto)


# -- Habitat & Aquatic: an element of your choice from the bag onto a vacant corner -----------

def _sea_or_wetland(state) -> list[str]:
    return sorted(h for h, t in state["tiles"].items() if t["terrain"] in ("sea", "wetland"))


def _element_ask(state, step, corners: list[str], kind: str, card: str):
    if step.get("element") is None:
        types = _bag_types(state)
        if not corners or not types:
            return None
        return Ask(step["animal"], kind, f"{card}: choose an element from the bag",
                   [Option(f"element:{e}", f"Take {e} from the bag") for e in types])
    e = step["element"]
    return Ask(step["animal"], kind + "_corner", f"{card}: choose a vacant corner for the {e}",
               [Option(corner_id(c), f"Place {e} at {key_label(c)}") for c in corners])


def _place_from_bag(state, step, option_id) -> str | None:
    """Stage two of an element placement; returns the corner key once placed."""
    if option_id.startswith("element:"):
        step["element"] = _arg(option_id)
        return None
    c = corner_of_option(option_id)
    take_from_bag(state, step["element"])
    state["elements"][c] = step["element"]
    return c


def habitat_ask(state, step):
    return _element_ask(state, step, vacant_corners(state), "habitat", "Habitat")


def habitat_choose(state, step, option_id):
    c = _place_from_bag(state, step, option_id)
    if c is None:
        return f"chooses {step['element']} for Habitat"
    pop(state)
    return f"places {step['element']} at {key_label(c)} (Habitat)"


register("habitat", habitat_ask, habitat_choose,
         lambda s, st: skip(s, st, "Habitat: no element can be placed."))


starts_step("Habitat", "habitat")


def _aquatic_tiles(state, step) -> list[str]:
    tiles = _sea_or_wetland(state)
    c = step.get("corner")
    if data.AQUATIC_SPECIES_ON_ELEMENT_TILE and c is not None:
        touching = {hex_key(h) for h in corner_from_key(c)}
        tiles = [h for h in tiles if h in touching]
    return tiles


def aquatic_ask(state, step):
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
        return Ask(animal, "aquatic_tile", "Aquatic: choose a sea or wetland tile for your species",
                   [tile_option(state, h, "Species onto {tile}") for h in tiles])
    where = tile_short(state, step["tile"])
    return Ask(animal, "aquatic_count", f"Aquatic: how many species onto {where}?",
               [Option(f"place:{n}", f"Place {n} on {where}")
                for n in range(min(AQUATIC_MAX_SPECIES, pool), -1, -1)])


def aquatic_choose(state, step, option_id):
    if step["stage"] == "element":
        c = _place_from_bag(state, step, option_id)
        if c is None:
            return f"chooses {step['element']} for Aquatic"
        step["stage"], step["corner"] = "species", c
        return f"places {step['element']} at {key_label(c)} (Aquatic)"
    if option_id.startswith("tile:"):
        step["tile"] = hex_of_option(option_id)
        return f"chooses {tile_short(state, step['tile'])} for Aquatic"
    pop(state)
    n = add_species(state, step["animal"], step["tile"], int(_arg(option_id)))
    return f"places {n} species on {tile_short(state, step['tile'])} (Aquatic)"


def aquatic_auto(state, step):
    if step["stage"] == "element":
        step["stage"] = "species"  # no corner or no element: the species part still happens
        return
    skip(state, step, "Aquatic: no species can be placed.")


register("aquatic", aquatic_ask, aquatic_choose, aquatic_auto)


starts_step("Aquatic", "aquatic", stage="element")


# -- Blight -----------------------------------------------------------------------------------

def blight_ask(state, step):
    animal = step["animal"]
    if step.get("tile") is None:
        tiles = [h for h in sorted(state["tiles"])
                 if sum(c in state["elements"] for c in corner_keys_of(hex_from_key(h))) >= 2]
        if not tiles:
            return None
        return Ask(animal, "blight", "Blight: choose a tile to strip of all elements but one",
                   [tile_option(state, h, "Blight {tile}") for h in tiles])
    corners = [c for c in corner_keys_of(hex_from_key(step["tile"])) if c in state["elements"]]
    return Ask(animal, "blight_keep", "Blight: which element stays?",
               [Option(corner_id(c), f"Keep the {state['elements'][c]} at {key_label(c)}") for c in corners])


def blight_choose(state, step, option_id):
    if option_id.startswith("tile:"):
        step["tile"] = hex_of_option(option_id)
        return f"blights {tile_short(state, step['tile'])}"
    pop(state)
    keep = corner_of_option(option_id)
    gone = [remove_element_from_earth(state, c) for c in corner_keys_of(hex_from_key(step["tile"]))
            if c in state["elements"] and c != keep]
    return f"keeps the {state['elements'][keep]} at {key_label(keep)}; {', '.join(gone)} back to the bag"


register("blight", blight_ask, blight_choose, lambda s, st: skip(s, st, "Blight: no tile has two elements."))


starts_step("Blight", "blight")


# -- Catastrophe ------------------------------------------------------------------------------

def _victim_options(state, hkey: str, verb: str, exclude: str | None = None) -> list[Option]:
    return [Option(f"{verb}:{a}", f"{verb.capitalize()} one of the {a} on {tile_short(state, hkey)}")
            for a in state["tiles"][hkey]["species"] if a != exclude]


def _catastrophe_tiles(state) -> list[str]:
    """Tiles where a Catastrophe would eliminate something, there or next door."""
    tiles = state["tiles"]
    return [h for h in sorted(tiles)
            if tiles[h]["species"] or any(tiles[n]["species"] for n in _neighbour_tiles(state, h))]


def catastrophe_ask(state, step):
    animal = step["animal"]
    stage = step["stage"]
    if stage == "tile":
        tiles = _catastrophe_tiles(state)
        if not tiles:
            return None
        return Ask(animal, "catastrophe", "Catastrophe: choose a tile",
                   [tile_option(state, h, "Catastrophe on {tile}") for h in tiles])
    if stage == "survivor":
        if len(state["tiles"][step["tile"]]["species"]) <= 1:
            return None  # one animal (or none): nothing to choose
        return Ask(animal, "catastrophe_survivor", "Catastrophe: whose single species survives?",
                   _victim_options(state, step["tile"], "keep"))
    if step["next"] >= len(step["queue"]):
        return None
    h = step["queue"][step["next"]]
    if len(state["tiles"][h]["species"]) <= 1:
        return None  # auto resolves it
    return Ask(animal, "catastrophe_adjacent", f"Catastrophe: who loses a species on {tile_short(state, h)}?",
               _victim_options(state, h, "eliminate"))


def _catastrophe_adjacent(state, step) -> None:
    """Adjacent tiles with a single animal lose one of its species without a question."""
    while step["next"] < len(step["queue"]):
        h = step["queue"][step["next"]]
        species = state["tiles"][h]["species"]
        if len(species) > 1:
            return
        if species:
            remove_species(state, next(iter(species)), h, 1)
        step["next"] += 1


def catastrophe_choose(state, step, option_id):
    if step["stage"] == "tile":
        step["tile"] = hex_of_option(option_id)
        step["stage"] = "survivor"
        step["queue"], step["next"] = _neighbour_tiles(state, step["tile"]), 0
        return f"brings Catastrophe to {tile_short(state, step['tile'])}"
    if step["stage"] == "survivor":
        keep = _arg(option_id)
        for a, n in list(state["tiles"][step["tile"]]["species"].items()):
            remove_species(state, a, step["tile"], n - 1 if a == keep else n)
        step["stage"] = "adjacent"
        _catastrophe_adjacent(state, step)
        return f"spares one of the {keep}; every other species there is eliminated"
    h = step["queue"][step["next"]]
    victim = _arg(option_id)
    remove_species(state, victim, h, 1)
    step["next"] += 1
    _catastrophe_adjacent(state, step)
    return f"eliminates one of the {victim} on {tile_short(state, h)}"


def catastrophe_auto(state, step):
    if step["stage"] == "tile":
        skip(state, step, "Catastrophe: no species on earth to strike.")
        return
    if step["stage"] == "survivor":
        for a, n in list(state["tiles"][step["tile"]]["species"].items()):
            remove_species(state, a, step["tile"], n - 1)
        step["stage"] = "adjacent"
        _catastrophe_adjacent(state, step)
        return
    _catastrophe_adjacent(state, step)
    pop(state)


register("catastrophe", catastrophe_ask, catastrophe_choose, catastrophe_auto)


starts_step("Catastrophe", "catastrophe", stage="tile")


# -- Evolution --------------------------------------------------------------------------------

def evolution_ask(state, step):
    animal = step["animal"]
    if state["animals"][animal]["gene_pool"] <= 0 or len(step["done"]) >= EVOLUTION_TARGETS:
        return None
    options = [
        Option(f"replace:{tile_id(h).split(':')[1]}:{a}", f"Replace one of the {a} on {tile_short(state, h)}")
        for h in sorted(state["tiles"]) for a in state["tiles"][h]["species"]
        if a != animal and a not in step["done"]
    ]
    if not options:
        return None
    return Ask(animal, "evolution", "Evolution: replace a species of another animal with one of yours",
               [*options, Option("done", "Stop (no more replacements)")])


def evolution_choose(state, step, option_id):
    if option_id == "done":
        pop(state)
        return "stops evolving"
    _, label, victim = option_id.split(":")
    h = hex_of_option(f"tile:{label}")
    to_gene_pool = data.EVOLUTION_REPLACED_TO == "gene_pool"
    remove_species(state, victim, h, 1, to_gene_pool=to_gene_pool)
    add_species(state, step["animal"], h, 1)
    step["done"].append(victim)
    where = "back to their gene pool" if to_gene_pool else "eliminated"
    return f"replaces one of the {victim} on {tile_short(state, h)} with its own ({where}; Evolution)"


register("evolution", evolution_ask, evolution_choose)


starts_step("Evolution", "evolution", done=[])


# -- Fecundity --------------------------------------------------------------------------------

def fecundity_ask(state, step):
    animal = step["animal"]
    if state["animals"][animal]["gene_pool"] <= 0 or step["next"] >= len(step["queue"]):
        return None
    where = tile_short(state, step["queue"][step["next"]])
    left = len(step["queue"]) - step["next"]
    return Ask(animal, "fecundity", f"Fecundity: a species onto {where}?",
               [Option("place", f"Place 1 on {where}"), Option("skip", f"Skip {where}"),
                Option("all", f"Place 1 on each of the {left} remaining tile(s)")])


def fecundity_choose(state, step, option_id):
    animal = step["animal"]
    if option_id == "all":
        placed = [tile_short(state, h) for h in step["queue"][step["next"]:]
                  if add_species(state, animal, h, 1)]
        step["next"] = len(step["queue"])
        return f"places 1 species on {', '.join(placed) or 'no tile'} (Fecundity)"
    h = step["queue"][step["next"]]
    step["next"] += 1
    if option_id == "skip":
        return f"skips {tile_short(state, h)} (Fecundity)"
    add_species(state, animal, h, 1)
    return f"places 1 species on {tile_short(state, h)} (Fecundity)"


register("fecundity", fecundity_ask, fecundity_choose)


@card_effect("Fecundity")
def fecundity(state, animal, tile):
    queue = sorted(h for h, t in state["tiles"].items() if animal in t["species"])
    push(state, "fecundity", animal=animal, queue=queue, next=0)


# -- Fertile, Hibernation, Ice Sheet ----------------------------------------------------------

def _own_tiles(state, animal):
    return sorted(h for h, t in state["tiles"].items() if animal in t["species"])


def _fertile_apply(state, step, option_id):
    h = hex_of_option(option_id)
    total = sum(state["tiles"][h]["species"].values())
    gained = gain_vp(state, step["animal"], total, source="card:Fertile")
    return f"gains {gained} VP for the {total} species on {tile_short(state, h)} (Fertile)"


_pick_step("fertile", "Fertile", "fertile", "Fertile: choose a tile where you have a species",
           _own_tiles,
           lambda s, a, tiles: [(tile_id(h), f"{tile_short(s, h)}: "
                                 f"+{sum(s['tiles'][h]['species'].values())} VP") for h in tiles],
           _fertile_apply)


starts_step("Fertile", "fertile")


def hibernation_ask(state, step):
    animal = step["animal"]
    most = min(HIBERNATION_MAX_SPECIES, state["animals"][animal]["eliminated"])
    if most <= 0:
        return None
    if step.get("tile") is None:
        return Ask(animal, "hibernation", "Hibernation: choose a tile for your returning species",
                   [tile_option(state, h, "Return species onto {tile}") for h in sorted(state["tiles"])])
    where = tile_short(state, step["tile"])
    return Ask(animal, "hibernation_count", f"Hibernation: how many onto {where}?",
               [Option(f"place:{n}", f"Return {n} onto {where}") for n in range(most, -1, -1)])


def hibernation_choose(state, step, option_id):
    animal = step["animal"]
    if option_id.startswith("tile:"):
        step["tile"] = hex_of_option(option_id)
        return f"chooses {tile_short(state, step['tile'])} for Hibernation"
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
    return f"returns {n} eliminated species onto {tile_short(state, h)}, safe from this Extinction"


register("hibernation", hibernation_ask, hibernation_choose,
         lambda s, st: skip(s, st, "Hibernation: no eliminated species to return."))


starts_step("Hibernation", "hibernation")


_pick_step("ice_sheet", "Ice Sheet", "ice_sheet", "Ice Sheet: choose a tile next to tundra to glaciate",
           lambda s, a: glaciation_candidates(s),
           lambda s, a, tiles: [(tile_id(h), f"Glaciate {tile_short(s, h)}") for h in tiles],
           lambda s, step, oid: glaciate(s, step["animal"], hex_of_option(oid), "card:Ice Sheet") + " (Ice Sheet)")


starts_step("Ice Sheet", "ice_sheet")


# -- Instinct ---------------------------------------------------------------------------------

def _instinct_has_ap(state, animal: str) -> bool:
    rec = state["animals"][animal]
    if data.INSTINCT_AP_IS_NEW:
        return rec["aps_owned"] < CYLINDERS_PER_ANIMAL
    return rec["aps"] > 0  # one that already acted this turn, or one never placed


def instinct_ask(state, step):
    animal = step["animal"]
    if not _instinct_has_ap(state, animal):
        return None
    options = [Option(space_id(r, i), space_label(r, i)) for r, i in vacant_spaces(state)]
    return Ask(animal, "instinct", "Instinct: place an AP on a vacant space", options) if options else None


def instinct_choose(state, step, option_id):
    pop(state)
    row, _, number = option_id.rpartition("-")
    rec = state["animals"][step["animal"]]
    if data.INSTINCT_AP_IS_NEW:
        rec["aps_owned"] += 1  # a new cylinder, placed straight on the display
        what = "a new AP"
    else:
        rec["aps"] -= 1
        what = "an AP from its supply"
    state["display"][row][int(number) - 1] = step["animal"]
    return f"places {what} on {space_label(row, int(number) - 1)} (Instinct)"


def instinct_auto(state, step):
    if _instinct_has_ap(state, step["animal"]):
        skip(state, step, "Instinct: no vacant space for an AP.")
    elif data.INSTINCT_AP_IS_NEW:
        skip(state, step, "Instinct: all 10 cylinders are in use; no AP to place.")
    else:
        skip(state, step, "Instinct: no AP in the supply; placing one is forfeit.")


register("instinct", instinct_ask, instinct_choose, instinct_auto)


starts_step("Instinct", "instinct")


# -- Mass Exodus ------------------------------------------------------------------------------

def exodus_ask(state, step):
    animal = step["animal"]
    if step.get("tile") is None:
        tiles = [h for h in sorted(state["tiles"])
                 if state["tiles"][h]["species"] and _neighbour_tiles(state, h)]
        if not tiles:
            return None
        return Ask(animal, "mass_exodus", "Mass Exodus: choose a tile to empty",
                   [tile_option(state, h, "Empty {tile}") for h in tiles])
    h = step["tile"]
    species = state["tiles"][h]["species"]
    if not species:
        return None
    options = []
    for a, n in species.items():
        for d in _neighbour_tiles(state, h):
            label = tile_id(d).split(":")[1]
            options.append(Option(f"all:{a}:{label}", f"Move all {n} {a} to {tile_short(state, d)}"))
            if n > 1:
                options.append(Option(f"one:{a}:{label}", f"Move 1 of the {a} to {tile_short(state, d)}"))
    return Ask(animal, "mass_exodus_move", f"Mass Exodus: move the species off {tile_short(state, h)}",
               options)


def exodus_choose(state, step, option_id):
    if option_id.startswith("tile:"):
        step["tile"] = hex_of_option(option_id)
        return f"empties {tile_short(state, step['tile'])} (Mass Exodus)"
    how, a, label = option_id.split(":")
    d = hex_of_option(f"tile:{label}")
    n = state["tiles"][step["tile"]]["species"][a] if how == "all" else 1
    move_species(state, a, step["tile"], d, n)
    return f"moves {n} {a} to {tile_short(state, d)} (Mass Exodus)"


register("mass_exodus", exodus_ask, exodus_choose)


starts_step("Mass Exodus", "mass_exodus")


# -- Metamorphosis ----------------------------------------------------------------------------

def metamorphosis_ask(state, step):
    animal = step["animal"]
    added = state["animals"][animal]["added"]
    if step.get("old") is None:
        if not added or not _bag_types(state):
            return None
        return Ask(animal, "metamorphosis", "Metamorphosis: which added element do you give up?",
                   [Option(f"old:{e}", f"Give up {e}") for e in sorted(set(added))])
    return Ask(animal, "metamorphosis_new", "Metamorphosis: which element do you take from the bag?",
               [Option(f"new:{e}", f"Take {e}") for e in _bag_types(state)])


def metamorphosis_choose(state, step, option_id):
    if option_id.startswith("old:"):
        step["old"] = _arg(option_id)
        return f"gives up {step['old']} (Metamorphosis)"
    pop(state)
    new = _arg(option_id)
    added = state["animals"][step["animal"]]["added"]
    take_from_bag(state, new)
    added[added.index(step["old"])] = new
    state["bag"][step["old"]] += 1
    return f"takes {new} in its place"


register("metamorphosis", metamorphosis_ask, metamorphosis_choose,
         lambda s, st: skip(s, st, "Metamorphosis: no added element to swap."))


starts_step("Metamorphosis", "metamorphosis")


# -- Predator and Biomass: one loss per tile, the taker picks the victim ----------------------

def _loss_ask(kind: str, text: str, exclude_taker: bool):
    def ask(state, step):
        if step["next"] >= len(step["queue"]):
            return None
        h = step["queue"][step["next"]]
        victims = [a for a in state["tiles"][h]["species"] if not (exclude_taker and a == step["animal"])]
        if len(victims) <= 1:
            return None  # auto resolves it
        return Ask(step["animal"], kind, text.format(tile=tile_short(state, h)),
                   [Option(f"eliminate:{a}", f"Eliminate one of the {a} on {tile_short(state, h)}")
                    for a in victims])
    return ask


def _loss_next(state, step, exclude_taker: bool) -> None:
    """Resolve tiles with a single possible victim (or none) without asking."""
    while step["next"] < len(step["queue"]):
        h = step["queue"][step["next"]]
        victims = [a for a in state["tiles"][h]["species"] if not (exclude_taker and a == step["animal"])]
        if len(victims) > 1:
            return
        if victims:
            remove_species(state, victims[0], h, 1)
        step["next"] += 1


def _loss_choose(exclude_taker: bool):
    def choose(state, step, option_id):
        h = step["queue"][step["next"]]
        victim = _arg(option_id)
        remove_species(state, victim, h, 1)
        step["next"] += 1
        return f"eliminates one of the {victim} on {tile_short(state, h)}"
    return choose


def _loss_auto(exclude_taker: bool):
    def auto(state, step):
        _loss_next(state, step, exclude_taker)
        if step["next"] >= len(step["queue"]):
            pop(state)
    return auto


register("predator", _loss_ask("predator", "Predator: whose species on {tile} do you eliminate?", True),
         _loss_choose(True), _loss_auto(True))
register("biomass", _loss_ask("biomass", "Biomass: who loses a species on {tile}?", False),
         _loss_choose(False), _loss_auto(False))


@card_effect("Predator")
def predator(state, animal, tile):
    queue = sorted(h for h, t in state["tiles"].items() if animal in t["species"] and len(t["species"]) > 1)
    push(state, "predator", animal=animal, queue=queue, next=0)


@card_effect("Biomass")
def biomass(state, animal, tile):
    queue = sorted(
        h for h, t in state["tiles"].items()
        if sum(t["species"].values()) > sum(c in state["elements"] for c in corner_keys_of(hex_from_key(h)))
    )
    push(state, "biomass", animal=animal, queue=queue, next=0)


