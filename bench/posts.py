"""Post benchmark: what bringing a channel up to date after a move costs (the service's
``channel_post`` and ``record_post``: the stored game read, the post planned and worded, its
record written; no picture drawn) with 1,000 live games in the database and with 1, the two
measured interleaved in the same run.

    .venv/bin/python bench/posts.py [--games 1000] [--posts 300]

Each live game is a 2-player game with its moves, cloned from a few played to different lengths
(50 to 500 moves), so a post that needed a replay of its game (as the bot did before) would pay
for it.  "1 game" is a database per length holding that one game; each post picks a length,
then a game of that length on both sides.  Prints the median and p95 per post (wall ms and CPU
ms) for both and their ratio.  Goal on the 2-core machine: 1,000 games / 1 game <= 1.2.
Nothing is asserted.
"""

from __future__ import annotations

import argparse
import asyncio
import random
import statistics
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bot.game.service import GameService  # noqa: E402
from bot.store.connect import open_store  # noqa: E402
from bot.store.sqlite import Store  # noqa: E402
from engine.simulate import pick  # noqa: E402

LENGTHS = (50, 200, 350, 500)  # moves into a 2-player game (of 900-1,200)
TABLES = {  # each table's columns but its own id, to clone a game's rows
    "seats": "seat, user_id, user_name, animal, is_host, resigned, away_until, away_used, ai_hold, ai_level, "
             "hint_version",
    "moves": "version, seat, user_id, option_id, label, made_by, created_at, hinted, undone",
}


async def played(service: GameService, channel: str, moves: int, seed: int) -> None:
    await service.lobby.create_lobby(channel, "u0", "Ann", 2)
    await service.lobby.join(channel, "u1", "Bob")
    await service.lobby.start(channel, "u0")
    chooser = random.Random(seed)
    for _ in range(moves):
        status = await service.reads.status(channel)
        if status.to_act is None:
            break
        await service.play.act(channel, status.to_act, pick(status.choices, chooser).id)


async def fill(store: Store, games: int, first: int = 0) -> list[str]:
    """``games`` live games, played to each of ``LENGTHS`` in turn (from the ``first``), then cloned
    from those; their channels, the k-th of length ``LENGTHS[k % 4]`` (with ``first`` 0)."""
    service = GameService(store, renderer=None)
    templates = []
    for i, length in enumerate((LENGTHS[first:] + LENGTHS[:first])[:games]):
        await played(service, f"t{i}", length, first + i)
        templates.append((await store.live_game(f"t{i}")).id)
    columns = [r["name"] for r in await (await store.conn.execute("PRAGMA table_info(games)")).fetchall()
               if r["name"] not in ("id", "channel_id")]
    async with store.transaction():
        for n in range(games - len(templates)):
            source = templates[n % len(templates)]
            cur = await store.conn.execute(
                f"INSERT INTO games (channel_id, {', '.join(columns)}) SELECT ?, {', '.join(columns)} FROM games "
                "WHERE id = ?", (f"c{n}", source))
            new = cur.lastrowid
            for table, cols in TABLES.items():
                await store.conn.execute(f"INSERT INTO {table} (game_id, {cols}) SELECT ?, {cols} FROM {table} "
                                         "WHERE game_id = ?", (new, source))
    return [f"t{i}" for i in range(len(templates))] + [f"c{n}" for n in range(games - len(templates))]


async def post_cost(service: GameService, channel: str, chooser: random.Random) -> tuple[float, float] | None:
    """A move (not timed), then the post that brings its channel up to date (timed: wall, CPU)."""
    status = await service.reads.status(channel)
    if status.to_act is None:
        return None
    await service.play.act(channel, status.to_act, pick(status.choices, chooser).id)
    wall, cpu = time.perf_counter(), time.process_time()
    post = await service.postbox.channel_post(channel)
    if post is not None:
        await service.postbox.record_post(post, f"m{post.version}" if post.new_message else None)
    return (time.perf_counter() - wall) * 1000, (time.process_time() - cpu) * 1000


async def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=1000)
    parser.add_argument("--posts", type=int, default=300)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        # "1 game": a store per template length, each holding that one live game; "N games": one store
        # with them all, cloned; each post picks a length, then a game of that length on each side
        ones = [await open_store(f"{tmp}/one{i}.sqlite3") for i in range(len(LENGTHS))]
        many = await open_store(f"{tmp}/many.sqlite3")
        try:
            alone = [(GameService(store, renderer=None), (await fill(store, 1, i))[0]) for i, store in enumerate(ones)]
            crowd = GameService(many, renderer=None)
            channels = await fill(many, args.games)
            by_length = [[c for k, c in enumerate(channels) if k % len(LENGTHS) == i] for i in range(len(LENGTHS))]
            for service, channel in [*alone, *((crowd, c) for c in channels)]:  # every first post, untimed
                if (post := await service.postbox.channel_post(channel)) is not None:
                    await service.postbox.record_post(post, f"m{post.version}")
            chooser = random.Random(7)
            names = ("1 game", f"{args.games} games")
            times: dict[str, list[tuple[float, float]]] = {name: [] for name in names}
            for _ in range(args.posts):
                length = chooser.randrange(len(LENGTHS))
                for name, (service, channel) in zip(names, (alone[length], (crowd, chooser.choice(by_length[length]))),
                                                    strict=True):  # interleaved: a busy machine slows both alike
                    if (cost := await post_cost(service, channel, chooser)) is not None:
                        times[name].append(cost)
        finally:
            for store in (*ones, many):
                await store.close()
    print(f"{'':>12} {'posts':>6} {'wall median':>12} {'wall p95':>9} {'CPU median':>11}")
    for name, values in times.items():
        walls, cpus = sorted(v[0] for v in values), [v[1] for v in values]
        print(f"{name:>12} {len(values):>6} {statistics.median(walls):>9.2f} ms {walls[int(0.95 * len(walls))]:>6.2f} "
              f"ms {statistics.median(cpus):>8.2f} ms")
    a, b = (statistics.median(v[0] for v in times[n]) for n in names)
    print(f"ratio {args.games} games / 1 game (wall medians): {b / a:.2f}   goal <= 1.2")


if __name__ == "__main__":
    asyncio.run(main())
