"""The playing commands of ``/ds``: ``play``, ``hint``, ``undo``, ``resign`` and ``abandon``
(``plan`` moved into ``/ds ahead``: ``commands_ahead``).  Discord sees them flat on ``/ds``
(``bot.discord.commands``); a refusal of the service's rises to the one refusal path
(``answers.answer_refusal``), after a defer too."""

from __future__ import annotations

import re
from typing import TYPE_CHECKING

import discord
from discord import app_commands

from bot.discord import components
from bot.discord.answers import answer, defer, say, user_lang, who
from bot.discord.limits import AUTOCOMPLETE_NAME, AUTOCOMPLETE_VALUE, CONTENT, clip
from bot.discord.posts import mentions_for

if TYPE_CHECKING:
    from bot.discord.responder import Responder

AUTOCOMPLETE_MAX = 25
_VERSIONED = re.compile(r"^(?P<version>[0-9]+)\|(?P<option>.+)$")


def _autocomplete_value(version: int, option_id: str) -> str:
    """The option with the version it was offered at (so a stale pick is refused), if that fits."""
    versioned = f"{version}|{option_id}"
    return versioned if len(versioned) <= AUTOCOMPLETE_VALUE else option_id


class Play(app_commands.Group, name="play", description="Choosing, taking back and leaving"):
    def __init__(self, shell: Responder) -> None:
        super().__init__()
        self.shell = shell

    @app_commands.command(name="play", description="Make your choice for the current prompt")
    @app_commands.describe(option="Start typing: only your legal options are offered")
    async def play(self, interaction: discord.Interaction, option: str) -> None:
        channel, user, _ = who(interaction)
        match = _VERSIONED.match(option)
        version, option_id = (int(match["version"]), match["option"]) if match else (None, option.strip())
        await self.shell.run_turn(interaction, lambda: self.shell.service.play.act(channel, user, option_id, version))

    @play.autocomplete("option")
    async def play_options(self, interaction: discord.Interaction, current: str) -> list[app_commands.Choice[str]]:
        channel, user, _ = who(interaction)
        needle = current.strip().lower()
        version, choices = await self.shell.service.reads.offer(channel, user, user_lang(interaction))
        hits = [c for c in choices if any(needle in s.lower() for s in (c.label, c.id, *c.spellings))]
        return [app_commands.Choice(name=clip(c.label, AUTOCOMPLETE_NAME),
                                    value=_autocomplete_value(version, c.id))
                for c in hits[:AUTOCOMPLETE_MAX]]

    @app_commands.command(name="hint",
                          description="The normal AI's choice now and two alternatives (only you)")
    async def hint(self, interaction: discord.Interaction) -> None:
        channel, user, _ = who(interaction)
        if not await defer(interaction, ephemeral=True, thinking=True):  # private, refusals too
            return
        reply = await self.shell.service.hints.hint(channel, user)
        await say(interaction, reply.message, ephemeral=True)

    @app_commands.command(name="undo", description="Take back your latest choice (move: the host's rollback)")
    @app_commands.describe(move="Host: the first move to take back (players approve)")
    async def undo(self, interaction: discord.Interaction, move: int | None = None) -> None:
        # One command for both ways back (Discord allows a group 25 commands): your own latest
        # choice, or (``move``) the host's rollback proposal that the players affected approve.
        channel, user, _ = who(interaction)
        if move is None:
            await self.shell.run_turn(interaction, lambda: self.shell.service.takeback.undo(channel, user))
            return
        # quick (no picture): answered at once, so a refusal stays private
        reply = await self.shell.service.takeback.propose_rollback(channel, user, move)
        lang = await self.shell.language(interaction, reply)
        view = components.proposal_view(reply.proposal, lang) if reply.proposal is not None else discord.utils.MISSING
        head = "".join(f"<@{u}> " for u in reply.mention if u.isdigit())
        await answer(interaction, clip(head + reply.in_(lang), CONTENT), view=view,
                     allowed_mentions=mentions_for(reply.mention))
        await self.shell.show(reply.changes)

    @undo.autocomplete("move")
    async def undo_moves(self, interaction: discord.Interaction, current: str) -> list[app_commands.Choice[int]]:
        moves = await self.shell.service.reads.moves(str(interaction.channel_id))
        needle = current.strip().lower()
        hits = [(n, text) for n, text in reversed(moves) if needle in f"{n} {text}".lower()]
        return [app_commands.Choice(name=clip(f"{n}. {text}", AUTOCOMPLETE_NAME), value=n)
                for n, text in hits[:AUTOCOMPLETE_MAX]]

    @app_commands.command(name="resign", description="Leave a running game (2 players: the other wins)")
    async def resign(self, interaction: discord.Interaction) -> None:
        channel, user, _ = who(interaction)
        await self.shell.run_turn(interaction, lambda: self.shell.service.play.resign(channel, user))

    @app_commands.command(name="abandon", description="End this channel's game (host or Manage Channels)")
    async def abandon(self, interaction: discord.Interaction) -> None:
        channel, user, _ = who(interaction)
        manage = bool(interaction.permissions and interaction.permissions.manage_channels)
        await self.shell.run_simple(interaction, lambda: self.shell.service.play.abandon(channel, user, manage))
