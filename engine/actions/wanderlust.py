"""Wanderlust: add a face-up tile to the edge of earth, maybe an element on it, score the
bonus for its neighbours; then every animal may move species onto it from next door."""

from __future__ import annotations

from collections.abc import Callable

from engine import data
from engine.actions.common import corner_id, corner_of_option, forfeit, hex_of_option
from engine.data import FOOD_CHAIN, bonus_vps
from engine.flow import Ask, Option, State, Step, pop, register, replace, skip
from engine.geometry import BOARD_HEXES, hex_from_key, hex_key, hex_label, neighbours
from engine.state import gain_vp, move_species, vacant_corners
from engine.text import Msg, corner_ref, msg, tile_ref


def empty_hexes_next_to_earth(state: State) -> list[str]:
    tiles = state["tiles"]
    return [
        hex_key(h) for h in BOARD_HEXES
        if hex_key(h) not in tiles and any(hex_key(n) in tiles for n in neighbours(h))
    ]


def _adjacent_tiles(state: State, hkey: str) -> list[str]:
    return [hex_key(n) for n in neighbours(hex_from_key(hkey)) if hex_key(n) in state["tiles"]]


def ask(state: State, step: Step) -> Ask | None:
    animal = step["animal"]
    stage = step.get("stage", "stack")
    if stage == "stack":
        stacks = [(i, s["face_up"]) for i, s in enumerate(state["wanderlust"]) if s["face_up"]]
        if not stacks or not empty_hexes_next_to_earth(state):
            return None
        options = [Option(f"stack:{i + 1}", msg("wanderlust.stack", terrain=t, stack=i + 1)) for i, t in stacks]
        return Ask(animal, "wanderlust", msg("wanderlust"), [*options, forfeit("wanderlust")])
    if stage == "hex":
        terrain = state["wanderlust"][step["stack"]]["face_up"]
        options = []
        for h in empty_hexes_next_to_earth(state):
            n = len(_adjacent_tiles(state, h))
            label = hex_label(hex_from_key(h))
            options.append(Option(f"tile:{label}", msg("wanderlust.hex", tile={"hex": h, "terrain": terrain},
                                                       vp=bonus_vps(n))))
        return Ask(animal, "wanderlust_hex", msg("wanderlust.where", terrain=terrain), options)
    if stage == "element":
        options = [Option(f"element:{e}", msg("wanderlust.element", element=e))
                   for e in sorted(set(state["boxes"]["wanderlust"]))]
        return Ask(animal, "wanderlust_element", msg("wanderlust.element"),
                   [*options, Option("none", msg("wanderlust.no_element"))])
    e = step["element"]
    return Ask(animal, "wanderlust_corner", msg("wanderlust.corner", element=e),
               [Option(corner_id(c), msg("place_element", element=e, corner=corner_ref(state, c)))
                for c in vacant_corners(state, [step["tile"]])])


def choose(state: State, step: Step, option_id: str) -> Msg:
    animal = step["animal"]
    stage = step.get("stage", "stack")
    if option_id == "forfeit":
        pop(state)
        return msg("forfeits", action="wanderlust")
    if stage == "stack":
        step["stack"] = int(option_id.split(":", 1)[1]) - 1
        step["stage"] = "hex"
        return msg("wanderlust.taken", terrain=state["wanderlust"][step["stack"]]["face_up"])
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
        return msg("wanderlust.placed", tile=tile_ref(state, hkey), vp=gained)
    if stage == "element":
        if option_id == "none":
            _start_moves(state, step)
            return msg("wanderlust.added_none")
        step["element"] = option_id.split(":", 1)[1]
        step["stage"] = "corner"
        return msg("wanderlust.chosen", element=step["element"])
    corner = corner_of_option(option_id)
    state["boxes"]["wanderlust"].remove(step["element"])
    state["elements"][corner] = step["element"]
    said = msg("element_placed", element=step["element"], corner=corner_ref(state, corner))
    _start_moves(state, step)
    return said


#: The orders ``data.WANDERLUST_MOVE_ORDER`` may name: animals in play, first asked first.
MOVE_ORDERS: dict[str, Callable[[State], list[str]]] = {
    "food_chain": lambda state: [a for a in FOOD_CHAIN if a in state["animals"]],
    "initiative": lambda state: list(state["initiative"]),
}


def _start_moves(state: State, step: Step) -> None:
    hkey = step["tile"]
    order = MOVE_ORDERS[data.WANDERLUST_MOVE_ORDER](state)
    queue = [[a, src] for a in order for src in _adjacent_tiles(state, hkey)]
    replace(state, "wanderlust_move", tile=hkey, queue=queue, next=0)


def auto(state: State, step: Step) -> None:
    skip(state, step, "wanderlust.skipped")


register("wanderlust", ask, choose, auto)


# Moving onto the new tile: one prompt per animal and neighbouring tile holding its species.

def _pending(state: State, step: Step) -> tuple[int, str, str, int] | None:
    for i in range(step["next"], len(step["queue"])):
        animal, src = step["queue"][i]
        n = state["tiles"][src]["species"].get(animal, 0)
        if n > 0:
            return i, animal, src, n
    return None


def move_ask(state: State, step: Step) -> Ask | None:
    found = _pending(state, step)
    if found is None:
        return None
    _, animal, src, n = found
    src_ref, dst = tile_ref(state, src), tile_ref(state, step["tile"])
    options = [Option(f"move:{k}", msg("wanderlust.move", n=k, src=src_ref, dst=dst) if k
                      else msg("wanderlust.move_none", src=src_ref)) for k in range(n, -1, -1)]
    return Ask(animal, "wanderlust_move", msg("wanderlust.move", src=src_ref, dst=dst), options)


def move_choose(state: State, step: Step, option_id: str) -> Msg:
    found = _pending(state, step)
    assert found is not None, step  # a choice answers the prompt, which found this move
    i, animal, src, _ = found
    step["next"] = i + 1
    k = int(option_id.split(":", 1)[1])
    if k:
        move_species(state, animal, src, step["tile"], k)
    if not k:
        return msg("wanderlust.moved_none", src=tile_ref(state, src))
    return msg("wanderlust.moved", n=k, src=tile_ref(state, src), dst=tile_ref(state, step["tile"]))


register("wanderlust_move", move_ask, move_choose)
