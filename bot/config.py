"""Settings from ``config.toml`` (path overridable) and the environment, which wins."""

from __future__ import annotations

import os
import tomllib
from dataclasses import dataclass
from pathlib import Path

from bot.store.api import DEFAULT_DATABASE, is_url, redact
from bot.store.shards import ShardError, Shards

DEFAULT_CONFIG = "config.toml"
#: ``[ai] expert_ms``: the default, and the most a decision may be given (``engine.ai``'s limit)
DEFAULT_EXPERT_MS = 1000
MAX_EXPERT_MS = 60_000


@dataclass(frozen=True)
class Config:
    token: str | None
    database: str
    api_base: str | None
    gateway: str | None
    sync_guild: int | None
    #: the Discord shards this process runs (None: one process, Discord's own sharding)
    shards: Shards | None = None
    #: the ``expert`` computer player's thinking time per decision, in ms of one core
    expert_ms: int = DEFAULT_EXPERT_MS

    def __repr__(self) -> str:  # never print the token, nor a database password
        return (f"Config(token={'set' if self.token else 'unset'}, database={redact(self.database)!r}, "
                f"api_base={self.api_base!r}, gateway={self.gateway!r}, sync_guild={self.sync_guild!r}, "
                f"shards={self.shards!r}, expert_ms={self.expert_ms!r})")


class ConfigError(ValueError):
    pass


def load_config(path: str | None = None, environ: dict[str, str] | None = None) -> Config:
    env = os.environ if environ is None else environ
    path = path or env.get("DS_CONFIG") or DEFAULT_CONFIG
    data: dict = {}
    if Path(path).exists():
        try:
            data = tomllib.loads(Path(path).read_text())
        except tomllib.TOMLDecodeError as e:
            raise ConfigError(f"{path} is not valid TOML: {e}") from None
    discord = data.get("discord", {})
    database = data.get("database", {})
    guild = env.get("DS_SYNC_GUILD") or discord.get("sync_guild")
    try:
        sync_guild = int(guild) if guild not in (None, "") else None
    except ValueError:
        raise ConfigError(f"sync_guild must be a Discord server id (a number), not {guild!r}") from None
    try:
        shards = Shards.parse(env.get("DS_SHARD_IDS") or discord.get("shard_ids"),
                              env.get("DS_SHARD_COUNT") or discord.get("shard_count"))
    except ShardError as e:
        raise ConfigError(str(e)) from None
    # A PostgreSQL URL, else a SQLite file; the environment first (DS_DATABASE may be a URL too).
    target = (env.get("DS_DATABASE_URL") or env.get("DS_DATABASE") or database.get("url") or database.get("path")
              or DEFAULT_DATABASE)
    if database.get("url") and not is_url(str(database["url"])):
        raise ConfigError("[database] url must start with postgresql:// (a SQLite file is [database] path)")
    return Config(
        expert_ms=_expert_ms(env.get("DS_AI_EXPERT_MS") or data.get("ai", {}).get("expert_ms")),
        token=env.get("DISCORD_TOKEN") or discord.get("token") or None,
        database=str(target),
        api_base=env.get("DS_DISCORD_API_BASE") or discord.get("api_base") or None,
        gateway=env.get("DS_DISCORD_GATEWAY") or discord.get("gateway") or None,
        sync_guild=sync_guild,
        shards=shards,
    )


def _expert_ms(given: object) -> int:
    """``[ai] expert_ms`` (or ``DS_AI_EXPERT_MS``): whole milliseconds, 1 to 60,000."""
    if given is None or given == "":
        return DEFAULT_EXPERT_MS
    try:
        ms = int(given) if isinstance(given, (int, str)) and not isinstance(given, bool) else None
    except ValueError:
        ms = None
    if ms is None or not 1 <= ms <= MAX_EXPERT_MS:
        raise ConfigError(f"[ai] expert_ms must be a whole number of milliseconds from 1 to {MAX_EXPERT_MS}, "
                          f"not {given!r}")
    return ms
