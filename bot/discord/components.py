"""Buttons and select menus.  Their custom ids carry the game (and, for options, the state
version), so they keep working after a restart and a stale click is refused politely.

* ``OptionButton`` / ``OptionSelect``: the options of a prompt;
* ``BoardButton``: the full board of a game, privately;
* ``PlanAheadButton``: a Planning prompt's "Plan ahead", the presser's plan menus privately;
* ``JoinButton``: take a seat from the lobby message in a game's parent channel;
* ``ProposalButton``: approve or refuse a proposal (a rollback);
* ``ReviewButton``: the end-of-game post's Review; ``TurningPointButton``: a turning point's position.
"""

from __future__ import annotations

import logging
import re
from collections.abc import Awaitable, Callable, Mapping
from typing import Any

import discord

from bot.discord.answers import answer, answer_refusal
from bot.discord.limits import BUTTON_LABEL, CUSTOM_ID, SELECT_LABEL, clip
from bot.game.replies import Choice
from words import DEFAULT, gettext, ngettext, pick_language

BUTTONS_MAX = 4  # a short list reads best as buttons in one row (the fifth place is "Full board")
SELECT_OPTIONS = 25  # Discord's limit per select menu
SELECTS_MAX = 4  # rows in one message (the fifth row holds "Full board")

#: handlers[kind](interaction, **fields parsed from the custom id)
Handler = Callable[..., Awaitable[None]]
_handlers: dict[str, Handler] = {}
#: every item class whose custom ids we answer (``register_items``)
_items: list[type[discord.ui.DynamicItem[Any]]] = []
log = logging.getLogger(__name__)


def set_handler(kind: str, handler: Handler) -> None:
    """kind: "choice" (game, version, option), "board" (game), "join" (game), "proposal" (proposal, answer),
    "rematch" (game), "plan_ahead" (game), "plan_add" (game, animal, space),
    "plan_clear" (game, animal), "plan_animal" (game, animal), "history" (game, k), "log" (game, page, code),
    "games_page" (page), "review" (game)."""
    _handlers[kind] = handler


def wrap_handlers(wrap: Callable[[str, Handler], Handler]) -> None:
    """Put ``wrap(kind, handler)`` around every handler set so far (the client notes each click)."""
    for kind, handler in list(_handlers.items()):
        _handlers[kind] = wrap(kind, handler)


#: The largest number a custom id may carry: ids and versions are 32-bit integers in the store.
NUMBER_MAX = 2**31 - 1


def in_range(fields: dict[str, object]) -> bool:
    """Whether every number a custom id carried fits the store (a forged or mangled id may not)."""
    return all(0 <= v <= NUMBER_MAX for v in fields.values() if isinstance(v, int) and not isinstance(v, bool))


def is_ours(custom_id: str) -> bool:
    """Whether a custom id is one of ours that some item would answer (else it is malformed)."""
    return any(item.__discord_ui_compiled_template__.fullmatch(custom_id) for item in _items)


async def refuse_invalid(interaction: discord.Interaction) -> None:
    """A button or menu whose custom id is no longer (or never was) one we answer: said privately."""
    lang = pick_language(getattr(interaction.locale, "value", None))
    await answer(interaction, gettext("bot.err.button_invalid", lang), ephemeral=True)


async def _dispatch(kind: str, interaction: discord.Interaction, **fields: object) -> None:
    handler = _handlers.get(kind)
    lang = pick_language(getattr(interaction.locale, "value", None))
    if handler is None:
        await answer(interaction, gettext("bot.starting", lang), ephemeral=True)
        return
    if not in_range(fields):
        await refuse_invalid(interaction)
        return
    try:
        await handler(interaction, **fields)
    except Exception as e:  # noqa: BLE001 - never leave a click unanswered
        if await answer_refusal(interaction, e):  # a handler the client did not wrap (``DominantBot._noted``)
            return
        log.exception("a %s click failed", kind)
        await answer(interaction, gettext("bot.our_fault", lang), ephemeral=True)


