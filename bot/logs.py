"""How the bot logs: lines for a person (``[logging] format = "text"``, the default), or one
JSON object per line for a log search (``"json"``):

    {"time": "2025-01-31T18:04:05.123Z", "level": "INFO", "logger": "bot.discord.metrics",
     "event": "interaction command play: ok in 84 ms", "game": 12, "server": "81384788765712384",
     "interaction": "1334567890123456789", "command": "play", "outcome": "ok", "ms": 84.2}

``game``, ``server`` and ``interaction`` come from what the line is about (``bot.game.context``,
or the ``extra`` of the call); a traceback is one ``error`` string.  Either way the token and
the database password are never written: every line is scrubbed of them, whatever wrote it.
Lines carry names and ids, never what players wrote or what the bot posted.
"""

from __future__ import annotations

import json
import logging
import sys
import time
import urllib.parse
from collections.abc import Iterable

from bot.game import context

TEXT_FORMAT = "%(asctime)s %(levelname)s %(name)s: %(message)s"
#: Attributes a call may pass in ``extra`` that a JSON line keeps.
FIELDS = ("game", "server", "interaction", "channel", "command", "kind", "outcome", "ms", "status", "action")
HIDDEN = "***"


def secrets_of(token: str | None, database: str) -> list[str]:
    """What must never be written: the token and the database's password."""
    found = [token] if token else []
    if "://" in database:
        password = urllib.parse.urlsplit(database).password
        if password:
            found += [password, urllib.parse.unquote(password)]  # as written in the URL, and as meant
    return [s for s in found if len(s) >= 4]


class _Scrubbing(logging.Formatter):
    def __init__(self, fmt: str | None = None, secrets: Iterable[str] = ()) -> None:
        super().__init__(fmt)
        self.secrets = [s for s in secrets if s]
        # a secret may reach a JSON line escaped (a quote, a backslash)
        self.secrets += [json.dumps(s)[1:-1] for s in self.secrets if json.dumps(s)[1:-1] != s]

    def scrub(self, line: str) -> str:
        for secret in self.secrets:
            line = line.replace(secret, HIDDEN)
        return line


class TextFormatter(_Scrubbing):
    def __init__(self, secrets: Iterable[str] = ()) -> None:
        super().__init__(TEXT_FORMAT, secrets)

    def format(self, record: logging.LogRecord) -> str:
        return self.scrub(super().format(record))


class JsonFormatter(_Scrubbing):
    def format(self, record: logging.LogRecord) -> str:
        line: dict[str, object] = {
            "time": time.strftime("%Y-%m-%dT%H:%M:%S", time.gmtime(record.created)) + f".{int(record.msecs):03d}Z",
            "level": record.levelname,
            "logger": record.name,
            "event": record.getMessage(),
        }
        line.update(context.current())
        for name in FIELDS:
            value = getattr(record, name, None)
            if value is not None:
                line[name] = value
        if record.exc_info:
            line["error"] = self.formatException(record.exc_info)
        elif record.exc_text:
            line["error"] = record.exc_text
        if record.stack_info:
            line["stack"] = self.formatStack(record.stack_info)
        return self.scrub(json.dumps(line, ensure_ascii=False, default=str))


def configure_logging(log_format: str = "text", *, secrets: Iterable[str] = (), level: int = logging.INFO) -> None:
    """Every log line of the process, to stderr, in ``log_format`` ("text" or "json")."""
    handler = logging.StreamHandler(sys.stderr)
    handler.setFormatter(JsonFormatter(secrets=secrets) if log_format == "json" else TextFormatter(secrets))
    root = logging.getLogger()
    for old in list(root.handlers):
        root.removeHandler(old)
    root.addHandler(handler)
    root.setLevel(level)
    logging.captureWarnings(True)  # a library's warning is a log line too (one JSON object, in json)
