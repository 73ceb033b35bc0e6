"""``/ds admin``: a subcommand group for the server's managers (Manage Server): ``games`` (the
server's lobbies and games, with links and who is awaited, a page at a time), ``abandon game:`` (any of them) and
``defaults`` (what every new game on the server starts with).  Every answer is private; a member
without Manage Server is refused privately (the service decides, the shell tells it whether the
member may)."""

from __future__ import annotations

import contextlib
from collections.abc import Callable, Coroutine
from functools import partial
from typing import TYPE_CHECKING, Any

import discord
from discord import app_commands

from bot.discord import components
from bot.discord.answers import answer, soon, user_lang
from bot.discord.components import games_page_view
from bot.discord.limits import AUTOCOMPLETE_NAME, CONTENT, clip
from words import LANGUAGES, gettext, language_name, say

if TYPE_CHECKING:
    from bot.discord.responder import Responder

AUTOCOMPLETE_MAX = 25
GAME_ID_MAX = 2**31 - 1  # the store's integers
#: A value's words in the reader's language.
Worded = Callable[[str], str]


def _keyed(*pairs: tuple[str, str]) -> tuple[tuple[str, Worded], ...]:
    """Values worded by a catalogue key each."""
    return tuple((value, partial(gettext, key)) for value, key in pairs)


ON_OFF = _keyed(("on", "bot.admin.on"), ("off", "bot.admin.off"))
#: The values ``/ds admin defaults`` offers (its autocomplete), each with its words: every language
#: there is a catalogue for, named in the reader's.
VALUES: dict[str, tuple[tuple[str, Worded], ...]] = {
    "language": tuple((lang, partial(language_name, lang)) for lang in LANGUAGES),
    "board": _keyed(("action", "bot.cadence.action"), ("turn", "bot.cadence.turn"), ("request", "bot.cadence.request")),
    "at_deadline": _keyed(("ai", "choice.at_deadline.ai"), ("wait", "choice.at_deadline.wait")),
    "hints": ON_OFF,
    "rated": ON_OFF,
}


Offer = Callable[[discord.Interaction, str], Coroutine[Any, Any, list[app_commands.Choice[str]]]]


def _offer(values: tuple[tuple[str, Worded], ...]) -> Offer:
    async def offer(interaction: discord.Interaction, current: str) -> list[app_commands.Choice[str]]:
        lang, needle = user_lang(interaction), current.strip().lower()
        named = [(f"{value}: {worded(lang)}", value) for value, worded in values]
        return [app_commands.Choice(name=clip(name, AUTOCOMPLETE_NAME), value=value)
                for name, value in named if needle in name.lower()]

    return offer


async def show_games_page(shell: Responder, interaction: discord.Interaction, page: int) -> None:
    """A page of the server's games, privately: the answer to ``/ds admin games``, or (a click on
    its newer / older) the same private message stepping to another page.  Whoever clicks must
    manage the server too."""
    # on a busy server the store may keep it past Discord's 3 s: acknowledged first then
    shown = await soon(interaction, shell.service.admin.server_games(str(interaction.guild_id),
                                                               manages_server(interaction), page))
    lang = user_lang(interaction)
    text, view = clip(say(shown.message, lang), CONTENT), games_page_view(shown.index, shown.count, lang)
    message = interaction.message
    if message is not None and message.flags.ephemeral:
        with contextlib.suppress(discord.HTTPException):  # the old page stays: its buttons still work
            if interaction.response.is_done():  # acknowledged while the store was slow
                await interaction.edit_original_response(content=text, view=view)
            else:
                await interaction.response.edit_message(content=text, view=view)
        return
    await answer(interaction, text, view=view or discord.utils.MISSING, ephemeral=True)


def install_admin_buttons(shell: Responder) -> None:
    """Route the newer / older buttons of ``/ds admin games`` (the client registers their item)."""
    components.set_handler("games_page", lambda i, page: show_games_page(shell, i, page))


def manages_server(interaction: discord.Interaction) -> bool:
    return bool(interaction.permissions and interaction.permissions.manage_guild)


def _offered(command: app_commands.Command[Any, ..., None]) -> app_commands.Command[Any, ..., None]:
    """``/ds admin defaults`` with its fixed values offered by autocomplete, not as choices: a
    command's texts, every choice of every option included, must stay within Discord's 4,000 characters."""
    for option, values in VALUES.items():
        command.autocomplete(option)(_offer(values))
    return command


class Admin(app_commands.Group, name="admin", description="Server managers: games, abandon, defaults"):
    """The ``/ds admin`` group (one of /ds's 25 slots) and its commands."""

    def __init__(self, shell: Responder) -> None:
        super().__init__()
        self.shell = shell

    @app_commands.command(name="games", description="This server's lobbies and games")
    async def games(self, interaction: discord.Interaction) -> None:
        await show_games_page(self.shell, interaction, 0)

    @app_commands.command(name="abandon", description="Abandon any game of this server")
    @app_commands.describe(game="Its number (start typing)")
    async def abandon(self, interaction: discord.Interaction, game: app_commands.Range[int, 1, GAME_ID_MAX]) -> None:
        guild, manager, shell = str(interaction.guild_id), interaction.user.display_name, self.shell
        await shell.run_simple(interaction, lambda: shell.service.admin.admin_abandon(
            guild, game, manager, manages_server(interaction)), private=True)
        shell.wake()  # its channel is told now, not at the next tick

    @abandon.autocomplete("game")
    async def abandon_games(self, interaction: discord.Interaction, current: str) -> list[app_commands.Choice[int]]:
        if not manages_server(interaction):
            return []
        needle = current.strip().lower().lstrip("#")
        found = await self.shell.service.admin.server_game_choices(str(interaction.guild_id))
        return [app_commands.Choice(name=clip(text, AUTOCOMPLETE_NAME), value=game_id)
                for game_id, text in found if needle in text.lower()][:AUTOCOMPLETE_MAX]

    @_offered
    @app_commands.command(name="defaults", description="What new games here start with")
    @app_commands.describe(language="en or hu", board="action, turn or request", reminder="e.g. 24h, or off",
                           deadline="e.g. 48h, or off", at_deadline="ai or wait", hints="on or off",
                           rated="on or off")
    async def defaults(self, interaction: discord.Interaction, language: str | None = None, board: str | None = None,
                       reminder: str | None = None, deadline: str | None = None, at_deadline: str | None = None,
                       hints: str | None = None, rated: str | None = None) -> None:
        guild, shell = str(interaction.guild_id), self.shell
        await shell.run_simple(interaction, lambda: shell.service.admin.server_defaults(
            guild, manages_server(interaction), language=language, board=board, reminder=reminder, deadline=deadline,
            at_deadline=at_deadline, hints=hints, rated=rated), private=True)
