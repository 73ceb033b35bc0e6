"""Buttons and select menus built from a prompt.  Their custom ids carry the game and the
state version, so they keep working after a restart and a stale click is refused politely."""

from __future__ import annotations

import re
from collections.abc import Awaitable, Callable

import discord

from bot.limits import BUTTON_LABEL, CUSTOM_ID, SELECT_LABEL, clip
from bot.replies import Choice, Reply

BUTTONS_MAX = 5  # a short list reads best as buttons in one row
SELECT_OPTIONS = 25  # Discord's limit per select menu
SELECTS_MAX = 5  # rows in one message

#: on_choice(interaction, game_id, version, option_id)
ChoiceHandler = Callable[[discord.Interaction, int, int, str], Awaitable[None]]
_handler: ChoiceHandler | None = None


def set_choice_handler(handler: ChoiceHandler) -> None:
    global _handler
    _handler = handler


async def _dispatch(interaction: discord.Interaction, game: int, version: int, option: str) -> None:
    if _handler is None:
        await interaction.response.send_message("The bot is starting; try again in a moment.", ephemeral=True)
        return
    await _handler(interaction, game, version, option)


class OptionButton(discord.ui.DynamicItem[discord.ui.Button],
                   template=r"ds:b:(?P<game>[0-9]+):(?P<version>[0-9]+):(?P<option>.+)"):
    def __init__(self, game: int, version: int, option: str, label: str = "…") -> None:
        super().__init__(discord.ui.Button(label=clip(label, BUTTON_LABEL), style=discord.ButtonStyle.primary,
                                           custom_id=f"ds:b:{game}:{version}:{option}"))
        self.game, self.version, self.option = game, version, option

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction, item: discord.ui.Button,
                             match: re.Match[str]) -> OptionButton:
        return cls(int(match["game"]), int(match["version"]), match["option"], item.label or "…")

    async def callback(self, interaction: discord.Interaction) -> None:
        await _dispatch(interaction, self.game, self.version, self.option)


class OptionSelect(discord.ui.DynamicItem[discord.ui.Select],
                   template=r"ds:s:(?P<game>[0-9]+):(?P<version>[0-9]+):(?P<page>[0-9]+)"):
    def __init__(self, game: int, version: int, page: int, choices: list[Choice] | None = None) -> None:
        options = [discord.SelectOption(label=clip(c.label, SELECT_LABEL), value=c.id) for c in choices or []]
        placeholder = "Choose…" if page == 0 else f"More choices ({page + 1})…"
        super().__init__(discord.ui.Select(custom_id=f"ds:s:{game}:{version}:{page}", placeholder=placeholder,
                                           options=options, min_values=1, max_values=1))
        self.game, self.version = game, version

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction, item: discord.ui.Select,
                             match: re.Match[str]) -> OptionSelect:
        return cls(int(match["game"]), int(match["version"]), int(match["page"]))

    async def callback(self, interaction: discord.Interaction) -> None:
        values = (interaction.data or {}).get("values") or []
        if not values:
            await interaction.response.send_message("Pick one option from the list.", ephemeral=True)
            return
        await _dispatch(interaction, self.game, self.version, values[0])


def prompt_view(reply: Reply) -> tuple[discord.ui.View | None, str]:
    """The components for a reply's choices, and a note when not all of them fit."""
    choices = reply.choices
    if not choices or reply.game_id is None or reply.version is None:
        return None, ""
    view = discord.ui.View(timeout=None)
    # A button carries its option in its custom id (100 characters at most): a very long id goes in a select.
    fits = all(len(f"ds:b:{reply.game_id}:{reply.version}:{c.id}") <= CUSTOM_ID for c in choices)
    if len(choices) <= BUTTONS_MAX and fits:
        for c in choices:
            view.add_item(OptionButton(reply.game_id, reply.version, c.id, c.label))
        return view, ""
    pages = [choices[i:i + SELECT_OPTIONS] for i in range(0, len(choices), SELECT_OPTIONS)]
    for page, page_choices in enumerate(pages[:SELECTS_MAX]):
        view.add_item(OptionSelect(reply.game_id, reply.version, page, page_choices))
    shown = min(len(choices), SELECTS_MAX * SELECT_OPTIONS)
    note = "" if shown == len(choices) else \
        f"\n({len(choices) - shown} more options: type /ds play and search them.)"
    return view, note
