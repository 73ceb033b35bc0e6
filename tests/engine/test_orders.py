"""Orders for an animal's own APs (engine/rehearsal.py, engine/orders.py, engine/ahead.py): the
prompts an AP's action would ask now, answered ahead; applied as clicks when the AP resolves;
stopped, with a reason, at the first answer that no longer fits; dropped when unused."""

from dataclasses import replace

import pytest
from ahead_helpers import drive
from helpers import (
    cid,
    ck,
    current,
    fresh,
    hk,
    make_tundra,
    put_element,
    put_species,
    run_from_row,
    set_box,
    set_gene_pool,
    snapshot,
    species,
)

import engine
import words
from engine.ahead import EARLY, ORDERED, Book
from engine.display import place_ap
from engine.orders import Early, give_order
from engine.phases import resolving
from engine.rehearsal import OTHERS, OVER, Answer, Rehearsing, aps_to_resolve, placed_this_turn, rehearse
from engine.state import remove_element_from_earth

SEED_CORNER = "D3-NE"  # touches D2 (wetland), D3 (the tundra) and E3 (savannah)
SPECIATION_ANSWERS = [cid(SEED_CORNER), "place:3", "place:0", "place:2"]


def _speciation(state: dict | None = None) -> dict:
    """Birds' AP on Speciation 3 (seed), one seed on earth, in Planning."""
    state = state or fresh()
    put_element(state, SEED_CORNER, "seed")
    place_ap(state, "birds", "speciation", 2)
    assert state["phase"] == "planning"
    return state


def test_a_rehearsal_shows_the_prompts_the_ap_would_ask_now_and_changes_nothing():
    state = _speciation()
    put_element(state, "C4-NE", "water")
    place_ap(state, "mammals", "speciation", 3)  # acts right after: not part of the birds' action
    before = snapshot(state)
    r = Rehearsing(state, "birds", "speciation-3")
    asked = []
    for option in SPECIATION_ANSWERS:
        assert r.asked is not None and r.asked.animal == "birds"
        asked.append((r.asked.kind, [o.id for o in r.asked.options]))
        r.answer(option)
    assert asked == [
        ("speciation", [cid(SEED_CORNER), "forfeit"]),
        ("speciation_place", ["place:4", "place:3", "place:2", "place:1", "place:0"]),  # the wetland D2
        ("speciation_place", ["place:1", "place:0"]),  # the tundra D3
        ("speciation_place", ["place:3", "place:2", "place:1", "place:0"]),  # the savannah E3
    ]
    assert (r.asked, r.end) == (None, OVER)
    assert [a.text["args"].get("tile", {}).get("hex") for a in r.answers[1:]] == [hk("D2"), hk("D3"), hk("E3")]
    assert snapshot(state) == before


def test_an_order_answers_its_ap_when_it_resolves_as_clicks_marked_ordered():
    state = _speciation()
    book = Book("birds").with_order(give_order(state, "birds", "speciation-3", SPECIATION_ANSWERS))
    run_from_row(state, "speciation")
    assert current(state).kind == "speciation"
    played = drive(state, {"birds": book})
    assert played.moves == [("birds", ORDERED, o) for o in SPECIATION_ANSWERS]
    assert played.stops == [] and played.dropped == []
    assert species(state, "D2")["birds"] == 3 and species(state, "E3")["birds"] == 2
    assert "birds" not in species(state, "D3")


def test_an_order_stops_at_the_first_answer_no_longer_offered_and_the_player_is_asked():
    state = _speciation()
    book = Book("birds").with_order(give_order(state, "birds", "speciation-3", SPECIATION_ANSWERS))
    remove_element_from_earth(state, ck(SEED_CORNER))  # an earlier action took it
    put_element(state, "C4-NE", "seed")
    run_from_row(state, "speciation")
    played = drive(state, {"birds": book})
    assert played.moves == []
    [stop] = played.stops
    assert (stop.space, stop.reason.key) == ("speciation-3", "stop.not_offered")
    assert stop.answer is not None and stop.answer.option == cid(SEED_CORNER)
    assert stop.reason.args["choice"] == stop.answer.label  # named as the player saw it, not by its id
    assert cid(SEED_CORNER) not in words.reason(stop.reason, "en")
    assert played.asked is not None and (played.asked.kind, played.asked.animal) == ("speciation", "birds")
    # the order is gone: the player answers by hand from here
    engine.apply(state, played.asked.seat, played.asked.options[0].id)
    assert drive(state, {"birds": Book("birds")}).moves == []


