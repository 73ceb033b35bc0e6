"""The ``expert`` level: the contract of ``choose``, determinism, the budget, bad input, games."""

import json
import math
import random
import time
from pathlib import Path

import pytest

import engine
from engine.ai import EXPERT, LEVELS, choose, expert, planning
from engine.ai.arena import run
from engine.simulate import pick, random_game, replay
from tests.engine.helpers import current

#: A small budget keeps the tests quick; the search still plays out every candidate.
SMALL_MS = 40


def _positions(players: int, seed: int, kinds: int) -> list[dict]:
    """States of a seeded random game at the first prompt of ``kinds`` different kinds with
    more than one option (Planning first, then the actions)."""
    state = engine.new_game(players, seed)
    chooser = random.Random(seed)
    found, seen = [], set()
    while (p := engine.prompt(state)) is not None and len(found) < kinds:
        if p.kind not in seen and len(p.options) > 1:
            seen.add(p.kind)
            found.append(json.loads(json.dumps(state)))
        engine.apply(state, p.seat, pick(p.options, chooser).id)
    return found


def test_expert_is_a_level_and_the_strongest():
    assert LEVELS[-1] == "expert" and "hard" in LEVELS


def test_expert_answers_legally_and_never_changes_the_state():
    for state in _positions(2, 5, 5):
        before = json.dumps(state)
        option = choose(state, "expert", 3, SMALL_MS)
        assert current(state).option(option) is not None
        assert json.dumps(state) == before


def test_same_state_level_seed_and_budget_same_choice():
    for state in _positions(3, 8, 4):
        copy = json.loads(json.dumps(state))
        first = choose(state, "expert", 11, SMALL_MS)
        planning._MEMO.clear()  # a remembered placement value must not change the answer
        assert choose(copy, "expert", 11, SMALL_MS) == first == choose(state, "expert", 11, SMALL_MS)


def test_one_option_is_answered_without_searching(monkeypatch):
    state = engine.new_game(2, 3)
    while len(current(state).options) != 1:
        p = current(state)
        engine.apply(state, p.seat, p.options[-1].id if p.kind == "place_ap" else pick(p.options, random.Random(1)).id)

    def no_search(*args, **kwargs):
        raise AssertionError("searched a forced decision")

    monkeypatch.setattr(expert, "search", no_search)
    assert choose(state, "expert", 1, 1) == current(state).options[0].id


def _action_prompt(players: int, seed: int) -> dict:
    """A state at an action's prompt (not a placement) where hard sees several candidates."""
    state = engine.new_game(players, seed)
    chooser = random.Random(seed)
    while (p := engine.prompt(state)) is not None:
        if p.kind not in ("place_ap", "initiative_place", "instinct") and len(p.options) > 3:
            ranked = expert.ranking(state, p, EXPERT, 1)[0]
            if len(expert.candidates(ranked, EXPERT)) >= 2:
                return state
        engine.apply(state, p.seat, pick(p.options, chooser).id)
    raise AssertionError("no action prompt found")


def test_the_budget_buys_work_and_the_work_is_counted():
    state = _action_prompt(2, 14)
    p = current(state)
    units = expert.units_for(2000, EXPERT)
    small = expert.search(state, p, EXPERT, 5, 1)[1]
    large = expert.search(state, p, EXPERT, 5, units)[1]
    # hard's ranking is paid first; what is left buys playouts (at least one per candidate)
    assert sum(large["playouts"].values()) > sum(small["playouts"].values()) >= len(small["candidates"])
    # A decision stops within a policy decision per playout of its units.
    playouts = sum(large["playouts"].values())
    assert large["units"] <= units + playouts * EXPERT.playout.budget


@pytest.mark.parametrize(("players", "seed"), [(2, 14), (3, 7), (4, 402)])
def test_no_decision_spends_more_than_its_units_and_a_policy_decision_per_candidate(players, seed):
    # The last cycle of playouts is cut to what is left: a decision once spent a whole cycle
    # more (up to 1.5 times its units here, 2.6 s of CPU for 1,000 ms in a game).  At the
    # default budget: playouts then end with their turn, so a share holds several cycles.
    units = expert.units_for(expert.DEFAULT_MS, EXPERT)
    state = engine.new_game(players, seed)
    chooser = random.Random(seed)
    checked = 0
    while (p := engine.prompt(state)) is not None and checked < 9:
        if len(p.options) > 1 and not (p.kind == "place_ap" and state["phase"] == "planning"):
            ranking = expert.ranking(state, p, EXPERT, state["decisions"])[1]
            info = expert.search(state, p, EXPERT, state["decisions"], units)[1]
            over = len(info["candidates"]) * (EXPERT.playout.budget + 1)
            assert info["units"] <= max(units, ranking) + over, (p.kind, info["units"], units)
            checked += 1
        engine.apply(state, p.seat, pick(p.options, chooser).id)
    assert checked == 9


