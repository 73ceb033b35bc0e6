"""JSON payload builders for the fake Discord (tests/bot/fake_discord.py).

Each builder returns what the real Discord API v10 sends for that object, with just the fields discord.py 2.x
reads (required keys included, optional ones where they matter to a bot).
"""

from __future__ import annotations

import datetime
import itertools
import mimetypes
import struct
import time
from typing import Any

JSON = dict[str, Any]

DISCORD_EPOCH_MS = 1420070400000
ATTACHMENT_SIZE_LIMIT = 10 * 1024 * 1024
TEXT_CHANNEL = 0
EPHEMERAL, LOADING = 1 << 6, 1 << 7  # message flags
PUBLIC_THREAD = 11

# Option types, as in https://discord.com/developers/docs/interactions/application-commands
SUB_COMMAND, SUB_COMMAND_GROUP = 1, 2
STRING, INTEGER, BOOLEAN, USER, CHANNEL, ROLE, MENTIONABLE, NUMBER, ATTACHMENT = 3, 4, 5, 6, 7, 8, 9, 10, 11


class Snowflakes:
    """Real-looking, strictly increasing snowflake ids (discord.py derives created_at from them)."""

    def __init__(self) -> None:
        self._counter = itertools.count()

    def next(self) -> int:
        ms = int(time.time() * 1000) - DISCORD_EPOCH_MS
        return (ms << 22) | (next(self._counter) & 0x3FFFFF)


def iso_now() -> str:
    return datetime.datetime.now(datetime.UTC).isoformat()


def user(user_id: int, name: str, global_name: str | None = None, *, bot: bool = False) -> JSON:
    return {
        "id": str(user_id),
        "username": name,
        "global_name": global_name,
        "discriminator": "0",
        "avatar": None,
        "bot": bot,
        "public_flags": 0,
    }


def member(user_payload: JSON, *, permissions: int | None = None, joined_at: str | None = None) -> JSON:
    payload: JSON = {
        "user": user_payload,
        "roles": [],
        "nick": None,
        "avatar": None,
        "joined_at": joined_at or iso_now(),
        "premium_since": None,
        "deaf": False,
        "mute": False,
        "pending": False,
        "flags": 0,
    }
    if permissions is not None:
        payload["permissions"] = str(permissions)
    return payload


def everyone_role(guild_id: int, permissions: int) -> JSON:
    return {
        "id": str(guild_id),
        "name": "@everyone",
        "permissions": str(permissions),
        "position": 0,
        "color": 0,
        "colors": {"primary_color": 0, "secondary_color": None, "tertiary_color": None},
        "hoist": False,
        "managed": False,
        "mentionable": False,
        "flags": 0,
    }


def text_channel(channel_id: int, guild_id: int, name: str, position: int = 0) -> JSON:
    return {
        "id": str(channel_id),
        "type": TEXT_CHANNEL,
        "guild_id": str(guild_id),
        "name": name,
        "position": position,
        "permission_overwrites": [],
        "parent_id": None,
        "topic": None,
        "nsfw": False,
        "last_message_id": None,
        "rate_limit_per_user": 0,
        "flags": 0,
    }


def thread(thread_id: int, guild_id: int, parent_id: int, owner_id: int, name: str) -> JSON:
    return {
        "id": str(thread_id),
        "type": PUBLIC_THREAD,
        "guild_id": str(guild_id),
        "parent_id": str(parent_id),
        "owner_id": str(owner_id),
        "name": name,
        "last_message_id": None,
        "rate_limit_per_user": 0,
        "message_count": 0,
        "member_count": 1,
        "total_message_sent": 0,
        "flags": 0,
        "thread_metadata": {
            "archived": False,
            "auto_archive_duration": 1440,
            "archive_timestamp": iso_now(),
            "locked": False,
            "invitable": True,
        },
    }


def guild(guild_id: int, name: str, owner_id: int, *, channels: list[JSON], threads: list[JSON],
          members: list[JSON], everyone_permissions: int) -> JSON:
    """A GUILD_CREATE payload (an available guild, as sent right after READY)."""
    return {
        "id": str(guild_id),
        "name": name,
        "icon": None,
        "owner_id": str(owner_id),
        "unavailable": False,
        "member_count": len(members),
        "large": False,
        "joined_at": iso_now(),
        "preferred_locale": "en-US",
        "features": [],
        "roles": [everyone_role(guild_id, everyone_permissions)],
        "emojis": [],
        "stickers": [],
        "channels": channels,
        "threads": threads,
        "members": members,
        "voice_states": [],
        "presences": [],
        "stage_instances": [],
        "guild_scheduled_events": [],
        "soundboard_sounds": [],
        "verification_level": 0,
        "default_message_notifications": 0,
        "explicit_content_filter": 0,
        "mfa_level": 0,
        "nsfw_level": 0,
        "premium_tier": 0,
        "system_channel_flags": 0,
    }


def app_info(application_id: int, name: str, owner: JSON, bot_user: JSON) -> JSON:
    return {
        "id": str(application_id),
        "name": name,
        "description": "",
        "icon": None,
        "bot_public": False,
        "bot_require_code_grant": False,
        "owner": owner,
        "bot": bot_user,
        "verify_key": "0" * 64,
        "flags": 0,
        "team": None,
        "summary": "",
        "interactions_endpoint_url": None,
        "redirect_uris": [],
    }


