"""A level's ranking of the options: every option once, and first what the level chooses."""

import json
import random

import pytest

import engine
from engine.ai import choose
from engine.ai.ranking import RANKED, ranked
from engine.simulate import pick

#: Prompts a level is asked about in the seeded game: every Planning placement of the first
#: turn (so the later ones follow the seat's own APs: ``hard`` values those again) and the
#: first few other decisions with a choice.
OTHERS = {"random": 6, "greedy": 3, "easy": 6, "normal": 4, "hard": 2}


def _positions(players: int, seed: int, others: int):
    """States of a seeded random game, each one asked about (copies: the game goes on)."""
    state = engine.new_game(players, seed)
    chooser = random.Random(seed)
    while (p := engine.prompt(state)) is not None and others > 0:
        if len(p.options) > 1 and (state["turn"] == 1 and p.kind == "place_ap" or p.kind != "place_ap"):
            others -= p.kind != "place_ap"
            yield json.loads(json.dumps(state))
        engine.apply(state, p.seat, pick(p.options, chooser).id)


@pytest.mark.parametrize("level", RANKED)
def test_the_ranking_holds_every_option_once_and_leads_with_the_levels_choice(level):
    asked = kinds = 0
    for n, state in enumerate(_positions(3, 40, OTHERS[level])):
        p = engine.prompt(state)
        before = json.dumps(state)
        order = ranked(state, level, n)
        assert json.dumps(state) == before
        assert sorted(order) == sorted(o.id for o in p.options)
        assert order[0] == choose(state, level, n), (level, p.kind, n)
        asked += 1
        kinds += p.kind != "place_ap"
    assert asked > 10 and kinds == OTHERS[level]


def test_a_single_option_is_its_own_ranking_and_refusals():
    state = engine.new_game(2, 1)
    with pytest.raises(ValueError, match="no ranking"):
        ranked(state, "expert", 1)
    p = engine.prompt(state)
    for o in p.options[1:]:
        state["display"][o.id.rpartition("-")[0]][int(o.id.rpartition("-")[2]) - 1] = "birds"
    only = engine.prompt(state)
    assert len(only.options) == 1 and ranked(state, "hard", 1) == (only.options[0].id,)
    state["phase"] = "over"
    with pytest.raises(ValueError, match="over"):
        ranked(state, "easy", 1)
