"""Fertile: the taker picks a tile holding one of its species and scores one VP for every
species there, of every animal."""

from __future__ import annotations

from engine.actions.common import hex_of_option, tile_option
from engine.cards.common import own_tiles, pick_step, starts_step
from engine.flow import Option, State, Step
from engine.state import gain_vp
from engine.text import Msg, msg, tile_ref


def _species_on(state: State, hkey: str) -> int:
    return sum(state["tiles"][hkey]["species"].values())


def _options(state: State, animal: str, tiles: list[str]) -> list[Option]:
    return [tile_option(state, h, "fertile.tile", vp=_species_on(state, h)) for h in tiles]


def _score(state: State, step: Step, option_id: str) -> Msg:
    h = hex_of_option(option_id)
    total = _species_on(state, h)
    gained = gain_vp(state, step["animal"], total, source="card:Fertile")
    return msg("fertile.gained", vp=gained, n=total, tile=tile_ref(state, h))


pick_step("fertile", "Fertile", "fertile", msg("fertile"), own_tiles, _options, _score)
starts_step("Fertile", "fertile")
