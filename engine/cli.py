"""``python -m engine``: random games, position analysis, the fuzzer and the AI arena."""

from __future__ import annotations

import argparse
import json
import sys
from typing import NoReturn

from engine.position import PositionError, analyze_file
from engine.simulate import random_game


def _random_game(args: argparse.Namespace) -> int:
    state, moves = random_game(args.players, args.seed, multi_animal=args.multi_animal)
    result = state["result"]
    out = {
        "players": args.players,
        "seed": args.seed,
        "turns": state["turn"],
        "decisions": len(moves),
        "scores": result["scores"],
        "winner": result["winner"],
    }
    if args.multi_animal:
        out["seat_scores"] = result["seat_scores"]
        out["winner_seat"] = result["winner_seat"]
    print(json.dumps(out))
    return 0


def _analyze(args: argparse.Namespace) -> int:
    try:
        print(json.dumps(analyze_file(args.position)))
    except PositionError as e:
        print(f"error: {e}", file=sys.stderr)
        return 2
    return 0


def _fuzz(args: argparse.Namespace) -> int:
    from engine.fuzz import run

    summary = run(args.games, args.seed, workers=args.workers, ai_games=args.ai_games)
    print(json.dumps(summary, indent=1 if args.pretty else None))
    return 1 if summary["failures"] else 0


def _replay(args: argparse.Namespace) -> int:
    """Exit 0 with a one-line summary; 1 if a move (or the result) does not replay; 2 if the
    file cannot be read or is not a record this program reads."""
    from engine.record import RecordError, ReplayError, ResultMismatch, read_record, replay_record, summary

    try:
        with open(args.record, "rb") as f:
            record = read_record(f.read())
        state = replay_record(record)
    except OSError as e:
        print(f"error: cannot read {args.record}: {e.strerror or e}", file=sys.stderr)
        return 2
    except RecordError as e:
        print(f"error: {args.record}: {e}", file=sys.stderr)
        return 2
    except ReplayError as e:
        print(f"error: {args.record}: {e}", file=sys.stderr)
        print(json.dumps({"ok": False, "failed_move": {"index": e.index, "seat": e.seat, "option": e.option,
                                                        "message": e.message}}))
        return 1
    except ResultMismatch as e:
        print(f"error: {args.record}: {e}", file=sys.stderr)
        print(json.dumps({"ok": False, "result_mismatch": str(e)}))
        return 1
    print(json.dumps({"ok": True, "moves": len(record.moves), **summary(state)}))
    return 0


def _arena(args: argparse.Namespace) -> int:
    from engine.ai import LEVELS
    from engine.ai.arena import run
    from engine.ai.expert import check_budget

    seats = [s.strip() for s in args.seats.split(",")]
    problem = None
    if not 2 <= args.players <= 6:
        problem = "--players must be 2 to 6"
    elif args.games < 1:
        problem = "--games must be at least 1"
    elif args.workers < 1:
        problem = "--workers must be at least 1"
    elif args.multi_animal and args.players not in (2, 3):
        problem = "--multi-animal is for 2 or 3 players"
    elif len(seats) != args.players:
        problem = f"--seats needs {args.players} levels (one per seat), not {len(seats)}"
    elif bad := [s for s in seats if s not in LEVELS]:
        problem = f"unknown level {bad[0]!r}; choose from {', '.join(LEVELS)}"
    else:
        try:
            check_budget(args.expert_ms)
        except ValueError as e:
            problem = f"--expert-ms: {e}"
    if problem:
        print(f"error: {problem}", file=sys.stderr)
        return 2
    print(json.dumps(run(args.players, args.games, args.seed, seats, workers=args.workers,
                         multi_animal=args.multi_animal, budget_ms=args.expert_ms)))
    return 0


def _one_line_error(message: str) -> NoReturn:
    print(f"error: {message}", file=sys.stderr)
    raise SystemExit(2)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m engine", description=__doc__)
    sub = parser.add_subparsers(dest="command", required=True)
    rg = sub.add_parser("random-game", help="play random legal choices to the end; print JSON")
    rg.add_argument("--players", type=int, choices=range(2, 7), required=True)
    rg.add_argument("--seed", type=int, required=True)
    rg.add_argument("--multi-animal", action="store_true",
                    help="the optional 2/3-player rules: each player runs several animals")
    rg.set_defaults(run=_random_game)
    an = sub.add_parser("analyze", help="what the rules say about each tile of a position")
    an.add_argument("position", help="a position file (TOML)")
    an.set_defaults(run=_analyze)
    fz = sub.add_parser("fuzz", help="many seeded random games, checked; exit 1 on any problem")
    fz.add_argument("--games", type=int, default=200)
    fz.add_argument("--seed", type=int, default=0)
    fz.add_argument("--workers", type=int, default=1, help="processes to use")
    fz.add_argument("--ai-games", type=int, default=0, help="more games with AI seats (engine.ai)")
    fz.add_argument("--pretty", action="store_true")
    fz.set_defaults(run=_fuzz)
    rp = sub.add_parser("replay", help="check a game record (JSON) by replaying it; print where it ends")
    rp.add_argument("record", help="a record file, as /ds log file:True writes (docs/record-format.md)")
    rp.set_defaults(run=_replay)
    ar = sub.add_parser("arena", help="AI levels play each other; one JSON line of results")
    ar.error = _one_line_error  # type: ignore[method-assign]  # no hook in argparse: one line, as scripts expect
    ar.add_argument("--players", type=int, required=True)
    ar.add_argument("--games", type=int, required=True)
    ar.add_argument("--seed", type=int, default=0)
    ar.add_argument("--seats", required=True, help="a level per seat, e.g. hard,greedy,greedy,greedy")
    ar.add_argument("--workers", type=int, default=1, help="processes to use")
    ar.add_argument("--multi-animal", action="store_true")
    ar.add_argument("--expert-ms", type=int, default=1000,
                    help="the expert level's budget per decision, in ms of one core (default 1000)")
    ar.set_defaults(run=_arena)
    args = parser.parse_args(argv)
    if args.command != "arena" and getattr(args, "multi_animal", False) and args.players not in (2, 3):
        parser.error("--multi-animal is for 2 or 3 players")
    code: int = args.run(args)
    return code
