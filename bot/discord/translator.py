"""The ``/ds`` commands in the reader's language: names, descriptions and fixed choices.

Discord asks for every localisation when the commands are synced; ``CatalogueTranslator``
answers from the ``words`` catalogue, by keys that follow the command tree:

* ``cmd.ds.description``: the top group (its name, ``ds``, is the same in every language);
* ``cmd.<command>.name`` / ``.description``;
* ``cmd.<command>.<parameter>.name`` / ``.description`` (the parameter's Python name);
* a subcommand group inside ``/ds`` and its commands: ``cmd.<group>.name`` / ``.description``,
  ``cmd.<group>.<command>.name``, ``cmd.<group>.<command>.<parameter>.name`` (e.g.
  ``cmd.admin.games.name`` for ``/ds admin games``): the path below ``/ds``, joined by dots;
* ``choice.<parameter>.<value>``: a fixed choice (given as ``locale_str(name, key=...)``);
* a command of a family shown as a subgroup (``bot.discord.commands.FLAT``) whose
  ``cmd.<group>.<command>.description`` the English catalogue lacks keeps its flat words
  (``cmd.<command>...``, ``words_path``): a family moved into a subgroup needs only the group's
  own two keys.

English is the commands' own text (no localisation is sent for it); a key the catalogue lacks
leaves the English in place.  Discord's rule for a name, which every Hungarian name keeps:
lowercase, letters (accented ones too), digits, ``-`` and ``_``, at most 32 characters.
"""

from __future__ import annotations

import re
from typing import Any

import discord
from discord import app_commands
from discord.app_commands import TranslationContextLocation as Where

import words
from words import catalog

#: Discord's pattern for a command or option name (CHAT_INPUT), checked against the catalogue.
NAME = re.compile(r"^[-_\w]{1,32}$")


def choice(name: str, param: str, value: str) -> app_commands.Choice[str]:
    """A fixed choice whose name the translator words (``choice.<param>.<value>``)."""
    return app_commands.Choice(name=app_commands.locale_str(name, key=f"choice.{param}.{value}"), value=value)


def command_path(command: app_commands.Command[Any, ..., Any] | app_commands.Group) -> str:
    """The key path of a command or group: its names below the top group, joined by dots
    (``new``, ``admin``, ``admin.games``); the top group is its own name (``ds``)."""
    parts = command.qualified_name.split()
    return ".".join(parts[1:] if len(parts) > 1 else parts)


def key_for(string: app_commands.locale_str, context: app_commands.TranslationContext[Any, Any]) -> str | None:
    """The catalogue key of a command's name, description, parameter or choice (None: not ours)."""
    if "key" in string.extras:
        return str(string.extras["key"])
    where, data = context.location, context.data
    if where is Where.group_name:
        # the top group's name ("ds") is the same in every language; a group inside it is worded
        return None if data.parent is None else f"cmd.{command_path(data)}.name"
    if where is Where.group_description:
        return f"cmd.{command_path(data)}.description"
    if where in (Where.command_name, Where.command_description):
        return f"cmd.{words_path(data)}.{'name' if where is Where.command_name else 'description'}"
    if where in (Where.parameter_name, Where.parameter_description):
        part = "name" if where is Where.parameter_name else "description"
        return f"cmd.{words_path(data.command)}.{data.name}.{part}"
    return None


def words_path(command: app_commands.Command[Any, ..., Any] | app_commands.Group) -> str:
    """The key path a command's words are under: its path (``admin.games``), or, for a command
    in a subgroup whose words were written for it flat (its family moved into a subgroup: the
    English catalogue has no ``cmd.<group>.<command>.description``), its own name."""
    path = command_path(command)
    english = words.DEFAULT
    if ("." in path and not catalog.has(f"cmd.{path}.description", english)
            and catalog.has(f"cmd.{command.name}.description", english)):
        return command.name
    return path


class CatalogueTranslator(app_commands.Translator):
    async def translate(self, string: app_commands.locale_str, locale: discord.Locale,
                        context: app_commands.TranslationContext[Any, Any]) -> str | None:
        lang = words.pick_language(locale.value)
        if lang == words.DEFAULT:
            return None  # English, or a language we do not have: Discord shows the commands' English
        key = key_for(string, context)
        if key is None or not catalog.has(key, lang):
            return None
        return catalog.text(key, lang)
