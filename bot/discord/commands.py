"""The ``/ds`` group as Discord sees it: the commands of the flat families side by side
(``/ds new``, not ``/ds lobby new``), in the order they were always synced, and every other
family as a subcommand group of its own (``/ds admin games``).

A family is an ``app_commands.Group`` of its own module: the lobby (``commands_lobby``), play
(``commands_play``), the seats and the pace (``commands_seats``), the story (``commands_story``),
the answers given ahead (``commands_ahead``: ``/ds ahead``) and the server managers
(``commands_admin``).  ``FLAT`` says which families Discord sees flat;
a family left out of it is shown as a subgroup by its name (its commands' words then come from
``cmd.<family>.<command>...``, else from their flat keys: ``bot.discord.translator``).  Where a
new command goes is docs/architecture.md's rule ("Where commands grow").  Each handler parses,
calls the game service and answers; a refusal of the service's rises out of it to the one
refusal path (``answers.answer_refusal``, called by the client's tree error handler).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from discord import app_commands

from bot.discord.commands_admin import Admin
from bot.discord.commands_ahead import Ahead
from bot.discord.commands_lobby import Lobby
from bot.discord.commands_play import Play
from bot.discord.commands_seats import Seats
from bot.discord.commands_story import Story
from bot.discord.translator import command_path, words_path

if TYPE_CHECKING:
    from bot.discord.responder import Responder

#: A family: a group of the shell's commands, made for the responder that answers them.
Family = Callable[["Responder"], app_commands.Group]

#: Every family of ``/ds``, each a group of its own module.
FAMILIES: tuple[Family, ...] = (Lobby, Play, Seats, Story, Ahead, Admin)
#: The families whose commands Discord sees side by side on ``/ds``; the others are subgroups.
FLAT: frozenset[Family] = frozenset({Lobby, Play, Seats, Story})
#: The children of ``/ds`` in the order Discord is told them (the synced tree's): a flat family's
#: commands, and a subgroup by its family's name (``admin`` last).
ORDER = ("new", "join", "leave", "kick", "addbot", "settings", "start",
         "play", "hint", "undo", "resign", "abandon",
         "away", "replace", "mygames", "follow",
         "board", "status", "rules", "ahead", "history", "log", "stats",
         "admin")


class Ds(app_commands.Group, name="ds", description="Dominant Species, played by post", guild_only=True):
    def __init__(self, shell: Responder, *, flat: frozenset[Family] = FLAT, order: tuple[str, ...] = ORDER) -> None:
        super().__init__()
        found: dict[str, app_commands.Command[Any, ..., Any] | app_commands.Group] = {}
        for family in (kind(shell) for kind in FAMILIES):
            if type(family) in flat:
                found.update((command.name, command) for command in family.commands)
            else:
                found[family.name] = family  # ``/ds <family> <command>``
        if set(found) != set(order) or len(found) != len(order):
            raise ValueError(f"/ds: ORDER and the families disagree on {sorted(set(found) ^ set(order))}")
        for name in order:
            self.add_command(found[name])  # its parent is /ds now: ``/ds new``; its family stays its binding


def build_commands(shell: Responder) -> app_commands.Group:
    return Ds(shell)


def command_keys(group: app_commands.Group | None = None) -> set[str]:
    """Every key the ``/ds`` commands ask the translator for (the completeness test's list),
    subcommand groups and their commands included (``cmd.<group>.<command>.name``, or the flat
    keys a command of a family moved into a subgroup keeps: ``translator.words_path``)."""
    if group is None:
        group = build_commands(None)  # type: ignore[arg-type]  # no responder: the handlers are never called here
    keys = {f"cmd.{command_path(group)}.description"}
    for command in group.walk_commands():
        path = command_path(command) if isinstance(command, app_commands.Group) else words_path(command)
        keys |= {f"cmd.{path}.name", f"cmd.{path}.description"}
        if isinstance(command, app_commands.Group):
            continue
        for param in command.parameters:
            keys |= {f"cmd.{path}.{param.name}.name", f"cmd.{path}.{param.name}.description"}
            for c in param.choices:
                keys.add(f"choice.{param.name}.{c.value}")
    return keys
