"""What several cards' steps share: option ids, the one-step and one-pick card shapes, an element
from the bag onto a corner, one loss per tile, the queue of animals asked in turn, new APs."""

from __future__ import annotations

import copy
from collections.abc import Callable
from typing import Any

from engine.actions.common import corner_id, corner_of_option
from engine.cards.effects import card_effect
from engine.data import CYLINDERS_PER_ANIMAL, ELEMENTS
from engine.flow import Ask, ChooseFn, Option, State, Step, pop, push, register, skip
from engine.geometry import hex_from_key, hex_key, neighbours
from engine.state import log, remove_species, take_from_bag
from engine.text import Msg, corner_ref, msg, tile_ref


def arg(option_id: str) -> str:
    """What follows the first colon of an option id (``element:sun`` -> ``sun``)."""
    return option_id.split(":", 1)[1]


def bag_types(state: State) -> list[str]:
    return [e for e in ELEMENTS if state["bag"][e] > 0]


def neighbour_tiles(state: State, hkey: str) -> list[str]:
    return sorted(k for n in neighbours(hex_from_key(hkey)) if (k := hex_key(n)) in state["tiles"])


def own_tiles(state: State, animal: str) -> list[str]:
    return sorted(h for h, t in state["tiles"].items() if animal in t["species"])


def log_losses(state: State, card: str, losses: list[dict[str, Any]]) -> None:
    if losses:
        log(state, "card.losses", card=card, losses=losses)


# -- The shapes of a card ---------------------------------------------------------------------

def starts_step(card: str, step: str, **data: Any) -> None:
    """Register a card whose whole effect is one step asking the taker."""

    def effect(state: State, animal: str, tile: str) -> None:
        push(state, step, animal=animal, **copy.deepcopy(data))

    card_effect(card)(effect)


def pick_step(name: str, card: str, kind: str, text: Msg, targets: Callable[[State, str], list[str]],
              describe: Callable[[State, str, list[str]], list[Option]], apply_one: ChooseFn) -> None:
    """Register a one-pick card: the taker picks one of ``targets(state, animal)``."""

    def ask(state: State, step: Step) -> Ask | None:
        animal = step["animal"]
        options = describe(state, animal, targets(state, animal))
        return Ask(step["animal"], kind, text, options) if options else None

    def choose(state: State, step: Step, option_id: str) -> Msg:
        pop(state)
        return apply_one(state, step, option_id)

    def auto(state: State, step: Step) -> None:
        skip(state, step, "card.nothing_to_do", card=card)

    register(name, ask, choose, auto)


# -- An element of the taker's choice from the bag onto a vacant corner (Habitat, Aquatic) ----

def element_ask(state: State, step: Step, corners: list[str], kind: str, card: str) -> Ask | None:
    """Stage one asks which element (none in the bag, or no corner: nothing to ask); stage two
    asks which of ``corners`` it goes on."""
    if step.get("element") is None:
        types = bag_types(state)
        if not corners or not types:
            return None
        return Ask(step["animal"], kind, msg("card.element_from_bag", card=card),
                   [Option(f"element:{e}", msg("take_from_bag", element=e)) for e in types])
    e = step["element"]
    return Ask(step["animal"], kind + "_corner", msg("card.corner_for", card=card, element=e),
               [Option(corner_id(c), msg("place_element", element=e, corner=corner_ref(state, c)))
                for c in corners])


def place_from_bag(state: State, step: Step, option_id: str) -> str | None:
    """Stage two of an element placement; returns the corner key once placed."""
    if option_id.startswith("element:"):
        step["element"] = arg(option_id)
        return None
    c = corner_of_option(option_id)
    take_from_bag(state, step["element"])
    state["elements"][c] = step["element"]
    return c


# -- One loss on each tile of a queue, the taker picks the victim (Predator, Biomass) ---------

def register_loss_step(name: str, card: str, *, spares_taker: bool) -> None:
    """A step through ``step["queue"]`` (tile keys): each tile loses one species; the taker
    picks whose when there is a choice (``spares_taker``: never the taker's own)."""

    def victims(state: State, step: Step, h: str) -> list[str]:
        return [a for a in state["tiles"][h]["species"] if not (spares_taker and a == step["animal"])]

    def ask(state: State, step: Step) -> Ask | None:
        if step["next"] >= len(step["queue"]):
            return None
        h = step["queue"][step["next"]]
        found = victims(state, step, h)
        if len(found) <= 1:
            return None  # auto resolves it
        where = tile_ref(state, h)
        return Ask(step["animal"], name, msg("card.loses_one", card=card, tile=where),
                   [Option(f"eliminate:{a}", msg("eliminate_one", victim=a, tile=where)) for a in found])

    def resolve_unasked(state: State, step: Step) -> None:
        """Resolve tiles with a single possible victim (or none) without asking."""
        losses = []
        while step["next"] < len(step["queue"]):
            h = step["queue"][step["next"]]
            found = victims(state, step, h)
            if len(found) > 1:
                break
            if found:
                losses.append({"animal": found[0], "n": 1, "tile": tile_ref(state, h)})
                remove_species(state, found[0], h, 1)
            step["next"] += 1
        log_losses(state, card, losses)

    def choose(state: State, step: Step, option_id: str) -> Msg:
        h = step["queue"][step["next"]]
        victim = arg(option_id)
        where = tile_ref(state, h)
        remove_species(state, victim, h, 1)
        step["next"] += 1
        return msg("eliminated_one", victim=victim, tile=where)

    def auto(state: State, step: Step) -> None:
        resolve_unasked(state, step)
        if step["next"] >= len(step["queue"]):
            pop(state)

    register(name, ask, choose, auto)


# -- Animals asked one after another (Disease, Immigrants) ------------------------------------

def current(step: Step) -> str | None:
    """The animal whose turn it is in ``step["queue"]``, if one is left."""
    return step["queue"][step["next"]] if step["next"] < len(step["queue"]) else None


def chooser(step: Step) -> str:
    """The animal choosing now (a step is only asked while one is left in its queue)."""
    a = current(step)
    assert a is not None, step
    return a


# -- New APs (Omnivore, Intelligence, Parasitism) ---------------------------------------------

def gain_ap(state: State, animal: str) -> bool:
    """A new AP for good, from the animal's unused cylinders (there are only 10)."""
    rec = state["animals"][animal]
    if rec["aps_owned"] >= CYLINDERS_PER_ANIMAL:
        return False
    rec["aps_owned"] += 1
    rec["aps"] += 1
    return True


def gain_aps(state: State, card: str, animals: list[str]) -> None:
    """One new AP each, for as long as an animal has a cylinder left; the log says who."""
    gained = [a for a in animals if gain_ap(state, a)]
    full = [a for a in animals if a not in gained]
    if gained:
        log(state, "card.ap_gained", card=card, animals=gained)
    if full:
        log(state, "card.ap_full", card=card, animals=full, n=CYLINDERS_PER_ANIMAL)

