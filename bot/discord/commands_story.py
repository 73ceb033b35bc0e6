"""The story commands of the ``/ds`` group: ``history``, ``log`` (``file:`` the record) and ``stats``.

Every answer is private (ephemeral) and nothing here changes a game: a past board, a page
of the log, a record file or the server's numbers are read from the store
(``bot.game.chronicle``, ``bot.game.records``, ``bot.game.stats``).  Their buttons step through the
story by editing the private message they are on.
"""

from __future__ import annotations

import contextlib
import time
from typing import TYPE_CHECKING, Any

import discord
from discord import app_commands

from bot.discord import components
from bot.discord.answers import Attachment, answer, defer, user_lang  # every story answer is private: the reader's
from bot.discord.components_story import history_view, log_view
from bot.discord.limits import ALT_TEXT, AUTOCOMPLETE_NAME, CONTENT, clip
from bot.game.records import export_record
from bot.game.replies import ServiceError
from words import T, gettext

if TYPE_CHECKING:
    from bot.discord.responder import Responder
    from bot.game.chronicle import Moment

AUTOCOMPLETE_MAX = 25


def add_story_commands(ds: app_commands.Group, shell: Responder) -> None:
    """Register ``/ds history``, ``/ds log`` (``file:``: the game's record) and ``/ds stats`` on the group."""

    @ds.command(name="history", description="The board at a past turn (only you)")
    @app_commands.describe(turn="The turn, from 1", move="Choices into that turn (0: its start)")
    async def history(interaction: discord.Interaction, turn: app_commands.Range[int, 1, 999],
                      move: app_commands.Range[int, 0, 9999] = 0) -> None:
        if not await defer(interaction, ephemeral=True, thinking=True):
            return
        try:
            moment = await shell.service.chronicle.moment_at(str(interaction.channel_id), turn, move,
                                                           lang=user_lang(interaction))
        except ServiceError as e:
            await shell.send_error(interaction, e.message)
            return
        await answer(interaction, **_moment_message(moment, user_lang(interaction)), ephemeral=True)

    @ds.command(name="log", description="The game log, a turn a page (only you)")
    @app_commands.describe(player="Only what concerns one player: a member or an animal",
                           turn="Only one turn",
                           file="True: the whole game as a record file (JSON)")
    async def log_(interaction: discord.Interaction, player: str | None = None,
                   turn: app_commands.Range[int, 1, 999] | None = None, file: bool = False) -> None:
        if file:  # the record (once /ds export: Discord allows a group 25 commands)
            await _export(interaction)
            return
        try:
            page = await shell.service.chronicle.log_page(str(interaction.channel_id), player, turn,
                                                        lang=user_lang(interaction))
        except ServiceError as e:
            await shell.send_error(interaction, e.message)
            return
        await answer(interaction, clip(page.text, CONTENT),
                     view=log_view(page, user_lang(interaction)) or discord.utils.MISSING, ephemeral=True)

    @log_.autocomplete("player")
    async def log_players(interaction: discord.Interaction, current: str) -> list[app_commands.Choice[str]]:
        needle = current.strip().lower()
        choices = []
        for seat, (player, animals) in enumerate(await shell.service.players_of(str(interaction.channel_id))):
            name = gettext("bot.seat_of", user_lang(interaction), player=player, animals=animals)
            if needle in name.lower():
                choices.append(app_commands.Choice(name=clip(name, AUTOCOMPLETE_NAME), value=f"seat:{seat}"))
        return choices[:AUTOCOMPLETE_MAX]

    async def _export(interaction: discord.Interaction) -> None:
        if not await defer(interaction, ephemeral=True, thinking=True):
            return
        try:
            name, data, game = await export_record(shell.service.chronicle, str(interaction.channel_id), time.time())
        except ServiceError as e:
            await shell.send_error(interaction, e.message)
            return
        text = gettext("bot.export.finished" if game.status == "finished" else "bot.export.running",
                       user_lang(interaction), game=game.id, file=name)
        await answer(interaction, text, attachments=[Attachment(name, data)], ephemeral=True)

    @ds.command(name="stats", description="Ratings and finished games here (only you)")
    @app_commands.describe(player="One member's rating and rated games",
                           rebuild="True: compute the ratings anew (Manage Server)")
    async def stats(interaction: discord.Interaction, player: discord.User | None = None,
                    rebuild: bool = False) -> None:
        # The leaderboard lives here (Discord allows a group 25 commands): the ratings first,
        # then what the server's finished games add up to.
        guild_id, lang = str(interaction.guild_id), user_lang(interaction)
        if player is not None:
            try:
                text = await shell.service.rating_history(guild_id, str(player.id), player.display_name, lang)
            except ServiceError as e:
                await shell.send_error(interaction, e.message)
                return
            await answer(interaction, text, ephemeral=True)
            return
        if rebuild:
            manage = bool(interaction.permissions and interaction.permissions.manage_guild)
            if not manage:
                await shell.send_error(interaction, T("bot.err.rebuild_manage"))
                return
            if not await defer(interaction, ephemeral=True, thinking=True):
                return
            reply = await shell.service.rebuild_ratings(guild_id, manage)
            await answer(interaction, reply.in_(lang), ephemeral=True)
            return
        if not await defer(interaction, ephemeral=True, thinking=True):
            return
        guild = interaction.guild
        # games opened before servers were recorded count when they were played in one of its channels
        known = {str(c.id) for c in guild.channels} | {str(t.id) for t in guild.threads} if guild else set()
        board = await shell.service.leaderboard(guild_id, str(interaction.user.id), lang=lang)
        games = await shell.service.server_stats(guild_id, known, lang)
        await answer(interaction, clip(f"{board}\n\n{games}", CONTENT), ephemeral=True)


