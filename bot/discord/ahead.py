"""The private menus behind the live prompt's "Answer ahead" (``components.AnswerAheadButton``,
issue 38): the presser's books and, to give an order, a menu of their APs still to act, then
each prompt the AP's action would ask (rehearsed by the service: the live prompt's own options
and labels), one after another, and "Keep this order"; to answer before their turn, each prompt
the step under way will ask them.  Every answer here is private and in the reader's language.

A menu carries the game, the version it was built for (a later one is refused as stale) and
the answers picked so far, as each prompt's option numbers, in its custom id.
"""

from __future__ import annotations

import contextlib
import re
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

import discord

import words
from bot.discord import components
from bot.discord.answers import answer, user_lang, who
from bot.discord.limits import CONTENT, CUSTOM_ID, SELECT_LABEL, clip
from bot.game.ahead import AheadSheet, Rehearsed
from bot.game.replies import Choice
from words import gettext, ngettext
from words.render import space_name

if TYPE_CHECKING:
    from bot.discord.responder import Responder

SELECT_OPTIONS = 25  # Discord's limit per select menu
#: Early answers' menus at most: a message has 5 rows, the APs' menu takes one (a player runs 3 animals at most).
EARLY_MENUS = 4
SPACE = r"[a-z]+-[0-9]+"
PICKS = r"[0-9.]*"
PAGE = r"(?::[0-9]+)?"  # a menu's page of a prompt's options, after the first (any page reads the same)
#: The rows of one message (Discord's limit): an order's answer menus leave one for "Keep this order",
#: the early answer menus one for the AP menu.
ROWS = 5


def _picks(text: str) -> list[int]:
    return [int(p) for p in text.split(".") if p]


def _chain(picks: list[int]) -> str:
    return ".".join(str(p) for p in picks)


def _options(choices: list[Choice], page: int = 0) -> list[discord.SelectOption]:
    """A page of a prompt's options as a menu's (each by its number in the whole prompt: what the
    service reads)."""
    first = page * SELECT_OPTIONS
    return [discord.SelectOption(label=clip(c.label, SELECT_LABEL), value=str(i))
            for i, c in enumerate(choices[first:first + SELECT_OPTIONS], start=first)]


