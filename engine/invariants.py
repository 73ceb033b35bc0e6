"""Invariants every reachable state satisfies; the random-game tests and the fuzzer check them."""

from __future__ import annotations

from collections import Counter
from typing import Any

from engine import data
from engine.data import ELEMENTS, ELEMENTS_PER_TYPE, FREE_SPACES
from engine.ecology import display_elements
from engine.state import animals_in_play

State = dict[str, Any]


def violations(state: State) -> list[str]:
    """Everything wrong with the state; an empty list when all invariants hold."""
    found: list[str] = []
    on_earth: Counter[str] = Counter()
    for hkey, tile in state["tiles"].items():
        for a, n in tile["species"].items():
            if n <= 0:
                found.append(f"tile {hkey}: {a} count {n}")
            on_earth[a] += n
    for a in animals_in_play(state):
        rec = state["animals"][a]
        total = on_earth[a] + rec["gene_pool"] + rec["eliminated"] + data.VP_MARKER_CUBES
        if total != rec["cubes"]:
            found.append(f"{a}: {total} cubes accounted for, expected {rec['cubes']}")
        if min(rec["gene_pool"], rec["eliminated"], rec["vp"], rec["aps"]) < 0:
            found.append(f"{a}: negative count in {rec}")
        if len(display_elements(state, a)) > 6:
            found.append(f"{a}: more than 6 elements on the display")
        on_display = sum(1 for row in state["display"] for i, o in enumerate(state["display"][row])
                         if o == a and (row, i) not in FREE_SPACES)
        if rec["aps"] + on_display != rec["aps_owned"] or rec["aps_owned"] > 10:
            found.append(f"{a}: {rec['aps']} APs in supply + {on_display} placed != {rec['aps_owned']}")
    elements: Counter[str] = Counter(state["elements"].values())
    for a in animals_in_play(state):
        elements.update(state["animals"][a]["added"])
    for box in state["boxes"].values():
        elements.update(box)
    elements.update(state["bag"])
    for e in ELEMENTS:
        if elements[e] != ELEMENTS_PER_TYPE:
            found.append(f"{e}: {elements[e]} elements accounted for, expected {ELEMENTS_PER_TYPE}")
        if state["bag"][e] < 0:
            found.append(f"bag holds {state['bag'][e]} {e}")
    for ckey in state["elements"]:
        hexes = ckey.split("|")
        if not any(h in state["tiles"] for h in hexes):
            found.append(f"element at {ckey} touches no tile")
    for hkey, safe in state.get("hibernating", {}).items():
        for a, n in safe.items():
            if hkey not in state["tiles"] or not n > 0:
                found.append(f"tile {hkey}: {n} {a} safe from Extinction")
    if state["tundra_supply"] < 0:
        found.append("negative tundra supply")
    cards = len(state["cards"]) + len(state["deck"]) + len(state["cards_taken"])
    if cards != 26:
        found.append(f"{cards} dominance cards accounted for, expected 26")
    return found
