"""The review of a finished game: legal alternatives, the same review for the same record,
resumed as uninterrupted, a resigned game, bad records refused, the figures added up."""

from __future__ import annotations

import json

import pytest
from played import played, setup_of

from engine import record as rec
from engine.ai import planning
from engine.flow import prompt
from engine.history import History, replay
from engine.phases import end_by_resignation
from engine.review import Budget, ReviewError, ReviewJob, review, tally
from engine.review.estimate import PLAYOUTS, RANKING, weigh
from engine.review.replay import facts

#: Small enough for the suite: a short game, a budget that buys a playout round or two.
SMALL = Budget(game_units=40_000, decision_units=800)


def resigned(players: int = 2, seed: int = 1, upto: int = 48, by: dict[int, str] | None = None) -> dict:
    """The record of a seeded random game whose seat 1 resigned after ``upto`` moves."""
    _, moves = played(players, seed)
    moves = moves[:upto]
    state = replay(setup_of(players, seed), moves)
    end_by_resignation(state, 1, 0)
    entries = [rec.RecordMove(s, o, by=(by or {}).get(i, "player")) for i, (s, o) in enumerate(moves)]
    return rec.build_record(setup_of(players, seed), entries, final_state=state)


@pytest.fixture(scope="module")
def short() -> dict:
    return resigned(by={3: "clock", 4: "resigned"})


@pytest.fixture(scope="module")
def reviewed(short) -> dict:
    planning._MEMO.clear()
    return review(short, SMALL)


def test_a_resigned_game_is_reviewed_decision_by_decision(short, reviewed):
    state = rec.replay_record(rec.parse_record(short))
    assert reviewed["result"]["ended_by"] == "resignation" and reviewed["result"]["winner_seat"] == 0
    # every move with a choice is weighed, in order, and no other
    h = History(rec.parse_record(short).setup, [(m["seat"], m["option"]) for m in short["moves"]])
    choices = [i for i in range(len(short["moves"])) if len(prompt(h.state_after(i)).options) > 1]
    assert [v["move"] for v in reviewed["decisions"]] == choices
    # the race starts at the setup and ends on the scores as they stood at the resignation
    last = reviewed["race"]["points"][-1]
    assert last["move"] == len(short["moves"])
    assert last["vp"] == reviewed["result"]["scores"] == {a: r["vp"] for a, r in state["animals"].items()}
    assert last["estimate"] == {a: float(v) for a, v in last["vp"].items()}  # over: the estimate is the score
    assert reviewed["race"]["points"][0]["move"] == 0
    assert json.loads(json.dumps(reviewed)) == reviewed


def test_every_alternative_is_a_legal_option_of_its_position(short, reviewed):
    moves = [(m["seat"], m["option"]) for m in short["moves"]]
    h = History(rec.parse_record(short).setup, moves)
    told = reviewed["turning_points"]
    assert told, "a game with losses has turning points"
    for v in [*reviewed["decisions"], *told]:
        before = h.state_after(v["move"])
        p = prompt(before)
        ids = [o.id for o in p.options]
        assert v["best"] in ids and v["played"] == moves[v["move"]][1] and p.seat == v["seat"]
        assert before["turn"] == v["turn"] and h.state_at(v["turn"], v["turn_move"]) == before
        if v["loss"] > 0:
            assert v["best"] != v["played"] and v["best_text"] == next(o.text.to_dict() for o in p.options
                                                                       if o.id == v["best"])
            assert v["loss"] == pytest.approx(v["best_value"] - v["played_value"], abs=0.011)
        else:
            assert v["best"] == v["played"]


def test_the_same_record_gives_the_same_review_byte_for_byte(short, reviewed):
    planning._MEMO.clear()  # what a process remembers must not matter
    again = review(json.loads(json.dumps(short)), SMALL)
    assert json.dumps(again) == json.dumps(reviewed)


def test_a_review_resumed_from_a_saved_midpoint_equals_an_uninterrupted_one(short, reviewed):
    job = ReviewJob(short, SMALL)
    progress = job.work(decisions=7)
    assert progress.done == 7 and progress.total == len(reviewed["decisions"]) and 0 < progress.fraction < 1
    job.work(units=1)  # a slice of work: at least one decision
    assert job.progress.done == 8
    saved = json.loads(json.dumps(job.saved()))
    planning._MEMO.clear()  # a restart: nothing remembered
    resumed = ReviewJob(short, Budget(game_units=5), saved=saved)  # the saved budget is the one that counts
    assert resumed.progress.done == 8 and resumed.budget == SMALL
    resumed.work()
    assert json.dumps(resumed.result()) == json.dumps(reviewed)
    with pytest.raises(ValueError, match="not finished"):
        ReviewJob(short, SMALL).result()


