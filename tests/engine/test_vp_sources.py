"""Every VP is booked under its source, and the result says when a tie-break decided it."""

from __future__ import annotations

import json

import pytest
from helpers import fresh, put_element, put_species, run_reset
from played import GAMES, played

import words
from engine import vp
from engine.data import FOOD_CHAIN
from engine.phases import result
from engine.state import gain_vp

# ---------------------------------------------------------------------------------------------
# Breakdowns add up


@pytest.mark.parametrize("players,seed,multi", GAMES)
def test_every_breakdown_adds_up_to_the_final_score(players, seed, multi):
    state, _ = played(players, seed, multi)
    seen = set()
    for animal, parts in vp.breakdowns(state).items():
        assert sum(parts.values()) == state["animals"][animal]["vp"] == state["result"]["scores"][animal]
        assert vp.UNTRACKED not in parts
        seen.update(parts)
    known = set(vp.SOURCES) | {vp.FINAL_SCORING}
    assert all(s in known or s.startswith(vp.CARD_PREFIX) for s in seen), seen
    assert vp.DOMINATION in seen
    assert set(vp.sources_used(state)) == seen


def test_a_state_saved_before_sources_were_booked_still_loads_and_adds_up():
    state, _ = played(4, 1)
    for rec in state["animals"].values():
        del rec["vp_sources"]
    state = json.loads(json.dumps(state))
    old = {a: r["vp"] for a, r in state["animals"].items()}
    assert vp.breakdowns(state) == {a: {vp.UNTRACKED: v} for a, v in old.items() if v} | \
        {a: {} for a, v in old.items() if not v}
    animal = max(old, key=old.get)
    gain_vp(state, animal, 2, source=vp.SURVIVAL)  # booking starts where it is
    assert vp.breakdown(state, animal) == {vp.SURVIVAL: 2, vp.UNTRACKED: old[animal]}


def test_a_clamped_loss_books_the_real_change():
    state = fresh()
    state["animals"]["birds"]["vp"] = 0
    gain_vp(state, "birds", 5, source=vp.DOMINATION)
    assert gain_vp(state, "birds", -9, source="card:Niche Biomes") == -5
    assert gain_vp(state, "birds", -3, source="card:Niche Biomes") == 0
    assert state["animals"]["birds"]["vp_sources"] == {"domination": 5, "card:Niche Biomes": -5}
    assert vp.breakdown(state, "birds") == {"domination": 5, "card:Niche Biomes": -5}


def test_survival_is_booked_in_the_reset():
    state = fresh()
    put_species(state, "D3", "birds", 1)  # the tundra at the centre
    put_element(state, "D3-E", "seed")
    run_reset(state)
    assert state["animals"]["birds"]["vp_sources"] == {"survival": 1}


def test_source_labels_read_well():
    assert words.vp_source("domination") == "Domination"
    assert words.vp_source("final_scoring") == "Final scoring"
    assert words.vp_source("card:Ice Age") == "Ice Age (card)"
    assert words.vp_source(vp.card_source("Niche Biomes")) == "Niche Biomes (card)"
    assert words.vp_source(vp.card_source("Niche Biomes"), "hu") == "Ökológiai fülkék (kártya)"
    assert words.vp_source("untracked", "hu") == "Nem követett"


# ---------------------------------------------------------------------------------------------
# Tie-break


def _scores(state: dict, scores: dict[str, int]) -> dict:
    for a, v in scores.items():
        state["animals"][a]["vp"] = v
    return state


def test_no_tie_break_when_one_animal_leads():
    state = fresh(3, seed=3)
    a, b, c = state["animals"]
    _scores(state, {a: 10, b: 12, c: 3})
    assert result(state)["tie_break"] is None


def test_a_tie_for_the_lead_goes_to_the_animal_higher_on_the_food_chain():
    state = fresh(4, seed=3)
    a, b, c, d = sorted(state["animals"], key=FOOD_CHAIN.index)
    _scores(state, {a: 5, b: 20, c: 20, d: 20})
    res = result(state)
    assert res["winner"] == b
    tie = res["tie_break"]
    assert tie["rule"] == "food_chain"
    assert sorted(tie["animals"], key=FOOD_CHAIN.index) == [b, c, d]
    assert sorted(tie["seats"]) == sorted(state["animals"][x]["seat"] for x in (b, c, d))
    assert tie["score"] == 20
    text = words.tie_break(tie, res["winner"])
    assert text.endswith(f"the {b.capitalize()} win as the highest on the food chain.")
    assert "VP" in words.tie_break(tie, res["winner"], "hu")
    json.dumps(res)


def test_multi_animal_ties_compare_each_players_lowest_animal():
    state = fresh(2, seed=5, multi_animal=True)
    (p0, p1) = (s["animals"] for s in state["seats"])
    _scores(state, {p0[0]: 30, p0[1]: 9, p0[2]: 50, p1[0]: 9, p1[1]: 40, p1[2]: 41})
    res = result(state)
    assert res["seat_scores"] == [9, 9]
    tie = res["tie_break"]
    assert tie is not None and sorted(tie["seats"]) == [0, 1]
    higher = min((p0[1], p1[0]), key=FOOD_CHAIN.index)
    assert res["winner"] == higher and res["winner_seat"] == state["animals"][higher]["seat"]
