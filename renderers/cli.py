"""``python -m renderers``: render a seeded random game, or rewrite the test references.

    python -m renderers demo --players 6 --seed 4 --decisions 400 --out board.png
    python -m renderers demo --players 6 --seed 25 --decisions 440 --highlight --out mid.png
    python -m renderers demo --players 6 --seed 4 --out end.png --tile D3 --tile-out d3.png
    python -m renderers final --players 6 --seed 4 --out docs/end-of-game.png
    python -m renderers final --record game.json --out end.png
    python -m renderers demo --players 4 --seed 7 --decisions 200 --until abundance_corner --turn-out t.png
    python -m renderers regenerate-references
"""

from __future__ import annotations

import argparse
import copy
import json
import random
import sys
import time
from pathlib import Path
from typing import Any

import engine
import words
from engine.simulate import random_moves
from renderers import highlight_between, references
from renderers.board import draw_board, encode, render_tile, warm_up
from renderers.turn import render_turn


def _demo(args: argparse.Namespace) -> int:
    state = engine.new_game(args.players, args.seed, names=args.names or None)
    # With --highlight, keep the state before the last decision to ring what it changed.
    history = [copy.deepcopy(state)]

    def keep(after: dict[str, Any], _move: tuple[int, str]) -> None:
        history.append(copy.deepcopy(after))
        del history[:-2]

    chooser = random.Random(args.seed)
    random_moves(state, chooser, limit=args.decisions, after=keep if args.highlight else None)
    if args.until:
        # play on to the first prompt of that kind, for pictures of a given kind of choice
        while (p := engine.prompt(state)) is not None and p.kind != args.until:
            random_moves(state, chooser, limit=1, after=keep if args.highlight else None)
        if p is None:
            raise ValueError(f"no '{args.until}' prompt before the end of this game")
    highlight = highlight_between(history[0], state) if args.highlight and len(history) == 2 else None
    warm_up()  # the once-per-process static layer and sprites are not part of a render's time
    t0 = time.perf_counter()
    img = draw_board(state, highlight=highlight, lang=args.lang)
    png = encode(img)
    ms = (time.perf_counter() - t0) * 1000
    Path(args.out).write_bytes(png)
    if args.turn_out:
        Path(args.turn_out).write_bytes(render_turn(state, highlight, lang=args.lang))
    if args.tile:
        tile_out = args.tile_out or str(Path(args.out).with_name(f"{Path(args.out).stem}-{args.tile}.png"))
        Path(tile_out).write_bytes(render_tile(state, args.tile, highlight=highlight, lang=args.lang))
    print(json.dumps({"ms": round(ms, 1), "bytes": len(png), "width": img.width, "height": img.height}))
    return 0


def _final(args: argparse.Namespace) -> int:
    from engine.history import timeline
    from engine.record import read_record, replay_record
    from engine.simulate import random_game
    from renderers.story import draw_final

    if args.record:
        record = read_record(Path(args.record).read_bytes())
        setup, moves, state = record.setup, record.move_list(), replay_record(record)
    else:
        state, moves = random_game(args.players, args.seed, multi_animal=args.multi_animal)
        setup = {"players": args.players, "seed": args.seed, "multi_animal": args.multi_animal}
    t0 = time.perf_counter()
    story = timeline(setup, moves)
    t1 = time.perf_counter()
    img = draw_final(state, story, lang=args.lang)
    png = encode(img)
    t2 = time.perf_counter()
    Path(args.out).write_bytes(png)
    print(json.dumps({"timeline_ms": round((t1 - t0) * 1000, 1), "render_ms": round((t2 - t1) * 1000, 1),
                      "bytes": len(png), "width": img.width, "height": img.height}))
    return 0


def _regenerate(args: argparse.Namespace) -> int:
    for path in references.regenerate(Path(args.dir)):
        print(f"wrote {path} ({path.stat().st_size} bytes)")
    return 0


def command_line() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="python -m renderers", description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    sub = parser.add_subparsers(dest="command", required=True)
    demo = sub.add_parser("demo", help="play K random legal decisions of a seeded game and render it")
    demo.add_argument("--players", type=int, default=4)
    demo.add_argument("--seed", type=int, default=0)
    demo.add_argument("--decisions", type=int, default=None, help="stop after K decisions (default: the end)")
    demo.add_argument("--out", default="board.png")
    demo.add_argument("--names", nargs="*", default=None, metavar="NAME", help="the players' names, in seat order")
    demo.add_argument("--tile", default=None, help="also render the zoom on this tile (e.g. D3)")
    demo.add_argument("--tile-out", default=None)
    demo.add_argument("--highlight", action="store_true", help="ring what the last decision changed")
    demo.add_argument("--until", default=None, metavar="KIND",
                      help="then play on to the first prompt of this kind (place_ap, abundance_corner, ...)")
    demo.add_argument("--turn-out", default=None, help="also write the turn picture of the same state")
    demo.add_argument("--lang", default=words.DEFAULT, choices=words.LANGUAGES,
                      help="the language of every drawn word")
    demo.set_defaults(func=_demo)
    final = sub.add_parser("final", help="the end-of-game image of a seeded random game or of a record")
    final.add_argument("--players", type=int, default=6)
    final.add_argument("--seed", type=int, default=4)
    final.add_argument("--multi-animal", action="store_true")
    final.add_argument("--record", default=None, help="a game record (JSON) instead of a random game")
    final.add_argument("--out", default="end-of-game.png")
    final.add_argument("--lang", default=words.DEFAULT, choices=words.LANGUAGES,
                      help="the language of every drawn word")
    final.set_defaults(func=_final)
    regen = sub.add_parser("regenerate-references", help="rewrite tests/renderers/references after a redesign")
    regen.add_argument("--dir", default=str(references.DEFAULT_DIR))
    regen.set_defaults(func=_regenerate)
    return parser


def main(argv: list[str] | None = None) -> int:
    args = command_line().parse_args(argv)
    try:
        code: int = args.func(args)
        return code
    except (ValueError, OSError, engine.SetupError) as e:
        print(f"error: {e}", file=sys.stderr)
        return 2
