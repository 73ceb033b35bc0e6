"""Rebuilding past moments of a game from its moves: turns, actions, the timeline."""

from __future__ import annotations

import json

import pytest
from played import GAMES, played, setup_of

from engine import history
from engine.history import History, HistoryError, ReplayError
from engine.simulate import replay

#: The last turn of the seeded game (the rules decide it; the tests read it, never assume it).
END = played(6, 4)[0]["turn"]


@pytest.fixture(scope="module")
def game():
    state, moves = played(6, 4)
    return state, moves, History(setup_of(6, 4), moves)


def test_any_move_count_rebuilds_what_a_replay_gives(game):
    state, moves, h = game
    assert h.state == state
    for k in (0, 1, 57, 58, 59, 400, len(moves) - 1, len(moves)):
        assert h.state_after(k) == replay(6, 4, moves[:k]), k
    plain = History(setup_of(6, 4), moves[:300], checkpoints=False)
    assert plain.state_after(123) == h.state_after(123)


def test_a_rebuilt_state_is_a_copy(game):
    _, _, h = game
    s = h.state_at(3)
    s["animals"].clear()
    assert h.state_at(3)["animals"]
    h.state["turn"] = 99
    assert h.turn == END and h.state["turn"] == END


def test_a_turn_starts_at_its_planning(game):
    _, moves, h = game
    assert h.turn == END and len(h.turn_starts) == END and h.turn_starts[0] == 0
    for turn in (1, 2, 15, END):
        s = h.state_at(turn)
        assert (s["turn"], s["phase"], s["decisions"]) == (turn, "planning", h.turn_starts[turn - 1])
        assert s["log"][-1] == {"turn": turn, "key": "phase.planning"} or turn == 1
        assert history.state_at(setup_of(6, 4), moves, turn) == s
    # move K of a turn: K decisions into it; its last move leads into the next turn
    assert h.state_at(15, 3) == history.state_at(setup_of(6, 4), moves, 15, 3)
    assert h.state_at(15, 3)["decisions"] == h.turn_starts[14] + 3
    last = h.turn_starts[15] - h.turn_starts[14]
    assert h.state_at(15, last) == h.state_at(16)
    assert h.state_at(END, len(moves) - h.turn_starts[END - 1])["phase"] == "over"
    assert [h.turn_of(k) for k in (0, h.turn_starts[1] - 1, h.turn_starts[1], len(moves))] == [1, 1, 2, END]


@pytest.mark.parametrize("turn,move", [(END + 1, 0), (0, 0), (-1, 0), (15, 10_000)])
def test_a_moment_that_does_not_exist_is_a_clear_error(game, turn, move):
    _, moves, h = game
    with pytest.raises(HistoryError, match="Turn") as e1:
        h.state_at(turn, move)
    with pytest.raises(HistoryError, match="Turn") as e2:
        history.state_at(setup_of(6, 4), moves, turn, move)
    if turn == END + 1:
        assert str(e1.value) == str(e2.value) == f"Turn {END + 1} does not exist: the game is in turn {END}."
    with pytest.raises(HistoryError, match="no move"):
        h.state_after(len(moves) + 1)


def test_unfinished_game_knows_only_the_turns_so_far():
    _, moves = played(6, 4)
    h = History(setup_of(6, 4), moves[:100])
    assert h.turn == 2
    with pytest.raises(HistoryError, match="Turn 3 does not exist: the game is in turn 2"):
        h.state_at(3)
    with pytest.raises(HistoryError, match="Turn 2 has 42 moves"):
        h.state_at(2, 43)
    assert h.state_at(2, 42) == h.state


def test_action_boundaries_step_through_whole_actions(game):
    state, moves, h = game
    b = h.boundaries
    assert b[0] == 0 and b == sorted(set(b)) and b[-1] == len(moves)
    # every AP placed in Planning is one action; choosing a tile to dominate and then the
    # card it wins is one action
    s = history.start_state(setup_of(6, 4))
    split = 0
    for k, move in enumerate(moves):
        before = s["steps"][-1]["name"]
        history.apply_move(s, k, move)
        if before == "planning":
            assert k + 1 in b
        if before == "domination" and s["steps"] and s["steps"][-1]["name"] == "choose_card":
            assert k + 1 not in b
            split += 1
    assert split > 0
    assert h.next_action(0) == b[1] and h.previous_action(b[1]) == 0
    inside = next(k for k in range(len(moves)) if k not in b)
    after = min(x for x in b if x > inside)
    assert h.next_action(inside) == after and h.previous_action(after) == max(x for x in b if x < after)
    assert h.previous_action(0) is None and h.next_action(len(moves)) is None


def test_extending_a_history_matches_building_it_at_once(game):
    _, moves, h = game
    part = History(setup_of(6, 4), moves[:333])
    assert part.matches(moves) and not part.matches(moves[:100] + [(0, "forfeit")])
    part.extend(moves[333:])
    assert part.turn_starts == h.turn_starts and part.boundaries == h.boundaries
    assert part.timeline.to_dict() == h.timeline.to_dict()
    assert part.state_at(12, 5) == h.state_at(12, 5)


@pytest.mark.parametrize("players,seed,multi", GAMES)
def test_the_timeline_ends_at_the_result(players, seed, multi):
    state, moves = played(players, seed, multi)
    tl = history.timeline(setup_of(players, seed, multi), moves)
    assert tl.animals == list(state["result"]["scores"])
    assert len(tl.by_turn) == state["turn"] + 1
    assert all(v == 0 for v in tl.by_turn[0].vp.values())
    assert tl.by_turn[-1].vp == state["result"]["scores"] == tl.by_action[-1].vp
    on_earth = {a: sum(t["species"].get(a, 0) for t in state["tiles"].values()) for a in tl.animals}
    assert tl.by_turn[-1].species == on_earth
    assert [p.turn for p in tl.by_turn[1:-1]] == list(range(2, state["turn"] + 1))
    assert [p.move for p in tl.by_action] == sorted(p.move for p in tl.by_action)
    assert history.Timeline.from_dict(json.loads(json.dumps(tl.to_dict()))) == tl


def test_a_move_that_does_not_replay_is_named():
    _, moves = played(2, 1)
    bad = [*moves[:10], (moves[10][0], "no-such-option"), *moves[11:]]
    with pytest.raises(ReplayError) as e:
        History(setup_of(2, 1), bad)
    assert (e.value.index, e.value.seat, e.value.option) == (10, moves[10][0], "no-such-option")
    assert e.value.message.startswith("not_legal")
    assert str(e.value).startswith("move 10 (seat")
    with pytest.raises(ReplayError, match="setup"):
        history.start_state({"players": 9, "seed": 1})


def test_each_move_knows_the_log_lines_it_wrote():
    from engine.simulate import random_game

    state, moves = random_game(3, 5)
    h = History({"players": 3, "seed": 5}, moves)
    assert len(h.log_starts) == len(moves) and h.log_length == len(state["log"])
    ends = [*h.log_starts[1:], h.log_length]
    assert all(start < end for start, end in zip(h.log_starts, ends, strict=True))  # at least one line each
    k = len(moves) // 2
    assert h.state_after(k)["log"] == state["log"][:h.log_starts[k]]