def test_an_order_stops_where_the_action_asks_what_it_did_not_foresee():
    state = _speciation()
    book = Book("birds").with_order(give_order(state, "birds", "speciation-3", SPECIATION_ANSWERS))
    make_tundra(state, "E3")  # glaciated since: it takes 1 new species, not 3
    run_from_row(state, "speciation")
    played = drive(state, {"birds": book})
    assert [m[2] for m in played.moves] == SPECIATION_ANSWERS[:3]
    [stop] = played.stops
    assert stop.reason.key == "stop.other_prompt"
    assert stop.reason.args["prompt"]["args"]["tile"] == {"hex": hk("E3"), "terrain": "tundra"}
    assert played.asked is not None and [o.id for o in played.asked.options] == ["place:1", "place:0"]


def test_a_rehearsal_ends_where_another_animal_chooses_and_goes_on_where_the_owner_does():
    state = fresh()
    put_element(state, "D3-NE", "meat")  # on D2, D3 and E3: the mammals match it
    put_species(state, "D2", "mammals", 2)
    put_species(state, "D2", "birds", 1)
    put_species(state, "E3", "birds", 1)
    put_element(state, "E3-E", "seed")  # the birds dominate E3
    place_ap(state, "birds", "domination", 0)
    r = rehearse(state, "birds", "domination-1", ["tile:D2"])
    assert (r.asked, r.end) == (None, OTHERS)  # the mammals choose the card
    r = Rehearsing(state, "birds", "domination-1")
    r.answer("tile:E3")
    assert r.asked is not None and (r.asked.kind, r.asked.animal) == ("choose_card", "birds")


def test_a_wanderlust_order_holds_the_owners_own_moves_the_others_are_passed_over():
    state = fresh()
    put_species(state, "D2", "mammals", 2)  # the mammals move first (food chain), not the owner's to answer
    put_species(state, "D2", "amphibians", 3)
    set_box(state, "wanderlust", [])
    for stack, terrain in zip(state["wanderlust"], ["sea", "forest", "desert"], strict=True):
        stack["face_up"] = terrain
    place_ap(state, "amphibians", "wanderlust", 0)
    r = rehearse(state, "amphibians", "wanderlust-1", ["stack:1", "tile:D1"])
    assert r.asked is not None and (r.asked.kind, r.asked.animal) == ("wanderlust_move", "amphibians")
    assert [o.id for o in r.asked.options] == ["move:3", "move:2", "move:1", "move:0"]
    books = {"amphibians": Book("amphibians").with_order(
        give_order(state, "amphibians", "wanderlust-1", ["stack:1", "tile:D1", "move:2"]))}
    run_from_row(state, "wanderlust")
    played = drive(state, books)
    assert [m[2] for m in played.moves] == ["stack:1", "tile:D1"]
    assert played.asked is not None and played.asked.animal == "mammals"  # their own prompt, not ordered
    engine.apply(state, played.asked.seat, "move:1")
    assert drive(state, books).moves == [("amphibians", ORDERED, "move:2")]
    assert species(state, "D1") == {"mammals": 1, "amphibians": 2}


@pytest.mark.parametrize("animal,space,options,key", [
    ("birds", "speciation-4", [], "order.no_ap"),  # nobody there
    ("mammals", "speciation-3", [], "order.no_ap"),  # the birds' AP
    ("birds", "speciation-9", [], "order.no_space"),
    ("birds", "garbage", [], "order.no_space"),
    ("birds", "speciation-3", ["corner:A1-NE"], "not_legal"),
    ("birds", "speciation-3", [cid(SEED_CORNER), "place:9"], "not_legal"),
    ("birds", "speciation-3", [*SPECIATION_ANSWERS, "place:1"], "order.nothing_asked"),
])
def test_an_order_for_no_ap_of_yours_or_with_an_answer_not_offered_is_refused(animal, space, options, key):
    state = _speciation()
    before = snapshot(state)
    with pytest.raises(engine.RulesError) as refused:
        give_order(state, animal, space, options)
    assert refused.value.key == key
    assert snapshot(state) == before


