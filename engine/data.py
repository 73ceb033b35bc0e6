"""Game data for the base game, as tables the rules code reads.

Every value whose status in our rules reference (``base-game.md``) is IMPL-ONLY or
UNCONFIRMED is marked with that tag right beside it, so a correction from the printed rulebook
is a one-line change here and nowhere else; a dominance card's open readings are named the same
way in the card's own module (``engine/cards/aquatic.py`` ...).  The rules code reads each such
switch as ``data.NAME`` (or the card module's name) when it runs, never a copy bound at import,
and a test flips every one of them and sees the behaviour change (``tests/engine/test_switches.py``,
and the card's own tests under ``tests/engine/cards/``).
"""

from __future__ import annotations

from dataclasses import dataclass

# ---------------------------------------------------------------------------------------------
# Animals and elements

#: Top of the food chain first; a higher animal wins every tie.  CONFIRMED.
FOOD_CHAIN: tuple[str, ...] = ("mammals", "reptiles", "birds", "amphibians", "arachnids", "insects")

ELEMENTS: tuple[str, ...] = ("grass", "grub", "meat", "seed", "sun", "water")
ELEMENTS_PER_TYPE = 20  # 120 markers in all.  CONFIRMED.

#: Elements printed on each animal display; they can never be removed.  CONFIRMED.
PRINTED_ELEMENTS: dict[str, tuple[str, ...]] = {
    "mammals": ("meat", "meat"),
    "reptiles": ("sun", "sun"),
    "birds": ("seed", "seed"),
    "amphibians": ("water", "water", "water"),
    "arachnids": ("grub", "grub"),
    "insects": ("grass", "grass"),
}

MAX_DISPLAY_ELEMENTS = 6  # printed + added.  CONFIRMED.
CYLINDERS_PER_ANIMAL = 10  # hard cap on APs an animal can ever own.  CONFIRMED (derived 60/6).

# ---------------------------------------------------------------------------------------------
# Player counts

#: players -> (APs per animal, species cubes per animal).  CONFIRMED.
ALLOTMENT_BY_PLAYERS: dict[int, tuple[int, int]] = {
    2: (7, 55),
    3: (6, 50),
    4: (5, 45),
    5: (4, 40),
    6: (3, 35),
}
#: The optional 2/3-player rules: every animal gets the 6-player allotment.  CONFIRMED.
MULTI_ANIMAL_ALLOTMENT: tuple[int, int] = (3, 35)
#: How many animals each player runs in the multi-animal variant.  CONFIRMED.
MULTI_ANIMAL_PER_PLAYER: dict[int, int] = {2: 3, 3: 2}

#: Cubes of the allotment that never reach the gene pool: the VP marker.  UNCONFIRMED
#: (best belief of base-game.md §1.5: gene pool after setup = allotment - 1 - 4 on earth).
VP_MARKER_CUBES = 1

# ---------------------------------------------------------------------------------------------
# Terrain

TERRAINS: tuple[str, ...] = (
    "sea", "wetland", "savannah", "jungle", "forest", "desert", "mountain", "tundra",
)

#: Domination VPs by rank (1st, 2nd, ...); places beyond the list score 0.  CONFIRMED.
TILE_SCORING: dict[str, tuple[int, ...]] = {
    "sea": (9, 5, 3, 2),
    "wetland": (8, 4, 2, 1),
    "savannah": (7, 4, 2),
    "jungle": (6, 3, 2),
    "forest": (5, 3, 2),
    "desert": (4, 2),
    "mountain": (3, 2),
    "tundra": (1,),
}

#: Most new species Speciation puts on one tile of this terrain.  CONFIRMED.
SPECIATION_MAX: dict[str, int] = {
    "sea": 4, "wetland": 4, "savannah": 3, "jungle": 3,
    "forest": 3, "desert": 2, "mountain": 2, "tundra": 1,
}

#: Bonus VPs by count (index = count; larger counts use the last entry).
#: 1..6 CONFIRMED; 7 -> 28, 8 -> 36 and the cap 9+ -> 45 are IMPL-ONLY.
BONUS_VPS: tuple[int, ...] = (0, 1, 3, 6, 10, 15, 21, 28, 36, 45)


