"""Settings from ``config.toml`` (path overridable) and the environment, which wins."""

from __future__ import annotations

import os
import tomllib
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any, TypeVar

from bot.store.api import DEFAULT_DATABASE, is_url, redact
from bot.store.shards import ShardError, Shards

T = TypeVar("T")
DEFAULT_CONFIG = "config.toml"
#: How the bot logs: lines for a person, or one JSON object per line for a log search.
LOG_FORMATS = ("text", "json")
DEFAULT_LOBBY_DAYS = 7
#: A lobby may wait at most this long (a longer one is a typo, not a plan).
MOST_LOBBY_DAYS = 365
#: ``[ai] expert_ms``: the default, and the most a decision may be given (``engine.ai``'s limit)
DEFAULT_EXPERT_MS = 1000
MAX_EXPERT_MS = 60_000
#: ``[ai] hold_level``: who plays a seat that was left, resigned or past its deadline
DEFAULT_HOLD_LEVEL = "hard"
HOLD_LEVELS = ("easy", "normal", "hard", "expert")
#: ``[render] workers``: processes that draw the pictures (and think for computer players).  One
#: suits a 1 GB machine (a worker holds 100-170 MB: ``bench/memory.py``); one per spare core on
#: a bigger one.
DEFAULT_RENDER_WORKERS = 1
MOST_RENDER_WORKERS = 32
#: ``[render] worker_mb``: a worker that holds more than this (RSS) is replaced by a fresh one.
DEFAULT_WORKER_MB = 170
WORKER_MB_RANGE = (64, 65_536)

#: ``[review]``: what a finished game's review may spend, in work units (``engine.review.Budget``'s
#: defaults and bound: the configuration does not import the engine, a test compares them)
DEFAULT_REVIEW_GAME_UNITS = 1_200_000
DEFAULT_REVIEW_DECISION_UNITS = 3_000
MOST_REVIEW_UNITS = 30_000_000
#: Every setting of config.toml, by section: ``text`` must be a TOML string; ``number`` and
#: ``shards`` are read (and their values checked) by the functions below.  Any other section or
#: key is a typo, refused rather than silently ignored.
SETTINGS: dict[str, dict[str, str]] = {
    "discord": {"token": "text", "sync_guild": "number", "api_base": "text", "gateway": "text",
                "shard_count": "shards", "shard_ids": "shards"},
    "database": {"path": "text", "url": "text"},
    "metrics": {"port": "number", "host": "text"},
    "logging": {"format": "text"},
    "housekeeping": {"lobby_days": "number"},
    "ai": {"expert_ms": "number", "hold_level": "text"},
    "review": {"game_units": "number", "decision_units": "number"},
    "render": {"workers": "number", "worker_mb": "number"},
}


@dataclass(frozen=True)
class Config:
    token: str | None
    database: str
    api_base: str | None
    gateway: str | None
    sync_guild: int | None
    #: the Discord shards this process runs (None: one process, Discord's own sharding)
    shards: Shards | None = None
    #: the health and metrics endpoint (None: none) and the address it listens on
    metrics_port: int | None = None
    metrics_host: str = "127.0.0.1"
    log_format: str = "text"
    #: a lobby nobody started closes itself after this many days
    lobby_days: int = DEFAULT_LOBBY_DAYS
    #: the ``expert`` computer player's thinking time per decision, in ms of one core
    expert_ms: int = DEFAULT_EXPERT_MS
    #: ``[review] game_units`` and ``decision_units``: what a finished game's review may spend
    review_game_units: int = DEFAULT_REVIEW_GAME_UNITS
    review_decision_units: int = DEFAULT_REVIEW_DECISION_UNITS
    #: the level at which the AI holds a seat that was left, resigned or past its deadline
    hold_level: str = "hard"
    #: the render workers, and the memory (MB) past which one is replaced by a fresh one
    render_workers: int = DEFAULT_RENDER_WORKERS
    worker_mb: int = DEFAULT_WORKER_MB

    def __repr__(self) -> str:  # never print the token, nor a database password
        return (f"Config(token={'set' if self.token else 'unset'}, database={redact(self.database)!r}, "
                f"api_base={self.api_base!r}, gateway={self.gateway!r}, sync_guild={self.sync_guild!r}, "
                f"shards={self.shards!r}, metrics_port={self.metrics_port!r}, metrics_host={self.metrics_host!r}, "
                f"log_format={self.log_format!r}, lobby_days={self.lobby_days!r}, "
                f"expert_ms={self.expert_ms!r}, hold_level={self.hold_level!r}, "
                f"render_workers={self.render_workers!r}, worker_mb={self.worker_mb!r}, "
                f"review_game_units={self.review_game_units!r}, review_decision_units={self.review_decision_units!r})")


class ConfigError(ValueError):
    """The configuration cannot be used; ``problems`` says why, one line each."""

    def __init__(self, problems: str | list[str]) -> None:
        self.problems = [problems] if isinstance(problems, str) else list(problems)
        super().__init__("; ".join(self.problems))


