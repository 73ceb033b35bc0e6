"""The game state (plain JSON data), its setup, and the small mutations every rule uses.

The state is a dict of dicts, lists, strings and integers only, so ``json.dumps`` and
``json.loads`` round-trip it exactly.  Tiles are keyed ``"q,r"``; element corners by
``engine.geometry.corner_key``.
"""

from __future__ import annotations

from typing import Any

from engine import data, rng
from engine.data import (
    ACTION_ROWS,
    ALLOTMENT_BY_PLAYERS,
    CARDS_FACE_UP,
    DOMINANCE_CARDS,
    ELEMENT_BOX_DRAW,
    ELEMENTS,
    ELEMENTS_PER_TYPE,
    FOOD_CHAIN,
    FREE_SPACES,
    LAST_CARD,
    MULTI_ANIMAL_ALLOTMENT,
    MULTI_ANIMAL_PER_PLAYER,
    STARTING_ELEMENTS,
    STARTING_SPECIES,
    STARTING_TILES,
    STARTING_TUNDRA_AT,
    TUNDRA_TILES_IN_SUPPLY,
    WANDERLUST_STACKS,
    WANDERLUST_TILES,
)
from engine.geometry import corner_key, hex_from_key, hex_key, make_corner
from engine.text import Msg, entry

State = dict[str, Any]
#: 2: log entries are structured (``engine.text.entry``); older states hold English lines.
SCHEMA = 2


class SetupError(ValueError):
    """Bad arguments to ``new_game``."""


def new_game(
    players: int,
    seed: int,
    *,
    multi_animal: bool = False,
    animals: list[list[str]] | None = None,
    names: list[str] | None = None,
) -> State:
    """Set up a game for ``players`` seats.

    ``animals`` optionally gives each seat's animals (one each, or several in the
    multi-animal variant); missing choices are dealt at random from the seed.  The state
    returned is *before* the first prompt; ``engine.flow.start`` advances it.
    """
    if players not in ALLOTMENT_BY_PLAYERS:
        raise SetupError("Dominant Species is for 2 to 6 players.")
    if multi_animal and players not in MULTI_ANIMAL_PER_PLAYER:
        raise SetupError("The multi-animal variant is for 2 or 3 players.")
    if names is not None and len(names) != players:
        raise SetupError(f"Give {players} player names, not {len(names)}.")
    per_seat = MULTI_ANIMAL_PER_PLAYER[players] if multi_animal else 1
    state: State = {"schema": SCHEMA, "ruleset": "base", "seed": seed, "rng": rng.seed_state(seed)}
    seats_animals = _deal_animals(state, players, per_seat, animals)
    aps, cubes = MULTI_ANIMAL_ALLOTMENT if multi_animal else ALLOTMENT_BY_PLAYERS[players]
    in_play = [a for a in FOOD_CHAIN if any(a in s for s in seats_animals)]

    state["variant"] = "multi-animal" if multi_animal else "standard"
    state["seats"] = [
        {"name": (names[i] if names else f"Player {i + 1}"), "animals": seats_animals[i]}
        for i in range(players)
    ]
    state["animals"] = {
        a: {
            "seat": next(i for i, s in enumerate(seats_animals) if a in s),
            "added": [],
            "cubes": cubes,
            "gene_pool": cubes - data.VP_MARKER_CUBES,
            "eliminated": 0,
            "vp": 0,
            "vp_sources": {},
            "aps": aps,
            "aps_owned": aps,
        }
        for a in in_play
    }
    state["initiative"] = list(reversed(in_play))
    state["bag"] = {e: ELEMENTS_PER_TYPE for e in ELEMENTS}

    # Earth: seven tiles, tundra on the centre sea, twelve elements, four species each.
    state["tiles"] = {}
    by_terrain = {}
    for at, terrain in STARTING_TILES:
        key = hex_key(at)
        glaciated = at == STARTING_TUNDRA_AT
        state["tiles"][key] = {
            "terrain": "tundra" if glaciated else terrain,
            "under": terrain if glaciated else None,
            "species": {},
        }
        by_terrain[terrain] = key
    state["elements"] = {}
    for hexes, element in STARTING_ELEMENTS:
        state["elements"][corner_key(make_corner(hexes))] = element
        state["bag"][element] -= 1
    for a in in_play:
        for terrain, n in STARTING_SPECIES[a]:
            add_species(state, a, by_terrain[terrain], n)

    # Action display: free spaces are always occupied by their animal, if it plays.
    state["display"] = {row.name: [None] * row.spaces for row in ACTION_ROWS}
    for (row, index), animal in FREE_SPACES.items():
        if animal in state["animals"]:
            state["display"][row][index] = animal
    state["boxes"] = {r: [] for r in ("adaptation", "regression", "abundance", "wasteland",
                                      "depletion", "wanderlust")}
    for box in ("adaptation", "abundance", "wanderlust"):
        state["boxes"][box] = draw_elements(state, ELEMENT_BOX_DRAW)

    tiles = [t for t, n in WANDERLUST_TILES.items() for _ in range(n)]
    rng.shuffle(state, tiles)
    size = len(tiles) // WANDERLUST_STACKS
    state["wanderlust"] = []
    for i in range(WANDERLUST_STACKS):
        stack = tiles[i * size:(i + 1) * size]
        face_up = stack.pop() if data.WANDERLUST_TOPS_FACE_UP_AT_SETUP and stack else None
        state["wanderlust"].append({"face_up": face_up, "stack": stack})
    state["tundra_supply"] = TUNDRA_TILES_IN_SUPPLY

    deck = [c for c in DOMINANCE_CARDS if c != LAST_CARD]
    rng.shuffle(state, deck)
    deck.append(LAST_CARD)  # the deck is drawn from the front: Ice Age is the very last card
    state["cards"] = deck[:CARDS_FACE_UP]
    state["deck"] = deck[CARDS_FACE_UP:]
    state["cards_taken"] = []

    state["turn"] = 1
    state["phase"] = "planning"
    state["steps"] = []
    state["scored"] = []
    state["ending"] = False
    state["result"] = None
    state["log"] = []
    state["decisions"] = 0
    return state


