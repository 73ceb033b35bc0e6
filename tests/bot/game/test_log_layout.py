"""The game log out of the saved state (schema 13): what a move loads and saves stays the same
size however long the game, every post still tells its story and recap, and games stored in the
older layout are moved to the new one, replay-equal, on both stores."""

from __future__ import annotations

import random

from service_helpers import play_random, start_game
from story_helpers import stored_game

from bot.game.layout import relayout
from bot.game.recap import since_last_moves
from bot.game.service import GameService
from bot.store.models import DECODES, encode_state
from engine import logbook
from engine.history import History, replay


async def standing(store, game) -> list[tuple[int, str]]:
    return [(m.seat, m.option_id) for m in await store.move_list(game.id)]


async def test_a_saved_state_keeps_only_its_recent_log_and_is_its_replay(service, store):
    await start_game(service, players=3)
    chooser, sizes = random.Random(4), []
    while await play_random(service, "chan", chooser, 60):
        game = await store.live_game("chan") or await store.latest_game("chan")
        state = game.state
        whole = replay(game.setup, await standing(store, game))
        assert logbook.kept(whole) == state  # the saved state is the replay, with its recent log
        assert logbook.total(state) == len(whole["log"]) and state["log"] == whole["log"][logbook.log_from(state):]
        assert all(logbook.turn_of(e) >= state["turn"] - 1 for e in state["log"])
        sizes.append(len(state["log"]))
        if game.status == "finished":
            break
    assert game.status == "finished" and game.state["turn"] > 5
    assert max(sizes) < 250 and 2 * max(sizes) < len(whole["log"])  # two turns at most, not the whole game


async def test_every_post_tells_its_story_and_recap_from_the_recent_log(service, store):
    await start_game(service, players=3)
    chooser, recaps, posts = random.Random(9), 0, 0
    for _ in range(400):
        post = await service.postbox.channel_post("chan")
        if post is not None:
            posts += 1
            recaps += "Since your last move" in post.text
            assert "{" not in post.text  # every line worded, none a raw key
            await service.postbox.record_post(post, f"m{post.version}" if post.new_message else None)
        if not await play_random(service, "chan", chooser, 1):
            break
    assert posts > 100 and recaps > 20


async def test_games_stored_in_the_older_layout_are_moved_replay_equal(store):
    service = GameService(store)
    users = await start_game(service, "running", players=3)
    await play_random(service, "running", random.Random(2), 150)
    finished = await stored_game(store, "done", 3, 2)
    ids, before = [], {}
    for game in (await store.live_game("running"), await store.latest_game("done")):
        ids.append(game.id)
        before[game.id] = await store.move_list(game.id)
        moves = await standing(store, game)
        whole = replay(game.setup, moves)  # as an older bot kept it: the whole log in every state
        async with store.transaction():
            await store.conn.execute("UPDATE games SET state = ?, board_state = ?, decided = NULL, layout = 1 "
                                     "WHERE id = ?", (encode_state(whole), encode_state(whole), game.id))
    assert sorted(await store.games_to_relayout()) == sorted(ids) and finished in ids
    assert await relayout(store) == 2
    assert await store.games_to_relayout() == [] and await relayout(store) == 0  # once
    for channel in ("running", "done"):
        game = await store.latest_game(channel)
        moves = await store.move_list(game.id)
        assert moves == before[game.id]
        history = History(game.setup, [(m.seat, m.option_id) for m in moves])
        assert game.state == logbook.kept(history.state)  # replay-equal, with only its recent log
        assert await store.board_state(game.id) == logbook.kept(history.state)
        if channel == "running":  # the recap starts as a replay tells them, and the play goes on
            assert game.decided == since_last_moves([(m.seat, m.made_by) for m in moves], history.log_starts,
                                                    history.log_length) != {}
            status = await service.reads.status("running")
            await service.play.act("running", status.to_act, status.choices[0].id, status.version)
            assert status.to_act in users


async def test_a_decision_decodes_its_state_once_and_its_post_reads_what_was_saved(service, store):
    await start_game(service, players=2)
    chooser = random.Random(5)
    for _ in range(30):
        status = await service.reads.status("chan")  # what the player saw (not counted)
        pictured = await store.board_state(1) is not None  # a state the next picture compares with
        before = DECODES.count
        await service.play.act("chan", status.to_act, chooser.choice(status.choices).id, status.version)
        post = await service.postbox.channel_post("chan")
        assert post is not None
        await service.postbox.record_post(post, f"m{post.version}" if post.new_message else None)
        await service.followers.queue_turn_news("chan")
        assert DECODES.count - before == 1 + (post.picture and pictured)  # the move's (and the last picture's)
        stored = await store.live_game("chan")
        assert post.state == stored.state  # what the post showed is what is stored
