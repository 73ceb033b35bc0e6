"""The seats' and the pace's commands of ``/ds``: ``away``, ``replace``, ``mygames`` and
``follow``.  Discord sees them flat on ``/ds`` (``bot.discord.commands``); a refusal of the
service's rises to the one refusal path (``answers.answer_refusal``)."""

from __future__ import annotations

from typing import TYPE_CHECKING

import discord
from discord import app_commands

from bot.discord.answers import user_lang, who
from bot.discord.limits import AUTOCOMPLETE_NAME, clip
from bot.discord.opening import guild_of
from bot.discord.translator import choice
from words import say as say_in
from words import typed_words

if TYPE_CHECKING:
    from bot.discord.responder import Responder


def back_words() -> set[str]:
    """What ``/ds away for:`` takes for "I am back": the words of every language (the catalogue's)."""
    return typed_words("bot.away.back_words")


class Seats(app_commands.Group, name="seats", description="Away, a seat handed on, your games"):
    def __init__(self, shell: Responder) -> None:
        super().__init__()
        self.shell = shell

    @app_commands.command(name="away", description="Going away: your deadline and reminders wait")
    @app_commands.describe(for_="How long, e.g. 3d or 12h; off: back now")
    @app_commands.rename(for_="for")
    async def away(self, interaction: discord.Interaction, for_: str) -> None:
        # ``off`` in place of a /ds back (Discord allows a group 25 commands)
        channel, user, _ = who(interaction)
        if for_.strip().lower() in back_words():
            await self.shell.run_simple(interaction, lambda: self.shell.service.clockwork.back(channel, user))
        else:
            await self.shell.run_simple(interaction, lambda: self.shell.service.clockwork.away(channel, user, for_))

    @app_commands.command(name="replace", description="Hand a seat to another member (host only)")
    @app_commands.describe(seat="The seat to hand on", user="Who takes it over")
    async def replace(self, interaction: discord.Interaction, seat: int, user: discord.User) -> None:
        channel, host, _ = who(interaction)
        await self.shell.run_simple(interaction, lambda: self.shell.service.clockwork.replace_seat(
            channel, host, seat, str(user.id), user.display_name, is_bot=user.bot))

    @replace.autocomplete("seat")
    async def replace_seats(self, interaction: discord.Interaction, current: str) -> list[app_commands.Choice[int]]:
        lang, needle = user_lang(interaction), current.strip().lower()
        seats = await self.shell.service.reads.seat_choices(str(interaction.channel_id))
        named = [(say_in(text, lang), seat) for seat, text in seats]
        return [app_commands.Choice(name=clip(name, AUTOCOMPLETE_NAME), value=seat)
                for name, seat in named if needle in name.lower()]

    @app_commands.command(name="mygames", description="Every game you play in, and where it is your turn")
    @app_commands.describe(direct="on: a DM on your turn; off: a mention in the channel")
    @app_commands.choices(direct=[choice("on", "direct", "on"), choice("off", "direct", "off")])
    async def mygames(self, interaction: discord.Interaction, direct: str | None = None) -> None:
        # One command for both (Discord allows a group 25 commands): where you are awaited,
        # and (``direct``) how you are told that you are.
        user = str(interaction.user.id)
        if direct is None:
            await self.shell.run_simple(interaction, lambda: self.shell.service.clockwork.my_games(user), private=True)
        else:
            await self.shell.run_simple(interaction, lambda: self.shell.service.clockwork.set_notify(
                user, direct == "on"), private=True)

    @app_commands.command(name="follow", description="Follow a game you do not play in (a DM each turn)")
    @app_commands.describe(state="on: follow (the default); off: stop",
                           game="The game's number (default: this channel's)")
    @app_commands.choices(state=[choice("on", "state", "on"), choice("off", "state", "off")])
    async def follow(self, interaction: discord.Interaction, state: str = "on",
                     game: app_commands.Range[int, 1, 2_147_483_647] | None = None) -> None:
        # on and off in one command (Discord allows a group 25 commands); /ds mygames lists them
        channel, user, _ = who(interaction)
        await self.shell.run_simple(interaction, lambda: self.shell.service.followers.follow(
            channel, guild_of(interaction), user, state != "off", game), private=True)
