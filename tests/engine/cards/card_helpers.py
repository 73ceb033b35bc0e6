"""Taking a dominance card in a test and checking what it did, for tests/engine/cards/.

A card is taken the way a Domination action takes it: the card is face up, a ``choose_card``
step on top of a ``halt`` step asks the taker (``helpers.offer``), and ``act`` picks it.  For
every card there is a position where it matters (prompts offered, who is asked, the exact state
afterwards) and a position where it can do nothing (no prompt; only the card moves into
``cards_taken``); "nothing else changed" is checked by comparing the whole state with the
state before the card was chosen.

Starting layout (hex labels): tundra on sea D3 in the centre, wetland D2, savannah E3, desert
E4, mountain D4, forest C4, jungle C3.  Corners that touch only one starting tile: C3-W, C3-NW,
C4-SW, C4-W, D2-NE, D2-NW, D4-SE, D4-SW, E3-NE, E3-E, E4-E, E4-SE.
Rules: shared/rules/base-game.md §9; each card's open readings are named in its module.
"""

from __future__ import annotations

import json

from helpers import (
    SEATED,
    act,
    assert_ok,
    card_id,
    current,
    expected_after,
    finished,
    fresh,
    offer,
    same,
)

from engine.data import ELEMENTS
from engine.invariants import violations


def ask(state: dict) -> tuple[str, str, int]:
    """(kind, animal, seat) of the pending prompt."""
    p = current(state)
    return p.kind, p.animal, p.seat


def take(state: dict, card: str, animal: str, tile: str = "E3") -> dict:
    """Take the card; returns the state just before it was taken, with only the card moved."""
    before = offer(state, animal, card, tile)
    assert state["cards_taken"] == []
    act(state, card_id(card))
    assert state["cards_taken"] == [card]
    assert card not in state["cards"] and card not in state["deck"]
    return expected_after(before, card)


def assert_nothing_happens(state: dict, card: str, animal: str) -> None:
    expected = take(state, card, animal)
    assert finished(state)
    same(state, expected)
    assert_ok(state)


def rec(expected: dict, animal: str) -> dict:
    return expected["animals"][animal]


def seated() -> dict:
    return fresh(6, animals=SEATED)


def assert_resolved(state: dict, before: dict, card: str, changes: dict | None = None) -> None:
    """The card is fully resolved and the state is exactly ``before`` plus ``changes``."""
    assert finished(state)
    same(state, expected_after(before, card, changes))
    assert state["decisions"] > before["decisions"]
    assert card in state["cards_taken"] and card not in state["cards"]
    assert json.loads(json.dumps(state)) == state
    assert violations(state) == []


def set_aps(state: dict, animal: str, n: int) -> None:
    """The animal owns ``n`` APs, all in its supply (no cylinder beyond 10)."""
    r = state["animals"][animal]
    r["aps"] = r["aps_owned"] = n


def bag_only(state: dict, keep: dict[str, int]) -> None:
    """Leave only ``keep`` in the bag; everything else waits in the Depletion box."""
    for e in ELEMENTS:
        extra = state["bag"][e] - keep.get(e, 0)
        assert extra >= 0
        state["bag"][e] -= extra
        state["boxes"]["depletion"].extend([e] * extra)


def aps(state: dict) -> dict:
    return {a: (r["aps"], r["aps_owned"]) for a, r in state["animals"].items()}