def _pages(choices: list[Choice], rows: int) -> range:
    """The pages of a prompt's options that fit in ``rows`` menus (as the live prompt pages them)."""
    return range(min(rows, -(-len(choices) // SELECT_OPTIONS)))


def more_note(choices: list[Choice], rows: int, lang: str) -> str:
    """What to say of the options that no menu holds (more than ``rows`` menus of them)."""
    left = len(choices) - rows * SELECT_OPTIONS
    return "\n" + ngettext("bot.ahead.more_options", left, lang) if left > 0 else ""


def _paged(custom_id: str, page: int) -> str:
    """A menu's custom id with its page (the first page's has none): unique in its message."""
    return f"{custom_id}:{page}" if page else custom_id


def _value(interaction: discord.Interaction) -> str:
    data: Mapping[str, object] = interaction.data or {}
    values = data.get("values")
    return values[0] if isinstance(values, list) and values and isinstance(values[0], str) else ""


class OrderSelect(discord.ui.DynamicItem[discord.ui.Select[Any]],
                  template=rf"ds:ao:(?P<game>[0-9]+):(?P<version>[0-9]+):(?P<space>{SPACE}|):(?P<picks>{PICKS}){PAGE}"):
    """Which AP (no space yet: the value is its space), or the AP's next answer (its number)."""

    def __init__(self, game: int, version: int, space: str = "", picks: str = "",
                 options: list[discord.SelectOption] | None = None, placeholder: str | None = None,
                 page: int = 0) -> None:
        super().__init__(discord.ui.Select(custom_id=_paged(f"ds:ao:{game}:{version}:{space}:{picks}", page),
                                           options=options or [discord.SelectOption(label="…")],
                                           placeholder=placeholder, min_values=1, max_values=1))
        self.game, self.version, self.space, self.picks = game, version, space, picks

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction, item: discord.ui.Item[Any],
                             match: re.Match[str]) -> OrderSelect:
        return cls(int(match["game"]), int(match["version"]), match["space"], match["picks"])

    async def callback(self, interaction: discord.Interaction) -> None:
        value = _value(interaction)
        if not self.space:  # the AP picked: its first prompt
            await components._dispatch("order_step", interaction, game=self.game, version=self.version,
                                       space=value, picks="")
            return
        if not value.isdigit():
            await components.refuse_invalid(interaction)
            return
        picks = _chain([*_picks(self.picks), int(value)])
        await components._dispatch("order_step", interaction, game=self.game, version=self.version,
                                   space=self.space, picks=picks)


class OrderKeepButton(discord.ui.DynamicItem[discord.ui.Button[Any]],
                      template=rf"ds:ak:(?P<game>[0-9]+):(?P<version>[0-9]+):(?P<space>{SPACE}):(?P<picks>{PICKS})"):
    """Keep the answers picked so far as the AP's order."""

    def __init__(self, game: int, version: int, space: str, picks: str, lang: str = words.DEFAULT) -> None:
        super().__init__(discord.ui.Button(label=gettext("bot.button.order_keep", lang),
                                           style=discord.ButtonStyle.success,
                                           custom_id=f"ds:ak:{game}:{version}:{space}:{picks}"))
        self.game, self.version, self.space, self.picks = game, version, space, picks

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction, item: discord.ui.Item[Any],
                             match: re.Match[str]) -> OrderKeepButton:
        return cls(int(match["game"]), int(match["version"]), match["space"], match["picks"])

    async def callback(self, interaction: discord.Interaction) -> None:
        await components._dispatch("order_keep", interaction, game=self.game, version=self.version,
                                   space=self.space, picks=self.picks)


class EarlySelect(discord.ui.DynamicItem[discord.ui.Select[Any]],
                  template=rf"ds:ae:(?P<game>[0-9]+):(?P<version>[0-9]+):(?P<animal>[a-z]+):(?P<picks>{PICKS}){PAGE}"):
    """An answer before your turn to the next prompt the step will ask (kept at each pick)."""

    def __init__(self, game: int, version: int, animal: str, picks: str = "",
                 options: list[discord.SelectOption] | None = None, placeholder: str | None = None,
                 page: int = 0) -> None:
        super().__init__(discord.ui.Select(custom_id=_paged(f"ds:ae:{game}:{version}:{animal}:{picks}", page),
                                           options=options or [discord.SelectOption(label="…")],
                                           placeholder=placeholder, min_values=1, max_values=1))
        self.game, self.version, self.animal, self.picks = game, version, animal, picks

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction, item: discord.ui.Item[Any],
                             match: re.Match[str]) -> EarlySelect:
        return cls(int(match["game"]), int(match["version"]), match["animal"], match["picks"])

    async def callback(self, interaction: discord.Interaction) -> None:
        value = _value(interaction)
        if not value.isdigit():
            await components.refuse_invalid(interaction)
            return
        await components._dispatch("early_pick", interaction, game=self.game, version=self.version,
                                   animal=self.animal, picks=_chain([*_picks(self.picks), int(value)]))


DYNAMIC_ITEMS = (OrderSelect, OrderKeepButton, EarlySelect)


def sheet_view(sheet: AheadSheet, lang: str, early_from: int = 0, picks: str = "",
               animal: str | None = None) -> discord.ui.View:
    """The menus of "Answer ahead": the player's APs still to act, and for each of their animals
    the step under way will ask (the multi-animal variant may ask two or three), the next prompt
    it may answer before its turn (``animal``'s after the ``early_from`` answered in ``picks``;
    the others' from their first)."""
    view = discord.ui.View(timeout=None)
    many = len({a for a, _, _ in sheet.early}) > 1
    several = len({a for a, _ in sheet.aps}) > 1
    aps = [discord.SelectOption(label=clip(_of(a, space_name(s, lang), lang, several), SELECT_LABEL), value=s)
           for a, s in sheet.aps[:SELECT_OPTIONS]]
    if aps:
        view.add_item(OrderSelect(sheet.game_id, sheet.version, options=aps,
                                  placeholder=gettext("bot.ahead.pick_ap", lang)))
    for which in list(dict.fromkeys(a for a, _, _ in sheet.early))[:EARLY_MENUS]:
        early = [e for e in sheet.early if e[0] == which]
        at, chain = (early_from, picks) if which == animal else (0, "")
        if at < len(early):
            _, question, choices = early[at]
            for page in _pages(choices, ROWS - len(view.children)):  # each animal's pages, while rows last
                placeholder = _of(which, question, lang, many) if not page else gettext("bot.select.more", lang,
                                                                                          page=page + 1)
                view.add_item(EarlySelect(sheet.game_id, sheet.version, which, chain, _options(choices, page),
                                          clip(placeholder, SELECT_LABEL), page))
    return view


