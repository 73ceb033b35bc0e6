"""Rules by position for the species actions (Migration, Competition, Domination), the Ice Age
end of the game, the Reset phase's Extinction and the refusal of illegal choices.

Earth after ``clear_earth``: the seven starting tiles, empty.  Labels: D3 tundra (centre),
D2 wetland, E3 savannah, E4 desert, D4 mountain, C4 forest, C3 jungle.  Corners that touch
only one of those seven tiles: D2-NE, D2-NW, E3-NE, E3-E, E4-E, E4-SE, D4-SE, D4-SW, C4-SW,
C4-W, C3-W, C3-NW.  Every corner of D3 also touches two ring tiles.
"""

import copy
import pickle

import pytest
from helpers import (
    RING,
    SEAT,
    SEATED,
    act,
    assert_ok,
    assert_rejected,
    card_id,
    english_label,
    finished,
    fresh,
    hk,
    make_tundra,
    option_ids,
    put_element,
    put_species,
    put_tile,
    run_reset,
    species,
    start_action,
)

import engine
from engine import vp
from engine.data import ARACHNID_COMPETITION_LIMIT, LAST_CARD, ROW_NAMES
from engine.display import place_ap
from engine.phases import result
from engine.state import gain_vp

#: One tile of every terrain: the seven starting tiles plus a sea at D1 (next to D2).
TILE_OF = {"tundra": "D3", "wetland": "D2", "savannah": "E3", "desert": "E4", "mountain": "D4",
           "forest": "C4", "jungle": "C3", "sea": "D1"}

#: base-game.md §4: terrains per Competition space (tundra always allowed too).
COMPETITION_SPACES = {
    1: {"jungle", "wetland", "tundra"},
    2: {"wetland", "desert", "tundra"},
    3: {"desert", "forest", "tundra"},
    4: {"forest", "savannah", "tundra"},
    5: {"savannah", "mountain", "tundra"},
    6: {"mountain", "sea", "tundra"},
    7: {"sea", "jungle", "tundra"},
}
#: base-game.md §6.13.
TILE_SCORING = {
    "sea": [9, 5, 3, 2], "wetland": [8, 4, 2, 1], "savannah": [7, 4, 2], "jungle": [6, 3, 2],
    "forest": [5, 3, 2], "desert": [4, 2], "mountain": [3, 2], "tundra": [1],
}
CARDS = ["Omnivore", "Nocturnal", "Intelligence", "Parasitism", "Fertile"]


def position(players=6, animals=None, **kwargs):
    """A fresh game with the starting tiles emptied (no species, no elements)."""
    if animals is None and players == 6 and not kwargs:
        animals = SEATED
    return fresh(players, animals=animals, **kwargs)


def vps(state):
    return {a: rec["vp"] for a, rec in state["animals"].items()}


def eliminated(state):
    return {a: rec["eliminated"] for a, rec in state["animals"].items()}


def gene_pools(state):
    return {a: rec["gene_pool"] for a, rec in state["animals"].items()}


def set_cards(state, names):
    """Put exactly ``names`` on the card display; the rest of the cards form the deck."""
    pool = state["cards"] + state["deck"]
    for n in names:
        pool.remove(n)
    state["cards"] = list(names)
    state["deck"] = [c for c in pool if c != LAST_CARD] + ([LAST_CARD] if LAST_CARD in pool else [])


def domination_in_turn(state, animal, space=0):
    """``animal``'s Domination AP on ``space`` resolves now, inside a real Execution phase:
    later APs of the row still run, then the Reset phase (no halt step underneath)."""
    state["phase"] = "execution"
    state["row_scratch"] = {}
    state["steps"] = [
        {"name": "execution", "row": ROW_NAMES.index("domination"), "space": space + 1, "entered": True},
        {"name": "domination", "animal": animal, "space": space},
    ]
    engine.advance(state)


# ---------------------------------------------------------------------------------------------
# Migration


