"""Contract-check benchmark: how many requests per second tests/bot/discord_contract.py checks, for the kinds of
request the bot makes most (a prompt posted with its board, an interaction callback, an autocomplete answer of 25
choices, an edit, the command sync), and what reading the description costs once per process. "new" is a body
validated for the first time; "again" one the checker has seen before (it remembers the verdicts).

    .venv/bin/python bench/contract.py [--seconds 2]

Prints numbers (CPU time of this thread, so a busy machine shows about what a quiet one would); nothing is asserted.
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "tests" / "bot"))

from discord_contract import Contract  # noqa: E402

CHANNEL = "/channels/1234567890123/messages"
CALLBACK = "/interactions/1234567890125/a-token/callback"


def prompt() -> dict:
    buttons = [{"type": 2, "style": 1, "label": f"Option {i}", "custom_id": f"ds:b:1:{i}"} for i in range(5)]
    options = [{"label": f"Option {i}", "value": f"o{i}", "description": "What it does"} for i in range(25)]
    choose = {"type": 3, "custom_id": "ds:s:1:0", "placeholder": "Choose", "min_values": 1, "max_values": 1,
              "options": options}
    return {"content": "<@1234567890128> T3 Planning: place an action pawn.", "tts": False, "flags": 0,
            "allowed_mentions": {"parse": [], "users": [1234567890128]},
            "components": [{"type": 1, "components": buttons}, {"type": 1, "components": [choose]}],
            "attachments": [{"id": 0, "filename": "board.png", "description": "The board"}]}


def sync() -> list:
    subs = [{"type": 1, "name": f"sub{i}", "description": "A subcommand",
             "options": [{"type": 3, "name": "option", "description": "An option", "autocomplete": True}]}
            for i in range(20)]
    return [{"name": "ds", "description": "Dominant Species", "type": 1, "options": subs, "nsfw": False,
             "dm_permission": False, "contexts": None, "integration_types": None, "default_member_permissions": None}]


CASES = [
    ("POST a prompt with its board", "POST", CHANNEL, {}, prompt(), [40_000]),
    ("PATCH a prompt", "PATCH", f"{CHANNEL}/1234567890124", {}, prompt(), []),
    ("callback: a message", "POST", CALLBACK, {"with_response": "1"}, {"type": 4, "data": prompt()}, []),
    ("callback: 25 autocomplete choices", "POST", CALLBACK, {},
     {"type": 8, "data": {"choices": [{"name": f"Option {i}", "value": f"12|o{i}"} for i in range(25)]}}, []),
    ("callback: deferred", "POST", CALLBACK, {}, {"type": 5, "data": {"flags": 64}}, []),
    ("PUT the command sync", "PUT", "/applications/1234567890126/guilds/1234567890127/commands", {}, sync(), []),
    ("GET /users/@me", "GET", "/users/@me", {}, None, []),
]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--seconds", type=float, default=2.0, help="time spent on each kind of request")
    args = parser.parse_args()
    started = time.thread_time()
    checker = Contract()
    print(f"reading the description: {1000 * (time.thread_time() - started):.0f} ms")
    print(f"{'':36s} {'new':>14s} {'again':>14s}  first (compiles)")
    for name, method, path, query, body, files in CASES:
        started = time.thread_time()
        assert checker.check(method, path, query, body, files, multipart=bool(files)) is None, name
        first = time.thread_time() - started
        rates = []
        for forget in (True, False):
            count, started = 0, time.thread_time()
            while time.thread_time() - started < args.seconds:
                if forget:
                    checker._verdicts.clear()
                checker.check(method, path, query, body, files, multipart=bool(files))
                count += 1
            rates.append(count / (time.thread_time() - started))
        print(f"{name:36s} {rates[0]:12.0f}/s {rates[1]:12.0f}/s  {1000 * first:.0f} ms")


if __name__ == "__main__":
    main()
