"""Cards that need no further choice."""

from __future__ import annotations

from collections import Counter

from engine import ecology
from engine.cards import card_effect, gain_ap
from engine.data import FOOD_CHAIN, MAX_DISPLAY_ELEMENTS, TILE_SCORING, bonus_vps
from engine.ecology import display_elements
from engine.state import animal_name, animals_in_play, draw_elements, gain_vp, log, remove_species, tile_short


def _says(state, card: str, parts: list[str], nothing: str) -> None:
    log(state, f"{card}: " + ("; ".join(parts) if parts else nothing) + ".")


@card_effect("Ice Age")
def ice_age(state, animal, tile):
    counts = Counter(ecology.dominance_map(state).values())
    parts = []
    for a in animals_in_play(state):
        gained = gain_vp(state, a, bonus_vps(counts.get(a, 0)), source="card:Ice Age")
        if gained:
            parts.append(f"{animal_name(a)} +{gained} for {counts[a]} tile(s)")
    _says(state, "Ice Age", parts, "nobody dominates a tile")
    log(state, "Ice Age: the game ends after this turn.")
    state["ending"] = True


@card_effect("Biodiversity")
def biodiversity(state, animal, tile):
    shared = sum(1 for t in state["tiles"].values()
                 if animal in t["species"] and len(t["species"]) > 1)
    gained = gain_vp(state, animal, shared, source="card:Biodiversity")
    _says(state, "Biodiversity", [f"{animal_name(animal)} +{gained} VP for {shared} shared tile(s)"], "")


@card_effect("Ecodiversity")
def ecodiversity(state, animal, tile):
    types = set(display_elements(state, animal))
    count = sum(1 for e in state["elements"].values() if e in types)
    gained = gain_vp(state, animal, count, source="card:Ecodiversity")
    _says(state, "Ecodiversity", [f"{animal_name(animal)} +{gained} VP for {count} element(s)"], "")


@card_effect("Niche Biomes")
def niche_biomes(state, animal, tile):
    loss = TILE_SCORING[state["tiles"][tile]["terrain"]][0]
    mine = state["animals"][animal]["vp"]
    parts = []
    for a in animals_in_play(state):
        if state["animals"][a]["vp"] > mine:
            lost = -gain_vp(state, a, -loss, source="card:Niche Biomes")
            parts.append(f"{animal_name(a)} -{lost}")
    _says(state, "Niche Biomes", parts, "no animal has more VPs")


@card_effect("Cold Snap")
def cold_snap(state, animal, tile):
    parts = []
    for hkey in sorted(state["tiles"]):
        t = state["tiles"][hkey]
        if t["terrain"] != "tundra":
            continue
        for a in [a for a in t["species"] if a != animal]:
            remove_species(state, a, hkey, 1)
            parts.append(f"{animal_name(a)} lose 1 on {tile_short(state, hkey)}")
    _says(state, "Cold Snap", parts, "no other animal is on tundra")


def _gain_aps(state, card: str, animals: list[str]) -> None:
    parts = []
    for a in animals:
        parts.append(f"{animal_name(a)} +1 AP" if gain_ap(state, a) else f"{animal_name(a)} have all 10 APs")
    _says(state, card, parts, "nobody gains an AP")


@card_effect("Omnivore")
def omnivore(state, animal, tile):
    _gain_aps(state, "Omnivore", [animal])


@card_effect("Intelligence")
def intelligence(state, animal, tile):
    rank = FOOD_CHAIN.index(animal)
    _gain_aps(state, "Intelligence", [a for a in animals_in_play(state) if FOOD_CHAIN.index(a) <= rank])


@card_effect("Parasitism")
def parasitism(state, animal, tile):
    rank = FOOD_CHAIN.index(animal)
    _gain_aps(state, "Parasitism", [a for a in animals_in_play(state) if FOOD_CHAIN.index(a) >= rank])


@card_effect("Nocturnal")
def nocturnal(state, animal, tile):
    order = state["initiative"]
    i = order.index(animal)
    if i == 0:
        _says(state, "Nocturnal", [], f"{animal_name(animal)} are already first on initiative")
        return
    order[i - 1], order[i] = order[i], order[i - 1]
    _says(state, "Nocturnal", [f"{animal_name(animal)} move ahead of the {order[i]} on initiative"], "")


@card_effect("Symbiotic")
def symbiotic(state, animal, tile):
    mine = len(display_elements(state, animal))
    parts = []
    for a in animals_in_play(state):
        if (a == animal or len(display_elements(state, a)) < mine) \
                and len(display_elements(state, a)) < MAX_DISPLAY_ELEMENTS:
            drawn = draw_elements(state, 1)
            if drawn:
                state["animals"][a]["added"].extend(drawn)
                parts.append(f"{animal_name(a)} draw {drawn[0]}")
    _says(state, "Symbiotic", parts, "nobody draws an element")
