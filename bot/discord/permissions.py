"""What the bot must be allowed to do where a game is played, named as Discord's UI names it."""

from __future__ import annotations

import discord

from words import T, Text

#: (discord.py permission, its name in Discord's settings)
POST = (("send_messages", "Send Messages"), ("attach_files", "Attach Files"))
POST_IN_THREAD = (("send_messages_in_threads", "Send Messages in Threads"), ("attach_files", "Attach Files"))
OPEN_THREAD = (("create_public_threads", "Create Public Threads"),
               ("send_messages_in_threads", "Send Messages in Threads"))

THREAD_TYPES = (discord.ChannelType.public_thread, discord.ChannelType.private_thread,
                discord.ChannelType.news_thread)


def in_thread(interaction: discord.Interaction) -> bool:
    channel = interaction.channel
    return isinstance(channel, discord.Thread) or getattr(channel, "type", None) in THREAD_TYPES


def lacking(perms: discord.Permissions, needed: tuple[tuple[str, str], ...]) -> list[str]:
    return [label for name, label in needed if not getattr(perms, name, False)]


def missing_permissions(interaction: discord.Interaction) -> list[str]:
    """The permissions the bot lacks to post boards where this interaction happened."""
    return lacking(interaction.app_permissions, POST_IN_THREAD if in_thread(interaction) else POST)


def can_open_thread(interaction: discord.Interaction) -> bool:
    """Whether ``/ds new`` here can open a thread for the game (a text channel, allowed)."""
    channel = interaction.channel
    if in_thread(interaction) or getattr(channel, "type", None) != discord.ChannelType.text:
        return False
    return not lacking(interaction.app_permissions, OPEN_THREAD)


def permission_refusal(missing: list[str]) -> Text:
    """Which permissions are missing (Discord's own names for them, as its settings show them)."""
    return T("bot.err.permissions", n=len(missing), missing=", ".join(missing))