def test_a_placement_pays_for_its_valuation_and_a_small_budget_drafts_fewer_opponents():
    cases = json.loads((Path(__file__).parent / "positions" / "hard_placements.json").read_text())
    state, seed = cases[7]["state"], cases[7]["seed"]  # 4 players, a Planning phase under way
    p = current(state)
    ranked, ranking_units = expert.ranking(state, p, EXPERT, seed)
    own = planning.valued(state, p.animal, p.seat, EXPERT.rank)[1]
    assert ranking_units >= expert.plan_cost(own, EXPERT)  # the seat's action values are paid for
    full = expert.search(state, p, EXPERT, seed, expert.units_for(5000, EXPERT))
    assert full[1]["complete"] and len(full[1]["draft"]) > 1 and full[1]["units"] > ranking_units
    # too little left after the ranking for any opponent's values: hard's choice, undrafted
    broke = expert.search(state, p, EXPERT, seed, ranking_units)
    assert broke == (ranked[0][1], {"draft": {}, "units": ranking_units, "complete": False})
    planning._MEMO.clear()  # what a decision pays does not depend on what is remembered
    assert expert.search(state, p, EXPERT, seed, expert.units_for(5000, EXPERT)) == full


def test_a_playout_pays_for_the_placement_values_it_uses():
    cases = json.loads((Path(__file__).parent / "positions" / "hard_placements.json").read_text())
    state = cases[6]["state"]
    p = current(state)
    play = expert.Playouts(state, p, EXPERT, 3)
    play.policy(state, p, 5)
    cost = planning.valued(state, p.animal, p.seat, EXPERT.rank)[1]
    assert play.used == expert.plan_cost(cost, EXPERT) + 1 > 100  # and the pick


def test_a_decision_keeps_roughly_to_its_budget():
    # Timings on a shared machine are noisy: the bound is loose (the rate has head room, and
    # hard's ranking comes on top of the playouts).
    state = _action_prompt(2, 14)
    expert.search(state, current(state), EXPERT, 2, 1)  # warm the caches
    budget = 150
    t0 = time.process_time()
    choose(state, "expert", 2, budget)
    assert (time.process_time() - t0) * 1000 < 3 * budget + 500


@pytest.mark.parametrize("budget", [0, -1, 60_001, 1e12, math.nan, "1000", None, True])
def test_a_bad_budget_is_refused(budget):
    state = engine.new_game(2, 1)
    with pytest.raises(ValueError, match="budget"):
        choose(state, "expert", 1, budget)


def test_an_unknown_level_or_a_finished_game_is_refused():
    state = engine.new_game(2, 1)
    with pytest.raises(ValueError, match="unknown AI level"):
        choose(state, "grandmaster", 1, 100)
    state["phase"] = "over"
    with pytest.raises(ValueError, match="over"):
        choose(state, "expert", 1, 100)


@pytest.mark.parametrize("players, seed", [(2, 41), (3, 42), (4, 43)])
def test_quick_games_to_the_end(players, seed):
    """The last turns of seeded random games, played out by expert (seat 0) and easy: every
    phase and the end of the game, quickly."""
    _, moves = random_game(players, seed)
    state = replay(players, seed, moves[:-150])
    while (p := engine.prompt(state)) is not None:
        level = "expert" if p.seat == 0 else "easy"
        option = choose(state, level, seed + state["decisions"], 5)
        engine.apply(state, p.seat, option)
    assert len(state["result"]["seat_scores"]) == players


def test_the_arena_reports_its_budget_and_cpu_time():
    out = run(2, 1, 3, ["random", "random"], budget_ms=5)
    assert out["budget_ms"] == 5
    assert {"cpu_ms_p50", "cpu_ms_p95"} <= set(out["levels"]["random"])


def test_the_tuned_weights_are_a_whole_set_of_weights():
    from dataclasses import fields

    from engine.ai.evaluate import Weights
    from engine.ai.tuned import TUNED_WEIGHTS

    assert set(TUNED_WEIGHTS) == {f.name for f in fields(Weights)}
    assert all(isinstance(v, float) and v >= 0 for v in TUNED_WEIGHTS.values())