def _deal_animals(
    state: State, players: int, per_seat: int, chosen: list[list[str]] | None
) -> list[list[str]]:
    seats: list[list[str]] = [list(c) for c in chosen] if chosen else [[] for _ in range(players)]
    if len(seats) != players:
        raise SetupError(f"Give animals for {players} seats, not {len(seats)}.")
    taken = [a for s in seats for a in s]
    for a in taken:
        if a not in FOOD_CHAIN:
            raise SetupError(f"'{a}' is not an animal; choose from {', '.join(FOOD_CHAIN)}.")
    if len(set(taken)) != len(taken):
        raise SetupError("Each animal can be played by one seat only.")
    if any(len(s) > per_seat for s in seats):
        raise SetupError(f"Each seat plays {per_seat} animal(s).")
    # Shuffle all six whatever was chosen, so the random draws that follow (and so the whole
    # game) do not depend on how the deal was done: a replay with the dealt animals matches.
    deck = list(FOOD_CHAIN)
    rng.shuffle(state, deck)
    free = [a for a in deck if a not in taken]
    for s in seats:
        while len(s) < per_seat:
            s.append(free.pop())
    return seats


# ---------------------------------------------------------------------------------------------
# Elements


def draw_elements(state: State, n: int) -> list[str]:
    """Draw up to ``n`` elements from the bag at random (fewer if the bag runs out)."""
    drawn = []
    bag = state["bag"]
    for _ in range(n):
        total = sum(bag.values())
        if total == 0:
            break
        pick = rng.below(state, total)
        for e in ELEMENTS:
            if pick < bag[e]:
                bag[e] -= 1
                drawn.append(e)
                break
            pick -= bag[e]
    return drawn


def to_bag(state: State, element: str, n: int = 1) -> None:
    state["bag"][element] += n


def take_from_bag(state: State, element: str) -> bool:
    if state["bag"][element] <= 0:
        return False
    state["bag"][element] -= 1
    return True


def remove_element_from_earth(state: State, ckey: str) -> str:
    element: str = state["elements"].pop(ckey)
    to_bag(state, element)
    return element


def vacant_corners(state: State, hkeys: list[str] | None = None) -> list[str]:
    """Corners touching at least one tile (of ``hkeys``, if given) with no element."""
    from engine.geometry import corner_keys_of

    keys = state["tiles"] if hkeys is None else hkeys
    seen: dict[str, None] = {}
    for hkey in keys:
        for c in corner_keys_of(hex_from_key(hkey)):
            if c not in state["elements"]:
                seen[c] = None
    return sorted(seen)


# ---------------------------------------------------------------------------------------------
# Species, VPs, log


