"""``/ds admin``: a subcommand group for the server's managers (Manage Server): ``games`` (the
server's lobbies and games, with links and who is awaited), ``abandon game:`` (any of them) and
``defaults`` (what every new game on the server starts with).  Every answer is private; a member
without Manage Server is refused privately (the service decides, the shell tells it whether the
member may)."""

from __future__ import annotations

from typing import TYPE_CHECKING

import discord
from discord import app_commands

from bot.discord.limits import AUTOCOMPLETE_NAME, clip
from bot.discord.translator import choice

if TYPE_CHECKING:
    from bot.discord.responder import Responder

AUTOCOMPLETE_MAX = 25
GAME_ID_MAX = 2**31 - 1  # the store's integers
ON_OFF = ("on", "off")


def manages_server(interaction: discord.Interaction) -> bool:
    return bool(interaction.permissions and interaction.permissions.manage_guild)


def add_admin_commands(ds: app_commands.Group, shell: Responder) -> app_commands.Group:
    """Register the ``/ds admin`` group (one of /ds's 25 slots) and its commands."""
    admin = app_commands.Group(name="admin", parent=ds,
                               description="For server managers: every game here, abandoning one, new games' defaults")

    @admin.command(name="games", description="This server's lobbies and games, with links and who is awaited")
    async def games(interaction: discord.Interaction) -> None:
        guild = str(interaction.guild_id)
        await shell.run_simple(interaction, lambda: shell.service.server_games(guild, manages_server(interaction)),
                               ephemeral=True)

    @admin.command(name="abandon", description="Abandon any lobby or game of this server")
    @app_commands.describe(game="The game's number (start typing: this server's lobbies and games)")
    async def abandon(interaction: discord.Interaction, game: app_commands.Range[int, 1, GAME_ID_MAX]) -> None:
        guild, manager = str(interaction.guild_id), interaction.user.display_name
        reply = await shell.run_simple(interaction, lambda: shell.service.admin_abandon(
            guild, game, manager, manages_server(interaction)), ephemeral=True)
        if reply is not None and shell.scheduler is not None:
            shell.scheduler.wake()  # its channel is told now, not at the next tick

    @abandon.autocomplete("game")
    async def abandon_games(interaction: discord.Interaction, current: str) -> list[app_commands.Choice[int]]:
        if not manages_server(interaction):
            return []
        needle = current.strip().lower().lstrip("#")
        found = await shell.service.server_game_choices(str(interaction.guild_id))
        return [app_commands.Choice(name=clip(text, AUTOCOMPLETE_NAME), value=game_id)
                for game_id, text in found if needle in text.lower()][:AUTOCOMPLETE_MAX]

    @admin.command(name="defaults", description="What every new game on this server starts with (no option: show it)")
    @app_commands.describe(language="The language of new games (else the server's Discord language)",
                           board="When a picture of the board is posted",
                           reminder="How often to remind the player to act, e.g. 12h, 2d, or off",
                           deadline="How long a player may take, e.g. 48h, or off",
                           at_deadline="What happens at the deadline",
                           hints="Whether new games allow hints",
                           rated="Whether new games count for the server's ratings")
    @app_commands.choices(
        language=[choice("English", "language", "en"), choice("magyar", "language", "hu")],
        board=[choice("every action", "board", "action"), choice("every turn", "board", "turn"),
               choice("on request (/ds board)", "board", "request")],
        at_deadline=[choice("the AI plays that player's decisions", "at_deadline", "ai"),
                     choice("the game waits and the host is told", "at_deadline", "wait")],
        hints=[choice(v, "hints", v) for v in ON_OFF], rated=[choice(v, "rated", v) for v in ON_OFF])
    async def defaults(interaction: discord.Interaction, language: str | None = None, board: str | None = None,
                       reminder: str | None = None, deadline: str | None = None, at_deadline: str | None = None,
                       hints: str | None = None, rated: str | None = None) -> None:
        guild = str(interaction.guild_id)
        await shell.run_simple(interaction, lambda: shell.service.server_defaults(
            guild, manages_server(interaction), language=language, board=board, reminder=reminder, deadline=deadline,
            at_deadline=at_deadline, hints=hints, rated=rated), ephemeral=True)

    return admin
