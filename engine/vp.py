"""Where each animal's VPs came from.

``engine.state.gain_vp`` books every real change of an animal's VPs under a source, in
``state["animals"][a]["vp_sources"]``.  A source is one of ``SOURCES`` or ``"card:<name>"``
for a Dominance card (Ice Age's bonus, Fertile, Niche Biomes' losses...); ``words.vp_source``
names them.
"""

from __future__ import annotations

from typing import Any

from engine.state import animals_in_play

State = dict[str, Any]

DOMINATION = "domination"
GLACIATION = "glaciation"
WANDERLUST = "wanderlust"
SURVIVAL = "survival"
FINAL_SCORING = "final_scoring"
#: VPs nobody booked: a state saved before sources were kept, or edited by hand.
UNTRACKED = "untracked"
CARD_PREFIX = "card:"

#: The order a breakdown is shown in: actions first, then Survival, cards, the end.
SOURCES = (DOMINATION, GLACIATION, WANDERLUST, SURVIVAL)


def card_source(card: str) -> str:
    return CARD_PREFIX + card


def _rank(source: str) -> tuple[int, str]:
    if source in SOURCES:
        return SOURCES.index(source), ""
    if source.startswith(CARD_PREFIX):
        return len(SOURCES), source
    if source == FINAL_SCORING:
        return len(SOURCES) + 1, ""
    return len(SOURCES) + 2, source


def breakdown(state: State, animal: str) -> dict[str, int]:
    """The animal's VPs by source, in display order, adding up exactly to its VPs.

    Sources that netted zero are left out; VPs no source explains (an old state) are
    shown as ``UNTRACKED`` so that the sum still holds.
    """
    record = state["animals"][animal]
    booked = {s: n for s, n in record.get("vp_sources", {}).items() if n}
    missing = record["vp"] - sum(booked.values())
    if missing:
        booked[UNTRACKED] = booked.get(UNTRACKED, 0) + missing
    return {s: booked[s] for s in sorted(booked, key=_rank)}


def breakdowns(state: State) -> dict[str, dict[str, int]]:
    """``breakdown`` for every animal in play, in food-chain order."""
    return {a: breakdown(state, a) for a in animals_in_play(state)}


def sources_used(state: State) -> list[str]:
    """Every source that any animal's breakdown shows, in display order (a table's rows)."""
    seen = {s for b in breakdowns(state).values() for s in b}
    return sorted(seen, key=_rank)
