"""Building positions inside a real game state, for rules-by-position tests.

Every helper keeps the books balanced (cubes come from gene pools, elements from the bag),
so the invariants hold for a constructed position too.
"""

from __future__ import annotations

import engine
from engine.data import ROW_NAMES
from engine.flow import STEPS, Ask, Option, register
from engine.geometry import hex_key, parse_corner_label, parse_hex_label
from engine.state import remove_element_from_earth, remove_species, take_from_bag, to_bag

# A step that only tests push under an action: when it is on top, the action has finished.
if "halt" not in STEPS:
    register("halt", lambda state, step: Ask(step["animal"], "halt", "halt", [Option("halt", "halt")]))


def game(players: int = 6, seed: int = 1, **kwargs) -> dict:
    """A started game; with 6 players every animal is in play."""
    return engine.new_game(players, seed, **kwargs)


def hk(label: str) -> str:
    """Tile key for a label such as ``D3``."""
    h = parse_hex_label(label)
    assert h is not None, label
    return hex_key(h)


def ck(label: str) -> str:
    """Corner key for a label such as ``D3-NE``."""
    c = parse_corner_label(label)
    assert c is not None, label
    return c


def clear_earth(state: dict) -> None:
    """Remove every species (back to gene pools) and every element (to the bag)."""
    for tile in state["tiles"].values():
        for a, n in list(tile["species"].items()):
            state["animals"][a]["gene_pool"] += n
        tile["species"] = {}
    for c in list(state["elements"]):
        remove_element_from_earth(state, c)


def put_tile(state: dict, label: str, terrain: str) -> str:
    key = hk(label)
    state["tiles"][key] = {"terrain": terrain, "under": None, "species": {}}
    return key


def put_species(state: dict, label: str, animal: str, n: int) -> None:
    key = hk(label)
    rec = state["animals"][animal]
    assert rec["gene_pool"] >= n
    rec["gene_pool"] -= n
    sp = state["tiles"][key]["species"]
    sp[animal] = sp.get(animal, 0) + n


def put_element(state: dict, corner: str, element: str) -> str:
    key = ck(corner)
    assert key not in state["elements"], f"{corner} already holds an element"
    assert take_from_bag(state, element)
    state["elements"][key] = element
    return key


def set_added(state: dict, animal: str, elements: list[str]) -> None:
    """Replace the animal's added elements (the old ones go to the bag)."""
    rec = state["animals"][animal]
    for e in rec["added"]:
        to_bag(state, e)
    rec["added"] = []
    for e in elements:
        assert take_from_bag(state, e)
        rec["added"].append(e)


def set_box(state: dict, box: str, elements: list[str]) -> None:
    for e in state["boxes"][box]:
        to_bag(state, e)
    state["boxes"][box] = []
    for e in elements:
        assert take_from_bag(state, e)
        state["boxes"][box].append(e)


def eliminate(state: dict, label: str, animal: str, n: int) -> None:
    remove_species(state, animal, hk(label), n)


def start_action(state: dict, row: str, animal: str, space: int = 0) -> None:
    """Make ``animal``'s AP on ``row`` (0-based ``space``) the action being resolved now.

    The action runs on top of a ``halt`` step, so once it finishes ``engine.prompt`` shows
    kind ``halt`` and nothing else of the turn happens.  The display is left as it is:
    place no AP on the space, as the execution phase would already have taken it off.
    """
    assert row in ROW_NAMES
    state["phase"] = "execution"
    state["steps"] = [{"name": "halt", "animal": animal},
                      {"name": row, "animal": animal, "space": space}]
    state["row_scratch"] = {}
    engine.advance(state)


def option_ids(state: dict) -> list[str]:
    p = engine.prompt(state)
    assert p is not None
    return [o.id for o in p.options]


def act(state: dict, option_id: str) -> dict:
    """Apply an option as whoever must choose now."""
    p = engine.prompt(state)
    assert p is not None
    return engine.apply(state, p.seat, option_id)


def finished(state: dict) -> bool:
    p = engine.prompt(state)
    return p is not None and p.kind == "halt"