class OptionButton(discord.ui.DynamicItem[discord.ui.Button[Any]],
                   template=r"ds:b:(?P<game>[0-9]+):(?P<version>[0-9]+):(?P<option>.+)"):
    def __init__(self, game: int, version: int, option: str, label: str = "…") -> None:
        super().__init__(discord.ui.Button(label=clip(label, BUTTON_LABEL), style=discord.ButtonStyle.primary,
                                           custom_id=f"ds:b:{game}:{version}:{option}"))
        self.game, self.version, self.option = game, version, option

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction, item: discord.ui.Item[Any],
                             match: re.Match[str]) -> OptionButton:
        label = item.label if isinstance(item, discord.ui.Button) else None
        return cls(int(match["game"]), int(match["version"]), match["option"], label or "…")

    async def callback(self, interaction: discord.Interaction) -> None:
        await _dispatch("choice", interaction, game=self.game, version=self.version, option=self.option)


class OptionSelect(discord.ui.DynamicItem[discord.ui.Select[Any]],
                   template=r"ds:s:(?P<game>[0-9]+):(?P<version>[0-9]+):(?P<page>[0-9]+)"):
    def __init__(self, game: int, version: int, page: int, choices: list[Choice] | None = None,
                 lang: str = DEFAULT) -> None:
        options = [discord.SelectOption(label=clip(c.label, SELECT_LABEL), value=c.id,
                                        description=clip(c.description, SELECT_LABEL) if c.description else None)
                   for c in choices or []]
        placeholder = (gettext("bot.select.choose", lang) if page == 0
                       else gettext("bot.select.more", lang, page=page + 1))
        super().__init__(discord.ui.Select(custom_id=f"ds:s:{game}:{version}:{page}", placeholder=placeholder,
                                           options=options, min_values=1, max_values=1))
        self.game, self.version = game, version

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction, item: discord.ui.Item[Any],
                             match: re.Match[str]) -> OptionSelect:
        return cls(int(match["game"]), int(match["version"]), int(match["page"]))

    async def callback(self, interaction: discord.Interaction) -> None:
        data: Mapping[str, object] = interaction.data or {}
        values = data.get("values")
        if not isinstance(values, list) or not values:
            lang = pick_language(getattr(interaction.locale, "value", None))
            await answer(interaction, gettext("bot.select.pick_one", lang), ephemeral=True)
            return
        await _dispatch("choice", interaction, game=self.game, version=self.version, option=values[0])


class BoardButton(discord.ui.DynamicItem[discord.ui.Button[Any]], template=r"ds:full:(?P<game>[0-9]+)"):
    def __init__(self, game: int, lang: str = DEFAULT) -> None:
        super().__init__(discord.ui.Button(label=gettext("bot.button.full_board", lang),
                                           style=discord.ButtonStyle.secondary,
                                           custom_id=f"ds:full:{game}"))
        self.game = game

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction, item: discord.ui.Item[Any],
                             match: re.Match[str]) -> BoardButton:
        return cls(int(match["game"]))

    async def callback(self, interaction: discord.Interaction) -> None:
        await _dispatch("board", interaction, game=self.game)


class PlanAheadButton(discord.ui.DynamicItem[discord.ui.Button[Any]], template=r"ds:plan:(?P<game>[0-9]+)"):
    """On a Planning prompt: whoever presses it gets their plan's menus, privately (``bot.discord.plans``)."""

    def __init__(self, game: int, lang: str = DEFAULT) -> None:
        super().__init__(discord.ui.Button(label=gettext("bot.button.plan_ahead", lang),
                                           style=discord.ButtonStyle.secondary, custom_id=f"ds:plan:{game}"))
        self.game = game

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction, item: discord.ui.Item[Any],
                             match: re.Match[str]) -> PlanAheadButton:
        return cls(int(match["game"]))

    async def callback(self, interaction: discord.Interaction) -> None:
        await _dispatch("plan_ahead", interaction, game=self.game)


class AnswerAheadButton(discord.ui.DynamicItem[discord.ui.Button[Any]], template=r"ds:ahead:(?P<game>[0-9]+)"):
    """On a live prompt: whoever presses it gets their answers ahead and menus, privately
    (``bot.discord.ahead``)."""

    def __init__(self, game: int, lang: str = DEFAULT) -> None:
        super().__init__(discord.ui.Button(label=gettext("bot.button.answer_ahead", lang),
                                           style=discord.ButtonStyle.secondary, custom_id=f"ds:ahead:{game}"))
        self.game = game

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction, item: discord.ui.Item[Any],
                             match: re.Match[str]) -> AnswerAheadButton:
        return cls(int(match["game"]))

    async def callback(self, interaction: discord.Interaction) -> None:
        await _dispatch("answer_ahead", interaction, game=self.game)