def test_migration_moves_to_adjacent_tiles_with_a_count_prompt():
    state = position()
    put_species(state, "D3", "mammals", 3)
    put_species(state, "D3", "birds", 1)
    pools = gene_pools(state)
    start_action(state, "migration", "mammals", 0)
    p = engine.prompt(state)
    assert (p.kind, p.animal, p.seat) == ("migration", "mammals", SEAT["mammals"])
    assert set(option_ids(state)) == {f"move:D3>{t}" for t in RING} | {"done"}

    act(state, "move:D3>D2")
    p = engine.prompt(state)
    assert (p.kind, p.seat) == ("migration_count", SEAT["mammals"])
    assert option_ids(state) == ["count:3", "count:2", "count:1"]

    act(state, "count:2")
    assert species(state, "D3") == {"mammals": 1, "birds": 1}
    assert species(state, "D2") == {"mammals": 2}
    # the two that arrived on D2 cannot move on; the one left on D3 can
    assert set(option_ids(state)) == {f"move:D3>{t}" for t in RING} | {"done"}
    assert english_label(engine.prompt(state).option("done")) == "Stop migrating"

    act(state, "done")
    assert finished(state)
    assert species(state, "D3") == {"mammals": 1, "birds": 1}
    assert species(state, "D2") == {"mammals": 2}
    assert gene_pools(state) == pools
    assert all(n == 0 for n in eliminated(state).values())
    assert_ok(state)


def test_a_migration_prompt_read_after_the_game_moved_on_offers_what_it_offered_then():
    """A migration's moves are listed when first read (a search never reads most of them):
    read late, they are still the moves and tile names of the position that asked."""
    state = position()
    put_species(state, "D3", "mammals", 1)
    start_action(state, "migration", "mammals", 0)
    unread, read, sent = engine.prompt(state), engine.prompt(state), pickle.dumps(engine.prompt(state))
    then = [(o.id, english_label(o)) for o in read.options]
    act(state, "move:D3>D2")
    make_tundra(state, "D2")  # the terrain a move names changes after the prompt was made
    assert [(o.id, english_label(o)) for o in unread.options] == then
    assert unread == read == pickle.loads(sent)


def test_migration_forfeit_moves_nothing():
    state = position()
    put_species(state, "D3", "mammals", 2)
    start_action(state, "migration", "mammals", 1)
    assert english_label(engine.prompt(state).option("done")) == "Forfeit Migration"
    act(state, "done")
    assert finished(state)
    assert species(state, "D3") == {"mammals": 2}
    assert_ok(state)


@pytest.mark.parametrize("space,limit", list(enumerate([7, 6, 5, 4, 3, 2])))
def test_migration_moves_at_most_the_number_of_its_space(space, limit):
    state = position()
    put_species(state, "D3", "mammals", 9)
    start_action(state, "migration", "mammals", space)
    act(state, "move:D3>D2")
    assert option_ids(state) == [f"count:{k}" for k in range(limit, 0, -1)]
    act(state, f"count:{limit}")
    assert finished(state)  # no moves left, although 9 - limit species could still move
    assert species(state, "D3") == {"mammals": 9 - limit}
    assert species(state, "D2") == {"mammals": limit}
    assert_ok(state)


def test_migration_limit_is_shared_by_several_moves():
    state = position()
    put_species(state, "D3", "mammals", 2)
    put_species(state, "C3", "mammals", 2)
    start_action(state, "migration", "mammals", 4)  # moves 3
    act(state, "move:D3>D2")
    act(state, "count:2")
    # one move left: no count prompt, the species moves at once
    act(state, "move:C3>C4")
    assert finished(state)
    assert species(state, "D3") == {}
    assert species(state, "D2") == {"mammals": 2}
    assert species(state, "C3") == {"mammals": 1}
    assert species(state, "C4") == {"mammals": 1}
    assert_ok(state)


def test_species_that_arrived_this_action_cannot_move_again():
    state = position()
    put_species(state, "D3", "mammals", 2)
    put_species(state, "C3", "mammals", 1)
    start_action(state, "migration", "mammals", 0)
    act(state, "move:C3>D3")  # a single species: no count prompt
    assert species(state, "D3") == {"mammals": 3}
    assert engine.prompt(state).kind == "migration"
    ids = option_ids(state)
    assert not any(i.startswith("move:C3>") for i in ids)
    assert "move:D3>D2" in ids
    act(state, "move:D3>D2")
    assert option_ids(state) == ["count:2", "count:1"]  # not 3: one of them just arrived
    assert_rejected(state, "count:3", seat_no=SEAT["mammals"])
    act(state, "count:2")
    # everything of the mammals arrived this action: nothing can move, the action ends
    assert finished(state)
    assert species(state, "D3") == {"mammals": 1}
    assert species(state, "D2") == {"mammals": 2}
    assert species(state, "C3") == {}
    assert_ok(state)


