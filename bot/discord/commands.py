"""The ``/ds`` group as Discord sees it: the commands of every family side by side (``/ds new``,
not ``/ds lobby new``), in the order they were always synced, and the ``/ds admin`` subgroup.

A family is a group of its own module, which Discord never sees: the lobby
(``commands_lobby``), play (``commands_play``), the seats and the pace (``commands_seats``), the
story (``commands_story``) and the server managers (``commands_admin``, the real subgroup).  Each
handler parses, calls the game service and answers; a refusal of the service's rises out of it
to the one refusal path (``answers.answer_refusal``, called by the client's tree error handler).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from discord import app_commands

from bot.discord.commands_admin import Admin
from bot.discord.commands_lobby import Lobby
from bot.discord.commands_play import Play
from bot.discord.commands_seats import Seats
from bot.discord.commands_story import Story
from bot.discord.translator import command_path

if TYPE_CHECKING:
    from bot.discord.responder import Responder

#: The commands of ``/ds`` in the order Discord is told them (the synced tree's; ``admin`` last).
ORDER = ("new", "join", "leave", "kick", "addbot", "settings", "start",
         "play", "hint", "undo", "resign", "abandon",
         "away", "replace", "mygames", "follow",
         "board", "status", "rules", "plan", "history", "log", "stats",
         "admin")


class Ds(app_commands.Group, name="ds", description="Dominant Species, played by post", guild_only=True):
    def __init__(self, shell: Responder) -> None:
        super().__init__()
        families = (Lobby(shell), Play(shell), Seats(shell), Story(shell))
        found: dict[str, app_commands.Command[Any, ..., Any] | app_commands.Group] = {
            command.name: command for family in families for command in family.commands}
        found["admin"] = Admin(shell)
        if set(found) != set(ORDER):
            raise ValueError(f"/ds: ORDER and the families disagree on {sorted(set(found) ^ set(ORDER))}")
        for name in ORDER:
            self.add_command(found[name])  # its parent is /ds now: ``/ds new``; its family stays its binding


def build_commands(shell: Responder) -> app_commands.Group:
    return Ds(shell)


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
