"""``python -m bot --check``: what a host runs before starting (or upgrading) the bot.

It reads the configuration, reaches the database without changing it (nothing is migrated,
no file left: a file that would be created is tried and removed), and says what the bot would
do: the schema migrations it would run at
start-up, the shards this process would run, where its metrics would be.  Exit 0 when the bot
can start; else 2, with one ``problem:`` line on stderr per problem.  The metrics port is not
tried: a running bot holds it (an upgrade checks the new version beside the old one).
"""

from __future__ import annotations

import sys
from typing import TextIO

from bot.config import Config
from bot.store.api import StoreUnavailable, is_url, redact
from bot.store.connect import inspect_store


async def check(config: Config, out: TextIO = sys.stdout, err: TextIO = sys.stderr) -> int:
    problems: list[str] = []

    def say(line: str) -> None:
        print(line, file=out)

    if config.token:
        say("token: set (not shown)")
    else:
        problems.append("no Discord token (DISCORD_TOKEN or [discord] token): python -m bot would start the "
                        "terminal playground, not the bot")
    kind = "PostgreSQL" if is_url(config.database) else "SQLite"
    try:
        report = await inspect_store(config.database)
    except StoreUnavailable as e:
        problems.append(str(e))
    else:
        where = f"{kind} {redact(report.where)}"
        if not report.exists:
            say(f"store: {where} does not exist yet; it is created at start-up (schema {report.target})")
        elif report.schema > report.target:
            problems.append(f"the database {redact(report.where)} has schema {report.schema}, newer than this bot "
                            f"({report.target}); run a newer version of the bot")
        elif report.pending:
            migrations = "migration" if report.pending == 1 else "migrations"
            say(f"store: {where} reached, schema {report.schema} of {report.target}: {report.pending} {migrations} "
                "pending (they run at start-up; back up first)")
        else:
            say(f"store: {where} reached, schema {report.schema}: up to date")
    if config.shards is None:
        say("shards: one process, one gateway connection (no sharding)")
    else:
        say(f"shards: {','.join(map(str, config.shards.ids))} of {config.shards.count} in this process")
    if config.metrics_port is None:
        say("metrics: off ([metrics] port to serve /metrics and /healthz)")
    else:
        say(f"metrics: http://{config.metrics_host}:{config.metrics_port}/metrics and /healthz")
    say(f"logging: {config.log_format}; lobbies close after {config.lobby_days} days")
    for problem in problems:
        print(f"problem: {problem}", file=err)
    if problems:
        return 2
    say("ok")
    return 0
