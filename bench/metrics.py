"""What the host's metrics cost per move, against a baseline in the same run.

    .venv/bin/python bench/metrics.py [--games 100] [--moves 600] [--rounds 200000]

1. **Moves through the service**, on one SQLite file of ``--games`` 6-player games at assorted
   points of play: the same random moves made by a service without metrics (the baseline,
   ``QUIET``) and by one reporting to ``Metrics``, interleaved move by move so both meet the same
   machine; medians and means of each.
2. **The bookkeeping of one move, alone**: what the bot does for the metrics around one
   ``/ds play`` (the interaction noted, its callback and three more Discord answers seen on the
   wire, the move counted, the interaction finished with its two histograms and its log line),
   timed over ``--rounds`` rounds, with the log line written to /dev/null as a host's logs
   would be, and without it.
3. **A scrape**: the text of ``/metrics`` with every series of a busy bot, its time and size.

Prints numbers; nothing is asserted.
"""

from __future__ import annotations

import argparse
import asyncio
import logging
import os
import random
import statistics
import sys
import tempfile
import time
from pathlib import Path
from types import SimpleNamespace

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import discord  # noqa: E402

import engine  # noqa: E402
from bot.discord.metrics import Metrics  # noqa: E402
from bot.game.service import GameService  # noqa: E402
from bot.store.connect import open_store  # noqa: E402
from engine.simulate import pick, random_moves  # noqa: E402


async def fill(store, games: int) -> None:
    samples = []
    for seed in range(10):
        state = engine.new_game(6, seed)
        random_moves(state, random.Random(seed), limit=random.Random(seed).randrange(50, 600))
        samples.append((seed, state))
    async with store.transaction():
        for i in range(games):
            seed, state = samples[i % len(samples)]
            gid = await store.insert_game(f"chan{i}", 6, "standard", seed)
            for seat in range(6):
                await store.insert_seat(gid, seat, f"u{seat}", f"P{seat}", None, seat == 0)
            setup = {"players": 6, "seed": seed, "multi_animal": False,
                     "animals": [s["animals"] for s in state["seats"]], "names": [f"P{s}" for s in range(6)]}
            await store.save_state(gid, 0, 1, state, status="active", setup=setup)


async def moves(games: int, count: int) -> tuple[list[float], list[float]]:
    with tempfile.TemporaryDirectory() as tmp:
        store = await open_store(os.path.join(tmp, "bench.sqlite3"))
        try:
            await fill(store, games)
            plain = GameService(store, renderer=None)
            metered = GameService(store, renderer=None, telemetry=Metrics())
            chooser = random.Random(7)
            times: tuple[list[float], list[float]] = ([], [])
            for i in range(count):
                service = (plain, metered)[i % 2]
                channel = f"chan{chooser.randrange(games)}"
                status = await service.reads.status(channel)
                if status.to_act is None:
                    continue
                option = pick(status.choices, chooser).id
                t0 = time.perf_counter()
                await service.play.act(channel, status.to_act, option)
                times[i % 2].append((time.perf_counter() - t0) * 1000)
            return times
        finally:
            await store.close()


def a_play(i: int) -> SimpleNamespace:
    """What ``Metrics`` reads of a ``/ds play`` interaction."""
    return SimpleNamespace(id=10_000_000 + i, type=discord.InteractionType.application_command,
                           guild_id=123456789012345678, extras={},
                           data={"name": "ds", "options": [{"type": 1, "name": "play", "options": []}]})


def bookkeeping(rounds: int, *, log_line: bool) -> float:
    """Microseconds of metrics work around one move's interaction."""
    metrics = Metrics()
    logger = logging.getLogger("bot.discord.metrics")
    logger.disabled = not log_line
    token = "A" * 70
    t0 = time.perf_counter()
    for i in range(rounds):
        interaction = a_play(i)
        metrics.start(interaction)
        metrics.http_answered(f"/api/v10/interactions/{interaction.id}/{token}/callback", 204)
        metrics.http_answered("/api/v10/channels/1/messages", 200)  # the channel post
        metrics.http_answered("/api/v10/channels/1/messages/2", 204)  # the previous prompt retired
        metrics.http_answered(f"/api/v10/webhooks/3/{token}", 200)  # the private word
        metrics.moved("player")
        metrics.finish(interaction)
    logger.disabled = False
    return (time.perf_counter() - t0) / rounds * 1e6


def scrape() -> tuple[float, int]:
    metrics = Metrics()
    commands = ["new", "join", "start", "play", "board", "status", "undo", "pace", "history", "log", "tile", "rules"]
    for i, name in enumerate(commands * 40):
        interaction = a_play(i)
        interaction.data = {"name": "ds", "options": [{"type": 1, "name": name, "options": []}]}
        metrics.start(interaction)
        metrics.http_answered(f"/api/v10/interactions/{interaction.id}/t/callback", 204)
        metrics.finish(interaction, ("ok", "refused", "ok", "error")[i % 4])
    for kind in ("board", "turn", "tile", "history", "final"):
        metrics.rendered(kind, 0.05, True)
    for status in (403, 404, 429, 500):
        metrics.http_answered("/api/v10/channels/1/messages", status)
    metrics.census(3, 40, 0)
    t0 = time.perf_counter()
    n = 200
    for _ in range(n):
        text = metrics.exposition()
    return (time.perf_counter() - t0) / n * 1000, len(text)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=100)
    parser.add_argument("--moves", type=int, default=600)
    parser.add_argument("--rounds", type=int, default=200_000)
    args = parser.parse_args()
    handler = logging.StreamHandler(open(os.devnull, "w"))  # noqa: SIM115 - for the whole run
    from bot.logs import JsonFormatter

    handler.setFormatter(JsonFormatter())
    logging.basicConfig(level=logging.INFO, handlers=[handler])

    plain, metered = asyncio.run(moves(args.games, args.moves))
    print(f"moves through the service ({len(plain)} + {len(metered)}, interleaved, SQLite, {args.games} games):")
    for name, times in (("baseline (no metrics)", plain), ("with metrics", metered)):
        print(f"  {name:22} median {statistics.median(times):6.2f} ms   mean {statistics.fmean(times):6.2f} ms")
    diff = statistics.median(metered) - statistics.median(plain)
    print(f"  difference of the medians: {diff * 1000:+.0f} us (the noise of a move is larger than the metrics)")
    quiet = bookkeeping(args.rounds, log_line=False)
    logged = bookkeeping(args.rounds, log_line=True)
    base = statistics.median(plain) * 1000
    print(f"the metrics' own work around one move ({args.rounds} rounds):")
    print(f"  counters and histograms only      {quiet:6.1f} us  ({quiet / base:.2%} of a move's median)")
    print(f"  with the interaction's log line   {logged:6.1f} us  ({logged / base:.2%} of a move's median)")
    ms, size = scrape()
    print(f"a scrape of /metrics (12 commands, 3 outcomes, every histogram): {ms:.2f} ms, {size / 1024:.1f} KB")


if __name__ == "__main__":
    main()
