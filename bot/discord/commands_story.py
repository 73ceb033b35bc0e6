"""The story's commands of ``/ds``: ``board`` (``at:`` a zoom), ``status``, ``rules``, ``history``
(``review:`` a finished game's review),
``log`` (``file:`` the record) and ``stats``.  Discord sees them flat on ``/ds``
(``bot.discord.commands``); a refusal of the service's rises to the one refusal path
(``answers.answer_refusal``), from the buttons too.

Nothing here changes a game.  The board is posted in the channel; every other answer is private:
the status, a past board, a page of the log, a record file or the server's numbers
(``bot.game.chronicle``, ``bot.game.records``, ``bot.game.stats``).  The story's buttons step
through it by editing the private message they are on.
"""

from __future__ import annotations

import contextlib
import time
from typing import TYPE_CHECKING, Any

import discord
from discord import app_commands

from bot.discord import components
from bot.discord.answers import Attachment, answer, defer, send_picture, user_lang
from bot.discord.components_story import history_view, log_view
from bot.discord.limits import ALT_TEXT, AUTOCOMPLETE_NAME, CONTENT, clip
from bot.discord.reviews import ask_review
from bot.game.records import export_record
from bot.game.rules_help import explain, find_topics
from words import T, gettext

if TYPE_CHECKING:
    from bot.discord.responder import Responder
    from bot.game.chronicle import Moment

AUTOCOMPLETE_MAX = 25


