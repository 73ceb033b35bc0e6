"""The greedy baseline: its exact measure on a hand-built position, and what it then picks."""

import json

import pytest

from engine.ai import choose, greedy
from tests.engine.helpers import current, fresh, put_element, put_species, put_tile, set_box, start_action


def _position() -> dict:
    """Insects (seat 0) against birds (seat 1) on four tiles.

    D2 sea: 3 insects, 1 bird; a grass (insects match 2, birds 0): insects dominate.
    E3 mountain: 1 insect; a grass: insects dominate.
    C3 forest: 2 birds; a seed: birds dominate.
    C4 jungle: 2 insects, 2 birds; a grass and a seed: both match 2, nobody dominates.
    """
    state = fresh(2, animals=[["insects"], ["birds"]])
    for label, terrain in (("D2", "sea"), ("E3", "mountain"), ("C3", "forest"), ("C4", "jungle")):
        put_tile(state, label, terrain)
    put_species(state, "D2", "insects", 3)
    put_species(state, "D2", "birds", 1)
    put_element(state, "D2-NE", "grass")
    put_species(state, "E3", "insects", 1)
    put_element(state, "E3-SE", "grass")
    put_species(state, "C3", "birds", 2)
    put_element(state, "C3-W", "seed")
    put_species(state, "C4", "insects", 2)
    put_species(state, "C4", "birds", 2)
    put_element(state, "C4-SW", "grass")
    put_element(state, "C4-W", "seed")
    state["animals"]["insects"]["vp"] = 5
    state["animals"]["birds"]["vp"] = 3
    return state


def test_measure_is_vp_plus_twice_dominated_tiles_plus_half_the_species():
    state = _position()
    # insects: 5 VP + 2 x 2 tiles + 0.5 x 6 species; birds: 3 VP + 2 x 1 tile + 0.5 x 5 species
    assert greedy.animal_measures(state) == {"insects": 12.0, "birds": 7.5}
    assert greedy.seat_measures(state) == [12.0, 7.5]
    assert greedy.score(state, 0) == 4.5
    assert greedy.score(state, 1) == -4.5


def test_a_multi_animal_seat_is_measured_by_its_lowest_animal():
    state = fresh(2, multi_animal=True, animals=[["insects", "birds", "mammals"],
                                                 ["reptiles", "amphibians", "arachnids"]])
    for a, vp in {"insects": 10, "birds": 4, "mammals": 7, "reptiles": 6, "amphibians": 6,
                  "arachnids": 9}.items():
        state["animals"][a]["vp"] = vp
    put_species(state, "D2", "mammals", 2)  # no element: nobody dominates
    assert greedy.seat_measures(state) == pytest.approx([4 + 0.01 * (10 + 4 + 8), 6 + 0.01 * 21])
    assert greedy.score(state, 0) == pytest.approx(4.22 - 6.21)


def test_greedy_scores_the_tile_that_gains_it_most_against_the_best_opponent():
    state = _position()
    state["deck"] += state["cards"]  # no card to take: the scoring alone decides
    state["cards"] = []
    start_action(state, "domination", "insects")
    state["steps"] = state["steps"][1:]  # the action is all that is left
    assert current(state).seat == 0
    before = json.dumps(state)
    # D2 sea: insects +9, birds +5 (a margin of +4); E3: +3; C3 and C4 help the birds more.
    assert {choose(state, "greedy", s) for s in range(5)} == {"tile:D2"}
    assert json.dumps(state) == before


def test_greedy_breaks_ties_by_the_seed():
    state = _position()
    set_box(state, "wasteland", ["grub", "meat", "sun"])
    start_action(state, "wasteland", "insects")
    state["steps"] = state["steps"][1:]
    # Taking an element out of the Wasteland box changes no measure: every option ties.
    ids = {o.id for o in current(state).options}
    assert ids == {"remove:grub", "remove:meat", "remove:sun", "forfeit"}
    picks = [choose(state, "greedy", s) for s in range(40)]
    assert set(picks) == ids
    assert picks == [choose(state, "greedy", s) for s in range(40)]
