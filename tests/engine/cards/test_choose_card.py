"""The choose_card prompt: exactly the face-up cards, taken as a Domination takes them."""

from __future__ import annotations

from helpers import (
    assert_ok,
    assert_rejected,
    card_id,
    current,
    face_up,
    fresh,
    game,
    offer,
    option_ids,
)

from engine.invariants import violations


def test_take_helper_keeps_the_card_accounting():
    state = game()
    card = state["deck"][3]
    face_up(state, card)
    assert card in state["cards"] and len(state["cards"]) == 5
    assert len(state["deck"]) == 21 and state["deck"][-1] == "Ice Age"
    assert_ok(state)


def test_choose_card_offers_exactly_the_face_up_cards_and_refuses_others():
    state = fresh()
    face_up(state, "Predator")
    offer(state, "birds", "Predator")
    assert option_ids(state) == [card_id(c) for c in state["cards"]]
    assert len(state["cards"]) == 5
    hidden = next(c for c in state["deck"] if c != "Ice Age")
    assert_rejected(state, card_id(hidden))
    assert_rejected(state, "card:ice-age")
    assert_rejected(state, "card:survival")
    p = current(state)
    assert_rejected(state, card_id("Predator"), seat_no=(p.seat + 1) % 6)
    assert violations(state) == []
