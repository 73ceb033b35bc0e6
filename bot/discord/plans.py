"""The menus behind a Planning prompt's "Plan ahead" and what ``/ds ahead plan`` (``commands_ahead``)
reads: a player's planned AP placements, kept and shown privately (the service's
``bot.game.plans`` places from them).

Every answer here is private and in the reader's language: a plan is nobody else's business.
The menus carry the game in their custom ids, so a menu left over from another game is refused.
"""

from __future__ import annotations

import contextlib
import re
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

import discord
from discord import app_commands

import words
from bot.discord import components
from bot.discord.answers import answer, user_lang, who
from bot.discord.limits import AUTOCOMPLETE_NAME, AUTOCOMPLETE_VALUE, CONTENT, SELECT_LABEL, clip
from bot.game.plans import PlanSheet
from words import gettext, say
from words import spaces as spelled
from words.render import space_name

if TYPE_CHECKING:
    from bot.discord.responder import Responder

AUTOCOMPLETE_MAX = 25
SELECT_OPTIONS = 25  # Discord's limit per select menu


def clear_words() -> set[str]:
    """What ``/ds plan spaces:`` takes for "no plan", in every language (the catalogue's)."""
    return words.typed_words("bot.plan.clear_words")


def wish_choices(current: str, lang: str) -> list[app_commands.Choice[str]]:
    """The autocomplete of a typed standing plan: the last item completed to each row ("any
    Domination") and space it may name, the items before it kept as typed; every value reads back."""
    *typed, last = spelled.pieces(current)
    kept = "".join(f"{item.strip()}, " for item in typed if item.strip())
    found = []
    wishes = [spelled.wish_label(w, lang) for w in spelled.matching_wishes(last, lang)]
    if spelled.normal(last) and spelled.normal(last) in spelled.normal(spelled.best_label(lang)):
        wishes.append(spelled.best_label(lang))
    for label in wishes[:AUTOCOMPLETE_MAX]:
        value = kept + label
        if len(value) <= AUTOCOMPLETE_VALUE:
            found.append(app_commands.Choice(name=clip(value, AUTOCOMPLETE_NAME), value=value))
    return found


# -- "Plan ahead": the private menus ------------------------------------------------------------

class PlanSelect(discord.ui.DynamicItem[discord.ui.Select[Any]],
                 template=r"ds:pa:(?P<game>[0-9]+):(?P<animal>[a-z]+):(?P<group>[0-9])"):
    """A menu of spaces to add to an animal's plan (the spaces come in groups of 25 at most)."""

    def __init__(self, game: int, animal: str, group: int, spaces: tuple[str, ...] = (),
                 lang: str = words.DEFAULT) -> None:
        options = [discord.SelectOption(label=clip(space_name(s, lang), SELECT_LABEL), value=s) for s in spaces]
        placeholder = (gettext("bot.plan.add_from", lang, animal=animal, first=space_name(spaces[0], lang),
                               last=space_name(spaces[-1], lang)) if spaces else None)
        super().__init__(discord.ui.Select(custom_id=f"ds:pa:{game}:{animal}:{group}", placeholder=placeholder,
                                           options=options or [discord.SelectOption(label="…")],
                                           min_values=1, max_values=1))
        self.game, self.animal = game, animal

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction, item: discord.ui.Item[Any],
                             match: re.Match[str]) -> PlanSelect:
        return cls(int(match["game"]), match["animal"], int(match["group"]))

    async def callback(self, interaction: discord.Interaction) -> None:
        data: Mapping[str, object] = interaction.data or {}
        values = data.get("values")
        space = values[0] if isinstance(values, list) and values and isinstance(values[0], str) else ""
        await components._dispatch("plan_add", interaction, game=self.game, animal=self.animal, space=space)


class PlanClearButton(discord.ui.DynamicItem[discord.ui.Button[Any]],
                      template=r"ds:pc:(?P<game>[0-9]+):(?P<animal>[a-z]+)"):
    def __init__(self, game: int, animal: str, lang: str = words.DEFAULT) -> None:
        super().__init__(discord.ui.Button(label=clip(gettext("bot.button.plan_clear", lang, animal=animal), 80),
                                           style=discord.ButtonStyle.danger, custom_id=f"ds:pc:{game}:{animal}"))
        self.game, self.animal = game, animal

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction, item: discord.ui.Item[Any],
                             match: re.Match[str]) -> PlanClearButton:
        return cls(int(match["game"]), match["animal"])

    async def callback(self, interaction: discord.Interaction) -> None:
        await components._dispatch("plan_clear", interaction, game=self.game, animal=self.animal)


