"""The Survival card, the 27th card: never drawn and no dominance card.  The animal with the
sole most species on tundra holds it (``engine.ecology.survival_holder``); in each Reset, right
after Extinction, the holder scores bonus VPs for the tundra tiles it occupies (base-game.md §7.2).
"""

from __future__ import annotations

from engine import ecology
from engine.data import bonus_vps
from engine.flow import State
from engine.phases import AFTER_EXTINCTION
from engine.state import gain_vp, log


def score(state: State) -> None:
    holder = ecology.survival_holder(state)
    state["survival"] = holder
    if holder is None:
        log(state, "survival.nobody")
        return
    occupied = sum(
        1 for t in state["tiles"].values()
        if t["terrain"] == "tundra" and t["species"].get(holder, 0) > 0
    )
    gained = gain_vp(state, holder, bonus_vps(occupied), source="survival")
    log(state, "survival", holder=holder, n=occupied, vp=gained)


AFTER_EXTINCTION.append(score)
