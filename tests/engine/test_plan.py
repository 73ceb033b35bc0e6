"""Plans: the first open planned space is placed, the taken ones are reported with who took
them, the rest stays; nothing outside an animal's own Planning placement; always legal."""

import json
import random

import pytest

import engine
from engine.ai import choose
from engine.ai.ranking import ranked
from engine.data import ACTION_ROWS
from engine.display import place_ap, space_id
from engine.invariants import violations
from engine.plan import Outcome, next_planned, usable
from engine.simulate import pick
from tests.engine.helpers import current, game, start_action

EVERY_SPACE = [space_id(row.name, i) for row in ACTION_ROWS for i in range(row.spaces)]


def _planning(players: int = 4, seed: int = 3) -> tuple[dict, engine.Prompt]:
    """A game's first Planning placement, with Speciation meat taken by the animal after the
    one to act and Wanderlust 1 by the one after that."""
    state = game(players, seed)
    p = current(state)
    assert p.kind == "place_ap"
    order = state["initiative"]
    after = order[(order.index(p.animal) + 1) % players]
    later = order[(order.index(p.animal) + 2) % players]
    place_ap(state, after, "speciation", 0)
    place_ap(state, later, "wanderlust", 0)
    return state, current(state)


def test_the_first_open_space_is_placed_the_taken_ones_reported_the_rest_kept():
    state, p = _planning()
    order = state["initiative"]
    after, later = (order[(order.index(p.animal) + k) % 4] for k in (1, 2))
    plan = ["speciation-1", "wanderlust-1", "migration-2", "domination-1", "speciation-1"]
    out = next_planned(state, p.animal, plan)
    assert out == Outcome("migration-2", ("domination-1", "speciation-1"),
                          (("speciation-1", after), ("wanderlust-1", later)))
    engine.apply(state, p.seat, out.option)
    assert state["display"]["migration"][1] == p.animal


def test_spaces_taken_by_earlier_placements_in_play_go_to_their_takers():
    state = game(3, 8)
    first = current(state)
    engine.apply(state, first.seat, "abundance-1")
    second = current(state)
    out = next_planned(state, second.animal, ["abundance-1", "abundance-2"])
    assert out == Outcome("abundance-2", (), (("abundance-1", first.animal),))


def test_a_plan_whose_spaces_are_all_taken_gives_nothing_and_says_who_took_them():
    state, p = _planning()
    order = state["initiative"]
    after, later = (order[(order.index(p.animal) + k) % 4] for k in (1, 2))
    out = next_planned(state, p.animal, ("wanderlust-1", "speciation-1"))
    assert out == Outcome(None, (), (("wanderlust-1", later), ("speciation-1", after)))
    assert next_planned(state, p.animal, []) == Outcome(None, (), ())


def test_a_space_that_cannot_be_taken_now_with_no_ap_on_it_is_reported_without_a_taker():
    # with 2 players the insects are not in play: their own Speciation space stays empty,
    # and no Planning prompt offers it
    state = game(2, 4, animals=[["birds"], ["mammals"]])
    p = current(state)
    assert state["display"]["speciation"][6] is None
    out = next_planned(state, p.animal, ["speciation-7", "nowhere-1", "adaptation-1"])
    assert out == Outcome("adaptation-1", (), (("speciation-7", None), ("nowhere-1", None)))


def test_nothing_when_it_is_not_this_animals_turn():
    state, p = _planning()
    other = next(a for a in state["animals"] if a != p.animal)
    plan = ["migration-2", "domination-1"]
    assert next_planned(state, other, plan) == Outcome(None, tuple(plan), ())
    assert next_planned(state, "dodos", plan) == Outcome(None, tuple(plan), ())


def test_nothing_outside_planning_even_for_a_placement_prompt():
    state = game(4, 5)
    animal = current(state).animal
    start_action(state, "initiative", animal)
    engine.apply(state, current(state).seat, "advance")
    p = current(state)
    assert (p.kind, p.animal) == ("initiative_place", animal)
    assert p.option("migration-2") is not None
    assert next_planned(state, animal, ["migration-2"]) == Outcome(None, ("migration-2",), ())
    # an action's own decision, and the finished game
    state = game(4, 5)
    start_action(state, "competition", animal, 1)
    assert current(state).animal == animal
    assert next_planned(state, animal, ["migration-2"]).option is None
    state["phase"] = "over"
    assert next_planned(state, animal, ("migration-2",)) == Outcome(None, ("migration-2",), ())


def test_next_planned_changes_nothing():
    state, p = _planning()
    before = json.dumps(state)
    plan = ["speciation-1", "migration-2"]
    next_planned(state, p.animal, plan)
    assert json.dumps(state) == before and plan == ["speciation-1", "migration-2"]


