"""End-to-end benchmark: the real bot (``python -m bot``) against the fake Discord, with
20 games played at once by scripted players using autocomplete and ``/ds play``.

    .venv/bin/python bench/e2e.py [--games 20] [--decisions 40]

Prints p50/p95/max latency from INTERACTION_CREATE sent to the interaction callback received,
for autocomplete and for /ds play, and from /ds play sent to the channel's live message being
posted or edited (with a picture, or without);
and how many interactions were not acknowledged within Discord's 3 s.  Goals on the 2-core
machine: autocomplete p95 <= 50 ms, /ds play p95 <= 300 ms including the board image.
"""

from __future__ import annotations

import argparse
import asyncio
import random
import statistics
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "tests" / "bot"))
sys.path.insert(0, str(ROOT))

from bot_process import BotProcess, slash  # noqa: E402
from fake_discord import FakeDiscord, FakeUser  # noqa: E402


def pct(values: list[float], q: float) -> float:
    values = sorted(values)
    return values[min(len(values) - 1, int(q * len(values)))] if values else float("nan")


async def player(fake: FakeDiscord, channel: int, users: list[FakeUser], decisions: int, seed: int,
                 stats: dict[str, list[float]]) -> None:
    chooser = random.Random(seed)
    for _ in range(decisions):
        choices = []
        for user in users:
            iid = fake.autocomplete("ds", "play", {"option": ""}, "option", user=user, channel_id=channel)
            response = await fake.response(iid, timeout=30)
            stats["autocomplete"].append(fake.latency(iid))
            choices = response["data"]["choices"]
            if choices:
                break
        if not choices:
            return
        sent = fake.timestamps  # the channel is brought up to date before the private confirmation
        iid = fake.slash("ds", "play", {"option": chooser.choice(choices)["value"]}, user=user, channel_id=channel)
        await fake.response(iid, timeout=30)
        stats["play"].append(fake.latency(iid))
        await fake.wait_followups(iid, 1, timeout=30)
        base = f"/channels/{channel}/messages"
        updates = [c for c in fake.calls if c.path.startswith(base) and c.method in ("POST", "PATCH")
                   and not c.fault and c.time >= sent[iid]]
        if updates:
            last = updates[-1]
            key = "picture post" if any(c.files for c in updates) else "prompt post"
            stats[key].append(last.time - sent[iid])


async def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--games", type=int, default=20)
    parser.add_argument("--decisions", type=int, default=40, help="decisions per game")
    args = parser.parse_args()
    stats: dict[str, list[float]] = {"autocomplete": [], "play": [], "picture post": [], "prompt post": []}
    async with FakeDiscord() as fake:
        channels = [fake.add_channel(f"game-{i}") for i in range(args.games)]
        with tempfile.TemporaryDirectory() as directory:
            bot = BotProcess(fake, Path(directory) / "bench.sqlite3")
            await bot.start()
            try:
                seats = []
                for i, channel in enumerate(channels):
                    users = [FakeUser(10_000 + 2 * i, f"a{i}"), FakeUser(10_001 + 2 * i, f"b{i}")]
                    await slash(fake, "new", users[0], {"players": 2}, channel_id=channel)
                    await slash(fake, "join", users[1], channel_id=channel)
                    await slash(fake, "start", users[0], channel_id=channel)
                    await fake.wait_channel_messages(1, channel)
                    seats.append(users)
                await asyncio.gather(*(player(fake, c, u, args.decisions, i, stats)
                                       for i, (c, u) in enumerate(zip(channels, seats, strict=True))))
            finally:
                await bot.stop()
    late = sum(1 for key in ("autocomplete", "play") for v in stats[key] if v > 3.0)
    print(f"{args.games} games at once, {args.decisions} decisions each, through the fake Discord")
    print(f"{'latency (ms)':<14} {'count':>6} {'p50':>8} {'p95':>8} {'max':>8}")
    for key, values in stats.items():
        ms = [v * 1000 for v in values]
        print(f"{key:<14} {len(ms):>6} {statistics.median(ms) if ms else float('nan'):>8.1f} "
              f"{pct(ms, 0.95):>8.1f} {max(ms, default=float('nan')):>8.1f}")
    print(f"interactions not acknowledged within 3 s: {late}")
    print(f"requests Discord would have refused: {len(fake.violations)}")  # tests/bot/discord_contract.py
    print("play = INTERACTION_CREATE -> deferred callback; picture/prompt post = /ds play sent -> the channel's "
          "live message posted or edited (with or without a picture)")


if __name__ == "__main__":
    asyncio.run(main())