def bonus_vps(count: int) -> int:
    """The bonus-points table: VPs for a count of tiles."""
    return BONUS_VPS[min(count, len(BONUS_VPS) - 1)]


#: The 24 large tiles shuffled into the Wanderlust stacks.  IMPL-ONLY (per-type split).
WANDERLUST_TILES: dict[str, int] = {
    "sea": 6, "wetland": 3, "savannah": 3, "jungle": 3, "forest": 3, "desert": 3, "mountain": 3,
}
WANDERLUST_STACKS = 3
#: The top tile of every stack is face up from setup on.  IMPL-ONLY.
WANDERLUST_TOPS_FACE_UP_AT_SETUP = True
TUNDRA_TILES_IN_SUPPLY = 11  # 12 small tiles, 1 used at setup.  CONFIRMED.

# ---------------------------------------------------------------------------------------------
# Setup of earth (axial coordinates, see engine.geometry)

#: The seven starting tiles: tundra on the sea in the centre, ring clockwise from the top.
#: Arrangement IMPL-ONLY (two implementations agree).
STARTING_TILES: tuple[tuple[tuple[int, int], str], ...] = (
    ((0, 0), "sea"),  # glaciated at setup
    ((0, -1), "wetland"),
    ((1, -1), "savannah"),
    ((1, 0), "desert"),
    ((0, 1), "mountain"),
    ((-1, 1), "forest"),
    ((-1, 0), "jungle"),
)
STARTING_TUNDRA_AT = (0, 0)

#: The twelve starting elements by corner (its three hexes).  IMPL-ONLY.
STARTING_ELEMENTS: tuple[tuple[tuple[tuple[int, int], ...], str], ...] = (
    # inner ring: each touches the centre tundra and two ring tiles
    (((0, 0), (-1, 0), (0, -1)), "grub"),
    (((0, 0), (0, -1), (1, -1)), "water"),
    (((0, 0), (1, -1), (1, 0)), "grass"),
    (((0, 0), (1, 0), (0, 1)), "sun"),
    (((0, 0), (0, 1), (-1, 1)), "meat"),
    (((0, 0), (-1, 1), (-1, 0)), "seed"),
    # outer ring: each touches two ring tiles and an empty hex
    (((-1, 0), (-1, 1), (-2, 1)), "grub"),
    (((-1, 0), (0, -1), (-1, -1)), "water"),
    (((0, -1), (1, -1), (1, -2)), "grass"),
    (((1, -1), (1, 0), (2, -1)), "sun"),
    (((1, 0), (0, 1), (1, 1)), "meat"),
    (((-1, 1), (0, 1), (-1, 2)), "seed"),
)

#: Starting species by animal: (terrain of a starting tile, cubes).  CONFIRMED.
STARTING_SPECIES: dict[str, tuple[tuple[str, int], ...]] = {
    "insects": (("savannah", 2), ("wetland", 1), ("desert", 1)),
    "arachnids": (("jungle", 2), ("forest", 1), ("wetland", 1)),
    "amphibians": (("wetland", 2), ("jungle", 1), ("savannah", 1)),
    "birds": (("forest", 2), ("mountain", 1), ("jungle", 1)),
    "reptiles": (("desert", 2), ("savannah", 1), ("mountain", 1)),
    "mammals": (("mountain", 2), ("desert", 1), ("forest", 1)),
}

ELEMENT_BOX_DRAW = 4  # elements drawn into Adaptation, Abundance and Wanderlust.  CONFIRMED.

# ---------------------------------------------------------------------------------------------
# The action display


@dataclass(frozen=True)
class ActionRow:
    """One row of the action display, resolved top to bottom, spaces left to right."""

    name: str
    spaces: int
    #: space index -> the animal that owns that free space.
    free_spaces: tuple[tuple[int, str], ...] = ()


