"""``python -m bot``: the Discord bot with a token, the local playground without one."""

from __future__ import annotations

import asyncio
import sys

from bot.config import ConfigError, StartupError, load_config
from bot.playground import parse_args, run_playground
from bot.store.api import StoreUnavailable

#: Exit status when the database cannot be used: a supervisor restarts or alerts, never waits.
EXIT_DATABASE = 3


async def _backup(database: str, target: str) -> int:
    from pathlib import Path

    from bot.store.connect import open_store

    Path(target).parent.mkdir(parents=True, exist_ok=True)
    store = await open_store(database)
    try:
        await store.backup(target)
    finally:
        await store.close()
    print(f"backed up {database} to {target}")
    return 0


def main(argv: list[str] | None = None) -> int:
    args = parse_args(argv)
    try:
        config = load_config(args.config)
    except ConfigError as e:
        for problem in e.problems:  # one line each
            print(f"error: {problem}", file=sys.stderr)
        return 2
    try:
        if args.check:
            from bot.check import check

            return asyncio.run(check(config))
        if args.backup:
            return asyncio.run(_backup(config.database, args.backup))
        if config.token and not args.load:
            from bot.compose import run_discord

            return run_discord(config)
        return asyncio.run(run_playground(config.database, args.players, channel=args.channel, board=args.board,
                                          new=args.new, load=args.load, lang=args.lang, ai=args.ai))
    except StoreUnavailable as e:
        print(f"error: {e}", file=sys.stderr)
        return EXIT_DATABASE
    except StartupError as e:
        print(f"error: {e}", file=sys.stderr)
        return 2
    except KeyboardInterrupt:  # Ctrl-C: every choice made is already in the database
        print("\nBye; the game is saved and continues when you start again.", file=sys.stderr)
        return 130


if __name__ == "__main__":
    raise SystemExit(main())
