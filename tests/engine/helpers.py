"""Building positions inside a real game state, for rules-by-position tests, and the prompt
helpers and checks (illegal choices, wrong seats, dominance cards) the engine tests share.

Every helper keeps the books balanced (cubes come from gene pools, elements from the bag),
so the invariants hold for a constructed position too.
"""

from __future__ import annotations

import copy
import json

import pytest

import engine
import words
from engine.data import ROW_NAMES
from engine.flow import STEPS, Ask, Option, register
from engine.geometry import (
    corner_keys_of,
    hex_from_key,
    hex_key,
    hex_label,
    key_label,
    parse_corner_label,
    parse_hex_label,
)
from engine.invariants import violations
from engine.state import remove_element_from_earth, remove_species, take_from_bag, to_bag
from engine.text import Msg

#: The six tiles around the centre tundra D3 at setup.
RING = ["C3", "C4", "D2", "D4", "E3", "E4"]
#: Animals dealt by hand to six seats, deliberately not in food-chain order, so a seat/animal mix-up shows.
SEATED = [["insects"], ["birds"], ["mammals"], ["arachnids"], ["reptiles"], ["amphibians"]]
#: The seat of each animal when they are dealt as ``SEATED``.
SEAT = {a[0]: i for i, a in enumerate(SEATED)}

# A step that only tests push under an action: when it is on top, the action has finished.
if "halt" not in STEPS:
    register("halt", lambda state, step: Ask(step["animal"], "halt", Msg("halt"), [Option("halt", Msg("halt"))]))


def english_log(state: dict) -> list[str]:
    """The log in English, each line with its turn (``T1 Birds: …``)."""
    return words.lines(state["log"], "en", turn=True)


def english_label(option: Option) -> str:
    """An option's English label."""
    return words.option(option, "en")


def asked_tile(p) -> str:
    """``D2 wetland``: the tile a prompt's text is about."""
    t = p.text.args["tile"]
    return f"{hex_label(hex_from_key(t['hex']))} {t['terrain']}"


def game(players: int = 6, seed: int = 1, **kwargs) -> dict:
    """A started game; with 6 players every animal is in play."""
    return engine.new_game(players, seed, **kwargs)


def fresh(players: int = 6, **kwargs) -> dict:
    """A started game with the starting tiles on earth but no species and no elements on them."""
    state = game(players, **kwargs)
    clear_earth(state)
    return state


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
    """Lay an empty tile of ``terrain`` on the hex ``label`` (replacing any tile there); returns its key."""
    key = hk(label)
    state["tiles"][key] = {"terrain": terrain, "under": None, "species": {}}
    return key


def put_species(state: dict, label: str, animal: str, n: int) -> None:
    """Move ``n`` of ``animal``'s cubes from its gene pool onto the tile ``label``."""
    key = hk(label)
    rec = state["animals"][animal]
    assert rec["gene_pool"] >= n
    rec["gene_pool"] -= n
    sp = state["tiles"][key]["species"]
    sp[animal] = sp.get(animal, 0) + n


def put_element(state: dict, corner: str, element: str) -> str:
    """Take ``element`` from the bag and put it on the vacant ``corner``; returns the corner key."""
    key = ck(corner)
    assert key not in state["elements"], f"{corner} already holds an element"
    assert take_from_bag(state, element)
    state["elements"][key] = element
    return key


def fill_corners(state: dict, labels: list[str], element: str, keep_vacant: list[str]) -> None:
    """Put ``element`` on every vacant corner of the tiles ``labels`` but ``keep_vacant``."""
    vacant = {ck(c) for c in keep_vacant}
    for label in labels:
        for c in corner_keys_of(hex_from_key(hk(label))):
            if c not in state["elements"] and c not in vacant:
                put_element(state, key_label(c), element)


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
    """Replace the elements in an action box (the old ones go to the bag, the new come from it)."""
    for e in state["boxes"][box]:
        to_bag(state, e)
    state["boxes"][box] = []
    for e in elements:
        assert take_from_bag(state, e)
        state["boxes"][box].append(e)


def make_tundra(state: dict, label: str) -> None:
    """Glaciate a tile by hand (as an earlier Glaciation would have), using up a tundra tile."""
    tile = state["tiles"][hk(label)]
    tile["under"], tile["terrain"] = tile["terrain"], "tundra"
    state["tundra_supply"] -= 1


def to_box(state: dict, animal: str, n: int) -> None:
    """Move ``n`` cubes from the gene pool to the box (as if eliminated earlier)."""
    rec = state["animals"][animal]
    assert rec["gene_pool"] >= n
    rec["gene_pool"] -= n
    rec["eliminated"] += n


def set_gene_pool(state: dict, animal: str, n: int) -> None:
    """Shrink a gene pool to ``n`` by moving the other cubes to the box (books stay balanced)."""
    pool = state["animals"][animal]["gene_pool"]
    assert pool >= n
    to_box(state, animal, pool - n)


def eliminate(state: dict, label: str, animal: str, n: int) -> None:
    """Eliminate up to ``n`` of ``animal``'s species on the tile ``label`` (they go to the box)."""
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


def run_from_row(state: dict, row: str) -> None:
    """Enter the execution phase at the start of ``row`` (APs already on the display)."""
    state["phase"] = "execution"
    state["steps"] = [{"name": "execution", "row": ROW_NAMES.index(row), "space": 0, "entered": False}]
    state.pop("row_scratch", None)
    engine.advance(state)