@pytest.mark.parametrize("animal,reach", [
    ("birds", {"D2", "D3", "C4", "E3", "E4", "D4"}),
    ("mammals", {"D2", "D3", "C4"}),
])
def test_birds_fly_two_tiles_others_one(animal, reach):
    state = position()
    put_tile(state, "F4", "desert")  # next to E4: three tiles away from C3
    put_species(state, "C3", animal, 1)
    start_action(state, "migration", animal, 0)
    assert set(option_ids(state)) == {f"move:C3>{t}" for t in reach} | {"done"}
    act(state, "move:C3>D4" if animal == "birds" else "move:C3>C4")
    assert finished(state)  # the only species arrived this action
    assert species(state, "C3") == {}
    assert species(state, "D4" if animal == "birds" else "C4") == {animal: 1}
    assert_ok(state)


@pytest.mark.parametrize("removed,reach", [
    # D3 gone: E4 is two hexes from C3 but only across the empty D3; E3 (via D2) and D4
    # (via C4) are still reachable
    (["D3"], {"D2", "C4", "E3", "D4"}),
    # D2 and D3 gone: both two-step paths to E3 cross an empty hex
    (["D3", "D2"], {"C4", "D4"}),
])
def test_birds_never_fly_across_an_empty_hex(removed, reach):
    state = position()
    for label in removed:
        del state["tiles"][hk(label)]
    put_species(state, "C3", "birds", 2)
    start_action(state, "migration", "birds", 0)
    assert set(option_ids(state)) == {f"move:C3>{t}" for t in reach} | {"done"}
    assert_rejected(state, "move:C3>E4", seat_no=SEAT["birds"])
    act(state, "move:C3>D4")
    act(state, "count:2")
    assert finished(state)
    assert species(state, "D4") == {"birds": 2}
    assert_ok(state)


# ---------------------------------------------------------------------------------------------
# Competition


def one_tile_of_each_terrain(state, *animals):
    put_tile(state, "D1", "sea")
    for label in TILE_OF.values():
        for a in animals:
            put_species(state, label, a, 1)


@pytest.mark.parametrize("space", sorted(COMPETITION_SPACES))
def test_competition_space_allows_its_terrains_and_tundra(space):
    state = position()
    one_tile_of_each_terrain(state, "mammals", "birds")
    start_action(state, "competition", "mammals", space)
    allowed = COMPETITION_SPACES[space]
    expected = {f"kill:{TILE_OF[t]}:birds" for t in allowed}
    assert set(option_ids(state)) == expected | {"done"}
    assert_ok(state)


def test_competition_one_tile_per_terrain_only_shared_tiles():
    state = position()
    put_tile(state, "B3", "jungle")  # a second jungle
    put_species(state, "C3", "mammals", 1)
    put_species(state, "C3", "birds", 2)
    put_species(state, "C3", "insects", 1)
    put_species(state, "B3", "mammals", 1)
    put_species(state, "B3", "reptiles", 1)
    put_species(state, "D2", "mammals", 2)
    put_species(state, "D2", "amphibians", 1)
    put_species(state, "D3", "mammals", 1)
    put_species(state, "D3", "arachnids", 1)
    put_species(state, "E4", "mammals", 1)   # desert: not on space 1
    put_species(state, "E4", "birds", 1)
    put_tile(state, "C2", "wetland")         # a second wetland, without mammals
    put_species(state, "C2", "birds", 1)
    put_species(state, "D4", "mammals", 1)   # no opposing species there
    pools = gene_pools(state)
    start_action(state, "competition", "mammals", 1)  # jungle, wetland (+ tundra)
    p = engine.prompt(state)
    assert (p.kind, p.seat) == ("competition", SEAT["mammals"])
    assert set(option_ids(state)) == {
        "kill:C3:birds", "kill:C3:insects", "kill:B3:reptiles", "kill:D2:amphibians",
        "kill:D3:arachnids", "done",
    }
    act(state, "kill:C3:birds")
    assert species(state, "C3") == {"mammals": 1, "birds": 1, "insects": 1}
    # the jungle is done: neither jungle tile is offered again
    assert set(option_ids(state)) == {"kill:D2:amphibians", "kill:D3:arachnids", "done"}
    assert_rejected(state, "kill:B3:reptiles", seat_no=SEAT["mammals"])
    assert_rejected(state, "kill:C3:insects", seat_no=SEAT["mammals"])
    act(state, "kill:D2:amphibians")
    assert species(state, "D2") == {"mammals": 2}
    assert option_ids(state) == ["kill:D3:arachnids", "done"]
    act(state, "done")
    assert finished(state)
    assert species(state, "D3") == {"mammals": 1, "arachnids": 1}
    # eliminated species leave the game; gene pools do not change
    assert eliminated(state) == {"insects": 0, "birds": 1, "mammals": 0, "arachnids": 0,
                                 "reptiles": 0, "amphibians": 1}
    assert gene_pools(state) == pools
    assert_ok(state)


