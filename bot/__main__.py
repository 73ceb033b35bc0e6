"""``python -m bot``: the Discord bot with a token, the local playground without one."""

from __future__ import annotations

import asyncio
import sys

from bot.config import ConfigError, load_config
from bot.playground import parse_args, run_playground


def main(argv: list[str] | None = None) -> int:
    args = parse_args(argv)
    try:
        config = load_config(args.config)
    except ConfigError as e:
        print(f"error: {e}", file=sys.stderr)
        return 2
    if config.token:
        print("The Discord shell is not built yet; unset DISCORD_TOKEN to use the local playground.",
              file=sys.stderr)
        return 2
    return asyncio.run(run_playground(config.database, args.players, channel=args.channel, board=args.board))


if __name__ == "__main__":
    raise SystemExit(main())
