"""``highlight_between`` finds exactly what one action changed."""

from __future__ import annotations

import copy
import random

import engine
from engine.simulate import pick
from renderers import Highlight, highlight_between


def test_no_change_no_highlight():
    state = engine.new_game(4, 1)
    h = highlight_between(state, copy.deepcopy(state))
    assert h == Highlight() and not h


def test_placing_an_ap_highlights_its_space_only():
    state = engine.new_game(4, 1)
    before = copy.deepcopy(state)
    p = engine.prompt(state)
    engine.apply(state, p.seat, "speciation-3")
    h = highlight_between(before, state)
    assert h.spaces == {("speciation", 2)}
    assert not h.tiles and not h.corners


def test_species_terrain_and_elements_are_diffed():
    before = engine.new_game(6, 1)
    after = copy.deepcopy(before)
    after["tiles"]["1,-1"]["species"]["birds"] = 5  # species changed
    after["tiles"]["1,0"]["terrain"] = "tundra"  # glaciated
    after["tiles"]["2,-2"] = {"terrain": "sea", "under": None, "species": {}}  # Wanderlust
    removed = next(iter(after["elements"]))
    del after["elements"][removed]
    after["elements"]["-3,1|-3,2|-2,1"] = "sun"
    h = highlight_between(before, after)
    assert h.tiles == {"1,-1", "1,0", "2,-2"}
    assert h.corners == {removed, "-3,1|-3,2|-2,1"}
    assert h.spaces == set()


def test_a_whole_turn_of_random_play_only_highlights_real_changes():
    state = engine.new_game(2, 3)
    chooser = random.Random(3)
    for _ in range(60):
        before = copy.deepcopy(state)
        p = engine.prompt(state)
        engine.apply(state, p.seat, pick(p.options, chooser).id)
        h = highlight_between(before, state)
        for key in h.tiles:
            assert before["tiles"].get(key) != state["tiles"].get(key)
        for c in h.corners:
            assert before["elements"].get(c) != state["elements"].get(c)
        for row, i in h.spaces:
            assert before["display"][row][i] != state["display"][row][i]