def test_competition_ends_after_its_three_terrains():
    state = position()
    one_tile_of_each_terrain(state, "mammals", "birds")
    start_action(state, "competition", "mammals", 6)  # mountain, sea (+ tundra)
    act(state, "kill:D4:birds")
    act(state, "kill:D1:birds")
    act(state, "kill:D3:birds")
    assert finished(state)
    assert state["animals"]["birds"]["eliminated"] == 3
    for t in ("D4", "D1", "D3"):
        assert species(state, t) == {"mammals": 1}
    assert_ok(state)


def test_arachnid_space_any_terrain_one_tile_per_terrain_up_to_the_limit():
    assert ARACHNID_COMPETITION_LIMIT == 3
    state = position()
    one_tile_of_each_terrain(state, "arachnids", "birds")
    put_tile(state, "B3", "jungle")
    put_species(state, "B3", "arachnids", 1)
    put_species(state, "B3", "birds", 1)
    start_action(state, "competition", "arachnids", 0)
    all_tiles = {*TILE_OF.values(), "B3"}
    assert set(option_ids(state)) == {f"kill:{t}:birds" for t in all_tiles} | {"done"}
    act(state, "kill:B3:birds")
    assert set(option_ids(state)) == {f"kill:{t}:birds" for t in all_tiles - {"B3", "C3"}} | {"done"}
    act(state, "kill:D1:birds")
    act(state, "kill:E3:birds")
    assert finished(state)  # five terrains left, but the limit is reached
    assert state["animals"]["birds"]["eliminated"] == 3
    assert species(state, "C3") == {"arachnids": 1, "birds": 1}
    assert_ok(state)


def test_multi_animal_own_other_animal_is_opposing():
    state = position(2, [["mammals", "birds", "insects"], ["reptiles", "amphibians", "arachnids"]],
                     multi_animal=True)
    put_species(state, "C3", "mammals", 1)
    put_species(state, "C3", "birds", 1)
    start_action(state, "competition", "mammals", 1)
    assert option_ids(state) == ["kill:C3:birds", "done"]
    act(state, "kill:C3:birds")
    assert finished(state)
    assert species(state, "C3") == {"mammals": 1}
    assert state["animals"]["birds"]["eliminated"] == 1
    assert_ok(state)


# ---------------------------------------------------------------------------------------------
# Domination


def test_domination_ranking_vps_and_the_dominant_animal_takes_a_card():
    state = position()
    set_cards(state, CARDS)
    # ranking counts species (endangered ones too); tie birds/reptiles -> reptiles
    put_species(state, "D2", "mammals", 3)   # no meat here: endangered, still first
    put_species(state, "D2", "insects", 2)
    put_species(state, "D2", "birds", 1)
    put_species(state, "D2", "reptiles", 1)
    put_element(state, "D2-NE", "seed")      # birds match 2, everybody else 0
    put_species(state, "E4", "insects", 1)
    start_action(state, "domination", "mammals", 0)
    p = engine.prompt(state)
    assert (p.kind, p.seat) == ("domination", SEAT["mammals"])
    assert set(option_ids(state)) == {"tile:D2", "tile:E4", "forfeit"}  # empty tiles score nothing

    act(state, "tile:D2")
    assert vps(state) == {"mammals": 8, "insects": 4, "reptiles": 2, "birds": 1,
                          "amphibians": 0, "arachnids": 0}
    p = engine.prompt(state)
    # the dominant animal chooses, not the actor
    assert (p.kind, p.animal, p.seat) == ("choose_card", "birds", SEAT["birds"])
    assert option_ids(state) == [card_id(c) for c in CARDS]
    assert_rejected(state, card_id("Omnivore"), seat_no=SEAT["mammals"])

    act(state, card_id("Omnivore"))
    assert finished(state)
    assert state["cards"] == CARDS[1:]
    assert state["cards_taken"] == ["Omnivore"]
    assert "Omnivore" not in state["deck"]
    assert state["scored"] == [hk("D2")]
    assert_ok(state)


