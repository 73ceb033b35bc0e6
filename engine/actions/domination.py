"""Domination: score a tile not yet scored this turn; its dominant animal takes a card."""

from __future__ import annotations

from engine import ecology
from engine.actions.common import forfeit, hex_of_option, tile_option
from engine.flow import Ask, pop, push, register, skip
from engine.phases import score_tile
from engine.state import animal_name, tile_name


def candidates(state) -> list[str]:
    """Tiles not scored this turn that hold species (an empty tile scores nothing)."""
    scored = set(state["scored"])
    return sorted(h for h, t in state["tiles"].items() if h not in scored and t["species"])


def _preview(state, hkey: str) -> str:
    score = ecology.domination_score(state, hkey)
    parts = [f"{a} {v}" for a, v in score.items() if v]
    text = "Score {tile}: " + ", ".join(parts)
    dom = ecology.dominant(state, hkey)
    if dom:
        text += f"; {dom} take a card"
    return text[:100]


def ask(state, step):
    tiles = candidates(state)
    if not tiles:
        return None
    options = [tile_option(state, h, _preview(state, h)) for h in tiles]
    return Ask(step["animal"], "domination", "Domination: choose a tile to score",
               [*options, forfeit("Domination")])


def choose(state, step, option_id):
    pop(state)
    if option_id == "forfeit":
        return "forfeits Domination"
    hkey = hex_of_option(option_id)
    state["scored"].append(hkey)
    parts = score_tile(state, hkey, "domination")
    text = f"scores {tile_name(state, hkey)}: {', '.join(parts) or 'nobody scores'}"
    dom = ecology.dominant(state, hkey)
    if dom is None:
        return text + "; nobody dominates it"
    if not state["cards"]:
        return text + f"; {animal_name(dom)} dominate it but no card is left"
    push(state, "choose_card", animal=dom, tile=hkey)
    return text + f"; {animal_name(dom)} dominate it and choose a card"


def auto(state, step):
    skip(state, step, f"{animal_name(step['animal'])}: Domination skipped (no tile to score).")


register("domination", ask, choose, auto)
