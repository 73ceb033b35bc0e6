"""Buttons of the story views, answered privately and never touching the live game:

* ``HistoryButton``: "previous / next action" under a past board (``/ds history``);
* ``LogButton``: "older / newer" under a log page (``/ds log``).

Their custom ids carry the game, the position to show and (for the log) the filter, so they
work after a restart and whoever clicks them gets the same view.  Clicks go through the one
handler registry of ``bot.discord.components`` (kinds "history" and "log").
"""

from __future__ import annotations

import re
from typing import Any

import discord

from bot.discord.components import _dispatch
from bot.game.chronicle import LogPage, Moment
from words import DEFAULT, gettext


class HistoryButton(discord.ui.DynamicItem[discord.ui.Button[Any]],
                    template=r"ds:hs:(?P<game>[0-9]+):(?P<k>[0-9]+):(?P<way>[pn])"):
    def __init__(self, game: int, k: int, way: str, *, disabled: bool = False, lang: str = DEFAULT) -> None:
        label = gettext("bot.button.previous_action" if way == "p" else "bot.button.next_action", lang)
        super().__init__(discord.ui.Button(label=label, style=discord.ButtonStyle.secondary, disabled=disabled,
                                           custom_id=f"ds:hs:{game}:{k}:{way}"))
        self.game, self.k = game, k

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction, item: discord.ui.Item[Any],
                             match: re.Match[str]) -> HistoryButton:
        return cls(int(match["game"]), int(match["k"]), match["way"])

    async def callback(self, interaction: discord.Interaction) -> None:
        await _dispatch("history", interaction, game=self.game, k=self.k)


class LogButton(discord.ui.DynamicItem[discord.ui.Button[Any]],
                template=r"ds:lg:(?P<game>[0-9]+):(?P<page>[0-9]+):(?P<filter>a|s[0-9]+(?:t[0-9]+)?|t[0-9]+):"
                         r"(?P<way>[on])"):
    def __init__(self, game: int, page: int, code: str, way: str, *, disabled: bool = False,
                 lang: str = DEFAULT) -> None:
        label = gettext("bot.button.older" if way == "o" else "bot.button.newer", lang)
        super().__init__(discord.ui.Button(label=label, style=discord.ButtonStyle.secondary, disabled=disabled,
                                           custom_id=f"ds:lg:{game}:{page}:{code}:{way}"))
        self.game, self.page, self.code = game, page, code

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction, item: discord.ui.Item[Any],
                             match: re.Match[str]) -> LogButton:
        return cls(int(match["game"]), int(match["page"]), match["filter"], match["way"])

    async def callback(self, interaction: discord.Interaction) -> None:
        await _dispatch("log", interaction, game=self.game, page=self.page, code=self.code)


DYNAMIC_ITEMS = (HistoryButton, LogButton)


def history_view(moment: Moment, lang: str = DEFAULT) -> discord.ui.View:
    view = discord.ui.View(timeout=None)
    view.add_item(HistoryButton(moment.game_id, moment.k if moment.previous is None else moment.previous, "p",
                                disabled=moment.previous is None, lang=lang))
    view.add_item(HistoryButton(moment.game_id, moment.k if moment.next is None else moment.next, "n",
                                disabled=moment.next is None, lang=lang))
    return view


def log_view(page: LogPage, lang: str = DEFAULT) -> discord.ui.View | None:
    if page.count <= 1:
        return None
    view = discord.ui.View(timeout=None)
    view.add_item(LogButton(page.game_id, max(0, page.index - 1), page.filter, "o", disabled=page.index == 0,
                            lang=lang))
    view.add_item(LogButton(page.game_id, min(page.count - 1, page.index + 1), page.filter, "n",
                            disabled=page.index >= page.count - 1, lang=lang))
    return view