@pytest.mark.parametrize("terrain", sorted(TILE_SCORING))
def test_domination_pays_the_tile_scoring_table(terrain):
    state = position()
    glaciated = terrain == "tundra"
    state["tiles"][hk("E3")]["terrain"] = terrain
    state["tiles"][hk("E3")]["under"] = "savannah" if glaciated else None
    counts = {"insects": 5, "arachnids": 4, "amphibians": 3, "birds": 2, "reptiles": 1, "mammals": 1}
    for a, n in counts.items():
        put_species(state, "E3", a, n)
    start_action(state, "domination", "reptiles", 0)
    act(state, "tile:E3")
    assert finished(state)  # no elements: nobody dominates, no card
    order = ["insects", "arachnids", "amphibians", "birds", "mammals", "reptiles"]  # mammals win the tie
    table = TILE_SCORING[terrain]
    assert vps(state) == {a: (table[i] if i < len(table) else 0) for i, a in enumerate(order)}
    assert_ok(state)


def test_domination_without_a_dominant_animal_takes_no_card():
    state = position()
    set_cards(state, CARDS)
    put_species(state, "D2", "birds", 1)
    put_species(state, "D2", "mammals", 1)
    put_element(state, "D2-NE", "meat")
    put_element(state, "D2-NW", "seed")  # mammals 2, birds 2: a tie, nobody dominates
    start_action(state, "domination", "birds", 0)
    act(state, "tile:D2")
    assert finished(state)
    assert vps(state)["mammals"] == 8 and vps(state)["birds"] == 4
    assert state["cards"] == CARDS and state["cards_taken"] == []
    assert_ok(state)


def test_a_tile_scored_this_turn_cannot_be_chosen_again():
    state = position()
    put_species(state, "D2", "birds", 1)
    put_species(state, "E4", "reptiles", 1)
    start_action(state, "domination", "birds", 0)
    act(state, "tile:D2")
    assert finished(state)
    start_action(state, "domination", "reptiles", 1)
    assert option_ids(state) == ["tile:E4", "forfeit"]
    assert_rejected(state, "tile:D2", seat_no=SEAT["reptiles"])
    act(state, "tile:E4")
    assert state["scored"] == [hk("D2"), hk("E4")]
    assert vps(state)["birds"] == 8 and vps(state)["reptiles"] == 4
    assert_ok(state)


# ---------------------------------------------------------------------------------------------
# Ice Age and the end of the game


