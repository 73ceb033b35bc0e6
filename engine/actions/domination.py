"""Domination: score a tile not yet scored this turn; its dominant animal takes a card."""

from __future__ import annotations

from engine import ecology
from engine.actions.common import forfeit, hex_of_option, tile_option
from engine.flow import Ask, Option, State, Step, pop, push, register, skip
from engine.phases import score_tile
from engine.state import log
from engine.text import Msg, msg, tile_ref


def candidates(state: State) -> list[str]:
    """Tiles not scored this turn that hold species (an empty tile scores nothing)."""
    scored = set(state["scored"])
    return sorted(h for h, t in state["tiles"].items() if h not in scored and t["species"])


def _preview(state: State, hkey: str) -> Option:
    score = [{"animal": a, "vp": v} for a, v in ecology.domination_score(state, hkey).items() if v]
    dom = ecology.dominant(state, hkey)
    if dom:
        return tile_option(state, hkey, "domination.score_card", scores=score, dominant=dom)
    return tile_option(state, hkey, "domination.score", scores=score)


def ask(state: State, step: Step) -> Ask | None:
    tiles = candidates(state)
    if not tiles:
        return None
    options = [_preview(state, h) for h in tiles]
    return Ask(step["animal"], "domination", msg("domination"), [*options, forfeit("domination")])


def choose(state: State, step: Step, option_id: str) -> Msg:
    pop(state)
    if option_id == "forfeit":
        return msg("forfeits", action="domination")
    hkey = hex_of_option(option_id)
    state["scored"].append(hkey)
    where = tile_ref(state, hkey)
    scores = score_tile(state, hkey, "domination")
    dom = ecology.dominant(state, hkey)
    if dom is None:
        log(state, "domination.no_dominant", tile=where)
    elif not state["cards"]:
        log(state, "domination.no_card", dominant=dom, tile=where)
    else:
        push(state, "choose_card", animal=dom, tile=hkey)
        log(state, "domination.dominant", dominant=dom, tile=where)
    return msg("domination.scored", tile=where, scores=scores) if scores else \
        msg("domination.scored_nothing", tile=where)


def auto(state: State, step: Step) -> None:
    skip(state, step, "domination.skipped")


register("domination", ask, choose, auto)