class StartupError(Exception):
    """What the configuration asks for cannot be had at start-up (the metrics port is taken);
    the message says what.  Nothing was started."""


def load_config(path: str | None = None, environ: dict[str, str] | None = None) -> Config:
    """The configuration; ``ConfigError`` naming every problem found (each value is checked)."""
    env = os.environ if environ is None else environ
    named = path or env.get("DS_CONFIG")
    data = _read_file(named or DEFAULT_CONFIG, "--config" if path else "DS_CONFIG" if named else None)
    problems: list[str] = _unknown_or_mistyped(data)

    def checked(read: Callable[[], T], fallback: T) -> T:
        try:
            return read()
        except (ConfigError, ShardError) as e:
            problems.extend(e.problems if isinstance(e, ConfigError) else [str(e)])
            return fallback

    discord: dict[str, Any] = checked(lambda: _section(data, "discord"), {})
    database: dict[str, Any] = checked(lambda: _section(data, "database"), {})
    metrics: dict[str, Any] = checked(lambda: _section(data, "metrics"), {})
    logging: dict[str, Any] = checked(lambda: _section(data, "logging"), {})
    housekeeping: dict[str, Any] = checked(lambda: _section(data, "housekeeping"), {})
    sync_guild = checked(lambda: _sync_guild(env.get("DS_SYNC_GUILD") or discord.get("sync_guild")), None)
    shards = checked(lambda: Shards.parse(env.get("DS_SHARD_IDS") or discord.get("shard_ids"),
                                          env.get("DS_SHARD_COUNT") or discord.get("shard_count")), None)
    # A PostgreSQL URL, else a SQLite file; the environment first (DS_DATABASE may be a URL too).
    target = (env.get("DS_DATABASE_URL") or env.get("DS_DATABASE") or database.get("url") or database.get("path")
              or DEFAULT_DATABASE)
    if database.get("url") and not is_url(str(database["url"])):
        problems.append("[database] url must start with postgresql:// (a SQLite file is [database] path)")
    port = checked(lambda: _metrics_port(_first(env.get("DS_METRICS_PORT"), metrics.get("port"))), None)
    host = str(_first(env.get("DS_METRICS_HOST"), metrics.get("host")) or "127.0.0.1")
    log_format = str(_first(env.get("DS_LOG_FORMAT"), logging.get("format")) or "text").strip().lower()
    if log_format not in LOG_FORMATS:
        problems.append(f"[logging] format must be one of {', '.join(LOG_FORMATS)}, not {log_format!r}")
    lobby_days = checked(lambda: _days(_first(env.get("DS_LOBBY_DAYS"), housekeeping.get("lobby_days")),
                                       "[housekeeping] lobby_days", DEFAULT_LOBBY_DAYS, MOST_LOBBY_DAYS),
                         DEFAULT_LOBBY_DAYS)
    ai: dict[str, Any] = checked(lambda: _section(data, "ai"), {})
    expert_ms = checked(lambda: _expert_ms(_first(env.get("DS_AI_EXPERT_MS"), ai.get("expert_ms"))), DEFAULT_EXPERT_MS)
    hold_level = str(_first(env.get("DS_AI_HOLD_LEVEL"), ai.get("hold_level")) or DEFAULT_HOLD_LEVEL).strip().lower()
    if hold_level not in HOLD_LEVELS:
        problems.append(f"[ai] hold_level must be one of {', '.join(HOLD_LEVELS)}, not {hold_level!r}")
    render: dict[str, Any] = checked(lambda: _section(data, "render"), {})
    workers = checked(lambda: _within(_first(env.get("DS_RENDER_WORKERS"), render.get("workers")),
                                      "[render] workers (DS_RENDER_WORKERS)", DEFAULT_RENDER_WORKERS,
                                      (1, MOST_RENDER_WORKERS)), DEFAULT_RENDER_WORKERS)
    worker_mb = checked(lambda: _within(_first(env.get("DS_RENDER_WORKER_MB"), render.get("worker_mb")),
                                        "[render] worker_mb (DS_RENDER_WORKER_MB)", DEFAULT_WORKER_MB,
                                        WORKER_MB_RANGE), DEFAULT_WORKER_MB)
    review: dict[str, Any] = checked(lambda: _section(data, "review"), {})
    game_units = checked(lambda: _within(_first(env.get("DS_REVIEW_GAME_UNITS"), review.get("game_units")),
                                         "[review] game_units (DS_REVIEW_GAME_UNITS)", DEFAULT_REVIEW_GAME_UNITS,
                                         (1, MOST_REVIEW_UNITS)), DEFAULT_REVIEW_GAME_UNITS)
    decision_units = checked(lambda: _within(_first(env.get("DS_REVIEW_DECISION_UNITS"), review.get("decision_units")),
                                             "[review] decision_units (DS_REVIEW_DECISION_UNITS)",
                                             DEFAULT_REVIEW_DECISION_UNITS, (1, MOST_REVIEW_UNITS)),
                             DEFAULT_REVIEW_DECISION_UNITS)
    if problems:
        raise ConfigError(problems)
    return Config(
        review_game_units=game_units,
        review_decision_units=decision_units,
        expert_ms=expert_ms,
        hold_level=hold_level,
        token=env.get("DISCORD_TOKEN") or discord.get("token") or None,
        database=str(target),
        api_base=env.get("DS_DISCORD_API_BASE") or discord.get("api_base") or None,
        gateway=env.get("DS_DISCORD_GATEWAY") or discord.get("gateway") or None,
        sync_guild=sync_guild,
        shards=shards,
        metrics_port=port,
        metrics_host=host,
        log_format=log_format,
        lobby_days=lobby_days,
        render_workers=workers,
        worker_mb=worker_mb,
    )