def test_ice_age_bonus_finish_the_turn_and_final_scoring():
    state = position()
    set_cards(state, [LAST_CARD, *CARDS[:4]])
    deck_before = list(state["deck"])
    boxes_before = copy.deepcopy(state["boxes"])
    wanderlust_before = copy.deepcopy(state["wanderlust"])
    put_species(state, "D4", "mammals", 2)
    put_species(state, "D4", "reptiles", 1)     # endangered
    put_element(state, "D4-SE", "meat")
    put_element(state, "D4-SW", "meat")
    put_species(state, "C4", "mammals", 1)
    put_element(state, "C4-SW", "meat")
    put_species(state, "E4", "birds", 1)
    put_element(state, "E4-SE", "seed")
    put_species(state, "D2", "amphibians", 1)
    put_species(state, "D2", "insects", 1)
    put_element(state, "D2-NE", "water")        # amphibians 3
    put_element(state, "D2-NW", "grass")        # insects 2
    put_species(state, "D3", "arachnids", 2)
    put_species(state, "D3", "insects", 1)      # endangered on D3
    put_element(state, "D3-E", "grub")          # touches D3, E3, E4
    place_ap(state, "birds", "domination", 1)   # a later Domination AP of this turn

    domination_in_turn(state, "reptiles", 0)
    assert engine.prompt(state).seat == SEAT["reptiles"]
    act(state, "tile:D4")                       # mountain: mammals 3, reptiles 2
    p = engine.prompt(state)
    assert (p.kind, p.animal, p.seat) == ("choose_card", "mammals", SEAT["mammals"])
    act(state, card_id(LAST_CARD))
    # bonus for dominated tiles: mammals 2 (D4, C4) -> 3; birds, amphibians, arachnids 1 -> 1
    assert vps(state) == {"mammals": 6, "reptiles": 2, "birds": 1, "amphibians": 1,
                          "arachnids": 1, "insects": 0}
    assert state["ending"] is True

    # the turn goes on: the birds' Domination AP still scores and takes a card
    p = engine.prompt(state)
    assert (p.kind, p.animal, p.seat) == ("domination", "birds", SEAT["birds"])
    assert "tile:D4" not in option_ids(state)
    act(state, "tile:E4")                       # desert: birds 4
    p = engine.prompt(state)
    assert (p.kind, p.animal) == ("choose_card", "birds")
    act(state, card_id("Omnivore"))

    # Reset: Extinction (reptiles on D4, insects on D3), Survival (arachnids, 1 tundra tile),
    # final scoring of every tile, no reseed.
    assert engine.prompt(state) is None
    assert state["phase"] == "over"
    assert eliminated(state) == {"insects": 1, "birds": 0, "mammals": 0, "arachnids": 0,
                                 "reptiles": 1, "amphibians": 0}
    # final: D4 mammals 3, C4 mammals 5, E4 birds 4, D2 amphibians 8 / insects 4 (tie -> amphibians),
    # D3 arachnids 1; survival arachnids +1
    expected = {"mammals": 14, "reptiles": 2, "birds": 9, "amphibians": 9, "arachnids": 3, "insects": 4}
    assert vps(state) == expected
    assert state["result"] == {
        "scores": expected,
        "seat_scores": [expected[s[0]] for s in SEATED],
        "winner_seat": SEAT["mammals"],
        "winner": "mammals",
        "scoring_animals": [a for (a,) in SEATED],
        "tie_break": None,
    }
    # every VP booked where it came from, in display order
    assert vp.breakdowns(state) == {
        "mammals": {"domination": 3, "card:Ice Age": 3, "final_scoring": 8},
        "reptiles": {"domination": 2},
        "birds": {"domination": 4, "card:Ice Age": 1, "final_scoring": 4},
        "amphibians": {"card:Ice Age": 1, "final_scoring": 8},
        "arachnids": {"survival": 1, "card:Ice Age": 1, "final_scoring": 1},
        "insects": {"final_scoring": 4},
    }
    assert state["cards_taken"] == [LAST_CARD, "Omnivore"]
    assert state["cards"] == CARDS[1:4]         # not refilled
    assert state["deck"] == deck_before
    assert state["boxes"] == boxes_before
    assert state["wanderlust"] == wanderlust_before
    assert state["turn"] == 1
    assert_ok(state)


def test_ice_age_winner_tie_goes_to_the_higher_animal():
    # birds sit in seat 0, mammals in seat 1; both end on 7 VP
    state = position(2, [["birds"], ["mammals"]])
    set_cards(state, [LAST_CARD, *CARDS[:4]])
    put_species(state, "D4", "mammals", 1)
    put_species(state, "D4", "birds", 1)        # endangered on D4
    put_element(state, "D4-SE", "meat")
    put_species(state, "E4", "birds", 1)
    put_element(state, "E4-SE", "seed")
    domination_in_turn(state, "birds", 0)
    act(state, "tile:D4")                       # tie on count: mammals 3, birds 2
    assert engine.prompt(state).animal == "mammals"
    act(state, card_id(LAST_CARD))              # each dominates one tile: +1 each
    # nobody has a choice left: Extinction removes the birds on D4; final: D4 mammals +3, E4 birds +4
    assert engine.prompt(state) is None
    assert state["animals"]["birds"]["eliminated"] == 1
    assert vps(state) == {"mammals": 7, "birds": 7}
    assert state["result"]["winner_seat"] == 1
    assert state["result"]["winner"] == "mammals"
    assert state["result"]["seat_scores"] == [7, 7]
    assert_ok(state)