def test_an_ap_acting_now_or_acted_already_takes_no_order():
    state = _speciation()
    put_element(state, "C4-NE", "meat")
    place_ap(state, "mammals", "speciation", 0)
    run_from_row(state, "speciation")
    assert current(state).animal == "mammals"
    assert aps_to_resolve(state, "birds") == ("speciation-3",)
    with pytest.raises(engine.RulesError) as refused:
        give_order(state, "mammals", "speciation-1", [])
    assert refused.value.key in ("order.no_ap", "order.resolved")  # its space is empty once taken off
    engine.apply(state, current(state).seat, "forfeit")
    assert current(state).animal == "birds"
    with pytest.raises(engine.RulesError, match="order.no_ap|order.resolved"):
        give_order(state, "birds", "speciation-3", [])
    assert aps_to_resolve(state, "birds") == ()


def test_an_order_whose_action_asks_less_is_dropped_and_its_player_told():
    state = _speciation()
    book = Book("birds").with_order(give_order(state, "birds", "speciation-3", SPECIATION_ANSWERS))
    set_gene_pool(state, "birds", 0)  # nothing left to place: Speciation asks nothing
    run_from_row(state, "speciation")
    played = drive(state, {"birds": book})
    assert played.moves == []
    [told] = played.dropped
    assert (told.reason.key, told.reason.args) == ("stop.unused", {"space": "speciation-3", "n": 4})


def test_an_order_for_a_glaciation_ap_behind_another_is_dropped_as_not_acted():
    state = fresh()
    place_ap(state, "mammals", "glaciation", 0)
    place_ap(state, "birds", "glaciation", 1)
    order = give_order(state, "birds", "glaciation-2", ["forfeit"])  # in Planning: it could still act
    run_from_row(state, "glaciation")
    assert current(state).animal == "mammals"
    assert aps_to_resolve(state, "birds") == ()
    played = drive(state, {"birds": Book("birds").with_order(order)})
    [told] = played.dropped
    assert told.reason.key == "stop.not_acted"
    assert state["display"]["glaciation"][1] == "birds"


def test_a_stopped_order_gives_way_to_an_early_answer_given_to_the_prompt_as_it_is():
    state = fresh()
    put_species(state, "D2", "amphibians", 3)
    set_box(state, "wanderlust", [])
    state["wanderlust"][0]["face_up"] = "sea"
    place_ap(state, "amphibians", "wanderlust", 0)
    order = give_order(state, "amphibians", "wanderlust-1", ["stack:1", "tile:D1", "move:3"])
    make_tundra(state, "D2")  # since the order: its move prompt names a tundra now
    run_from_row(state, "wanderlust")
    for option in ("stack:1", "tile:D1"):  # as the order answered them
        engine.apply(state, current(state).seat, option)
    assert current(state).kind == "wanderlust_move"
    # the player also answered the moves early meanwhile (as when everyone is asked at once)
    book = Book("amphibians", orders=(replace(order, answers=order.answers[2:]),))
    book = book.with_early((Early("amphibians", state["turn"], Answer.of(current(state), "move:2")),))
    played = drive(state, {"amphibians": book})
    assert played.moves == [("amphibians", EARLY, "move:2")]
    assert [s.reason.key for s in played.stops] == ["stop.other_prompt"]


def test_an_order_for_an_ap_that_acted_or_is_acting_says_so():
    state = engine.new_game(2, 4)
    while state["phase"] == "planning":
        p = engine.prompt(state)
        engine.apply(state, p.seat, p.options[0].id)
    acting = resolving(state)
    assert acting is not None
    space, animal = acting
    other = next(a for a in state["animals"] if a != animal)
    for who, key in ((animal, "order.resolved"), (other, "order.no_ap")):
        with pytest.raises(engine.RulesError) as refused:
            Rehearsing(state, who, space)
        assert refused.value.key == key  # acting now: its own animal is told so; another has none there
    while resolving(state) == acting:
        p = engine.prompt(state)
        engine.apply(state, p.seat, p.options[0].id)
    with pytest.raises(engine.RulesError) as refused:
        Rehearsing(state, animal, space)
    assert refused.value.key == "order.resolved" and placed_this_turn(state, space) == animal
