"""The lobby's commands of ``/ds``: ``new``, ``join``, ``leave``, ``kick``, ``addbot``, ``settings``
and ``start``.  Discord sees them flat on ``/ds`` (``bot.discord.commands``); a refusal of the
service's rises to the one refusal path (``answers.answer_refusal``)."""

from __future__ import annotations

from typing import TYPE_CHECKING

import discord
from discord import app_commands

from bot.discord.answers import user_lang, who
from bot.discord.opening import open_game
from bot.discord.permissions import missing_permissions, permission_refusal
from bot.discord.translator import choice
from words import LANGUAGES, T, own_name, term

if TYPE_CHECKING:
    from bot.discord.responder import Responder

AUTOCOMPLETE_MAX = 25


def language_choices() -> list[app_commands.Choice[str]]:
    """A choice for every language there is a catalogue for, by its own name."""
    return [choice(own_name(lang), "language", lang) for lang in LANGUAGES]


class Lobby(app_commands.Group, name="lobby", description="Opening a game and taking the seats"):
    def __init__(self, shell: Responder) -> None:
        super().__init__()
        self.shell = shell

    @app_commands.command(name="new", description="Open a game in a thread of its own, with a lobby")
    @app_commands.describe(players="Most players (2-6); the host starts once 2 have joined",
                           variant="standard, or multi-animal for 2-3 players",
                           language="Posts and pictures in (default: the server's)",
                           hints="True: players may ask /ds hint (then not rated)")
    @app_commands.choices(variant=[choice("standard", "variant", "standard"),
                                   choice("multi-animal (2-3 players)", "variant", "multi-animal")],
                          language=language_choices())
    async def new(self, interaction: discord.Interaction, players: app_commands.Range[int, 2, 6] = 6,
                  variant: str = "standard", language: str | None = None, hints: bool | None = None) -> None:
        await open_game(self.shell, interaction, players, variant, language, hints)

    @app_commands.command(name="join", description="Take a seat in this game's lobby")
    @app_commands.describe(animal="Which animal to play (random if omitted)")
    async def join(self, interaction: discord.Interaction, animal: str | None = None) -> None:
        channel, user, name = who(interaction)
        await self.shell.run_simple(interaction, lambda: self.shell.service.lobby.join(channel, user, name, animal))

    @join.autocomplete("animal")
    async def join_animals(self, interaction: discord.Interaction, current: str) -> list[app_commands.Choice[str]]:
        free = await self.shell.service.reads.free_animals(str(interaction.channel_id))
        needle = current.strip().lower()
        lang = user_lang(interaction)
        named = [(term(f"animal.{a}", lang), a) for a in free]
        return [app_commands.Choice(name=n, value=a) for n, a in named
                if needle in n.lower() or needle in a][:AUTOCOMPLETE_MAX]

    @app_commands.command(name="leave", description="Give your lobby seat back")
    async def leave(self, interaction: discord.Interaction) -> None:
        channel, user, _ = who(interaction)
        await self.shell.run_simple(interaction, lambda: self.shell.service.lobby.leave(channel, user))

    @app_commands.command(name="kick", description="Remove a seat from the lobby (host only)")
    @app_commands.describe(member="The member whose seat to remove",
                           seat="Or the seat's number (e.g. a computer player's)")
    async def kick(self, interaction: discord.Interaction, member: discord.User | None = None,
                   seat: app_commands.Range[int, 1, 6] | None = None) -> None:
        channel, user, _ = who(interaction)
        target = None if member is None else str(member.id)
        await self.shell.run_simple(interaction, lambda: self.shell.service.lobby.kick(
            channel, user, target, seat_number=seat))

    @app_commands.command(name="addbot", description="Seat a computer player in the lobby (host only)")
    @app_commands.describe(level="How well it plays")
    @app_commands.choices(level=[choice("easy", "level", "easy"), choice("normal", "level", "normal"),
                                 choice("hard", "level", "hard"), choice("expert (looks ahead)", "level", "expert"),
                                 choice("greedy (the baseline)", "level", "greedy"),
                                 choice("random", "level", "random")])
    async def addbot(self, interaction: discord.Interaction, level: str = "normal") -> None:
        channel, user, _ = who(interaction)
        await self.shell.run_simple(interaction, lambda: self.shell.service.computer.add_ai(channel, user, level))

    @app_commands.command(name="settings", description="Game settings: pictures, resigning, language, pace (host)")
    @app_commands.describe(board="When a picture of the board is posted",
                           on_resign="In a 2-player game, what a resignation does",
                           language="The language of the game's posts and pictures",
                           reminder="How often to remind, e.g. 12h, or off",
                           deadline="Time per player to act, e.g. 48h, or off",
                           at_deadline="What happens at the deadline",
                           vacation_cap="Most time away per player, e.g. 7d",
                           hints="True: /ds hint allowed (not rated; lobby only)")
    @app_commands.choices(
        board=[choice("every action", "board", "action"), choice("every turn", "board", "turn"),
               choice("on request (/ds board)", "board", "request")],
        on_resign=[choice("the other player wins", "on_resign", "end"),
                   choice("the seat plays on", "on_resign", "play_on")],
        language=language_choices(),
        at_deadline=[choice("the AI plays that player's decisions", "at_deadline", "ai"),
                     choice("the game waits and the host is told", "at_deadline", "wait")])
    async def settings(self, interaction: discord.Interaction, board: str | None = None,
                       on_resign: str | None = None, language: str | None = None, reminder: str | None = None,
                       deadline: str | None = None, at_deadline: str | None = None,
                       vacation_cap: str | None = None, hints: bool | None = None) -> None:
        # One command for every host setting (the pace's too: Discord allows a group 25 commands).
        channel, user, _ = who(interaction)
        await self.shell.run_simple(interaction, lambda: self.shell.service.lobby.configure(
            channel, user, board=board, on_resign=on_resign, language=language, reminder=reminder,
            deadline=deadline, at_deadline=at_deadline, away_cap=vacation_cap, hints=hints))

    @app_commands.command(name="start", description="Deal the animals and start (host only)")
    async def start(self, interaction: discord.Interaction) -> None:
        channel, user, _ = who(interaction)
        missing = missing_permissions(interaction)
        if missing:
            await self.shell.send_error(interaction, permission_refusal(missing))
            return
        await self.shell.run_turn(interaction, lambda: self.shell.service.lobby.start(channel, user),
                                  confirm=T("bot.game_on"))