def run_reset(state: dict) -> None:
    """Start the Reset phase now (after an Execution phase with nothing left to do)."""
    state["phase"] = "execution"
    state["steps"] = [{"name": "reset", "stage": "extinction"}]
    engine.advance(state)


def species(state: dict, label: str) -> dict:
    """The species on the tile ``label`` (animal -> count; the state's own dict)."""
    return state["tiles"][hk(label)]["species"]


def seat(state: dict, animal: str) -> int:
    """The seat that plays ``animal``."""
    return state["animals"][animal]["seat"]


# ---------------------------------------------------------------------------------------------
# Prompts and choices


def current(state: dict) -> engine.Prompt:
    """The pending prompt (there must be one)."""
    p = engine.prompt(state)
    assert p is not None
    return p


def wrong_seat(state: dict) -> int:
    """A seat that is not asked now: the one after the asked seat, round the table."""
    return (current(state).seat + 1) % len(state["seats"])


def cid(label: str) -> str:
    """The option id the engine uses for a corner (any spelling of the corner is accepted)."""
    return f"corner:{key_label(ck(label))}"


def card_id(name: str) -> str:
    """The option id of a dominance card, e.g. ``card:ice-sheet`` for Ice Sheet."""
    return "card:" + name.lower().replace(" ", "-")


def option_ids(state: dict) -> list[str]:
    """The option ids of the pending prompt, in the order offered."""
    return [o.id for o in current(state).options]


def act(state: dict, option_id: str) -> dict:
    """Apply an option as whoever must choose now."""
    return engine.apply(state, current(state).seat, option_id)


def finished(state: dict) -> bool:
    """The action under test is over: only the ``halt`` step is left asking."""
    p = engine.prompt(state)
    return p is not None and p.kind == "halt"


# ---------------------------------------------------------------------------------------------
# Checks


def snapshot(state: dict) -> str:
    """The whole state as JSON text, key order included, to compare before and after."""
    return json.dumps(state)


def assert_rejected(state: dict, option_id: str | None, *, seat_no: int | str | None = None) -> None:
    """Choosing ``option_id`` (as the asked seat, or as ``seat_no``) raises RulesError and changes nothing."""
    p = current(state)
    before = snapshot(state)
    with pytest.raises(engine.RulesError):
        engine.apply(state, p.seat if seat_no is None else seat_no, option_id)
    assert snapshot(state) == before


def assert_wrong_seat_rejected(state: dict, seat_no: int | None = None) -> None:
    """The first option, chosen by a seat that is not asked (the next one by default), is rejected."""
    p = current(state)
    other = wrong_seat(state) if seat_no is None else seat_no
    assert other != p.seat
    assert_rejected(state, p.options[0].id, seat_no=other)


def assert_ok(state: dict) -> None:
    """The state breaks no invariant."""
    assert violations(state) == []


# ---------------------------------------------------------------------------------------------
# Dominance cards


def face_up(state: dict, *names: str) -> None:
    """Swap cards between the deck and the face-up display; no card is invented or lost."""
    for name in names:
        if name in state["cards"]:
            continue
        out = next(c for c in state["cards"] if c not in names)
        state["deck"][state["deck"].index(name)] = out
        state["cards"][state["cards"].index(out)] = name
    assert len(state["cards"]) + len(state["deck"]) + len(state["cards_taken"]) == 26


def offer(state: dict, animal: str, card: str, tile: str = "E3") -> dict:
    """Put ``animal`` before the face-up cards as if it had just dominated ``tile``; returns a copy of that moment."""
    face_up(state, card)
    state["phase"] = "execution"
    state["steps"] = [{"name": "halt", "animal": animal},
                      {"name": "choose_card", "animal": animal, "tile": hk(tile)}]
    engine.advance(state)
    p = current(state)
    assert (p.kind, p.animal, p.seat) == ("choose_card", animal, seat(state, animal))
    assert card_id(card) in option_ids(state)
    return copy.deepcopy(state)


def expected_after(before: dict, card: str, changes: dict | None = None) -> dict:
    """``before`` with the card taken and the given (path -> value) changes applied."""
    exp = copy.deepcopy(before)
    exp["cards"].remove(card)
    exp["cards_taken"].append(card)
    exp["steps"] = exp["steps"][:1]  # only the halt step is left
    for path, value in (changes or {}).items():
        d = exp
        for k in path[:-1]:
            d = d[k]
        d[path[-1]] = value
    return exp


def same(state: dict, expected: dict, ignore: tuple[str, ...] = ()) -> None:
    """The whole state equals ``expected`` (the log, the decision count and ``ignore`` aside)."""
    skip = ("log", "decisions", *ignore)
    got = {k: v for k, v in state.items() if k not in skip}
    want = {k: v for k, v in expected.items() if k not in skip}
    assert got == want


def lay_sea_on_d1(state: dict) -> None:
    """The amphibians' Wanderlust lays a sea tile on D1, touching only D2, where the mammals (2),
    insects (1) and birds (3) may then move from, in food-chain order (an independent step)."""
    from engine.display import place_ap

    put_species(state, "D2", "mammals", 2)
    put_species(state, "D2", "insects", 1)
    put_species(state, "D2", "birds", 3)
    set_box(state, "wanderlust", [])
    state["wanderlust"][0]["face_up"] = "sea"
    place_ap(state, "amphibians", "wanderlust", 0)
    run_from_row(state, "wanderlust")
    engine.apply(state, seat(state, "amphibians"), "stack:1")
    engine.apply(state, seat(state, "amphibians"), "tile:D1")