def registered_command(body: JSON, command_id: int, application_id: int, guild_id: int | None) -> JSON:
    """What PUT /applications/{id}[/guilds/{id}]/commands answers for one command of the request."""
    payload: JSON = {
        "type": 1,
        "description": "",
        "options": [],
        "default_member_permissions": None,
        "nsfw": False,
        **body,
        "id": str(command_id),
        "application_id": str(application_id),
        "version": str(command_id),
    }
    if guild_id is not None:
        payload["guild_id"] = str(guild_id)
    return payload


def attachment(attachment_id: int, filename: str, data: bytes, url_base: str, channel_id: int,
               description: str | None = None) -> JSON:
    url = f"{url_base}/attachments/{channel_id}/{attachment_id}/{filename}"
    payload: JSON = {
        "id": str(attachment_id),
        "filename": filename,
        "size": len(data),
        "url": url,
        "proxy_url": url,
        "content_type": content_type(filename, data),
    }
    size = png_size(data)
    if size is not None:
        payload["width"], payload["height"] = size
    if description is not None:
        payload["description"] = description
    return payload


def content_type(filename: str, data: bytes) -> str:
    if data.startswith(b"\x89PNG\r\n\x1a\n"):
        return "image/png"
    return mimetypes.guess_type(filename)[0] or "application/octet-stream"


def png_size(data: bytes) -> tuple[int, int] | None:
    if not data.startswith(b"\x89PNG\r\n\x1a\n") or len(data) < 24:
        return None
    width, height = struct.unpack(">II", data[16:24])
    return width, height


MESSAGE_FIELDS = ("content", "embeds", "components", "flags", "tts", "poll", "sticker_ids", "message_reference")


def message(message_id: int, channel_id: int, guild_id: int | None, author: JSON, body: JSON,
            attachments: list[JSON], **extra: Any) -> JSON:
    """A message object as Discord returns it after a create (the body's content, embeds, components, flags)."""
    payload: JSON = {
        "id": str(message_id),
        "type": 0,
        "channel_id": str(channel_id),
        "author": author,
        "content": body.get("content") or "",
        "timestamp": iso_now(),
        "edited_timestamp": None,
        "tts": bool(body.get("tts", False)),
        "mention_everyone": False,
        "mentions": [],
        "mention_roles": [],
        "attachments": attachments,
        "embeds": body.get("embeds") or [],
        "components": body.get("components") or [],
        "pinned": False,
        "flags": int(body.get("flags") or 0),
        **extra,
    }
    if guild_id is not None:
        payload["guild_id"] = str(guild_id)
    return payload


def edited_message(old: JSON, body: JSON, attachments: list[JSON]) -> JSON:
    """Apply an edit body (PATCH or callback type 7) to a stored message: only the fields sent change."""
    new = dict(old)
    for key in ("content", "embeds", "components"):
        if key in body:
            new[key] = body[key] if body[key] is not None else ("" if key == "content" else [])
    flags = int(old.get("flags", 0)) & ~LOADING  # any edit ends a deferred response's "thinking" state
    if body.get("flags") is not None:
        flags = (flags & EPHEMERAL) | int(body["flags"])  # ephemeral is fixed when the message is created
    new["flags"] = flags
    new["attachments"] = attachments
    new["edited_timestamp"] = iso_now()
    return new


def interaction(*, interaction_id: int, token: str, kind: int, data: JSON, application_id: int, guild_id: int,
                channel: JSON, member_payload: JSON, app_permissions: int, message_payload: JSON | None,
                locale: str = "en-US", guild_locale: str = "en-US") -> JSON:
    """An INTERACTION_CREATE payload for a guild interaction (``locale``: the user's client language,
    ``guild_locale``: the server's)."""
    payload: JSON = {
        "id": str(interaction_id),
        "application_id": str(application_id),
        "type": kind,
        "data": data,
        "guild": {"id": str(guild_id), "locale": guild_locale, "features": []},
        "guild_id": str(guild_id),
        "channel": channel,
        "channel_id": channel["id"],
        "member": member_payload,
        "token": token,
        "version": 1,
        "app_permissions": str(app_permissions),
        "locale": locale,
        "guild_locale": guild_locale,
        "entitlements": [],
        "entitlement_sku_ids": [],
        "authorizing_integration_owners": {"0": str(guild_id)},
        "context": 0,
        "attachment_size_limit": ATTACHMENT_SIZE_LIMIT,
    }
    if message_payload is not None:
        payload["message"] = message_payload
    return payload


def command_option(definition: JSON, value: Any, *, focused: bool = False) -> JSON:
    """One leaf option of an APPLICATION_COMMAND interaction, its value typed as Discord types it."""
    kind = definition["type"]
    option: JSON = {"name": definition["name"], "type": kind, "value": typed_value(kind, value, focused)}
    if focused:
        option["focused"] = True
    return option


def typed_value(kind: int, value: Any, focused: bool) -> Any:
    if focused:  # Discord sends what the user has typed so far, as text
        return str(value)
    if kind == INTEGER:
        return int(value)
    if kind == NUMBER:
        return float(value)
    if kind == BOOLEAN:
        return bool(value)
    if kind in (USER, CHANNEL, ROLE, MENTIONABLE, ATTACHMENT):
        return str(getattr(value, "id", value))
    return str(value)


def components_custom_ids(components: list[JSON]) -> set[str]:
    """Every custom_id in a message's component tree (action rows, containers, sections...)."""
    found: set[str] = set()
    for component in components:
        if "custom_id" in component:
            found.add(component["custom_id"])
        found |= components_custom_ids(component.get("components", []))
        accessory = component.get("accessory")
        if accessory:
            found |= components_custom_ids([accessory])
    return found
