"""Cards that need no further choice."""

from __future__ import annotations

from collections import Counter

from engine import ecology
from engine.cards.effects import card_effect, gain_ap
from engine.data import CYLINDERS_PER_ANIMAL, FOOD_CHAIN, MAX_DISPLAY_ELEMENTS, TILE_SCORING, bonus_vps
from engine.ecology import display_elements
from engine.flow import State
from engine.state import animals_in_play, draw_elements, gain_vp, log, remove_species
from engine.text import tile_ref


@card_effect("Ice Age")
def ice_age(state: State, animal: str, tile: str) -> None:
    counts = Counter(ecology.dominance_map(state).values())
    gains = []
    for a in animals_in_play(state):
        gained = gain_vp(state, a, bonus_vps(counts.get(a, 0)), source="card:Ice Age")
        if gained:
            gains.append({"animal": a, "vp": gained, "n": counts[a]})
    if gains:
        log(state, "ice_age.bonus", gains=gains)
    else:
        log(state, "ice_age.nobody")
    log(state, "ice_age.ends")
    state["ending"] = True


@card_effect("Biodiversity")
def biodiversity(state: State, animal: str, tile: str) -> None:
    shared = sum(1 for t in state["tiles"].values()
                 if animal in t["species"] and len(t["species"]) > 1)
    gained = gain_vp(state, animal, shared, source="card:Biodiversity")
    log(state, "biodiversity.gained", animal=animal, vp=gained, n=shared)


@card_effect("Ecodiversity")
def ecodiversity(state: State, animal: str, tile: str) -> None:
    types = set(display_elements(state, animal))
    count = sum(1 for e in state["elements"].values() if e in types)
    gained = gain_vp(state, animal, count, source="card:Ecodiversity")
    log(state, "ecodiversity.gained", animal=animal, vp=gained, n=count)


@card_effect("Niche Biomes")
def niche_biomes(state: State, animal: str, tile: str) -> None:
    loss = TILE_SCORING[state["tiles"][tile]["terrain"]][0]
    mine = state["animals"][animal]["vp"]
    losses = []
    for a in animals_in_play(state):
        if state["animals"][a]["vp"] > mine:
            lost = -gain_vp(state, a, -loss, source="card:Niche Biomes")
            losses.append({"animal": a, "vp": lost})
    if losses:
        log(state, "niche_biomes.lost", vp_losses=losses)
    else:
        log(state, "niche_biomes.nobody")


@card_effect("Cold Snap")
def cold_snap(state: State, animal: str, tile: str) -> None:
    losses = []
    for hkey in sorted(state["tiles"]):
        t = state["tiles"][hkey]
        if t["terrain"] != "tundra":
            continue
        for a in [a for a in t["species"] if a != animal]:
            remove_species(state, a, hkey, 1)
            losses.append({"animal": a, "n": 1, "tile": tile_ref(state, hkey)})
    if losses:
        log(state, "card.losses", card="Cold Snap", losses=losses)
    else:
        log(state, "cold_snap.nobody")


def _gain_aps(state: State, card: str, animals: list[str]) -> None:
    gained = [a for a in animals if gain_ap(state, a)]
    full = [a for a in animals if a not in gained]
    if gained:
        log(state, "card.ap_gained", card=card, animals=gained)
    if full:
        log(state, "card.ap_full", card=card, animals=full, n=CYLINDERS_PER_ANIMAL)


@card_effect("Omnivore")
def omnivore(state: State, animal: str, tile: str) -> None:
    _gain_aps(state, "Omnivore", [animal])


@card_effect("Intelligence")
def intelligence(state: State, animal: str, tile: str) -> None:
    rank = FOOD_CHAIN.index(animal)
    _gain_aps(state, "Intelligence", [a for a in animals_in_play(state) if FOOD_CHAIN.index(a) <= rank])


@card_effect("Parasitism")
def parasitism(state: State, animal: str, tile: str) -> None:
    rank = FOOD_CHAIN.index(animal)
    _gain_aps(state, "Parasitism", [a for a in animals_in_play(state) if FOOD_CHAIN.index(a) >= rank])


@card_effect("Nocturnal")
def nocturnal(state: State, animal: str, tile: str) -> None:
    order = state["initiative"]
    i = order.index(animal)
    if i == 0:
        log(state, "nocturnal.first", animal=animal)
        return
    order[i - 1], order[i] = order[i], order[i - 1]
    log(state, "nocturnal.moved", animal=animal, behind=order[i])


@card_effect("Symbiotic")
def symbiotic(state: State, animal: str, tile: str) -> None:
    mine = len(display_elements(state, animal))
    drew = []
    for a in animals_in_play(state):
        if (a == animal or len(display_elements(state, a)) < mine) \
                and len(display_elements(state, a)) < MAX_DISPLAY_ELEMENTS:
            drawn = draw_elements(state, 1)
            if drawn:
                state["animals"][a]["added"].extend(drawn)
                drew.append({"animal": a, "element": drawn[0]})
    if drew:
        log(state, "symbiotic.drew", drew=drew)
    else:
        log(state, "symbiotic.nobody")
