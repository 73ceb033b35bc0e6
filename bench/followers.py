"""Followers benchmark: how long the player whose move ends a turn waits for the answer, with
many followers whose direct messages are slow, and how long the followers wait for their news;
through the fake Discord and the real bot process.

    .venv/bin/python bench/followers.py [--followers 50] [--dm-ms 40] [--baseline 3535ac6]

A 2-player game is opened, ``--followers`` members follow it, each direct-message request takes
``--dm-ms``; then a player resigns (the game, and its last turn, ends).  Printed: the seconds
from the /ds resign to its answer, to the first and to the last follower's direct message, and
the followers told; the same with no followers, in the same run, as the answer's baseline.
``--baseline REF`` measures another commit the same way (checked out in a temporary worktree).
"""

from __future__ import annotations

import argparse
import asyncio
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "tests" / "bot"))
sys.path.insert(0, str(ROOT))

from baseline import baseline_tree  # noqa: E402
from bot_process import BotProcess, slash  # noqa: E402
from fake_discord import FakeDiscord, FakeUser  # noqa: E402

ANN, BOB = FakeUser(9301, "ann"), FakeUser(9302, "bob")


class BotAt(BotProcess):
    """``python -m bot`` from another checkout (the baseline)."""

    def __init__(self, fake: FakeDiscord, database: Path, root: Path | None) -> None:
        super().__init__(fake, database)
        self.root = root

    async def start(self) -> None:
        import bot_process

        saved = bot_process.ROOT
        bot_process.ROOT = self.root or saved
        try:
            await super().start()
        finally:
            bot_process.ROOT = saved


async def resign_with(root: Path | None, followers: int, dm_seconds: float) -> dict[str, float]:
    crowd = [FakeUser(10**17 + i, f"follower{i}") for i in range(followers)]
    with tempfile.TemporaryDirectory() as tmp:
        async with FakeDiscord() as fake:
            bot = BotAt(fake, Path(tmp) / "games.sqlite3", root)
            await bot.start()
            try:
                await slash(fake, "new", ANN, {"players": 2})
                await slash(fake, "join", BOB)
                await slash(fake, "start", ANN)
                await fake.wait_channel_messages(1, timeout=30)
                for user in crowd:
                    await slash(fake, "follow", user)
                fake.dm_latency = dm_seconds
                started = time.perf_counter()
                await slash(fake, "resign", ANN)
                answered = time.perf_counter() - started
                deadline = time.monotonic() + 120
                while len(fake.direct_messages) < followers and time.monotonic() < deadline:
                    await asyncio.sleep(0.02)
                dms = sorted(c.time - started for c in fake.calls if c.method == "POST" and c.path.startswith(
                    "/channels/") and int(c.path.split("/")[2]) in fake._dm_channels.values())
            finally:
                await bot.stop()
    return {"answer_s": round(answered, 2), "first_dm_s": round(dms[0], 2) if dms else float("nan"),
            "last_dm_s": round(dms[-1], 2) if dms else float("nan"), "told": len(fake.direct_messages)}


def measure(root: Path | None, followers: int, dm_seconds: float) -> dict[str, float]:
    alone = asyncio.run(resign_with(root, 0, dm_seconds))
    crowd = asyncio.run(resign_with(root, followers, dm_seconds))
    return {"answer_s (no followers)": alone["answer_s"], **crowd,
            "answer_ratio": round(crowd["answer_s"] / max(alone["answer_s"], 0.001), 1)}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--followers", type=int, default=50)
    parser.add_argument("--dm-ms", type=float, default=40.0)
    parser.add_argument("--baseline", help="a git ref to measure in the same run (e.g. the commit before)")
    args = parser.parse_args()
    rows = {"this tree": measure(None, args.followers, args.dm_ms / 1000)}
    if args.baseline:
        with baseline_tree(args.baseline) as path:
            rows[f"baseline {args.baseline}"] = measure(path, args.followers, args.dm_ms / 1000)
    keys = list(next(iter(rows.values())))
    width = max(len(k) for k in keys)
    print(f"{args.followers} followers, {args.dm_ms:.0f} ms a direct-message request")
    print(f"{'':{width}}  " + "  ".join(f"{name:>18}" for name in rows))
    for key in keys:
        print(f"{key:{width}}  " + "  ".join(f"{row[key]!s:>18}" for row in rows.values()))
    print("goal: the answer does not grow with the followers (answer_ratio about 1)")


if __name__ == "__main__":
    main()
