"""Answers before your turn (engine/early.py, engine/orders.py): the independent steps list who
will be asked and what each is offered, everyone can answer at once, and early answers are
applied when their turn comes, in turn order, or stop."""

import random

import pytest
from ahead_helpers import drive
from helpers import (
    current,
    fresh,
    lay_sea_on_d1,
    seat,
    set_added,
    snapshot,
    species,
)

import engine
import words
from engine.ahead import EARLY, Book
from engine.early import INDEPENDENT, asked_at_once, at_foreseen, foreseen, foreseen_for, independent_now
from engine.orders import Order, early_answers
from engine.simulate import pick
from engine.standing import Standing
from tests.engine.cards.card_helpers import take


def _moves_onto_d1() -> dict:
    """A sea tile just laid on D1 by the amphibians' Wanderlust: it touches D2 only, where the
    mammals, birds and insects may move from, in food-chain order."""
    state = fresh()
    lay_sea_on_d1(state)
    assert independent_now(state)
    return state


def test_the_moves_onto_a_new_tile_are_foreseen_whole_and_everyone_is_asked_at_once():
    state = _moves_onto_d1()
    before = snapshot(state)
    ahead = foreseen(state)
    assert [(f.animal, f.kind, [o.id for o in f.options]) for f in ahead] == [
        ("mammals", "wanderlust_move", ["move:2", "move:1", "move:0"]),
        ("birds", "wanderlust_move", ["move:3", "move:2", "move:1", "move:0"]),
        ("insects", "wanderlust_move", ["move:1", "move:0"]),
    ]
    assert ahead[0].prompt() == current(state)
    assert asked_at_once(state) == tuple(seat(state, a) for a in ("mammals", "birds", "insects"))
    assert asked_at_once(state, skip=[seat(state, "birds")]) == (seat(state, "mammals"), seat(state, "insects"))
    assert at_foreseen(state, 2)["steps"][-1]["name"] == "wanderlust_move"
    assert engine.prompt(at_foreseen(state, 2)) == ahead[2].prompt()
    assert snapshot(state) == before


def test_early_answers_wait_their_turn_and_are_applied_in_turn_order_without_asking():
    state = _moves_onto_d1()
    books = {a: Book(a) for a in ("mammals", "birds", "insects")}
    books["insects"] = books["insects"].with_early(early_answers(state, "insects", ["move:1"]))
    books["birds"] = books["birds"].with_early(early_answers(state, "birds", ["move:2"]))
    played = drive(state, books)
    assert played.moves == []
    assert played.asked is not None and played.asked.animal == "mammals"  # the one to act now answers by hand
    engine.apply(state, played.asked.seat, "move:0")
    played = drive(state, books)
    assert played.moves == [("birds", EARLY, "move:2"), ("insects", EARLY, "move:1")]
    assert species(state, "D1") == {"birds": 2, "insects": 1}


def test_an_early_answer_no_longer_offered_stops_and_its_player_is_asked():
    state = _moves_onto_d1()
    books = {"birds": Book("birds").with_early(early_answers(state, "birds", ["move:3"]))}
    engine.apply(state, seat(state, "mammals"), "move:0")
    species(state, "D2")["birds"] = 1  # as if something else had eliminated two of them
    state["animals"]["birds"]["eliminated"] += 2
    played = drive(state, books)
    [stop] = played.stops
    assert (stop.space, stop.reason.key) == (None, "stop.not_offered")
    assert stop.reason.args["choice"] == stop.answer.label and "move:3" not in words.reason(stop.reason, "en")
    assert played.asked is not None and played.asked.animal == "birds"


@pytest.mark.parametrize("animal,options,key", [
    ("mammals", ["move:1"], "early.nothing_asked"),  # its prompt is the pending one: answered as usual
    ("birds", ["move:1", "move:1"], "early.nothing_asked"),
    ("birds", ["move:4"], "not_legal"),
    ("amphibians", ["move:0"], "early.nothing_asked"),
])
def test_an_early_answer_to_nothing_asked_or_not_offered_is_refused(animal, options, key):
    state = _moves_onto_d1()
    before = snapshot(state)
    with pytest.raises(engine.RulesError) as refused:
        early_answers(state, animal, options)
    assert refused.value.key == key
    assert snapshot(state) == before


def test_immigrants_and_disease_are_foreseen_for_every_animal_they_ask():
    state = fresh()
    set_added(state, "mammals", ["sun", "water"])
    set_added(state, "arachnids", ["meat", "grub", "grub"])
    take(state, "Disease", "reptiles")
    assert [(f.animal, [o.id for o in f.options]) for f in foreseen(state)] == [
        ("mammals", ["lose:sun", "lose:water"]), ("arachnids", ["lose:grub", "lose:meat"])]
    assert foreseen_for(state, "arachnids")[0].kind == "disease"
    state = fresh()
    take(state, "Immigrants", "birds")
    assert [f.animal for f in foreseen(state)] == ["mammals", "reptiles", "birds", "amphibians", "arachnids", "insects"]


def test_nothing_is_foreseen_where_answers_depend_on_each_other():
    state = engine.new_game(4, 2)
    assert current(state).kind == "place_ap"  # Planning: a space taken is gone for the others
    assert not independent_now(state) and foreseen(state) == () and asked_at_once(state) == ()
    assert {"wanderlust_move", "immigrants", "disease"} == INDEPENDENT


@pytest.mark.parametrize("players,seed", [(6, 1), (4, 7), (3, 4)])
def test_in_random_games_every_prompt_of_an_independent_step_is_as_foreseen_whatever_was_answered(players, seed):
    state = engine.new_game(players, seed)
    chooser = random.Random(seed)
    checked = 0
    while (p := engine.prompt(state)) is not None:
        if independent_now(state):
            ahead = list(foreseen(state))
            step = state["steps"][-1]
            while ahead:
                q = engine.prompt(state)
                assert q == ahead.pop(0).prompt()
                engine.apply(state, q.seat, pick(q.options, chooser).id)
                checked += 1
            assert engine.prompt(state) is None or state["steps"][-1] is not step
            continue
        engine.apply(state, p.seat, pick(p.options, chooser).id)
    assert checked > 5


def test_a_book_without_its_early_answers_keeps_its_plan_and_orders():
    state = _moves_onto_d1()
    kept = Book("birds", Standing(("wanderlust-1",)), orders=(Order("birds", "domination-1", state["turn"], ()),))
    book = kept.with_early(early_answers(state, "birds", ["move:2"]))
    assert book.early and book.without_early() == kept


def test_a_book_remembers_the_wishes_found_taken_it_told_this_turn_only():
    book = Book("birds").with_told(3, [("domination-1", "insects")])
    assert book.untold(3, [("domination-1", "insects"), ("wanderlust", None)]) == (("wanderlust", None),)
    assert book.untold(4, [("domination-1", "insects")]) == (("domination-1", "insects"),)  # a new turn
    assert Book.from_dict(book.to_dict()) == book and "taken" not in Book("birds").to_dict()
    assert book.with_told(4, [("wanderlust", None)]).taken == ((4, "wanderlust", None),)  # the turn before goes