def add_species(state: State, animal: str, hkey: str, n: int) -> int:
    """Move up to ``n`` cubes from the gene pool onto a tile; returns how many moved."""
    record = state["animals"][animal]
    n = min(n, record["gene_pool"])
    if n > 0:
        _forget_the_dead(state, animal, hkey)
        record["gene_pool"] -= n
        species = state["tiles"][hkey]["species"]
        species[animal] = species.get(animal, 0) + n
    return n


def remove_species(state: State, animal: str, hkey: str, n: int, *, to_gene_pool: bool = False) -> int:
    """Take up to ``n`` cubes off a tile: eliminated (the box), or back to the gene pool."""
    species = state["tiles"][hkey]["species"]
    n = min(n, species.get(animal, 0))
    if n <= 0:
        return 0
    species[animal] -= n
    if species[animal] == 0:
        del species[animal]
    record = state["animals"][animal]
    if to_gene_pool:
        record["gene_pool"] += n
    else:
        record["eliminated"] += n
    return n


def move_species(state: State, animal: str, src: str, dst: str, n: int) -> None:
    """Move ``n`` cubes between tiles; protected ones (``protect_species``) go with them, the
    unprotected ones first."""
    species = state["tiles"][src]["species"]
    safe = protected_species(state, animal, src)
    carried = max(0, n - (species[animal] - safe))
    _forget_the_dead(state, animal, dst)
    species[animal] -= n
    if species[animal] == 0:
        del species[animal]
    target = state["tiles"][dst]["species"]
    target[animal] = target.get(animal, 0) + n
    if carried:
        _set_protected(state, animal, src, safe - carried)
        _set_protected(state, animal, dst, _marked(state, animal, dst) + carried)


# Species that ignore this turn's Extinction (Hibernation's): ``state["hibernating"]`` is
# ``{tile: {animal: n}}``, only while there are any, and Reset drops it after Extinction.  The
# count belongs to the species, not to the tile: it moves with them.  A loss on the tile leaves
# it as it is (the unprotected species die first, and no more are protected than are there);
# only before newcomers arrive is a count beyond the species there cut down to them, so it
# never covers the newcomers and a replay of a game without them gives the same states.

def protect_species(state: State, animal: str, hkey: str, n: int) -> None:
    """``n`` more of the animal's species on the tile ignore this turn's Extinction."""
    _set_protected(state, animal, hkey, protected_species(state, animal, hkey) + n)


def protected_species(state: State, animal: str, hkey: str) -> int:
    """How many of the animal's species on the tile ignore this turn's Extinction."""
    there: int = state["tiles"][hkey]["species"].get(animal, 0)
    return min(_marked(state, animal, hkey), there)  # a count may outlive species that died


def _marked(state: State, animal: str, hkey: str) -> int:
    n: int = state.get("hibernating", {}).get(hkey, {}).get(animal, 0)
    return n


def _forget_the_dead(state: State, animal: str, hkey: str) -> None:
    """Cut the count down to the species on the tile, before others arrive there."""
    there = state["tiles"][hkey]["species"].get(animal, 0)
    if _marked(state, animal, hkey) > there:
        _set_protected(state, animal, hkey, there)


def _set_protected(state: State, animal: str, hkey: str, n: int) -> None:
    safe = state.setdefault("hibernating", {})
    tile = safe.setdefault(hkey, {})
    if n > 0:
        tile[animal] = n
        return
    tile.pop(animal, None)
    if not tile:
        del safe[hkey]
    if not safe:
        del state["hibernating"]


def gain_vp(state: State, animal: str, n: int, *, source: str) -> int:
    """Add (or, if negative, subtract) VPs; never below zero.  Returns the real change.

    ``source`` (see ``engine.vp``) is where the change is booked, so that each animal's
    VPs can be broken down; the real change is booked, not ``n``, as zero clamps it.
    """
    record = state["animals"][animal]
    before = record["vp"]
    record["vp"] = max(0, before + n)
    change: int = record["vp"] - before
    if change:
        # setdefault: states saved before VPs were booked have no such field
        sources = record.setdefault("vp_sources", {})
        sources[source] = sources.get(source, 0) + change
    return change


def log(state: State, key: str, *, by: str | None = None, **args: Any) -> None:
    """Append a log entry (``engine.text.entry``); ``by`` is the animal whose action it is."""
    state["log"].append(entry(state["turn"], Msg(key, args), by))


def seat_of(state: State, animal: str) -> int:
    seat: int = state["animals"][animal]["seat"]
    return seat


def animals_in_play(state: State) -> list[str]:
    """Animals in food-chain order."""
    return [a for a in FOOD_CHAIN if a in state["animals"]]
