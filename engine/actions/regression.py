"""Regression: every animal loses an added element of each type in the Regression box;
each AP on the row (the reptiles' free one too) protects one type for its owner."""

from __future__ import annotations

from engine.flow import Ask, Option, State, Step, pop, register, skip
from engine.phases import ROW_EXIT
from engine.state import animals_in_play, log, to_bag
from engine.text import Msg, msg


def _protected(state: State) -> dict[str, list[str]]:
    """Types each animal protects this turn (read-only view; choose() writes)."""
    protected: dict[str, list[str]] = state.get("row_scratch", {}).get("protect", {})
    return protected


def _choices(state: State, animal: str) -> list[str]:
    added = state["animals"][animal]["added"]
    done = _protected(state).get(animal, [])
    return [e for e in sorted(set(state["boxes"]["regression"])) if e in added and e not in done]


def ask(state: State, step: Step) -> Ask | None:
    animal = step["animal"]
    choices = _choices(state, animal)
    if not choices:
        return None
    options = [Option(f"protect:{e}", msg("regression.protect", element=e)) for e in choices]
    return Ask(animal, "regression", msg("regression"),
               [*options, Option("forfeit", msg("regression.forfeit"))])


def choose(state: State, step: Step, option_id: str) -> Msg:
    pop(state)
    if option_id == "forfeit":
        return msg("forfeits", action="regression")
    element = option_id.split(":", 1)[1]
    protect = state.setdefault("row_scratch", {}).setdefault("protect", {})
    protect.setdefault(step["animal"], []).append(element)
    return msg("regression.protected", element=element)


def auto(state: State, step: Step) -> None:
    skip(state, step, "regression.skipped")


def regress(state: State) -> None:
    """The automatic part, after the row's APs: remove one added element per box type."""
    types = sorted(set(state["boxes"]["regression"]))
    if not types:
        return
    protected = _protected(state)
    lost = []
    for animal in animals_in_play(state):
        added = state["animals"][animal]["added"]
        for e in types:
            if e in added and e not in protected.get(animal, []):
                added.remove(e)
                to_bag(state, e)
                lost.append({"animal": animal, "element": e})
    if lost:
        log(state, "regression.lost", lost=lost)
    else:
        log(state, "regression.none_lost")


register("regression", ask, choose, auto)
ROW_EXIT["regression"] = regress
