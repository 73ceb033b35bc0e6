"""Races and crashes: exactly one of many racing moves applies; a killed process loses nothing."""

import asyncio
import os
import random
import signal
import sqlite3
import subprocess
import sys
import textwrap
import time
from pathlib import Path

from service_helpers import start_game

from bot.game import replies
from bot.game.service import GameService
from bot.store.connect import open_store
from engine import logbook
from engine.simulate import replay

ROOT = Path(__file__).resolve().parents[3]


async def test_fifty_racing_moves_apply_exactly_once(service, store):
    await start_game(service, players=2)
    status = await service.reads.status("chan")
    game = await store.live_game("chan")

    async def click(option):
        try:
            await service.play.act("chan", status.to_act, option, expected_version=status.version)
            return "applied"
        except replies.StaleState:
            return "stale"

    options = [status.choices[i % len(status.choices)].id for i in range(50)]
    results = await asyncio.gather(*(click(o) for o in options))
    assert results.count("applied") == 1 and results.count("stale") == 49
    after = await store.live_game("chan")
    assert after.version == game.version + 1
    assert len(await store.moves(game.id)) == 1


async def test_two_services_on_one_file_apply_a_move_once(tmp_path):
    """Two processes' worth of services (separate connections and locks) racing on one game."""
    path = str(tmp_path / "shared.sqlite3")
    a_store, b_store = await open_store(path), await open_store(path)
    try:
        a, b = GameService(a_store), GameService(b_store)
        await start_game(a, players=2)
        status = await b.reads.status("chan")
        results = await asyncio.gather(
            *(svc.play.act("chan", status.to_act, status.choices[0].id, status.version) for svc in (a, b, a, b)),
            return_exceptions=True,
        )
        applied = [r for r in results if not isinstance(r, Exception)]
        assert len(applied) == 1
        assert all(isinstance(r, replies.StaleState) for r in results if isinstance(r, Exception))
        game = await a_store.live_game("chan")
        assert game.version == status.version + 1 and len(await a_store.moves(game.id)) == 1
    finally:
        await a_store.close()
        await b_store.close()


PLAYER = textwrap.dedent("""
    import asyncio, random, sys
    sys.path.insert(0, {root!r}); sys.path.insert(0, {tests!r})
    from bot.game.service import GameService
    from bot.store.connect import open_store
    from service_helpers import play_random, start_game

    async def main():
        store = await open_store({db!r})
        service = GameService(store)
        if await store.latest_game("chan") is None:
            await start_game(service, players=6)
        print("ready", flush=True)
        await play_random(service, "chan", random.Random(int(sys.argv[1])), limit=100_000)

    asyncio.run(main())
""")


def check_database(db: str) -> int:
    """The file is sound, and the stored state is exactly the replay of the stored moves."""
    conn = sqlite3.connect(db)
    assert conn.execute("PRAGMA integrity_check").fetchone()[0] == "ok"
    conn.close()

    async def load():
        store = await open_store(db)
        try:
            game = await store.latest_game("chan")
            moves = await store.moves(game.id)
            assert len(moves) == game.version - 1  # no partial move: every move has its state
            setup = game.setup
            rebuilt = replay(setup["players"], setup["seed"], moves, multi_animal=setup["multi_animal"],
                             animals=setup["animals"], names=setup["names"])
            assert logbook.kept(rebuilt) == game.state  # the state is saved with its recent log
            return len(moves)
        finally:
            await store.close()

    return asyncio.run(load())


def test_sigkill_at_random_points_loses_no_move_and_leaves_no_partial_one(tmp_path):
    db = str(tmp_path / "crash.sqlite3")
    script = tmp_path / "player.py"
    script.write_text(PLAYER.format(root=str(ROOT), tests=str(ROOT / "tests" / "bot"), db=db))
    chooser = random.Random(5)
    counts = []
    for round_ in range(12):
        child = subprocess.Popen([sys.executable, str(script), str(round_)], stdout=subprocess.PIPE,
                                 stderr=subprocess.PIPE, text=True)
        assert child.stdout.readline().strip() == "ready", child.stderr.read()
        time.sleep(chooser.uniform(0.02, 0.3))
        os.kill(child.pid, signal.SIGKILL)
        child.wait()
        counts.append(check_database(db))
    assert counts == sorted(counts) and counts[-1] > counts[0] > 0  # the game kept moving on