class JoinButton(discord.ui.DynamicItem[discord.ui.Button[Any]], template=r"ds:join:(?P<game>[0-9]+)"):
    def __init__(self, game: int, lang: str = DEFAULT) -> None:
        super().__init__(discord.ui.Button(label=gettext("bot.button.join", lang), style=discord.ButtonStyle.success,
                                           custom_id=f"ds:join:{game}"))
        self.game = game

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction, item: discord.ui.Item[Any],
                             match: re.Match[str]) -> JoinButton:
        return cls(int(match["game"]))

    async def callback(self, interaction: discord.Interaction) -> None:
        await _dispatch("join", interaction, game=self.game)


class RematchButton(discord.ui.DynamicItem[discord.ui.Button[Any]], template=r"ds:rematch:(?P<game>[0-9]+)"):
    """On the end-of-game post: a new lobby with the same settings (``bot.discord.rematch``)."""

    def __init__(self, game: int, lang: str = DEFAULT) -> None:
        super().__init__(discord.ui.Button(label=gettext("bot.button.rematch", lang),
                                           style=discord.ButtonStyle.success, custom_id=f"ds:rematch:{game}"))
        self.game = game

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction, item: discord.ui.Item[Any],
                             match: re.Match[str]) -> RematchButton:
        return cls(int(match["game"]))

    async def callback(self, interaction: discord.Interaction) -> None:
        await _dispatch("rematch", interaction, game=self.game)


class ReviewButton(discord.ui.DynamicItem[discord.ui.Button[Any]], template=r"ds:rv:(?P<game>[0-9]+)"):
    """On the end-of-game post: the game's review, the presser's own part privately (``bot.discord.reviews``)."""

    def __init__(self, game: int, lang: str = DEFAULT) -> None:
        super().__init__(discord.ui.Button(label=gettext("bot.button.review", lang),
                                           style=discord.ButtonStyle.primary, custom_id=f"ds:rv:{game}"))
        self.game = game

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction, item: discord.ui.Item[Any],
                             match: re.Match[str]) -> ReviewButton:
        return cls(int(match["game"]))

    async def callback(self, interaction: discord.Interaction) -> None:
        await _dispatch("review", interaction, game=self.game)


class TurningPointButton(discord.ui.DynamicItem[discord.ui.Button[Any]],
                         template=r"ds:tp:(?P<game>[0-9]+):(?P<k>[0-9]+):(?P<number>[0-9]+)"):
    """Under the review post: a turning point's position, as ``/ds history`` draws it (privately)."""

    def __init__(self, game: int, k: int, number: int, lang: str = DEFAULT) -> None:
        super().__init__(discord.ui.Button(label=gettext("bot.button.turning_point", lang, number=number),
                                           style=discord.ButtonStyle.secondary, custom_id=f"ds:tp:{game}:{k}:{number}"))
        self.game, self.k = game, k

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction, item: discord.ui.Item[Any],
                             match: re.Match[str]) -> TurningPointButton:
        return cls(int(match["game"]), int(match["k"]), int(match["number"]))

    async def callback(self, interaction: discord.Interaction) -> None:
        await _dispatch("history", interaction, game=self.game, k=self.k)


class ProposalButton(discord.ui.DynamicItem[discord.ui.Button[Any]],
                     template=r"ds:p:(?P<proposal>[0-9]+):(?P<answer>yes|no)"):
    def __init__(self, proposal: int, answer: str, lang: str = DEFAULT) -> None:
        yes = answer == "yes"
        super().__init__(discord.ui.Button(label=gettext("bot.button.approve" if yes else "bot.button.refuse", lang),
                                           style=discord.ButtonStyle.success if yes else discord.ButtonStyle.danger,
                                           custom_id=f"ds:p:{proposal}:{answer}"))
        self.proposal, self.answer = proposal, answer

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction, item: discord.ui.Item[Any],
                             match: re.Match[str]) -> ProposalButton:
        return cls(int(match["proposal"]), match["answer"])

    async def callback(self, interaction: discord.Interaction) -> None:
        await _dispatch("proposal", interaction, proposal=self.proposal, approve=self.answer == "yes")


