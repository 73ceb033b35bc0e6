"""Dominance cards: the choice of a face-up card and the one place card effects plug in.

``CARD_EFFECTS`` maps a card's name to ``effect(state, animal, tile)``, which may change the
state directly or push steps that ask players.  A card without an entry is taken, removed
and logged, with no further effect.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from engine import ecology
from engine.data import bonus_vps
from engine.flow import Ask, Option, pop, register
from engine.state import animal_name, animals_in_play, gain_vp, log

State = dict[str, Any]
CardEffect = Callable[[State, str, str], None]

CARD_EFFECTS: dict[str, CardEffect] = {}


def card_effect(name: str) -> Callable[[CardEffect], CardEffect]:
    def register_effect(fn: CardEffect) -> CardEffect:
        CARD_EFFECTS[name] = fn
        return fn
    return register_effect


def card_id(name: str) -> str:
    return "card:" + name.lower().replace(" ", "-")


def ask(state, step):
    return Ask(step["animal"], "choose_card", "Choose a face-up dominance card",
               [Option(card_id(c), c) for c in state["cards"]])


def choose(state, step, option_id):
    pop(state)
    name = next(c for c in state["cards"] if card_id(c) == option_id)
    state["cards"].remove(name)
    state["cards_taken"].append(name)
    effect = CARD_EFFECTS.get(name)
    if effect is not None:
        effect(state, step["animal"], step["tile"])
    return f"takes the {name} card"


register("choose_card", ask, choose)


@card_effect("Ice Age")
def ice_age(state: State, animal: str, tile: str) -> None:
    """Every animal scores bonus VPs for the tiles it dominates; the game ends this turn."""
    counts: dict[str, int] = {}
    for a in ecology.dominance_map(state).values():
        counts[a] = counts.get(a, 0) + 1
    parts = []
    for a in animals_in_play(state):
        gained = gain_vp(state, a, bonus_vps(counts.get(a, 0)))
        if gained:
            parts.append(f"{animal_name(a)} +{gained}")
    log(state, "Ice Age: " + (", ".join(parts) if parts else "nobody dominates a tile")
        + ". The game ends after this turn.")
    state["ending"] = True
