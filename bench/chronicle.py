"""Bot-level story benchmark: what ``/ds history`` and the end-of-game post cost
through the bot's own path (store -> ``bot.game.chronicle.Chronicle`` -> render worker pool), beside
a baseline measured in the same run: ``/ds board`` (load the stored game, render its board).

    .venv/bin/python bench/chronicle.py [--runs N] [--players 6 --seed 4 --turn 15]

A seeded whole game is loaded into a temporary database as ``--load`` does.  Cases:
  baseline      /ds board: the stored game loaded, its current board rendered in the pool
  history cold  /ds history turn:T move:K with an empty replay cache (first look after a restart)
  history warm  the same with the game's replay cached (any later look; each "next action" click)
  final cold    the end-of-game post: the timeline (a whole replay) and render_final in the pool
  final warm    the same with the replay cached (a look at the history kept it warm)
Goal on the 2-core machine: a turn-15 rebuild + render <= 300 ms.
"""

from __future__ import annotations

import argparse
import asyncio
import statistics
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bot.game.channel import ChannelPost  # noqa: E402
from bot.game.chronicle import Chronicle  # noqa: E402
from bot.game.records import check_record, import_record  # noqa: E402
from bot.game.render_pool import RenderPool  # noqa: E402
from bot.store.connect import open_store  # noqa: E402
from bot.store.sqlite import LivePost  # noqa: E402
from engine.record import RecordMove, build_record, dumps, iso_utc  # noqa: E402
from engine.simulate import random_game  # noqa: E402


def pct(values: list[float], q: float) -> float:
    values = sorted(values)
    return values[min(len(values) - 1, int(q * len(values)))]


async def timed(fn, runs: int) -> list[float]:
    times = []
    for _ in range(runs):
        t0 = time.perf_counter()
        await fn()
        times.append((time.perf_counter() - t0) * 1000)
    return times


def record_text(players: int, seed: int) -> str:
    state, moves = random_game(players, seed)
    setup = {"players": players, "seed": seed, "animals": [s["animals"] for s in state["seats"]]}
    entries = [RecordMove(s, o, iso_utc(1_700_000_000 + 60 * i)) for i, (s, o) in enumerate(moves)]
    return dumps(build_record(setup, entries, final_state=state))


async def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--runs", type=int, default=10)
    parser.add_argument("--players", type=int, default=6)
    parser.add_argument("--seed", type=int, default=4)
    parser.add_argument("--turn", type=int, default=15)
    args = parser.parse_args()

    pool = RenderPool()
    with tempfile.TemporaryDirectory() as tmp:
        store = await open_store(str(Path(tmp) / "bench.sqlite3"))
        try:
            game_id = await import_record(store, check_record(record_text(args.players, args.seed)), "bench", 0)
            game = await store.game(game_id)
            warm = Chronicle(store, pool.board, pool.final)
            h, moves = await warm.history(game)
            into = (h.turn_starts[args.turn] - h.turn_starts[args.turn - 1]) // 2
            pool.board(game.state, None)  # both workers up and warm before timing
            pool.board(game.state, None)
            print(f"{args.players} players, seed {args.seed}: {game.state['turn']} turns, {len(moves)} moves; "
                  f"turn {args.turn} is moves {h.turn_starts[args.turn - 1]}-{h.turn_starts[args.turn]}, "
                  f"showing {into} into it")

            async def board() -> None:
                shown = await store.latest_game("bench")
                await asyncio.to_thread(pool.board, shown.state, None)

            async def history_cold() -> None:
                await Chronicle(store, pool.board).moment_at("bench", args.turn, into)

            async def history_warm() -> None:
                await warm.moment_at("bench", args.turn, into)


            def post() -> ChannelPost:
                return ChannelPost(game_id, game.version, True, "", [], [], False, None, None, None, LivePost(),
                                   over=True)

            async def final_cold() -> None:
                await Chronicle(store, pool.board, pool.final).finish(game, post())

            async def final_warm() -> None:
                warm._finals.clear()  # the image itself is kept per version; time drawing it
                await warm.finish(game, post())

            cases = {"baseline (/ds board)": board, "history cold": history_cold, "history warm": history_warm,
                     "final cold": final_cold, "final warm": final_warm}
            print(f"{'case':>22} {'median ms':>10} {'p95 ms':>8}")
            for name, fn in cases.items():
                t = await timed(fn, args.runs)
                print(f"{name:>22} {statistics.median(t):>10.1f} {pct(t, 0.95):>8.1f}")
            print("goal: turn-15 rebuild + render <= 300 ms")
        finally:
            await store.close()
            pool.close()


if __name__ == "__main__":
    asyncio.run(main())