class Story(app_commands.Group, name="story", description="The board, the rules and the game's story"):
    def __init__(self, shell: Responder) -> None:
        super().__init__()
        self.shell = shell

    @app_commands.command(name="board",
                          description="The board now, or (at:) one tile and its neighbours zoomed")
    @app_commands.describe(at="A tile label such as C4: a zoom on that tile")
    async def board(self, interaction: discord.Interaction, at: str | None = None) -> None:
        channel, service = str(interaction.channel_id), self.shell.service
        at = at if at is None or at.strip() else None
        await service.reads.check_started(channel, at)  # a refusal stays private: check before deferring
        if not await defer(interaction, thinking=True):
            return
        reply = await (service.reads.board(channel) if at is None else service.reads.tile(channel, at))
        await send_picture(interaction, reply, "board.png" if at is None else "tile.png",
                           lang=await self.shell.language(interaction, reply))
        if at is None:
            await self.shell.announcer.deliver_pending(channel)  # anything Discord dropped earlier goes out now

    @board.autocomplete("at")
    async def tile_labels(self, interaction: discord.Interaction, current: str) -> list[app_commands.Choice[str]]:
        labels = await self.shell.service.reads.tile_labels(str(interaction.channel_id))
        needle = current.strip().upper()
        return [app_commands.Choice(name=t, value=t) for t in labels if needle in t][:AUTOCOMPLETE_MAX]

    @app_commands.command(name="status", description="Turn, phase, who acts on what, scores, cards and settings")
    async def status(self, interaction: discord.Interaction) -> None:
        await self.shell.run_simple(interaction, lambda: self.shell.service.reads.status(str(interaction.channel_id)),
                                    private=True)

    @app_commands.command(name="rules", description="Rules help: an action, a card or a term")
    @app_commands.describe(topic="What to explain")
    async def rules(self, interaction: discord.Interaction, topic: str | None = None) -> None:
        await answer(interaction, clip(explain(topic, user_lang(interaction)), CONTENT), ephemeral=True)

    @rules.autocomplete("topic")
    async def rules_topics(self, interaction: discord.Interaction, current: str) -> list[app_commands.Choice[str]]:
        return [app_commands.Choice(name=t, value=t) for t in find_topics(current, lang=user_lang(interaction))]

    @app_commands.command(name="history", description="A past turn's board, or a review (only you)")
    @app_commands.describe(turn="The turn, from 1", move="Choices into that turn (0: its start)",
                           review="A finished game's number: its review")
    async def history(self, interaction: discord.Interaction, turn: app_commands.Range[int, 1, 999] | None = None,
                      move: app_commands.Range[int, 0, 9999] = 0,
                      review: app_commands.Range[int, 1, 2**31 - 1] | None = None) -> None:
        if review is not None:  # the review folds into the story (docs/architecture.md)
            if turn is not None:
                await self.shell.send_error(interaction, T("bot.review.not_with_turn"))
                return
            await ask_review(self.shell, interaction, review)
            return
        if turn is None:
            await self.shell.send_error(interaction, T("bot.review.turn_or_review"))
            return
        if not await defer(interaction, ephemeral=True, thinking=True):
            return
        moment = await self.shell.service.chronicle.moment_at(str(interaction.channel_id), turn, move,
                                                              lang=user_lang(interaction))
        await answer(interaction, **_moment_message(moment, user_lang(interaction)), ephemeral=True)

    @history.autocomplete("review")
    async def history_reviews(self, interaction: discord.Interaction,
                              current: str) -> list[app_commands.Choice[int]]:
        number = await self.shell.service.review.channel_finished(str(interaction.channel_id))
        if number is None or not str(number).startswith(current.strip().lstrip("#")):
            return []
        return [app_commands.Choice(name=gettext("bot.review.choice", user_lang(interaction), game=number),
                                    value=number)]

    @app_commands.command(name="log", description="The game log, a turn a page (only you)")
    @app_commands.describe(player="Only what concerns one player: a member or an animal",
                           turn="Only one turn",
                           file="True: the whole game as a record file (JSON)")
    async def log_(self, interaction: discord.Interaction, player: str | None = None,
                   turn: app_commands.Range[int, 1, 999] | None = None, file: bool = False) -> None:
        if file:  # the record (once /ds export: Discord allows a group 25 commands)
            await self._export(interaction)
            return
        page = await self.shell.service.chronicle.log_page(str(interaction.channel_id), player, turn,
                                                           lang=user_lang(interaction))
        await answer(interaction, clip(page.text, CONTENT),
                     view=log_view(page, user_lang(interaction)) or discord.utils.MISSING, ephemeral=True)

    @log_.autocomplete("player")
    async def log_players(self, interaction: discord.Interaction, current: str) -> list[app_commands.Choice[str]]:
        needle = current.strip().lower()
        choices = []
        seats = await self.shell.service.reads.players_of(str(interaction.channel_id))
        for seat, (player, animals) in enumerate(seats):
            name = gettext("bot.seat_of", user_lang(interaction), player=player, animals=animals)
            if needle in name.lower():
                choices.append(app_commands.Choice(name=clip(name, AUTOCOMPLETE_NAME), value=f"seat:{seat}"))
        return choices[:AUTOCOMPLETE_MAX]

    async def _export(self, interaction: discord.Interaction) -> None:
        if not await defer(interaction, ephemeral=True, thinking=True):
            return
        name, data, game = await export_record(self.shell.service.chronicle, str(interaction.channel_id),
                                               time.time())
        text = gettext("bot.export.finished" if game.status == "finished" else "bot.export.running",
                       user_lang(interaction), game=game.id, file=name)
        files = [Attachment(name, data)]
        reviewed = await self.shell.service.review.exported(game.id)  # a finished game's review, beside it
        if reviewed is not None:
            files.append(Attachment(*reviewed))
        await answer(interaction, text, attachments=files, ephemeral=True)

    @app_commands.command(name="stats", description="Ratings and finished games here (only you)")
    @app_commands.describe(player="One member's rating and rated games",
                           rebuild="True: compute the ratings anew (Manage Server)")
    async def stats(self, interaction: discord.Interaction, player: discord.User | None = None,
                    rebuild: bool = False) -> None:
        # The leaderboard lives here (Discord allows a group 25 commands): the ratings first,
        # then what the server's finished games add up to.
        guild_id, lang, service = str(interaction.guild_id), user_lang(interaction), self.shell.service
        if player is not None:
            text = await service.ratings.rating_history(guild_id, str(player.id), player.display_name, lang)
            await answer(interaction, text, ephemeral=True)
            return
        if rebuild:
            manage = bool(interaction.permissions and interaction.permissions.manage_guild)
            if not manage:
                await self.shell.send_error(interaction, T("bot.err.rebuild_manage"))
                return
            if not await defer(interaction, ephemeral=True, thinking=True):
                return
            reply = await service.ratings.rebuild_ratings(guild_id, manage)
            await answer(interaction, reply.in_(lang), ephemeral=True)
            return
        if not await defer(interaction, ephemeral=True, thinking=True):
            return
        guild = interaction.guild
        # games opened before servers were recorded count when they were played in one of its channels
        known = {str(c.id) for c in guild.channels} | {str(t.id) for t in guild.threads} if guild else set()
        board = await service.ratings.leaderboard(guild_id, str(interaction.user.id), lang=lang)
        games = await service.reads.server_stats(guild_id, known, lang)
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
    found = await shell.service.chronicle.game_by_id(game, str(interaction.channel_id))
    moment = await shell.service.chronicle.moment(found, k, lang=user_lang(interaction))
    message = _moment_message(moment, user_lang(interaction))
    if not private:  # never change a public message: answer privately instead
        await answer(interaction, **message, ephemeral=True)
        return
    pictures = message.pop("attachments", [])
    with contextlib.suppress(discord.HTTPException):  # the old page stays: its buttons still work
        await interaction.edit_original_response(**message, attachments=[a.file() for a in pictures])


async def on_log_button(shell: Responder, interaction: discord.Interaction, game: int, page: int, code: str) -> None:
    """"Older / newer" under a log page."""
    found = await shell.service.chronicle.game_by_id(game, str(interaction.channel_id))
    shown = await shell.service.chronicle.page_of(found, code, page, lang=user_lang(interaction))
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