class GamesPageButton(discord.ui.DynamicItem[discord.ui.Button[Any]],
                      template=r"ds:ag:(?P<page>[0-9]+):(?P<way>[no])"):
    """"Newer / older" under a page of ``/ds admin games`` (the server is the clicker's)."""

    def __init__(self, page: int, way: str, *, disabled: bool = False, lang: str = DEFAULT) -> None:
        label = gettext("bot.button.newer" if way == "n" else "bot.button.older", lang)
        super().__init__(discord.ui.Button(label=label, style=discord.ButtonStyle.secondary, disabled=disabled,
                                           custom_id=f"ds:ag:{page}:{way}"))
        self.page = page

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction, item: discord.ui.Item[Any],
                             match: re.Match[str]) -> GamesPageButton:
        return cls(int(match["page"]), match["way"])

    async def callback(self, interaction: discord.Interaction) -> None:
        await _dispatch("games_page", interaction, page=self.page)


DYNAMIC_ITEMS = (OptionButton, OptionSelect, BoardButton, PlanAheadButton, AnswerAheadButton, JoinButton,
                 ProposalButton, RematchButton, GamesPageButton, ReviewButton, TurningPointButton)


def register_items(*items: type[discord.ui.DynamicItem[Any]]) -> None:
    """Remember the item classes the client answers (``is_ours`` checks custom ids against them)."""
    _items.extend(i for i in items if i not in _items)


def prompt_view(game_id: int | None, version: int | None, choices: list[Choice], *,
                board: bool = True, plan_ahead: bool = False,
                answer_ahead: bool = False, lang: str = DEFAULT) -> tuple[discord.ui.View | None, str]:
    """The components for a prompt's choices (and a "Full board" button, and during Planning a
    "Plan ahead" one), and a note when not all choices fit; their words (the choices are worded
    already) in ``lang``."""
    if game_id is None:
        return None, ""
    view = discord.ui.View(timeout=None)
    note = ""
    if choices and version is not None:
        # A button carries its option in its custom id (100 characters at most): a very long id goes in a select.
        fits = all(len(f"ds:b:{game_id}:{version}:{c.id}") <= CUSTOM_ID for c in choices)
        if len(choices) <= BUTTONS_MAX and fits:
            for c in choices:
                view.add_item(OptionButton(game_id, version, c.id, c.label))
        else:
            pages = [choices[i:i + SELECT_OPTIONS] for i in range(0, len(choices), SELECT_OPTIONS)]
            for page, page_choices in enumerate(pages[:SELECTS_MAX]):
                view.add_item(OptionSelect(game_id, version, page, page_choices, lang))
            shown = min(len(choices), SELECTS_MAX * SELECT_OPTIONS)
            if shown < len(choices):
                note = "\n" + ngettext("bot.more_options", len(choices) - shown, lang)
    if board:
        view.add_item(BoardButton(game_id, lang))
    if plan_ahead:
        view.add_item(PlanAheadButton(game_id, lang))
    if answer_ahead:  # beside "Plan ahead": orders and early answers (``bot.discord.ahead``)
        view.add_item(AnswerAheadButton(game_id, lang))
    return (view if view.children else None), note


def proposal_view(proposal: int, lang: str = DEFAULT) -> discord.ui.View:
    view = discord.ui.View(timeout=None)
    view.add_item(ProposalButton(proposal, "yes", lang))
    view.add_item(ProposalButton(proposal, "no", lang))
    return view


def games_page_view(index: int, count: int, lang: str = DEFAULT) -> discord.ui.View | None:
    """Newer / older under a page of ``/ds admin games`` (none for a single page)."""
    if count <= 1:
        return None
    view = discord.ui.View(timeout=None)
    view.add_item(GamesPageButton(max(0, index - 1), "n", disabled=index == 0, lang=lang))
    view.add_item(GamesPageButton(min(count - 1, index + 1), "o", disabled=index >= count - 1, lang=lang))
    return view


def join_view(game_id: int, lang: str = DEFAULT) -> discord.ui.View:
    view = discord.ui.View(timeout=None)
    view.add_item(JoinButton(game_id, lang))
    return view
