"""Ice Age: every animal scores bonus VPs for the tiles it dominates, and the game ends with
this turn (base-game.md §8).  Always the bottom card of the deck (``data.LAST_CARD``)."""

from __future__ import annotations

from collections import Counter

from engine import ecology
from engine.cards.effects import card_effect
from engine.data import bonus_vps
from engine.flow import State
from engine.state import animals_in_play, gain_vp, log


@card_effect("Ice Age")
def ice_age(state: State, animal: str, tile: str) -> None:
    counts = Counter(ecology.dominance_map(state).values())
    gains = []
    for a in animals_in_play(state):
        gained = gain_vp(state, a, bonus_vps(counts.get(a, 0)), source="card:Ice Age")
        if gained:
            gains.append({"animal": a, "vp": gained, "n": counts[a]})
    if gains:
        log(state, "ice_age.bonus", gains=gains)
    else:
        log(state, "ice_age.nobody")
    log(state, "ice_age.ends")
    state["ending"] = True
