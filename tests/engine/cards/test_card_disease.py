"""Disease by position (engine/cards/disease.py)."""

from __future__ import annotations

from card_helpers import ask, assert_nothing_happens, rec, take
from helpers import (
    act,
    assert_ok,
    assert_rejected,
    assert_wrong_seat_rejected,
    finished,
    fresh,
    option_ids,
    same,
    seat,
    set_added,
)


def test_disease_each_animal_with_more_elements_chooses_its_loss():
    state = fresh()
    set_added(state, "reptiles", ["grass"])  # the taker: 3 elements
    set_added(state, "mammals", ["sun", "water"])  # 4: loses one
    set_added(state, "birds", ["seed"])  # 3: not more
    set_added(state, "arachnids", ["meat", "grub", "grub"])  # 5: loses one
    # amphibians: 3 printed, not more; insects: 2
    expected = take(state, "Disease", "reptiles")
    assert ask(state) == ("disease", "mammals", seat(state, "mammals"))
    assert option_ids(state) == ["lose:sun", "lose:water"]
    assert_wrong_seat_rejected(state, seat(state, "reptiles"))
    assert_rejected(state, "lose:meat")  # printed, not added
    act(state, "lose:water")
    assert ask(state) == ("disease", "arachnids", seat(state, "arachnids"))
    assert option_ids(state) == ["lose:grub", "lose:meat"]
    assert_rejected(state, "lose:sun")
    act(state, "lose:grub")
    assert finished(state)
    rec(expected, "mammals")["added"] = ["sun"]
    rec(expected, "arachnids")["added"] = ["meat", "grub"]
    expected["bag"]["water"] += 1
    expected["bag"]["grub"] += 1
    same(state, expected)
    assert_ok(state)


def test_disease_skips_an_animal_whose_extra_elements_are_printed():
    state = fresh()
    # the taker has 2; amphibians have 3 printed and nothing added: nothing to lose
    set_added(state, "arachnids", ["sun", "water"])
    expected = take(state, "Disease", "insects")
    assert ask(state) == ("disease", "arachnids", seat(state, "arachnids"))
    assert option_ids(state) == ["lose:sun", "lose:water"]
    act(state, "lose:sun")
    assert finished(state)
    rec(expected, "arachnids")["added"] = ["water"]
    expected["bag"]["sun"] += 1
    same(state, expected)
    assert_ok(state)


def test_disease_nothing_when_nobody_has_more_elements():
    state = fresh()
    set_added(state, "amphibians", ["sun"])  # the taker: 4
    set_added(state, "mammals", ["water", "water"])  # 4
    set_added(state, "birds", ["grub"])  # 3
    assert_nothing_happens(state, "Disease", "amphibians")


def test_disease_takes_the_only_type_without_asking():
    state = fresh()
    set_added(state, "mammals", ["sun", "sun"])  # 4 elements, a single added type
    expected = take(state, "Disease", "insects")  # the taker: 2 elements
    assert finished(state)
    rec(expected, "mammals")["added"] = ["sun"]
    expected["bag"]["sun"] += 1
    same(state, expected)
    assert_ok(state)