def _read_file(path: str, named_by: str | None) -> dict[str, Any]:
    """The settings of the file at ``path``.  The default file may be absent (the defaults and the
    environment then); a file the host named (``named_by``: ``--config`` or ``DS_CONFIG``) must be
    there: a typo in its path would silently run without the host's settings (without the token,
    the terminal playground instead of the bot)."""
    file = Path(path)
    if not file.exists():
        if named_by is None:
            return {}
        raise ConfigError(f"the configuration file {path} ({named_by}) does not exist")
    try:
        return tomllib.loads(file.read_text())
    except tomllib.TOMLDecodeError as e:
        raise ConfigError(f"{path} is not valid TOML: {e}") from None
    except (OSError, UnicodeDecodeError) as e:  # a folder, a file it may not read, bytes that are no text
        reason = e.strerror if isinstance(e, OSError) and e.strerror else str(e)
        raise ConfigError(f"cannot read the configuration file {path}: {reason}") from None


def _unknown_or_mistyped(data: dict[str, Any]) -> list[str]:
    """A line for each section or key config.toml may not have, and each text that is not one."""
    problems = []
    for name, section in data.items():
        known = SETTINGS.get(name)
        if known is None:
            problems.append(f"[{name}] is not a section of the configuration (they are: "
                            f"{', '.join(f'[{s}]' for s in SETTINGS)})")
            continue
        if not isinstance(section, dict):
            continue  # _section says so
        for key, value in section.items():
            kind = known.get(key)
            if kind is None:
                problems.append(f"[{name}] {key} is not a setting (the settings of [{name}]: {', '.join(known)})")
            elif kind == "text" and not isinstance(value, str):
                problems.append(f"[{name}] {key} must be a text in quotes, not {value!r}")
    return problems


def _sync_guild(guild: object) -> int | None:
    try:
        if guild in (None, ""):
            return None
        if not isinstance(guild, str | int | float):  # a TOML table or list, say
            raise TypeError(guild)
        return int(guild)
    except (TypeError, ValueError):
        raise ConfigError(f"sync_guild must be a Discord server id (a number), not {guild!r}") from None


def _section(data: dict[str, Any], name: str) -> dict[str, Any]:
    section: object = data.get(name, {})
    if not isinstance(section, dict):
        raise ConfigError(f"[{name}] must be a table of settings, not {section!r}")
    return section


def _first(*values: object) -> object:
    """The first value that is set (the environment's empty string counts as unset)."""
    return next((v for v in values if v not in (None, "")), None)


def _whole(value: object, what: str) -> int:
    if isinstance(value, bool) or not isinstance(value, int | str):
        raise ConfigError(f"{what} must be a whole number, not {value!r}")
    try:
        return int(str(value).strip())
    except ValueError:
        raise ConfigError(f"{what} must be a whole number, not {value!r}") from None


def _metrics_port(value: object) -> int | None:
    """The port of the health and metrics endpoint; None when it is not wanted."""
    if value is None:
        return None
    port = _whole(value, "[metrics] port (DS_METRICS_PORT)")
    if not 1 <= port <= 65535:
        raise ConfigError(f"[metrics] port (DS_METRICS_PORT) must be between 1 and 65535, not {port}")
    return port


def _days(value: object, what: str, default: int, most: int) -> int:
    if value is None:
        return default
    days = _whole(value, what)
    if not 1 <= days <= most:
        raise ConfigError(f"{what} must be between 1 and {most} days, not {days}")
    return days


def _within(value: object, what: str, default: int, bounds: tuple[int, int]) -> int:
    """A whole number from ``bounds[0]`` to ``bounds[1]``; ``default`` when unset."""
    if value is None:
        return default
    number = _whole(value, what)
    if not bounds[0] <= number <= bounds[1]:
        raise ConfigError(f"{what} must be from {bounds[0]} to {bounds[1]}, not {number}")
    return number


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