def test_bad_records_and_saved_reviews_are_refused_with_their_reason(short):
    running = json.loads(json.dumps(short))
    running["result"] = None
    with pytest.raises(ReviewError, match="not over") as e:
        ReviewJob(running)
    assert e.value.reason == "running"
    broken = json.loads(json.dumps(short))
    broken["moves"][5]["option"] = "no-such-option"
    with pytest.raises(ReviewError, match="move 5") as e:
        ReviewJob(broken)
    assert e.value.reason == "replay"
    with pytest.raises(ReviewError) as e:
        ReviewJob({"format": "something else"})
    assert e.value.reason == "record"
    other = resigned(upto=40)
    saved = ReviewJob(other, SMALL).saved()
    with pytest.raises(ReviewError, match="another game record") as e:
        ReviewJob(short, saved=saved)
    assert e.value.reason == "saved"
    with pytest.raises(ReviewError, match="not a review in progress"):
        ReviewJob(short, saved={"verdicts": []})
    with pytest.raises(ValueError, match="game_units"):
        Budget(game_units=0)


def test_the_budget_buys_the_look_ahead(short):
    d = facts(rec.parse_record(short)).decisions
    moves = short["moves"]
    h = History(rec.parse_record(short).setup, [(m["seat"], m["option"]) for m in moves])
    searched = [x for x in d if x.kind not in ("place_ap", "initiative_place", "instinct")]
    assert searched
    x = searched[0]
    state = h.state_after(x.move)
    p = prompt(state)
    poor = weigh(state, p, moves[x.move]["option"], 1, 7, 6.0, 3)
    rich = weigh(state, p, moves[x.move]["option"], 3000, 7, 6.0, 3)
    assert poor.method == RANKING and rich.method == PLAYOUTS and rich.units > poor.units
    assert state == h.state_after(x.move)  # weighing never changes the position
    # the ranking's favourite, played, loses nothing by the ranking
    assert weigh(state, p, poor.best, 1, 7, 6.0, 3).loss == 0.0


def _v(move: int, seat: int, loss: float, act: str, by: str = "player") -> dict:
    return {"move": move, "seat": seat, "loss": loss, "act": act, "by": by}


def test_grades_counts_and_turning_points_add_up():
    assert [tally.grade(x) for x in (0.0, 2.99, 3.0, 6.0, 11.9, 12.0, 40.0)] == \
        [None, None, "inaccuracy", "mistake", "mistake", "blunder", "blunder"]
    verdicts = [_v(0, 0, 13.0, "a"), _v(1, 0, 14.0, "a"), _v(2, 1, 7.0, "b"), _v(3, 1, 0.0, "c"),
                _v(4, 0, 20.0, "d", by="clock"), _v(5, 1, 3.5, "e"), _v(6, 0, 1.0, "f"), _v(7, 1, 0.5, "g")]
    mine = tally.seat_figures(verdicts, 0)
    assert mine["decisions"] == 3 and mine["made_for"] == 1 and mine["loss"] == 28.0
    assert mine["loss_per_decision"] == pytest.approx(28.0 / 3, abs=0.01)
    assert mine["counts"] == {"inaccuracy": 0, "mistake": 0, "blunder": 2}
    assert [v["move"] for v in mine["costliest"]] == [1, 0, 6]  # costliest first, the clock's left out
    # one per action, mistakes and worse up to five, at least three: in the order played
    assert [v["move"] for v in tally.turning_points(verdicts)] == [1, 2, 4]
    few = [_v(0, 0, 1.0, "a"), _v(1, 1, 2.0, "b"), _v(2, 0, 0.5, "c"), _v(3, 1, 0.2, "d"), _v(4, 0, 0.0, "e")]
    assert [v["move"] for v in tally.turning_points(few)] == [0, 1, 2]
    many = [_v(i, i % 2, 10.0 + i, str(i)) for i in range(8)]
    assert [v["move"] for v in tally.turning_points(many)] == [3, 4, 5, 6, 7]
    assert tally.turning_points([_v(0, 0, 0.0, "a")]) == []
    # a player's placements of one Planning phase are one turning point
    draft = [{**_v(i, i % 2, 20.0 + i, f"1:planning:{i}"), "turn": 1, "phase": "planning"} for i in range(6)]
    assert [v["move"] for v in tally.turning_points(draft)] == [4, 5]
