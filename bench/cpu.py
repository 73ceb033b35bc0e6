"""Bot CPU per decision: whole 2-player games played through the fake Discord by clicking the
live prompt's buttons and menus (``bench/channel.py``'s players), beside the floor measured in
the same run: one move through an in-process game service (store + rules: no Discord, no
pictures), the same number of decisions of a 2-player game.

    .venv/bin/python bench/cpu.py [--games 2] [--seed 3]

The bot's CPU is read from /proc (user + system time of ``python -m bot``; its render workers
are counted apart).  Per game it prints the decisions, the bot's CPU per decision over the whole
game, over decisions 100-199 and over the last hundred before the end (the 30 decisions
before the end posts left out: around decision 1,000 in a long game), then the floor and the
ratios.  Goals on the 2-core machine: the whole game <= 4 x
the floor, and the last hundred within 15 % of decisions 100-199.  Nothing is asserted.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import os
import random
import statistics
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "tests" / "bot"))
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "bench"))

from bot_process import BotProcess, descendants, slash  # noqa: E402
from channel import ANN, BOB, click_on, wait_progress  # noqa: E402
from fake_discord import FakeDiscord  # noqa: E402

from bot.game.service import GameService  # noqa: E402
from bot.store.connect import open_store  # noqa: E402
from engine.simulate import pick  # noqa: E402

TICK = os.sysconf("SC_CLK_TCK")
WINDOW = 100
#: The game's last decisions, left out of the late window: the end posts (the VP breakdown, the
#: end-of-game picture from a replay of the whole game) are made once a game, not per decision.
END = 30


def cpu_seconds(pid: int) -> float:
    """User + system CPU of one process so far."""
    with open(f"/proc/{pid}/stat") as f:
        fields = f.read().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / TICK


def workers_cpu(pid: int) -> float:
    total = 0.0
    for child in descendants(pid):
        with contextlib.suppress(OSError):  # it ended meanwhile
            total += cpu_seconds(child)
    return total


async def bot_game(seed: int) -> dict[str, float]:
    """One whole game through the fake Discord; the bot's CPU at each decision."""
    async with FakeDiscord() as fake:
        with tempfile.TemporaryDirectory() as tmp:
            db = Path(tmp) / "games.sqlite3"
            bot = BotProcess(fake, db)
            await bot.start()
            assert bot.proc is not None
            pid = bot.proc.pid
            await slash(fake, "new", ANN, {"players": 2})
            await slash(fake, "join", BOB)
            await slash(fake, "start", ANN)
            prompt = await wait_progress(fake, fake.channel_id, 0, db)
            samples = [cpu_seconds(pid)]
            clicks: list[int] = []
            await click_on(fake, db, prompt, random.Random(seed), {u.id: u for u in (ANN, BOB)}, clicks,
                           after=lambda: samples.append(cpu_seconds(pid)))
            workers = workers_cpu(pid)
            await bot.stop()
    per = [b - a for a, b in zip(samples, samples[1:], strict=False)]
    late = max(2 * WINDOW, len(per) - END - WINDOW)  # the last hundred before the game's end posts
    return {
        "decisions": len(per),
        "whole": statistics.fmean(per) * 1000,
        "at 100": statistics.fmean(per[WINDOW:2 * WINDOW]) * 1000,
        f"last {WINDOW}": statistics.fmean(per[late:late + WINDOW]) * 1000,
        "last from": late,
        "workers": workers / max(1, len(per)) * 1000,
    }


async def floor(decisions: int, seed: int) -> float:
    """CPU ms per move of an in-process service: a 2-player game's first ``decisions`` moves."""
    with tempfile.TemporaryDirectory() as tmp:
        store = await open_store(str(Path(tmp) / "floor.sqlite3"))
        try:
            service = GameService(store, renderer=None)
            await service.lobby.create_lobby("c", "u0", "Ann", 2)
            await service.lobby.join("c", "u1", "Bob")
            await service.lobby.start("c", "u0")
            chooser, spent, made = random.Random(seed), 0.0, 0
            while made < decisions and (status := await service.reads.status("c")).to_act is not None:
                option = pick(status.choices, chooser).id
                t0 = time.process_time()
                await service.play.act("c", status.to_act, option)
                spent += time.process_time() - t0
                made += 1
        finally:
            await store.close()
    return spent / max(1, made) * 1000


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=2)
    parser.add_argument("--seed", type=int, default=3)
    args = parser.parse_args()
    rows = []
    for i in range(args.games):
        game = asyncio.run(bot_game(args.seed + i))
        game["floor"] = asyncio.run(floor(int(game["decisions"]), args.seed + i))
        rows.append(game)
    print(f"{'game':>4} {'decisions':>9} {'bot ms/decision':>16} {'at 100-199':>11} {'last 100':>16} "
          f"{'workers':>8} {'floor':>7} {'bot/floor':>10} {'last/at 100':>12}")
    for i, r in enumerate(rows):
        print(f"{i + 1:>4} {r['decisions']:>9.0f} {r['whole']:>16.1f} {r['at 100']:>11.1f} "
              f"{r[f'last {WINDOW}']:>9.1f} (@{r['last from']:>4.0f}) {r['workers']:>8.1f} {r['floor']:>7.1f} "
              f"{r['whole'] / r['floor']:>10.1f} {r[f'last {WINDOW}'] / r['at 100']:>12.2f}")
    print("CPU ms per decision (user + system); workers: the render workers' CPU per decision, apart; "
          "goals: bot/floor <= 4, last/at 100 within 0.85-1.15")


if __name__ == "__main__":
    main()