def _of(animal: str, text: str, lang: str, named: bool) -> str:
    """A menu's option or question, after its animal's name where the player's animals are several."""
    return gettext("bot.ahead.of_animal", lang, animal=animal, text=text) if named else text


def sheet_text(sheet: AheadSheet, lang: str) -> str:
    return clip(f"{sheet.message or gettext('bot.ahead.nothing', lang)}\n\n{gettext('bot.ahead.menu', lang)}",
                CONTENT)


def step_view(r: Rehearsed, picks: str, lang: str) -> discord.ui.View:
    """An order being given: the next prompt's menu, and "Keep this order"."""
    view = discord.ui.View(timeout=None)
    fits = len(_paged(f"ds:ao:{r.game_id}:{r.version}:{r.space}:{picks}.{len(r.choices)}", ROWS)) <= CUSTOM_ID
    if r.choices and fits:
        for page in _pages(r.choices, ROWS - 1):
            view.add_item(OrderSelect(r.game_id, r.version, r.space, picks, _options(r.choices, page),
                                      gettext("bot.select.more", lang, page=page + 1) if page else None, page))
    if picks:
        view.add_item(OrderKeepButton(r.game_id, r.version, r.space, picks, lang))
    return view


async def _show(interaction: discord.Interaction, text: str, view: discord.ui.View) -> None:
    """The menus' own private message changed in place, or a new private answer."""
    message = interaction.message
    if message is not None and message.flags.ephemeral:
        with contextlib.suppress(discord.HTTPException):
            await interaction.response.edit_message(content=clip(text, CONTENT), view=view)
        return
    await answer(interaction, clip(text, CONTENT), view=view, ephemeral=True)


async def on_answer_ahead(shell: Responder, interaction: discord.Interaction, game: int) -> None:
    channel, user, _ = who(interaction)
    lang = user_lang(interaction)
    sheet = await shell.service.ahead.sheet(channel, user, game, lang=lang)
    await answer(interaction, sheet_text(sheet, lang), view=sheet_view(sheet, lang), ephemeral=True)


async def on_order_step(shell: Responder, interaction: discord.Interaction, game: int, version: int, space: str,
                        picks: str) -> None:
    channel, user, _ = who(interaction)
    lang = user_lang(interaction)
    r = await shell.service.ahead.rehearse(channel, user, space, _picks(picks), version=version, game_id=game,
                                           lang=lang)
    head = gettext("bot.ahead.giving", lang, space=space)
    await _show(interaction, f"{head}\n{r.said}{more_note(r.choices, ROWS - 1, lang)}", step_view(r, picks, lang))


async def on_order_keep(shell: Responder, interaction: discord.Interaction, game: int, version: int, space: str,
                        picks: str) -> None:
    channel, user, _ = who(interaction)
    lang = user_lang(interaction)
    kept = await shell.service.ahead.give_order(channel, user, space, _picks(picks), version=version, game_id=game,
                                                lang=lang)
    await _show(interaction, words.say(kept.message, lang), discord.ui.View(timeout=None))


async def on_early_pick(shell: Responder, interaction: discord.Interaction, game: int, version: int, animal: str,
                        picks: str) -> None:
    channel, user, _ = who(interaction)
    lang = user_lang(interaction)
    kept = await shell.service.ahead.answer_early(channel, user, _picks(picks), animal=animal, version=version,
                                                  game_id=game, lang=lang)
    sheet = await shell.service.ahead.sheet(channel, user, game, told=False, lang=lang)
    done = len(_picks(picks))
    await _show(interaction, words.say(kept.message, lang), sheet_view(sheet, lang, done, picks, animal))


def install_ahead_buttons(shell: Responder) -> None:
    """Route "Answer ahead" and its menus to their handlers (the client registers their items)."""
    components.set_handler("answer_ahead", lambda i, game: on_answer_ahead(shell, i, game))
    components.set_handler("order_step", lambda i, game, version, space, picks: on_order_step(
        shell, i, game, version, space, picks))
    components.set_handler("order_keep", lambda i, game, version, space, picks: on_order_keep(
        shell, i, game, version, space, picks))
    components.set_handler("early_pick", lambda i, game, version, animal, picks: on_early_pick(
        shell, i, game, version, animal, picks))