def test_ice_age_end_still_asks_the_mammals_to_save_a_species():
    state = position(2, [["birds"], ["mammals"]])
    set_cards(state, [LAST_CARD, *CARDS[:4]])
    state["animals"]["birds"]["vp"] = 1
    put_species(state, "D4", "mammals", 1)
    put_element(state, "D4-SE", "meat")
    put_species(state, "C4", "mammals", 2)      # endangered
    put_species(state, "E4", "birds", 1)
    put_element(state, "E4-SE", "seed")
    domination_in_turn(state, "birds", 0)
    act(state, "tile:E4")                       # birds +4
    assert engine.prompt(state).animal == "birds"
    act(state, card_id(LAST_CARD))              # birds +1 (E4), mammals +1 (D4)
    p = engine.prompt(state)
    assert (p.kind, p.seat) == ("extinction_save", 1)
    assert state["phase"] != "over" and state["result"] is None
    assert vps(state) == {"birds": 6, "mammals": 1}
    act(state, "save:C4")
    assert engine.prompt(state) is None and state["phase"] == "over"
    assert species(state, "C4") == {"mammals": 1}
    # final: D4 mammals +3, C4 mammals +5 (the saved species), E4 birds +4
    assert vps(state) == {"birds": 10, "mammals": 9}
    assert state["result"]["winner_seat"] == 0 and state["result"]["winner"] == "birds"
    assert state["result"]["seat_scores"] == [10, 9]
    assert_ok(state)


@pytest.mark.parametrize("vp,seat_scores,winner_seat,winner", [
    # seat 1 has the best animal and the best total, but its lowest animal decides
    ({"mammals": 70, "birds": 145, "insects": 160, "reptiles": 60, "amphibians": 200, "arachnids": 190},
     [70, 60], 0, "mammals"),
    # lowest animals tie at 50: reptiles stand above insects on the food chain
    ({"mammals": 80, "birds": 90, "insects": 50, "reptiles": 50, "amphibians": 60, "arachnids": 70},
     [50, 50], 1, "reptiles"),
])
def test_multi_animal_seat_scores_its_lowest_animal(vp, seat_scores, winner_seat, winner):
    state = position(2, [["mammals", "birds", "insects"], ["reptiles", "amphibians", "arachnids"]],
                     multi_animal=True)
    for a, n in vp.items():
        state["animals"][a]["vp"] = n
    r = result(state)
    assert r["seat_scores"] == seat_scores
    assert (r["winner_seat"], r["winner"]) == (winner_seat, winner)
    assert r["scores"] == vp
    assert_ok(state)


# ---------------------------------------------------------------------------------------------
# Reset: Extinction (Survival: tests/engine/cards/test_card_survival.py)


def extinction_position():
    state = position()
    put_species(state, "D4", "mammals", 1)
    put_element(state, "D4-SE", "meat")          # safe
    put_species(state, "C4", "mammals", 2)       # endangered
    put_species(state, "E4", "mammals", 1)       # endangered
    put_species(state, "E4", "reptiles", 2)      # endangered
    put_species(state, "D2", "insects", 2)       # endangered
    put_species(state, "D2", "amphibians", 1)
    put_element(state, "D2-NE", "water")
    return state


def test_extinction_mammals_save_one_species():
    state = extinction_position()
    pools = gene_pools(state)
    run_reset(state)
    p = engine.prompt(state)
    assert (p.kind, p.animal, p.seat) == ("extinction_save", "mammals", SEAT["mammals"])
    assert set(option_ids(state)) == {"save:C4", "save:E4", "none"}
    assert_rejected(state, "save:D4", seat_no=SEAT["mammals"])
    assert_rejected(state, "save:C4", seat_no=SEAT["birds"])
    act(state, "save:C4")
    # one species saved on C4 only; the rest of the endangered species are gone
    assert species(state, "C4") == {"mammals": 1}
    assert species(state, "E4") == {}
    assert species(state, "D2") == {"amphibians": 1}
    assert species(state, "D4") == {"mammals": 1}
    assert eliminated(state) == {"insects": 2, "birds": 0, "mammals": 2, "arachnids": 0,
                                 "reptiles": 2, "amphibians": 0}
    assert gene_pools(state) == pools
    assert engine.prompt(state).kind == "place_ap" and state["turn"] == 2
    assert_ok(state)