def test_usable_spaces_are_those_a_planning_prompt_offers_on_an_empty_display():
    # six players: every animal in play, so every own space is occupied by its animal
    offered = {o.id for o in current(game(6, 2)).options}
    assert {s for s in EVERY_SPACE if usable(s)} == offered
    assert usable("speciation-3") and usable("initiative-1") and usable("competition-2")
    for own in ("speciation-7", "regression-3", "competition-1"):
        assert not usable(own), own
    for bad in ("speciation-0", "speciation-8", "speciation-03", "speciation-+3", "speciation-٣",
                "speciation", "nowhere-1", "", "-1", "Speciation-3", " speciation-3"):
        assert not usable(bad), bad


def _on(state: dict, space: str) -> str | None:
    row, _, number = space.rpartition("-")
    return state["display"][row][int(number) - 1]


def _planned_game(players: int, seed: int, multi: bool) -> tuple[int, int]:
    """A random game in which every animal keeps a random plan of usable spaces and every
    placement its plan gives is made through ``engine.apply``: (planned placements, taken)."""
    state = engine.new_game(players, seed, multi_animal=multi)
    chooser = random.Random(seed)
    usable_spaces = [s for s in EVERY_SPACE if usable(s)]
    plans = {a: [] for a in state["animals"]}
    planned = taken = 0
    while (p := engine.prompt(state)) is not None:
        for animal, plan in plans.items():
            if not plan or chooser.random() < 0.05:
                plans[animal] = chooser.sample(usable_spaces, chooser.randint(0, 6))
        out = next_planned(state, p.animal, plans[p.animal])
        if p.kind != "place_ap":
            assert out == Outcome(None, tuple(plans[p.animal]), ())
            engine.apply(state, p.seat, pick(p.options, chooser).id)
            continue
        plan = plans[p.animal]
        used = len(plan) - len(out.rest) - (out.option is not None)
        assert [s for s, _ in out.taken] == plan[:used] == plan[:len(out.taken)]
        assert all(p.option(s) is None and who == _on(state, s) for s, who in out.taken)
        assert list(out.rest) == plan[len(plan) - len(out.rest):]
        taken += len(out.taken)
        plans[p.animal] = list(out.rest)
        if out.option is None:
            assert out.rest == ()
            engine.apply(state, p.seat, pick(p.options, chooser).id)
        else:
            assert p.option(out.option) is not None
            engine.apply(state, p.seat, out.option)  # a RulesError here fails the test
            planned += 1
    return planned, taken


@pytest.mark.parametrize("players,multi", [(2, False), (3, False), (4, False), (5, False), (6, False),
                                           (2, True), (3, True)])
def test_every_planned_placement_is_legal_over_many_seeded_games(players, multi):
    planned = taken = 0
    for seed in range(6):
        got = _planned_game(players, 100 * players + seed, multi)
        planned, taken = planned + got[0], taken + got[1]
    assert planned > 100 and taken > 10, (planned, taken)


def _ranked_plans(players: int, seed: int, k: int, turns: int) -> tuple[int, int]:
    """The first ``turns`` turns of a game of ``easy`` players, each of whom, when asked to
    place, places its ranking's first space and keeps the next ``k`` as its plan (the way of
    bench/waits.py); every placement the plan gives goes through ``engine.apply``."""
    state = engine.new_game(players, seed)
    plans: dict[str, tuple[str, ...]] = {}
    planned = taken = 0
    while (p := engine.prompt(state)) is not None and state["turn"] <= turns:
        ai_seed = seed * 1_000_003 + state["decisions"]
        if state["phase"] != "planning":
            plans.clear()
            engine.apply(state, p.seat, choose(state, "easy", ai_seed))
            continue
        plan = plans.get(p.animal, ())
        out = next_planned(state, p.animal, plan)
        taken += len(out.taken)
        if out.option is not None:
            assert out.option in plan and out.rest == plan[plan.index(out.option) + 1:]
            engine.apply(state, p.seat, out.option)  # a RulesError here fails the test
            assert violations(state) == []
            plans[p.animal] = out.rest
            planned += 1
            continue
        order = ranked(state, "easy", ai_seed)
        engine.apply(state, p.seat, order[0])
        plans[p.animal] = order[1:k + 1]
    return planned, taken


@pytest.mark.parametrize("players,k", [(2, 3), (4, 3), (4, 5), (6, 1)])
def test_plans_made_from_the_players_own_ranking_place_only_legal_spaces(players, k):
    planned = taken = 0
    for seed in (1, 2):
        got = _ranked_plans(players, 40 + seed, k, turns=3)
        planned, taken = planned + got[0], taken + got[1]
    assert planned > 10 and taken > 0, (planned, taken)