def _moment_message(moment: Moment, lang: str) -> dict[str, Any]:
    message: dict[str, Any] = {"content": clip(moment.text, CONTENT), "view": history_view(moment, lang)}
    if moment.image:
        alt = clip(moment.alt, ALT_TEXT) if moment.alt else None
        message["attachments"] = [Attachment("history.png", moment.image, alt)]
    return message


async def on_history_button(shell: Responder, interaction: discord.Interaction, game: int, k: int) -> None:
    """"Previous / next action" under a past board: the private message steps there."""
    private = _is_private(interaction)
    if not await defer(interaction, ephemeral=True, thinking=not private):
        return
    try:
        found = await shell.service.chronicle.game_by_id(game, str(interaction.channel_id))
        moment = await shell.service.chronicle.moment(found, k, lang=user_lang(interaction))
    except ServiceError as e:
        await shell.send_error(interaction, e.message)
        return
    message = _moment_message(moment, user_lang(interaction))
    if not private:  # never change a public message: answer privately instead
        await answer(interaction, **message, ephemeral=True)
        return
    pictures = message.pop("attachments", [])
    with contextlib.suppress(discord.HTTPException):  # the old page stays: its buttons still work
        await interaction.edit_original_response(**message, attachments=[a.file() for a in pictures])


async def on_log_button(shell: Responder, interaction: discord.Interaction, game: int, page: int, code: str) -> None:
    """"Older / newer" under a log page."""
    try:
        found = await shell.service.chronicle.game_by_id(game, str(interaction.channel_id))
        shown = await shell.service.chronicle.page_of(found, code, page, lang=user_lang(interaction))
    except ServiceError as e:
        await shell.send_error(interaction, e.message)
        return
    text, view = clip(shown.text, CONTENT), log_view(shown, user_lang(interaction))
    if _is_private(interaction):
        with contextlib.suppress(discord.HTTPException):  # the old page stays: its buttons still work
            await interaction.response.edit_message(content=text, view=view)
    else:
        await answer(interaction, text, view=view or discord.utils.MISSING, ephemeral=True)


def _is_private(interaction: discord.Interaction) -> bool:
    message = interaction.message
    return message is not None and message.flags.ephemeral


def install_story_buttons(shell: Responder) -> None:
    """Route the story buttons to their handlers (the client registers their items)."""
    components.set_handler("history", lambda i, **f: on_history_button(shell, i, **f))
    components.set_handler("log", lambda i, **f: on_log_button(shell, i, **f))
