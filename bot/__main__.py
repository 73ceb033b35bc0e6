"""Placeholder entry point until the playground and the Discord bot land."""

import sys

print("The bot is not built yet: see the engine with `python -m engine --help`.", file=sys.stderr)
raise SystemExit(0)
