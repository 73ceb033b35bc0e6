"""What the bot holds (issue 40): the replays kept by the bytes they hold, a finished game's replay
and a channel's lock given back, a render worker replaced when it holds more than its bound, and
each process's memory and caches as the host's metrics read them."""

from __future__ import annotations

import asyncio
import gc
import logging
import random
import tracemalloc

from service_helpers import play_random, start_game
from story_helpers import stored_game

from bot.game import memory
from bot.game.chronicle import Chronicle, _kept_size
from bot.game.render_pool import RenderPool
from bot.game.service import GameService
from engine.flow import apply, prompt
from engine.history import History, start_state


async def test_the_replays_kept_hold_at_most_their_bound_in_bytes(store):
    ids = [await stored_game(store, f"chan{i}", 4, i) for i in range(3)]
    games = [await store.game(i) for i in ids]
    one = Chronicle(store)
    await one.history(games[0])
    size = one._cache.currsize  # one whole 4-player game
    chronicle = Chronicle(store, cache_bytes=int(size * 2.5))
    for game in games:
        await chronicle.history(game)
    assert chronicle.builds == 3 and len(chronicle._cache) == 2  # the third pushed the oldest out
    assert chronicle._cache.currsize <= int(size * 2.5)
    await chronicle.history(games[2])  # kept: no replay
    await chronicle.history(games[0])  # pushed out: replayed again
    assert chronicle.builds == 4 and chronicle.reads == 5


async def test_a_finished_games_replay_is_given_back_after_its_end_post(store):
    from renderers import render_final

    await stored_game(store, "chan", 2, 3)
    service = GameService(store)
    service.chronicle.final_renderer = render_final
    post = await service.postbox.channel_post("chan")
    assert post.over and post.extra_images
    assert len(service.chronicle._cache) == 0  # the end picture read the replay, then let it go
    again = await service.postbox.channel_post("chan")  # a retried post: the picture drawn before, no replay
    assert again.extra_images == post.extra_images and service.chronicle.builds == 1


async def test_a_channels_lock_lives_only_while_it_is_used(service):
    await start_game(service, "chan", players=2)
    await play_random(service, "chan", random.Random(2), 5)
    gc.collect()
    await service.chronicle.history(await service.store.live_game("chan"))
    gc.collect()
    assert len(service.tables._locks) == 0 and len(service.chronicle._locks) == 0


def test_a_replays_size_is_near_what_it_holds():
    """``History.size`` (what the replay cache bounds) against tracemalloc's count of a whole game."""
    setup = {"players": 3, "seed": 5}
    state, moves, chooser = start_state(setup), [], random.Random(5)
    while (p := prompt(state)) is not None:
        option = chooser.choice(p.options).id
        apply(state, p.seat, option)
        moves.append((p.seat, option))
    tracemalloc.start()
    try:
        before = tracemalloc.get_traced_memory()[0]
        history = History(setup, moves)
        held = tracemalloc.get_traced_memory()[0] - before
    finally:
        tracemalloc.stop()
    assert 0.7 * held <= history.size <= 1.4 * held, (history.size, held)
    assert history.state_after(len(moves) // 2) is not None  # the compressed checkpoints read back


async def test_the_bot_process_reports_each_cache_it_keeps(service):
    await start_game(service, "chan", players=2)
    await play_random(service, "chan", random.Random(1), 4)
    await service.postbox.channel_post("chan")
    game = await service.store.live_game("chan")
    await service.chronicle.history(game)
    (bot, rss, caches), = memory.census(service, None)
    assert bot == "bot" and rss > 10 * 2**20
    named = {c["name"]: c for c in caches}
    assert {"words.worded", "asked.prompts", "service.saved", "chronicle.replays"} <= set(named)
    assert named["chronicle.replays"]["entries"] == 1 and named["chronicle.replays"]["misses"] == 1
    assert 0 < named["chronicle.replays"]["bytes"] <= named["chronicle.replays"]["bound"]
    assert named["chronicle.replays"]["bytes"] == _kept_size(service.chronicle._cache[game.id])
    assert named["service.saved"]["hits"] > 0 and named["words.worded"]["hits"] > 0


async def test_a_render_worker_past_its_bound_is_replaced_and_the_pictures_go_on(tmp_path, caplog):
    from bot.store.connect import open_store

    caplog.set_level(logging.INFO, logger="bot.game.render_pool")
    pool = RenderPool(workers=1, worker_bytes=2**20)  # any worker holds more than 1 MB
    store = await open_store(str(tmp_path / "games.sqlite3"))
    try:
        service = GameService(store, pool.board, pool.tile)
        await start_game(service, "chan", players=2)
        first = await service.reads.board("chan")
        assert pool.recycled == 1
        (said,) = [r.getMessage() for r in caplog.records if "the render pool was replaced" in r.getMessage()]
        old = int(said.split()[2])  # "render worker PID holds N MB ..."
        second = await service.reads.board("chan")
        assert first.image[:4] == second.image[:4] == b"\x89PNG"
        assert pool.recycled == 2  # the fresh worker holds more than 1 MB too
        assert old not in pool.worker_pids()
    finally:
        await store.close()
        await asyncio.to_thread(pool.close)


async def test_a_render_worker_within_its_bound_is_kept(tmp_path):
    from bot.store.connect import open_store

    pool = RenderPool(workers=1)
    store = await open_store(str(tmp_path / "games.sqlite3"))
    try:
        service = GameService(store, pool.board, pool.tile)
        await start_game(service, "chan", players=2)
        await service.reads.board("chan")
        (worker,) = pool.worker_pids()
        await service.reads.board("chan")
        assert pool.worker_pids() == [worker] and pool.recycled == 0
        (name, rss, caches), = memory.census(service, pool)[1:]
        assert name == "worker 1" and rss > 20 * 2**20
        masks = next(c for c in caches if c["name"] == "fonts.masks")
        assert masks["hits"] > 0 and 0 < masks["bytes"] <= masks["bound"]
    finally:
        await store.close()
        await asyncio.to_thread(pool.close)
