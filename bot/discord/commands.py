"""The ``/ds`` command group.  Each handler parses, calls the game service and answers."""

from __future__ import annotations

import re
from typing import TYPE_CHECKING

import discord
from discord import app_commands

from bot.discord import components
from bot.discord.answers import answer, defer, say, send_picture, user_lang, who
from bot.discord.commands_admin import add_admin_commands
from bot.discord.commands_story import add_story_commands
from bot.discord.delivery import mentions_for
from bot.discord.limits import AUTOCOMPLETE_NAME, AUTOCOMPLETE_VALUE, CONTENT, clip
from bot.discord.opening import guild_of, open_game
from bot.discord.permissions import missing_permissions, permission_refusal
from bot.discord.plans import add_plan_command
from bot.discord.translator import choice, command_path
from bot.game.replies import ServiceError
from bot.game.rules_help import explain, find_topics
from words import LANGUAGES, T, gettext, own_name, term
from words import say as say_in

if TYPE_CHECKING:
    from bot.discord.responder import Responder

AUTOCOMPLETE_MAX = 25
_VERSIONED = re.compile(r"^(?P<version>[0-9]+)\|(?P<option>.+)$")


def back_words() -> set[str]:
    """What ``/ds away for:`` takes for "I am back": the words of every language (the catalogue's)."""
    return {w.strip().lower() for lang in LANGUAGES for w in gettext("bot.away.back_words", lang).split(",")}


def language_choices() -> list[app_commands.Choice[str]]:
    """A choice for every language there is a catalogue for, by its own name."""
    return [choice(own_name(lang), "language", lang) for lang in LANGUAGES]


def _autocomplete_value(version: int, option_id: str) -> str:
    """The option with the version it was offered at (so a stale pick is refused), if that fits."""
    versioned = f"{version}|{option_id}"
    return versioned if len(versioned) <= AUTOCOMPLETE_VALUE else option_id


