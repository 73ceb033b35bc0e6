"""Standing Planning preferences (engine/standing.py): wishes of spaces and rows, granted by the
animal's APs on the display, read again at every placement of every turn; the best open space
as the fallback; nothing outside the animal's own Planning placement."""

import pytest
from helpers import current, game

import engine
from engine.ai.ranking import ranked
from engine.display import place_ap
from engine.standing import BEST_LEVEL, Placement, Standing, granted, place


def _first_placement(players: int = 4, seed: int = 3) -> tuple[dict, engine.Prompt, list[str]]:
    state = game(players, seed)
    p = current(state)
    assert p.kind == "place_ap"
    order = state["initiative"]
    others = [order[(order.index(p.animal) + k) % players] for k in range(1, players)]
    return state, p, others


def test_a_row_wish_takes_the_left_most_open_space_of_the_row():
    state, p, (after, later, _) = _first_placement()
    place_ap(state, after, "domination", 0)
    place_ap(state, later, "domination", 1)
    out = place(state, p.animal, Standing(("domination",)))
    assert out == Placement("domination-3", "domination", False, ())
    engine.apply(state, p.seat, out.option)
    assert state["display"]["domination"][2] == p.animal


def test_taken_wishes_are_passed_over_and_named_with_the_animal_on_their_space():
    state, p, (after, later, _) = _first_placement()
    place_ap(state, after, "speciation", 0)
    for i in range(3):
        place_ap(state, later if i % 2 else after, "wanderlust", i)
    plan = Standing(("speciation-1", "wanderlust", "migration-2", "domination"))
    out = place(state, p.animal, plan)
    assert out == Placement("migration-2", "migration-2", False, (("speciation-1", after), ("wanderlust", None)))


def test_the_plan_is_read_again_at_each_placement_and_wishes_stood_on_are_granted():
    state = game(2, 5)
    plan = Standing(("domination", "speciation-2", "domination", "migration-1"))
    placed: dict[str, list[str]] = {}
    for _ in range(6):  # three placements each
        p = current(state)
        out = place(state, p.animal, plan)
        placed.setdefault(p.animal, []).append(out.option)
        engine.apply(state, p.seat, out.option)
    first, second = state["initiative"][:2]
    # a row wished twice takes two APs; each animal's own APs grant its own wishes only
    # (the second finds Speciation 2 taken and goes on to its second Domination)
    assert placed[first] == ["domination-1", "speciation-2", "domination-4"]
    assert placed[second] == ["domination-2", "domination-3", "migration-1"]
    assert granted(state, first, plan.wishes) == (True, True, True, False)


def test_a_space_wish_is_granted_before_a_row_wish_by_the_same_ap():
    state, p, _ = _first_placement()
    place_ap(state, p.animal, "domination", 0)  # as if placed by hand earlier this turn
    assert granted(state, p.animal, ("domination", "domination-1")) == (False, True)
    assert place(state, p.animal, Standing(("domination", "domination-1"))).option == "domination-2"


def test_the_plan_keeps_across_turns_and_serves_the_first_placement_of_a_turn():
    state = game(2, 5)
    plans = {a: Standing(("wanderlust", "speciation", "domination"), best=False) for a in state["animals"]}
    turns_served: dict[int, int] = {}
    while state["turn"] <= 2:
        p = current(state)
        if p.kind == "place_ap":
            out = place(state, p.animal, plans[p.animal])
            if out.option is not None:
                turns_served[state["turn"]] = turns_served.get(state["turn"], 0) + 1
                engine.apply(state, p.seat, out.option)
                continue
        engine.apply(state, p.seat, p.options[-1].id if p.kind != "place_ap" else p.options[0].id)
    # each animal wishes three rows: its first three placements of both turns are served,
    # the very first placement of turn 2 among them
    assert turns_served == {1: 6, 2: 6}


def test_the_best_open_space_follows_the_wishes_and_is_the_hint_levels_first_choice():
    state, p, (after, _, _) = _first_placement()
    place_ap(state, after, "initiative", 0)
    out = place(state, p.animal, Standing(("initiative",), best=True), seed=11)
    assert Standing(("initiative",)).wishes == ("initiative-1",)
    assert out.best and out.wish is None
    assert out.taken == (("initiative-1", after),)
    assert out.option == ranked(state, BEST_LEVEL, 11)[0]
    assert place(state, p.animal, Standing(("initiative",)), seed=11) == Placement(None, None, False,
                                                                                   (("initiative-1", after),))


def test_nothing_outside_the_animals_own_planning_placement():
    state, p, _ = _first_placement()
    other = next(a for a in state["animals"] if a != p.animal)
    assert place(state, other, Standing(("domination",), best=True)).option is None
    engine.apply(state, p.seat, "initiative-1")
    while current(state).kind == "place_ap":
        q = current(state)
        engine.apply(state, q.seat, q.options[-1].id)
    q = current(state)
    assert q.kind == "initiative"
    assert place(state, q.animal, Standing(("domination",), best=True)).option is None


def test_a_standing_plan_names_only_spaces_and_rows_an_animal_may_take():
    for bad in ("speciation-7", "regression-3", "nowhere", "speciation-9", ""):
        with pytest.raises(ValueError):
            Standing((bad,))
    plan = Standing(("speciation-3", "domination", "initiative"), best=True)
    assert Standing.from_dict(plan.to_dict()) == plan
