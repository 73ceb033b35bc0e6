"""Answers before your turn: the steps where several animals decide one after another and no
answer can change what a later one is offered, so everyone can be asked at once.

Every step of the engine where more than one animal decides in turn, and whether it is one:

* ``wanderlust_move`` (the moves onto a new Wanderlust tile, animal by animal in food-chain
  order, one prompt per neighbouring tile holding the animal's species): INDEPENDENT.  An
  animal moves only its own species, from a neighbouring tile onto the new one; what a later
  prompt offers is the count of its own species on its own source tile, which no move of
  another animal (nor its own from another tile) changes.  The queue of (animal, tile) is fixed
  when the step begins.
* ``immigrants`` (every animal in food-chain order loses an added element, an AP for good, or
  all but one species on every tile): INDEPENDENT.  Each choice touches only the chooser's own
  display, APs and species; a later animal's options are its own added elements, its own APs
  in supply and the species option, none of which another's loss changes.
* ``disease`` (each animal with more elements than the taker loses an added element of its
  choice): INDEPENDENT.  The queue is fixed when the card is taken; each loss is from the
  chooser's own display.
* ``regression`` (one prompt per AP on the Regression row, left to right, each owner protecting
  one element type): independent between animals (an animal's protection is its own; the
  elements are removed only after the row), but not within one animal with two APs there (the
  second is not offered the type the first protected).  These are APs: their owners answer
  ahead with orders (``engine.orders``), and all of them can be asked at once when the row
  comes, as when Execution begins.
* ``planning`` (placing APs in initiative order): NOT independent: a space taken is gone for
  everyone after.  Plans (``engine.standing``) answer it instead.
* ``execution`` (each AP's action in display order): NOT independent: every action changes the
  earth, the boxes or the cards the later ones are offered.  Orders answer it instead.
* ``choose_card`` after another animal's Domination (the dominant animal chooses): one animal
  decides, and the card it takes is gone for every later Domination: NOT independent.
* ``reset``'s mammal save: one animal decides; nobody else.  Every card's other steps
  (Catastrophe, Evolution, Predator, Biomass, Mass Exodus, ...) are the taker's alone.

For an independent step, ``foreseen`` lists who will be asked and what each is offered, in
turn order; an early answer waits until its prompt comes, then is applied as a click if it is
still offered (it always is, unless the position changed by other means), or stops.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from engine.ai.core import clone
from engine.flow import Option, Prompt, apply, prompt

State = dict[str, Any]

#: The steps whose prompts are independent of each other's answers (see above).
INDEPENDENT: frozenset[str] = frozenset({"wanderlust_move", "immigrants", "disease"})


@dataclass(frozen=True)
class Foreseen:
    """One prompt an independent step will ask: whom, about what, with which options."""

    seat: int
    animal: str
    kind: str
    text: Any  # the prompt's text (a Msg)
    options: tuple[Option, ...]

    def prompt(self) -> Prompt:
        return Prompt(self.seat, self.animal, self.kind, self.text, self.options)


def independent_now(state: State) -> bool:
    """Whether the pending prompt is one of an independent step's."""
    return state["phase"] != "over" and bool(state["steps"]) and state["steps"][-1]["name"] in INDEPENDENT


def foreseen(state: State) -> tuple[Foreseen, ...]:
    """Every prompt the pending independent step will still ask, the pending one first, in
    turn order; empty when the pending prompt is not one of such a step.  Worked out on a copy
    where each prompt is answered with its first option: no answer changes a later prompt."""
    if not independent_now(state):
        return ()
    copy = clone(state)
    depth, name = len(copy["steps"]), copy["steps"][-1]["name"]
    here = copy["steps"][-1]
    found: list[Foreseen] = []
    while (copy["phase"] != "over" and len(copy["steps"]) == depth and copy["steps"][-1] is here
           and here["name"] == name):
        p = prompt(copy)
        assert p is not None
        found.append(Foreseen(p.seat, p.animal, p.kind, p.text, p.options))
        apply(copy, p.seat, p.options[0].id, asked=p)
    return tuple(found)


def foreseen_for(state: State, animal: str) -> tuple[Foreseen, ...]:
    """The prompts of the pending independent step that ``animal`` will be asked, in order."""
    return tuple(f for f in foreseen(state) if f.animal == animal)


def asked_at_once(state: State, skip: Sequence[int] = ()) -> tuple[int, ...]:
    """The seats to ask at once now, in turn order, each once (``skip``: seats already asked)."""
    seats: list[int] = []
    for f in foreseen(state):
        if f.seat not in seats and f.seat not in skip:
            seats.append(f.seat)
    return tuple(seats)




def at_foreseen(state: State, index: int) -> State:
    """A copy of ``state`` positioned at the ``index``-th prompt ``foreseen`` lists (the ones
    before it answered with their first option, which changes nothing it offers): for a
    computer player standing in for a person, which chooses by looking at a position."""
    copy = clone(state)
    for _ in range(index):
        p = prompt(copy)
        assert p is not None and independent_now(copy)
        apply(copy, p.seat, p.options[0].id, asked=p)
    return copy


__all__ = ["INDEPENDENT", "Foreseen", "asked_at_once", "at_foreseen", "foreseen", "foreseen_for", "independent_now"]
