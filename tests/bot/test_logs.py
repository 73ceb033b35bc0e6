"""Logs a host can search: one JSON object per line, with what the line is about, and never a
secret, whatever wrote it."""

import json
import logging

from bot.game import context
from bot.logs import JsonFormatter, TextFormatter, secrets_of

TOKEN = "MTA0.fake-token.0123456789abcdef"
URL = "postgresql://dominant:p%22ss%2Fw0rd@db:5432/dominant"


def record(message: str, *args: object, exc: bool = False, **extra: object) -> logging.LogRecord:
    logger = logging.getLogger("bot.test")
    info = None
    if exc:
        try:
            raise RuntimeError(f"boom with {TOKEN}")
        except RuntimeError:
            import sys

            info = sys.exc_info()
    return logger.makeRecord("bot.test", logging.WARNING, __file__, 1, message, args, info, extra=extra)


def test_a_json_line_has_time_level_event_and_what_it_is_about():
    formatter = JsonFormatter(secrets=secrets_of(TOKEN, URL))
    with context.scope(game=7, server="81384788765712384", interaction="1334567890"):
        line = json.loads(formatter.format(record("game %s: %s", 7, "moved", command="play", ms=12.5)))
    assert line["event"] == "game 7: moved" and line["level"] == "WARNING" and line["logger"] == "bot.test"
    assert line["time"].endswith("Z") and line["time"][10] == "T"
    assert (line["game"], line["server"], line["interaction"]) == (7, "81384788765712384", "1334567890")
    assert (line["command"], line["ms"]) == ("play", 12.5)
    outside = json.loads(formatter.format(record("no game here")))
    assert "game" not in outside and "interaction" not in outside  # the scope ended with its block


def test_an_extra_wins_over_the_context_and_a_traceback_is_one_field():
    formatter = JsonFormatter()
    with context.scope(game=1):
        line = json.loads(formatter.format(record("failed", exc=True, game=2)))
    assert line["game"] == 2
    assert "Traceback" in line["error"] and "RuntimeError" in line["error"]


def test_secrets_never_reach_a_line_in_either_format():
    secrets = secrets_of(TOKEN, URL)
    assert TOKEN in secrets and 'p"ss/w0rd' in secrets
    for formatter in (JsonFormatter(secrets=secrets), TextFormatter(secrets)):
        text = formatter.format(record("connecting with %s to %s (%s)", TOKEN, URL, 'p"ss/w0rd', exc=True))
        assert TOKEN not in text and "w0rd" not in text and "***" in text
    assert secrets_of(None, "./data/dominant.sqlite3") == []