ACTION_ROWS: tuple[ActionRow, ...] = (
    ActionRow("initiative", 1),
    ActionRow("adaptation", 3),
    ActionRow("regression", 3, ((2, "reptiles"),)),  # free space right-most: IMPL-ONLY
    ActionRow("abundance", 2),
    ActionRow("wasteland", 1),
    ActionRow("depletion", 1),
    ActionRow("glaciation", 4),
    ActionRow("speciation", 7, ((6, "insects"),)),  # free space right-most: IMPL-ONLY
    ActionRow("wanderlust", 3),
    ActionRow("migration", 6),
    ActionRow("competition", 8, ((0, "arachnids"),)),  # free space left-most: IMPL-ONLY
    ActionRow("domination", 5),
)
ROW_BY_NAME: dict[str, ActionRow] = {row.name: row for row in ACTION_ROWS}
ROW_NAMES: tuple[str, ...] = tuple(row.name for row in ACTION_ROWS)

#: (row, space) -> animal, for the three animal-specific spaces.
FREE_SPACES: dict[tuple[str, int], str] = {
    (row.name, index): animal for row in ACTION_ROWS for index, animal in row.free_spaces
}

#: Spaces each AP waiting on the Glaciation row moves to the left in Reset (keeping their order,
#: never onto an occupied space), so a gap survives one Reset.  A published step-by-step Reset
#: list (MOP step 19: "move action markers on Glaciation spaces one position to the left") and
#: BGF (``slideGlaciationActionPawnsLeft``) agree (base-game.md §5.3 b).
GLACIATION_RESET_SLIDE = 1

#: Element printed under each normal Speciation space, left to right.  IMPL-ONLY.
SPECIATION_ELEMENTS: tuple[str, ...] = ("meat", "sun", "seed", "water", "grub", "grass")
#: Species the insects' free Speciation space places, on any one tile.  UNCONFIRMED
#: (base-game.md §1.2: best belief exactly 1 species on any 1 tile).
INSECT_FREE_SPECIATION = 1

#: Most species each Migration space may move, left to right.  IMPL-ONLY.
MIGRATION_LIMITS: tuple[int, ...] = (7, 6, 5, 4, 3, 2)
#: Tiles a migrating species may move; birds fly further.  CONFIRMED.
MIGRATION_RANGE: dict[str, int] = {"birds": 2}

#: Terrains each Competition space allows (tundra is always allowed too).  IMPL-ONLY.
#: ``None`` = any terrain (the arachnids' free space).
COMPETITION_TERRAINS: tuple[tuple[str, ...] | None, ...] = (
    None,
    ("jungle", "wetland"),
    ("wetland", "desert"),
    ("desert", "forest"),
    ("forest", "savannah"),
    ("savannah", "mountain"),
    ("mountain", "sea"),
    ("sea", "jungle"),
)
#: Eliminations the arachnids' any-terrain space allows (one tile per terrain type).
#: UNCONFIRMED: no source either way; best belief "up to 3 tiles of different terrains", the
#: count of a normal space (base-game.md §6.11).
ARACHNID_COMPETITION_LIMIT = 3

#: Order in which animals may move onto a tile placed by Wanderlust: "food_chain" (top first)
#: or "initiative" (the current initiative order).  UNCONFIRMED (BGF asks in food-chain order;
#: the printed order is unknown: base-game.md §6.9).
WANDERLUST_MOVE_ORDER = "food_chain"

#: Species the mammals may save from each Extinction.  CONFIRMED.
MAMMAL_EXTINCTION_SAVES = 1

# ---------------------------------------------------------------------------------------------
# Cards

DOMINANCE_CARDS: tuple[str, ...] = (
    "Aquatic", "Biodiversity", "Biomass", "Blight", "Catastrophe", "Cold Snap", "Disease",
    "Ecodiversity", "Evolution", "Fecundity", "Fertile", "Habitat", "Hibernation", "Ice Age",
    "Ice Sheet", "Immigrants", "Instinct", "Intelligence", "Mass Exodus", "Metamorphosis",
    "Niche Biomes", "Nocturnal", "Omnivore", "Parasitism", "Predator", "Symbiotic",
)
LAST_CARD = "Ice Age"  # always the bottom card of the deck; taking it ends the game
CARDS_FACE_UP = 5

#: A game that reaches the end of this turn without Ice Age ends as if Ice Age's turn had
#: finished (Extinction, Survival, final scoring; no Ice Age bonus).  Our own rule: no source
#: gives another end trigger, and a play-by-post game must not run forever once, say, every
#: species is extinct.  Real games end near turn 12-16.
TURN_LIMIT = 40

# A card's own numbers and open readings are in its module under engine/cards/.
