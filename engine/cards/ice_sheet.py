"""Ice Sheet: a Glaciation for the taker, bonus VPs included, with no AP (base-game.md §6.7)."""

from __future__ import annotations

from engine.actions.common import hex_of_option, tile_option
from engine.actions.glaciation import candidates, glaciate
from engine.cards.common import pick_step, starts_step
from engine.flow import Option, State, Step
from engine.text import Msg, msg


def _options(state: State, animal: str, tiles: list[str]) -> list[Option]:
    return [tile_option(state, h, "ice_sheet.tile") for h in tiles]


def _glaciate(state: State, step: Step, option_id: str) -> Msg:
    return glaciate(state, step["animal"], hex_of_option(option_id), "card:Ice Sheet")


pick_step("ice_sheet", "Ice Sheet", "ice_sheet", msg("ice_sheet"), lambda s, a: candidates(s), _options, _glaciate)
starts_step("Ice Sheet", "ice_sheet")
