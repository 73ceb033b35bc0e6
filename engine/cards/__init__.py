"""Dominance cards: choosing a face-up card, and each card's effect found by its name.

One module per card (``engine/cards/hibernation.py`` ...), and ``survival.py`` for the Survival
card; what several of them share is in ``common``.  A card's module registers its effect in
``CARD_EFFECTS`` (``effect(state, animal, tile)``: it changes the state directly or pushes
steps that ask players, always as a pick from legal options) and holds the card's open rules
readings as named constants.  The taker resolves as much as it can; a part that is impossible
is skipped.  Each card's rules text is in the ``words`` catalogue.
"""

from __future__ import annotations

from engine.cards.common import gain_ap
from engine.cards.effects import CARD_EFFECTS, CardEffect, card_effect, card_id
from engine.flow import Ask, Option, State, Step, pop, register
from engine.text import Msg, msg


def ask(state: State, step: Step) -> Ask | None:
    return Ask(step["animal"], "choose_card", msg("choose_card"),
               [Option(card_id(c), msg("card", card=c)) for c in state["cards"]])


def choose(state: State, step: Step, option_id: str) -> Msg:
    pop(state)
    name = next(c for c in state["cards"] if card_id(c) == option_id)
    state["cards"].remove(name)
    state["cards_taken"].append(name)
    effect = CARD_EFFECTS.get(name)
    if effect is not None:
        effect(state, step["animal"], step["tile"])
    return msg("card.taken", card=name)


register("choose_card", ask, choose)

from engine.cards import (  # noqa: E402,F401  (registers the effects)
    aquatic,
    biodiversity,
    biomass,
    blight,
    catastrophe,
    cold_snap,
    disease,
    ecodiversity,
    evolution,
    fecundity,
    fertile,
    habitat,
    hibernation,
    ice_age,
    ice_sheet,
    immigrants,
    instinct,
    intelligence,
    mass_exodus,
    metamorphosis,
    niche_biomes,
    nocturnal,
    omnivore,
    parasitism,
    predator,
    survival,
    symbiotic,
)

__all__ = ["CARD_EFFECTS", "CardEffect", "card_effect", "card_id", "gain_ap"]
