"""Seeded games in which every person gives everything ahead: standing plans, orders for their
APs, early answers.  Every move answered ahead is accepted by ``engine.apply`` (it raises on an
illegal one), every invariant holds after every move, the game ends, and its move list replays."""

import json
import random
from collections import Counter

import pytest
from ahead_helpers import drive

import engine
from engine.ahead import Book
from engine.early import foreseen, independent_now
from engine.invariants import violations
from engine.orders import early_answers, give_order
from engine.plan import plannable
from engine.rehearsal import Rehearsing, aps_to_resolve
from engine.simulate import pick, replay
from engine.standing import Standing

#: (players, seed, multi-animal, one animal's plans end with the best open space)
CASES = [(2, 1, False, False), (3, 2, False, False), (4, 3, False, True), (5, 4, False, False),
         (6, 5, False, False), (2, 6, True, False), (3, 7, True, False)]
#: Most answers a random order holds.
MOST = 8


def _wishes(chooser: random.Random) -> tuple[str, ...]:
    rows = ["speciation", "wanderlust", "migration", "competition", "domination", "glaciation", "adaptation"]
    return tuple(chooser.sample([*plannable(), *rows, *rows], chooser.randint(0, 6)))


def _order(state: dict, animal: str, space: str, chooser: random.Random) -> list[str]:
    r = Rehearsing(state, animal, space)
    while r.asked is not None and len(r.answers) < chooser.randint(1, MOST):
        r.answer(pick(r.asked.options, chooser).id)
    return [a.option for a in r.answers]


def _give(state: dict, books: dict[str, Book], animal: str, chooser: random.Random, best: str | None) -> None:
    """What a person who is there gives ahead: a plan now and then, orders for some of their APs,
    early answers to the independent step under way."""
    book = books[animal]
    if chooser.random() < 0.2:
        book = Book(animal, Standing(_wishes(chooser), best=animal == best), book.orders, book.early)
    for space in aps_to_resolve(state, animal):
        if chooser.random() < 0.6:
            book = book.with_order(give_order(state, animal, space, _order(state, animal, space, chooser)))
    if independent_now(state):
        mine = [f for f in foreseen(state)[1:] if f.animal == animal]
        book = book.with_early(early_answers(state, animal, [pick(f.options, chooser).id for f in mine]))
    books[animal] = book


@pytest.mark.parametrize("players,seed,multi,best", CASES)
def test_every_move_answered_ahead_is_legal_and_the_game_ends_with_every_invariant(players, seed, multi, best):
    state = engine.new_game(players, seed, multi_animal=multi)
    chooser = random.Random(seed)
    best_of = state["initiative"][0] if best else None  # the hint level's ranking costs a search
    books = {a: Book(a, Standing(_wishes(chooser), best=a == best_of)) for a in state["animals"]}
    moves: list[tuple[int, str]] = []
    ahead: Counter[str] = Counter()
    stops: Counter[str] = Counter()
    while (p := engine.prompt(state)) is not None:
        played = drive(state, books, seed=seed)  # engine.apply raises on any illegal answer
        for animal, how, option in played.moves:
            moves.append((state["animals"][animal]["seat"], option))
            ahead[how] += 1
        stops.update(s.reason.key for s in (*played.stops, *played.dropped))
        assert violations(state) == []
        p = played.asked
        if p is None:
            break
        option = pick(p.options, chooser).id
        engine.apply(state, p.seat, option, asked=p)
        moves.append((p.seat, option))
        assert violations(state) == []
        _give(state, books, p.animal, chooser, best_of)
        for animal in {f.animal for f in foreseen(state)} - {p.animal}:
            if chooser.random() < 0.5:  # asked at once, some answer at once
                _give(state, books, animal, chooser, best_of)
    assert state["phase"] == "over"
    assert min(ahead["planned"], ahead["ordered"]) > 10, ahead
    assert json.loads(json.dumps(state)) == state
    assert replay(players, seed, moves, multi_animal=multi) == state
    # every book is the caller's: nothing of it ever went into the state
    assert "book" not in json.dumps(state) and "orders" not in state


def test_over_the_games_early_answers_and_stops_happen():
    """The cases above exercise every path: early answers applied, and orders stopped."""
    state = engine.new_game(5, 4)
    chooser = random.Random(4)
    books = {a: Book(a) for a in state["animals"]}
    seen: Counter[str] = Counter()
    while (p := engine.prompt(state)) is not None:
        played = drive(state, books)
        seen.update(how for _, how, _ in played.moves)
        seen.update(s.reason.key for s in played.stops)
        if played.asked is None:
            break
        p = played.asked
        engine.apply(state, p.seat, pick(p.options, chooser).id, asked=p)
        for animal in {p.animal} | {f.animal for f in foreseen(state)}:
            _give(state, books, animal, chooser, None)
    assert seen["early"] > 0 and seen["ordered"] > 0 and seen["stop.not_offered"] + seen["stop.other_prompt"] > 0