class PlanAnimalSelect(discord.ui.DynamicItem[discord.ui.Select[Any]], template=r"ds:pw:(?P<game>[0-9]+)"):
    """Whose menus to show, where a player's animals' menus do not all fit in one message."""

    def __init__(self, game: int, animals: tuple[str, ...] = (), shown: str = "", lang: str = words.DEFAULT) -> None:
        options = [discord.SelectOption(label=clip(words.term(f"animal.{a}", lang), SELECT_LABEL), value=a,
                                        default=a == shown) for a in animals]
        super().__init__(discord.ui.Select(custom_id=f"ds:pw:{game}", options=options or [discord.SelectOption(
            label="…")], placeholder=gettext("bot.plan.whose", lang), min_values=1, max_values=1))
        self.game = game

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction, item: discord.ui.Item[Any],
                             match: re.Match[str]) -> PlanAnimalSelect:
        return cls(int(match["game"]))

    async def callback(self, interaction: discord.Interaction) -> None:
        data: Mapping[str, object] = interaction.data or {}
        values = data.get("values")
        animal = values[0] if isinstance(values, list) and values and isinstance(values[0], str) else ""
        await components._dispatch("plan_animal", interaction, game=self.game, animal=animal)


DYNAMIC_ITEMS = (PlanSelect, PlanClearButton, PlanAnimalSelect)
#: A message's rows of components (Discord's limit): a menu takes one, five buttons another.
ROWS = 5


def plan_view(sheet: PlanSheet, lang: str, animal: str | None = None) -> discord.ui.View:
    """Each of the player's animals' menus of spaces, and a button to clear its plan; where they
    do not all fit (the multi-animal variant's three animals), a menu of the animals first and
    the menus of one (``animal``, else the first)."""
    view = discord.ui.View(timeout=None)
    groups = max(1, -(-len(sheet.spaces) // SELECT_OPTIONS))
    size = -(-len(sheet.spaces) // groups)  # even groups read better than 25 and 16
    shown = sheet.animals
    if len(sheet.animals) * groups + 1 > ROWS:
        first = animal if animal in sheet.animals else sheet.animals[0]
        shown = (first,)
        view.add_item(PlanAnimalSelect(sheet.game_id, sheet.animals, first, lang))
    for one in shown:
        for group in range(groups):
            view.add_item(PlanSelect(sheet.game_id, one, group, sheet.spaces[group * size:(group + 1) * size],
                                     lang))
    for one in shown:
        view.add_item(PlanClearButton(sheet.game_id, one, lang))
    return view


def sheet_text(sheet: PlanSheet, lang: str) -> str:
    return clip(f"{say(sheet.message, lang)}\n\n{gettext('bot.plan.menu', lang)}", CONTENT)


async def on_plan_ahead(shell: Responder, interaction: discord.Interaction, game: int) -> None:
    """"Plan ahead" on a Planning prompt: the presser's plans and menus, privately."""
    channel, user, _ = who(interaction)
    lang = user_lang(interaction)
    sheet = await shell.service.plans.plan_sheet(channel, user, game, lang=lang)
    await answer(interaction, sheet_text(sheet, lang), view=plan_view(sheet, lang), ephemeral=True)


async def on_plan_change(shell: Responder, interaction: discord.Interaction, game: int, animal: str,
                         space: str | None = None, *, change: bool = True) -> None:
    """A pick in the menus (``space``) or "Clear": the plan changes, the private message with it
    (``change``: False for a pick of whose menus to show, which changes nothing)."""
    channel, user, _ = who(interaction)
    lang = user_lang(interaction)
    if change and space is None:
        await shell.service.plans.clear_plan(channel, user, animal, game_id=game)
    elif change and space is not None:
        await shell.service.plans.set_plan(channel, user, space, add=True, animal=animal, lang=lang, game_id=game)
    sheet = await shell.service.plans.plan_sheet(channel, user, game, lang=lang)
    text, view = sheet_text(sheet, lang), plan_view(sheet, lang, animal)
    message = interaction.message
    if message is not None and message.flags.ephemeral:  # the menus' own private message, changed in place
        with contextlib.suppress(discord.HTTPException):
            await interaction.response.edit_message(content=text, view=view)
        return
    await answer(interaction, text, view=view, ephemeral=True)


def install_plan_buttons(shell: Responder) -> None:
    """Route "Plan ahead" and its menus to their handlers (the client registers their items)."""
    components.set_handler("plan_ahead", lambda i, game: on_plan_ahead(shell, i, game))
    components.set_handler("plan_add", lambda i, game, animal, space: on_plan_change(shell, i, game, animal, space))
    components.set_handler("plan_clear", lambda i, game, animal: on_plan_change(shell, i, game, animal))
    components.set_handler("plan_animal", lambda i, game, animal: on_plan_change(shell, i, game, animal,
                                                                                 change=False))
