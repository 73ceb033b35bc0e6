"""Wanderlust: add a face-up tile to the edge of earth, maybe an element on it, score the
bonus for its neighbours; then every animal may move species onto it from next door."""

from __future__ import annotations

from engine import data
from engine.actions.common import corner_id, corner_of_option, forfeit, hex_of_option
from engine.data import FOOD_CHAIN, bonus_vps
from engine.flow import Ask, Option, pop, register, replace, skip
from engine.geometry import BOARD_HEXES, hex_from_key, hex_key, hex_label, key_label, neighbours
from engine.state import animal_name, gain_vp, move_species, tile_short, vacant_corners


def empty_hexes_next_to_earth(state) -> list[str]:
    tiles = state["tiles"]
    return [
        hex_key(h) for h in BOARD_HEXES
        if hex_key(h) not in tiles and any(hex_key(n) in tiles for n in neighbours(h))
    ]


def _adjacent_tiles(state, hkey: str) -> list[str]:
    return [hex_key(n) for n in neighbours(hex_from_key(hkey)) if hex_key(n) in state["tiles"]]


def ask(state, step):
    animal = step["animal"]
    stage = step.get("stage", "stack")
    if stage == "stack":
        stacks = [(i, s["face_up"]) for i, s in enumerate(state["wanderlust"]) if s["face_up"]]
        if not stacks or not empty_hexes_next_to_earth(state):
            return None
        options = [Option(f"stack:{i + 1}", f"Take the face-up {t} (stack {i + 1})") for i, t in stacks]
        return Ask(animal, "wanderlust", "Wanderlust: choose a tile", [*options, forfeit("Wanderlust")])
    if stage == "hex":
        terrain = state["wanderlust"][step["stack"]]["face_up"]
        options = []
        for h in empty_hexes_next_to_earth(state):
            n = len(_adjacent_tiles(state, h))
            label = hex_label(hex_from_key(h))
            options.append(Option(f"tile:{label}", f"Place the {terrain} at {label} (+{bonus_vps(n)} VP)"))
        return Ask(animal, "wanderlust_hex", f"Wanderlust: where does the {terrain} go?", options)
    if stage == "element":
        options = [Option(f"element:{e}", f"Put {e} on the new tile")
                   for e in sorted(set(state["boxes"]["wanderlust"]))]
        return Ask(animal, "wanderlust_element", "Wanderlust: add an element from the box?",
                   [*options, Option("none", "Add no element")])
    e = step["element"]
    return Ask(animal, "wanderlust_corner", f"Wanderlust: which corner gets the {e}?",
               [Option(corner_id(c), f"Place {e} at {key_label(c)}")
                for c in vacant_corners(state, [step["tile"]])])


def choose(state, step, option_id):
    animal = step["animal"]
    stage = step.get("stage", "stack")
    if option_id == "forfeit":
        pop(state)
        return "forfeits Wanderlust"
    if stage == "stack":
        step["stack"] = int(option_id.split(":", 1)[1]) - 1
        step["stage"] = "hex"
        return f"takes the face-up {state['wanderlust'][step['stack']]['face_up']}"
    if stage == "hex":
        hkey = hex_of_option(option_id)
        stack = state["wanderlust"][step["stack"]]
        terrain, stack["face_up"] = stack["face_up"], None
        state["tiles"][hkey] = {"terrain": terrain, "under": None, "species": {}}
        gained = gain_vp(state, animal, bonus_vps(len(_adjacent_tiles(state, hkey))), source="wanderlust")
        step["tile"] = hkey
        has_room = bool(vacant_corners(state, [hkey]))
        step["stage"] = "element" if state["boxes"]["wanderlust"] and has_room else "moves"
        if step["stage"] == "moves":
            _start_moves(state, step)
        return f"places the {terrain} at {hex_label(hex_from_key(hkey))} (+{gained} VP)"
    if stage == "element":
        if option_id == "none":
            _start_moves(state, step)
            return "adds no element"
        step["element"] = option_id.split(":", 1)[1]
        step["stage"] = "corner"
        return f"chooses {step['element']} from the Wanderlust box"
    corner = corner_of_option(option_id)
    state["boxes"]["wanderlust"].remove(step["element"])
    state["elements"][corner] = step["element"]
    hkey = step["tile"]
    _start_moves(state, step)
    return f"places {step['element']} at {key_label(corner)} on {tile_short(state, hkey)}"


#: The orders ``data.WANDERLUST_MOVE_ORDER`` may name: animals in play, first asked first.
MOVE_ORDERS = {
    "food_chain": lambda state: [a for a in FOOD_CHAIN if a in state["animals"]],
    "initiative": lambda state: list(state["initiative"]),
}


def _start_moves(state, step):
    hkey = step["tile"]
    order = MOVE_ORDERS[data.WANDERLUST_MOVE_ORDER](state)
    queue = [[a, src] for a in order for src in _adjacent_tiles(state, hkey)]
    replace(state, "wanderlust_move", tile=hkey, queue=queue, next=0)


def auto(state, step):
    skip(state, step, f"{animal_name(step['animal'])}: Wanderlust skipped (no tile can be placed).")


register("wanderlust", ask, choose, auto)


# Moving onto the new tile: one prompt per animal and neighbouring tile holding its species.

def _pending(state, step):
    for i in range(step["next"], len(step["queue"])):
        animal, src = step["queue"][i]
        n = state["tiles"][src]["species"].get(animal, 0)
        if n > 0:
            return i, animal, src, n
    return None


def move_ask(state, step):
    found = _pending(state, step)
    if found is None:
        return None
    _, animal, src, n = found
    dst = tile_short(state, step["tile"])
    options = [Option(f"move:{k}", f"Move {k} from {tile_short(state, src)} onto {dst}" if k
                      else f"Move none from {tile_short(state, src)}") for k in range(n, -1, -1)]
    return Ask(animal, "wanderlust_move", f"Wanderlust: move species onto the new {dst}?", options)


def move_choose(state, step, option_id):
    i, animal, src, _ = _pending(state, step)  # type: ignore[misc]
    step["next"] = i + 1
    k = int(option_id.split(":", 1)[1])
    if k:
        move_species(state, animal, src, step["tile"], k)
    return f"moves {k} species from {tile_short(state, src)} onto {tile_short(state, step['tile'])}"


register("wanderlust_move", move_ask, move_choose)