def build_commands(shell: Responder) -> app_commands.Group:
    ds = app_commands.Group(name="ds", description="Dominant Species, played by post", guild_only=True)

    # -- lobby --------------------------------------------------------------------------------

    @ds.command(name="new", description="Open a game in a thread of its own, with a lobby")
    @app_commands.describe(players="Most players (2-6); the host starts once 2 have joined",
                           variant="standard, or multi-animal for 2-3 players",
                           language="Posts and pictures in (default: the server's)",
                           hints="True: players may ask /ds hint (then not rated)")
    @app_commands.choices(variant=[choice("standard", "variant", "standard"),
                                   choice("multi-animal (2-3 players)", "variant", "multi-animal")],
                          language=language_choices())
    async def new(interaction: discord.Interaction, players: app_commands.Range[int, 2, 6] = 6,
                  variant: str = "standard", language: str | None = None, hints: bool | None = None) -> None:
        await open_game(shell, interaction, players, variant, language, hints)

    @ds.command(name="join", description="Take a seat in this game's lobby")
    @app_commands.describe(animal="Which animal to play (random if omitted)")
    async def join(interaction: discord.Interaction, animal: str | None = None) -> None:
        channel, user, name = who(interaction)
        reply = await shell.run_simple(interaction, lambda: shell.service.join(channel, user, name, animal))
        if reply is not None:
            await shell.refresh_lobby(reply.game_id)

    @join.autocomplete("animal")
    async def join_animals(interaction: discord.Interaction, current: str) -> list[app_commands.Choice[str]]:
        free = await shell.service.free_animals(str(interaction.channel_id))
        needle = current.strip().lower()
        lang = user_lang(interaction)
        named = [(term(f"animal.{a}", lang), a) for a in free]
        return [app_commands.Choice(name=n, value=a) for n, a in named
                if needle in n.lower() or needle in a][:AUTOCOMPLETE_MAX]

    @ds.command(name="leave", description="Give your lobby seat back")
    async def leave(interaction: discord.Interaction) -> None:
        channel, user, _ = who(interaction)
        reply = await shell.run_simple(interaction, lambda: shell.service.leave(channel, user))
        if reply is not None:
            await shell.refresh_lobby(reply.game_id)

    @ds.command(name="kick", description="Remove a seat from the lobby (host only)")
    @app_commands.describe(member="The member whose seat to remove",
                           seat="Or the seat's number (e.g. a computer player's)")
    async def kick(interaction: discord.Interaction, member: discord.User | None = None,
                   seat: app_commands.Range[int, 1, 6] | None = None) -> None:
        channel, user, _ = who(interaction)
        target = None if member is None else str(member.id)
        reply = await shell.run_simple(interaction, lambda: shell.service.kick(channel, user, target, seat_number=seat))
        if reply is not None:
            await shell.refresh_lobby(reply.game_id)

    @ds.command(name="addbot", description="Seat a computer player in the lobby (host only)")
    @app_commands.describe(level="How well it plays")
    @app_commands.choices(level=[choice("easy", "level", "easy"), choice("normal", "level", "normal"),
                                 choice("hard", "level", "hard"), choice("expert (looks ahead)", "level", "expert"),
                                 choice("greedy (the baseline)", "level", "greedy"),
                                 choice("random", "level", "random")])
    async def addbot(interaction: discord.Interaction, level: str = "normal") -> None:
        channel, user, _ = who(interaction)
        reply = await shell.run_simple(interaction, lambda: shell.service.add_ai(channel, user, level))
        if reply is not None:
            await shell.refresh_lobby(reply.game_id)

    @ds.command(name="settings", description="Game settings: pictures, resigning, language, pace (host)")
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
    async def settings(interaction: discord.Interaction, board: str | None = None,
                       on_resign: str | None = None, language: str | None = None, reminder: str | None = None,
                       deadline: str | None = None, at_deadline: str | None = None,
                       vacation_cap: str | None = None, hints: bool | None = None) -> None:
        # One command for every host setting (the pace's too: Discord allows a group 25 commands).
        channel, user, _ = who(interaction)
        await shell.run_simple(interaction, lambda: shell.service.configure(
            channel, user, board=board, on_resign=on_resign, language=language, reminder=reminder,
            deadline=deadline, at_deadline=at_deadline, away_cap=vacation_cap, hints=hints))

    @ds.command(name="start", description="Deal the animals and start (host only)")
    async def start(interaction: discord.Interaction) -> None:
        channel, user, _ = who(interaction)
        missing = missing_permissions(interaction)
        if missing:
            await shell.send_error(interaction, permission_refusal(missing))
            return
        reply = await shell.run_turn(interaction, lambda: shell.service.start(channel, user), confirm=T("bot.game_on"))
        if reply is not None:
            await shell.refresh_lobby(reply.game_id)

    # -- play ---------------------------------------------------------------------------------

    @ds.command(name="play", description="Make your choice for the current prompt")
    @app_commands.describe(option="Start typing: only your legal options are offered")
    async def play(interaction: discord.Interaction, option: str) -> None:
        channel, user, _ = who(interaction)
        match = _VERSIONED.match(option)
        version, option_id = (int(match["version"]), match["option"]) if match else (None, option.strip())
        await shell.run_turn(interaction, lambda: shell.service.act(channel, user, option_id, version))

    @play.autocomplete("option")
    async def play_options(interaction: discord.Interaction, current: str) -> list[app_commands.Choice[str]]:
        channel, user, _ = who(interaction)
        needle = current.strip().lower()
        version, choices = await shell.service.offer(channel, user, user_lang(interaction))
        hits = [c for c in choices if any(needle in s.lower() for s in (c.label, c.id, *c.spellings))]
        return [app_commands.Choice(name=clip(c.label, AUTOCOMPLETE_NAME),
                                    value=_autocomplete_value(version, c.id))
                for c in hits[:AUTOCOMPLETE_MAX]]

    @ds.command(name="hint", description="What the normal AI would choose now, and two alternatives (only you)")
    async def hint(interaction: discord.Interaction) -> None:
        channel, user, _ = who(interaction)
        if not await defer(interaction, ephemeral=True, thinking=True):  # private, refusals too
            return
        try:
            reply = await shell.service.hint(channel, user)
        except ServiceError as e:
            await shell.send_error(interaction, e.message)
            return
        await say(interaction, reply.message, ephemeral=True)

    @ds.command(name="undo", description="Take back your latest choice (move: the host's rollback)")
    @app_commands.describe(move="Host: the first move to take back (players approve)")
    async def undo(interaction: discord.Interaction, move: int | None = None) -> None:
        # One command for both ways back (Discord allows a group 25 commands): your own latest
        # choice, or (``move``) the host's rollback proposal that the players affected approve.
        channel, user, _ = who(interaction)
        if move is None:
            await shell.run_turn(interaction, lambda: shell.service.undo(channel, user))
            return
        try:  # quick (no picture): answered at once, so a refusal stays private
            reply = await shell.service.propose_rollback(channel, user, move)
        except ServiceError as e:
            await shell.send_error(interaction, e.message)
            return
        lang = await shell.language(interaction, reply)
        view = components.proposal_view(reply.proposal, lang) if reply.proposal is not None else discord.utils.MISSING
        mentions = mentions_for(reply.mention)
        head = "".join(f"<@{u}> " for u in reply.mention if u.isdigit())
        await answer(interaction, clip(head + reply.in_(lang), CONTENT), view=view, allowed_mentions=mentions)
        await shell.announcer.sync(channel)

    @undo.autocomplete("move")
    async def undo_moves(interaction: discord.Interaction, current: str) -> list[app_commands.Choice[int]]:
        moves = await shell.service.moves(str(interaction.channel_id))
        needle = current.strip().lower()
        hits = [(n, text) for n, text in reversed(moves) if needle in f"{n} {text}".lower()]
        return [app_commands.Choice(name=clip(f"{n}. {text}", AUTOCOMPLETE_NAME), value=n)
                for n, text in hits[:AUTOCOMPLETE_MAX]]

    @ds.command(name="resign", description="Leave a running game (2 players: the other wins)")
    async def resign(interaction: discord.Interaction) -> None:
        channel, user, _ = who(interaction)
        await shell.run_turn(interaction, lambda: shell.service.resign(channel, user))

    @ds.command(name="abandon", description="End this channel's game (host or Manage Channels)")
    async def abandon(interaction: discord.Interaction) -> None:
        channel, user, _ = who(interaction)
        manage = bool(interaction.permissions and interaction.permissions.manage_channels)
        reply = await shell.run_simple(interaction, lambda: shell.service.abandon(channel, user, manage))
        if reply is not None:
            await shell.refresh_lobby(reply.game_id)
            if reply.game_id is not None:
                await shell.announcer.disarm(reply.game_id)  # best effort: a stale click is refused

    # -- pace ---------------------------------------------------------------------------------

    @ds.command(name="away", description="Going away: your deadline and reminders wait")
    @app_commands.describe(for_="How long, e.g. 3d or 12h; off: back now")
    @app_commands.rename(for_="for")
    async def away(interaction: discord.Interaction, for_: str) -> None:
        # ``off`` in place of a /ds back (Discord allows a group 25 commands)
        channel, user, _ = who(interaction)
        if for_.strip().lower() in back_words():
            await shell.run_simple(interaction, lambda: shell.service.back(channel, user))
        else:
            await shell.run_simple(interaction, lambda: shell.service.away(channel, user, for_))

    @ds.command(name="replace", description="Hand a seat to another member (host only)")
    @app_commands.describe(seat="The seat to hand on", user="Who takes it over")
    async def replace(interaction: discord.Interaction, seat: int, user: discord.User) -> None:
        channel, host, _ = who(interaction)
        reply = await shell.run_simple(interaction, lambda: shell.service.replace_seat(
            channel, host, seat, str(user.id), user.display_name, is_bot=user.bot))
        if reply is not None:
            await shell.announcer.sync(channel)

    @replace.autocomplete("seat")
    async def replace_seats(interaction: discord.Interaction, current: str) -> list[app_commands.Choice[int]]:
        lang, needle = user_lang(interaction), current.strip().lower()
        seats = await shell.service.seat_choices(str(interaction.channel_id))
        named = [(say_in(text, lang), seat) for seat, text in seats]
        return [app_commands.Choice(name=clip(name, AUTOCOMPLETE_NAME), value=seat)
                for name, seat in named if needle in name.lower()]

    @ds.command(name="mygames", description="Every game you play in, and where it is your turn")
    @app_commands.describe(direct="on: a DM on your turn; off: a mention in the channel")
    @app_commands.choices(direct=[choice("on", "direct", "on"), choice("off", "direct", "off")])
    async def mygames(interaction: discord.Interaction, direct: str | None = None) -> None:
        # One command for both (Discord allows a group 25 commands): where you are awaited,
        # and (``direct``) how you are told that you are.
        user = str(interaction.user.id)
        if direct is None:
            await shell.run_simple(interaction, lambda: shell.service.my_games(user), private=True)
        else:
            await shell.run_simple(interaction, lambda: shell.service.set_notify(user, direct == "on"),
                                   private=True)

    @ds.command(name="follow", description="Follow a game you do not play in (a DM each turn)")
    @app_commands.describe(state="on: follow (the default); off: stop",
                           game="The game's number (default: this channel's)")
    @app_commands.choices(state=[choice("on", "state", "on"), choice("off", "state", "off")])
    async def follow(interaction: discord.Interaction, state: str = "on",
                     game: app_commands.Range[int, 1, 2_147_483_647] | None = None) -> None:
        # on and off in one command (Discord allows a group 25 commands); /ds mygames lists them
        channel, user, _ = who(interaction)
        await shell.run_simple(interaction, lambda: shell.service.follow(
            channel, guild_of(interaction), user, state != "off", game), private=True)

    # -- looking ------------------------------------------------------------------------------

    @ds.command(name="board", description="Post the current board, or (at:) zoom on one tile and its neighbours")
    @app_commands.describe(at="A tile label such as C4: a zoom on that tile")
    async def board(interaction: discord.Interaction, at: str | None = None) -> None:
        channel = str(interaction.channel_id)
        at = at if at is None or at.strip() else None
        try:
            await shell.service.check_started(channel, at)  # a refusal stays private: check before deferring
        except ServiceError as e:
            await shell.send_error(interaction, e.message)
            return
        if not await defer(interaction, thinking=True):
            return
        try:
            reply = await (shell.service.board(channel) if at is None else shell.service.tile(channel, at))
        except ServiceError as e:
            await shell.send_error(interaction, e.message)
            return
        await send_picture(interaction, reply, "board.png" if at is None else "tile.png",
                           lang=await shell.language(interaction, reply))
        if at is None:
            await shell.announcer.deliver_pending(channel)  # anything Discord dropped earlier goes out now

    @board.autocomplete("at")
    async def tile_labels(interaction: discord.Interaction, current: str) -> list[app_commands.Choice[str]]:
        labels = await shell.service.tile_labels(str(interaction.channel_id))
        needle = current.strip().upper()
        return [app_commands.Choice(name=t, value=t) for t in labels if needle in t][:AUTOCOMPLETE_MAX]

    @ds.command(name="status", description="Turn, phase, who acts on what, scores, cards and settings")
    async def status(interaction: discord.Interaction) -> None:
        await shell.run_simple(interaction, lambda: shell.service.status(str(interaction.channel_id)),
                               private=True)

    @ds.command(name="rules", description="Rules help: an action, a card or a term")
    @app_commands.describe(topic="What to explain")
    async def rules(interaction: discord.Interaction, topic: str | None = None) -> None:
        await answer(interaction, clip(explain(topic, user_lang(interaction)), CONTENT), ephemeral=True)

    @rules.autocomplete("topic")
    async def rules_topics(interaction: discord.Interaction, current: str) -> list[app_commands.Choice[str]]:
        return [app_commands.Choice(name=t, value=t) for t in find_topics(current, lang=user_lang(interaction))]

    add_plan_command(ds, shell)  # a player's planned placements, privately
    add_story_commands(ds, shell)  # history, log (in pages, or the record file), stats
    add_admin_commands(ds, shell)  # the server managers' group: games, abandon, defaults
    return ds


def command_keys(group: app_commands.Group | None = None) -> set[str]:
    """Every key the ``/ds`` commands ask the translator for (the completeness test's list),
    subcommand groups and their commands included (``cmd.<group>.<command>.name``)."""
    if group is None:
        group = build_commands(None)  # type: ignore[arg-type]  # no responder: the handlers are never called here
    keys = {f"cmd.{command_path(group)}.description"}
    for command in group.walk_commands():
        path = command_path(command)
        keys |= {f"cmd.{path}.name", f"cmd.{path}.description"}
        if isinstance(command, app_commands.Group):
            continue
        for param in command.parameters:
            keys |= {f"cmd.{path}.{param.name}.name", f"cmd.{path}.{param.name}.description"}
            for c in param.choices:
                keys.add(f"choice.{param.name}.{c.value}")
    return keys
