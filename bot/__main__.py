"""``python -m bot``: the Discord bot with a token, the local playground without one.

Each mode imports what it runs: ``--check`` only the configuration and the store's inspection,
not discord.py, the renderers, the words or the game service (bench/check.py times it)."""

from __future__ import annotations

import argparse
import asyncio
import importlib.util
import sys
from pathlib import Path

from bot.config import ConfigError, StartupError, load_config
from bot.store.api import StoreUnavailable

#: Exit status when the database cannot be used: a supervisor restarts or alerts, never waits.
EXIT_DATABASE = 3



def languages() -> tuple[str, ...]:
    """words.LANGUAGES, found as words finds them (a folder of words/locale a language, English
    first) without importing words: parsing the command line (--check) imports neither the words
    nor the AI.  tests/bot/test_check.py checks that the two agree, as for AI_LEVELS."""
    spec = importlib.util.find_spec("words")
    assert spec is not None and spec.submodule_search_locations is not None
    locale = Path(next(iter(spec.submodule_search_locations))) / "locale"
    found = sorted(p.parents[1].name for p in locale.glob("*/LC_MESSAGES/ds.po"))
    return ("en", *(lang for lang in found if lang != "en"))


LANGUAGES = languages()
#: bot.game.computer.SEAT_LEVELS, written out for the same reason.
AI_LEVELS = ("random", "greedy", "easy", "normal", "hard", "expert")


def parse_args(argv: list[str] | None = None) -> argparse.Namespace:
    parser = argparse.ArgumentParser(prog="python -m bot", description="Dominant Species by post.")
    parser.add_argument("--config", help="path of config.toml (default: $DS_CONFIG, else ./config.toml if there); "
                             "a file named that is not there is an error")
    parser.add_argument("--players", nargs="*", default=[], metavar="NAME",
                        help="playground: the local players' names, separated by spaces or commas")
    parser.add_argument("--channel", default="playground", help="playground: which stored game to play")
    parser.add_argument("--new", action="store_true",
                        help="playground: start a new game even if one is stored (it is abandoned, and said: its "
                             "number and players)")
    parser.add_argument("--board", default="board.png",
                        help="playground: where to write the board image (turn.png and tile.png go beside it)")
    parser.add_argument("--backup", metavar="FILE", help="copy the database to FILE (safe while the bot runs)")
    parser.add_argument("--check", action="store_true",
                        help="check before starting: read the configuration (an unknown section or key, or a "
                             "value of the wrong type, is an error), reach the database, report pending "
                             "migrations and the shards this process would run; exit 0, or 2 with one line "
                             "per problem (nothing is changed)")
    parser.add_argument("--lang", choices=LANGUAGES, default=LANGUAGES[0],
                        help=f"playground: the language of a new game and of the answers ({', '.join(LANGUAGES)})")
    parser.add_argument("--ai", action="append", default=[], metavar="LEVEL", choices=AI_LEVELS,
                        help="playground: a computer player at LEVEL in a new game (repeat for more), "
                             f"one of {', '.join(AI_LEVELS)}; e.g. --players Ann --ai hard --ai normal")
    parser.add_argument("--load", metavar="FILE.json",
                        help="playground: load a game record (/ds log file:True) as a new game, then play or study it")
    return parser.parse_args(argv)


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
            from bot.check import check  # each mode imports what it runs: --check must stay light

            return asyncio.run(check(config))
        if args.backup:
            return asyncio.run(_backup(config.database, args.backup))
        if config.token and not args.load:
            from bot.compose import run_discord

            return run_discord(config)
        from bot.playground.start import run_playground  # the playground's service, renderers and AI
        from engine.review import Budget

        return asyncio.run(run_playground(config.database, args.players, channel=args.channel, board=args.board,
                                          new=args.new, load=args.load, lang=args.lang, ai=args.ai,
                                          review_budget=Budget(game_units=config.review_game_units,
                                                               decision_units=config.review_decision_units)))
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