def test_extinction_mammals_may_save_none():
    state = extinction_position()
    run_reset(state)
    act(state, "none")
    assert species(state, "C4") == {} and species(state, "E4") == {}
    assert state["animals"]["mammals"]["eliminated"] == 3
    assert_ok(state)


def test_extinction_without_endangered_mammals_asks_nobody():
    state = position()
    put_species(state, "D4", "mammals", 2)
    put_element(state, "D4-SE", "meat")
    put_species(state, "E4", "reptiles", 2)
    run_reset(state)
    assert engine.prompt(state).kind == "place_ap" and state["turn"] == 2
    assert species(state, "E4") == {}
    assert species(state, "D4") == {"mammals": 2}
    assert eliminated(state)["reptiles"] == 2
    assert_ok(state)


# ---------------------------------------------------------------------------------------------
# VPs and illegal choices


def test_vps_never_go_below_zero():
    state = position()
    state["animals"]["birds"]["vp"] = 3
    assert gain_vp(state, "birds", -5, source="card:Niche Biomes") == -3
    assert state["animals"]["birds"]["vp"] == 0
    assert gain_vp(state, "birds", -1, source="card:Niche Biomes") == 0
    assert state["animals"]["birds"]["vp"] == 0
    assert gain_vp(state, "birds", 4, source="domination") == 4
    assert state["animals"]["birds"]["vp"] == 4
    assert_ok(state)


def test_vp_losses_stop_at_zero_in_play():
    """Niche Biomes: every animal with more VPs than the taker loses the tile's 1st place."""
    state = position()
    set_cards(state, ["Niche Biomes", *CARDS[:4]])
    for a, n in {"reptiles": 6, "insects": 4, "arachnids": 30}.items():
        state["animals"][a]["vp"] = n
    put_species(state, "D2", "mammals", 3)       # endangered: scores first, cannot dominate
    put_species(state, "D2", "birds", 1)
    put_element(state, "D2-NE", "seed")
    start_action(state, "domination", "amphibians", 0)
    act(state, "tile:D2")                        # wetland: mammals 8, birds 4
    assert engine.prompt(state).animal == "birds"
    act(state, card_id("Niche Biomes"))          # everybody above 4 VP loses 8
    assert vps(state) == {"mammals": 0, "birds": 4, "reptiles": 0, "insects": 4,
                          "arachnids": 22, "amphibians": 0}
    assert_ok(state)


def _migration_prompt():
    state = position()
    put_species(state, "C3", "mammals", 3)
    start_action(state, "migration", "mammals", 0)
    return state


def _migration_count_prompt():
    state = _migration_prompt()
    act(state, "move:C3>D3")
    return state


def _competition_prompt():
    state = position()
    one_tile_of_each_terrain(state, "mammals", "birds")
    start_action(state, "competition", "mammals", 1)
    return state


def _domination_prompt():
    state = position()
    put_species(state, "D2", "birds", 1)
    start_action(state, "domination", "mammals", 0)
    return state


def _card_prompt():
    state = position()
    set_cards(state, CARDS)
    put_species(state, "D2", "birds", 1)
    put_element(state, "D2-NE", "seed")
    start_action(state, "domination", "mammals", 0)
    act(state, "tile:D2")
    return state


@pytest.mark.parametrize("build,bad", [
    (_migration_prompt, ["move:C3>E4", "move:D3>C3", "count:1", "move:C3>ZZ", "", "done "]),
    (_migration_count_prompt, ["count:4", "count:0", "done", "move:C3>D2"]),
    (_competition_prompt, ["kill:E4:birds", "kill:C3:mammals", "kill:C3:insects", "kill:C3"]),
    (_domination_prompt, ["tile:E3", "tile:Z9", "tile:D2:x", "card:omnivore"]),
    (_card_prompt, ["card:ice-age", "card:", "tile:D2", "forfeit"]),
])
def test_illegal_option_or_wrong_seat_changes_nothing(build, bad):
    state = build()
    p = engine.prompt(state)
    for option_id in bad:
        assert_rejected(state, option_id, seat_no=p.seat)
    assert_rejected(state, None, seat_no=p.seat)
    legal = p.options[0].id
    for seat in range(6):
        if seat != p.seat:
            assert_rejected(state, legal, seat_no=seat)
    assert_rejected(state, legal, seat_no=str(p.seat))
    engine.apply(state, p.seat, legal)  # the state is still good for a legal choice
    assert_ok(state)
