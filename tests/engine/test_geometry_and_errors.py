"""Hex labels, corners, adjacency, and how illegal input is refused."""

import json

import pytest

import engine
import words
from engine.geometry import (
    BOARD_HEXES,
    corner_label,
    corners_of,
    distance,
    hex_label,
    make_corner,
    neighbours,
    parse_corner_label,
    parse_hex_label,
)


def test_board_has_35_hexes_in_columns_of_4_5_6_5_6_5_4():
    assert len(BOARD_HEXES) == 35
    columns = [sum(1 for q, _ in BOARD_HEXES if q == c) for c in range(-3, 4)]
    assert columns == [4, 5, 6, 5, 6, 5, 4]
    labels = {hex_label(h) for h in BOARD_HEXES}
    assert len(labels) == 35 and "D3" in labels and "A4" in labels and "G4" in labels
    assert hex_label((0, 0)) == "D3" and hex_label((0, -1)) == "D2"
    assert all(parse_hex_label(hex_label(h)) == h for h in BOARD_HEXES)
    assert parse_hex_label("d3") == (0, 0) and parse_hex_label("Z9") is None


def test_neighbours_and_corners():
    assert set(neighbours((0, 0))) == {(1, 0), (-1, 0), (0, 1), (0, -1), (1, -1), (-1, 1)}
    assert distance((0, 0), (2, -1)) == 2
    corners = corners_of((0, 0))
    assert len(set(corners)) == 6
    # each corner of a hex is a corner of the two neighbours that meet there
    for c in corners:
        for h in c:
            assert c in corners_of(h)
    with pytest.raises(ValueError):
        make_corner([(0, 0), (2, 0), (1, 0)])


def test_every_spelling_of_a_corner_names_the_same_corner():
    c = make_corner([(0, 0), (1, 0), (1, -1)])
    spellings = []
    for h in c:
        point = ["NE", "E", "SE", "SW", "W", "NW"][corners_of(h).index(c)]
        spellings.append(f"{hex_label(h)}-{point}")
    keys = {parse_corner_label(s) for s in spellings}
    assert len(keys) == 1 and None not in keys
    assert parse_corner_label(corner_label(c)) == keys.pop()


def test_wrong_seat_unknown_option_and_game_over_change_nothing():
    state = engine.new_game(3, 2)
    p = engine.prompt(state)
    before = json.dumps(state, sort_keys=True)
    other = (p.seat + 1) % 3
    with pytest.raises(engine.RulesError) as err:
        engine.apply(state, other, p.options[0].id)
    assert err.value.key == "not_your_turn"
    assert words.error(err.value).startswith("It is not your turn: Player 1 (")
    with pytest.raises(engine.RulesError) as err:
        engine.apply(state, p.seat, "speciation-99")
    assert err.value.key == "not_legal_more" and err.value.params["options"] == [o.id for o in p.options[:12]]
    assert words.error(err.value) == (
        "'speciation-99' is not a legal choice now (Place an AP on the action display (6 left)). Choose one of: "
        + ", ".join(o.id for o in p.options[:12]) + f" and {len(p.options) - 12} more.")
    assert "nem választható" in words.error(err.value, "hu")
    with pytest.raises(engine.RulesError):
        engine.apply(state, p.seat, None)  # type: ignore[arg-type]
    with pytest.raises(engine.RulesError):
        engine.apply(state, "0", p.options[0].id)  # type: ignore[arg-type]
    assert json.dumps(state, sort_keys=True) == before
    assert engine.options_for(state, other) == ()
    assert engine.options_for(state, p.seat) == p.options

    from engine.simulate import random_game
    over, _ = random_game(2, 8)
    assert engine.prompt(over) is None
    with pytest.raises(engine.RulesError) as err:
        engine.apply(over, 0, "forfeit")
    assert words.error(err.value) == "The game is over; no more choices can be made."


def test_every_applied_choice_writes_a_log_line():
    state = engine.new_game(2, 6)
    for _ in range(30):
        p = engine.prompt(state)
        n, turn = len(state["log"]), state["turn"]
        engine.apply(state, p.seat, p.options[-1].id)
        assert len(state["log"]) > n
        # the decision's entry comes first and names who chose, in the turn it was made
        assert state["log"][n]["animal"] == p.animal and state["log"][n]["turn"] == turn
