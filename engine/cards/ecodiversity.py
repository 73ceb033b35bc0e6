"""Ecodiversity: one VP for every element on earth whose type is on the taker's display."""

from __future__ import annotations

from engine.cards.effects import card_effect
from engine.ecology import display_elements
from engine.flow import State
from engine.state import animals_in_play, gain_vp, log

#: Only the taker scores, as the card's text says; False = every animal in play scores, each
#: for the types on its own display (how we read BGF's code, which awards every animal).
#: UNCONFIRMED (base-game.md §9, Ecodiversity).
ONLY_THE_TAKER_SCORES = True


def _score(state: State, animal: str) -> None:
    types = set(display_elements(state, animal))
    count = sum(1 for e in state["elements"].values() if e in types)
    gained = gain_vp(state, animal, count, source="card:Ecodiversity")
    log(state, "ecodiversity.gained", animal=animal, vp=gained, n=count)


@card_effect("Ecodiversity")
def ecodiversity(state: State, animal: str, tile: str) -> None:
    for a in [animal] if ONLY_THE_TAKER_SCORES else animals_in_play(state):
        _score(state, a)
