"""Reviews of finished games (bot.game.review, bot.game.review_runner) on both stores: a game's
end queues its review, the runner works it out in slices saved as it goes and shows each, a
runner stopped in the middle is resumed by another with the result an uninterrupted run gives,
and every bad ask (a running game, none, another server's, twice at once, a record that no
longer replays) is refused or told clearly with nothing stored and no second job."""

from __future__ import annotations

import asyncio
import json
import random

import pytest
from service_helpers import play_random, start_game

from bot.game.replies import BadRequest, NoGame, NotAllowed, WrongPhase
from bot.game.review_runner import ReviewRunner, Slice, work_here
from bot.game.service import GameService
from engine.flow import prompt
from engine.history import apply_move, start_state
from engine.review import Budget, review
from words import review as review_words

#: Ranking only: the cheapest review there is (CI stays lean).
SMALL = Budget(game_units=200, decision_units=1)
MOVES = 60


@pytest.fixture
async def reviewing(store):
    return GameService(store, renderer=None, review_budget=SMALL)


async def resigned_game(service: GameService, channel: str = "chan", guild: str | None = "g1") -> int:
    """A 2-player game played ``MOVES`` random moves in, then ended by its first player's resignation."""
    users = await start_game(service, channel)
    game = await service.store.live_game(channel)
    assert game is not None
    if guild is not None:
        async with service.store.transaction():
            await service.store.update_game(game.id, guild_id=guild)
    await play_random(service, channel, random.Random(4), MOVES)
    await service.play.resign(channel, users[0])
    return game.id


def runner_for(service: GameService, shown: list[int], slice_decisions: int = 10) -> ReviewRunner:
    async def show(game_id: int) -> None:
        post = await service.review.post(game_id)
        if post is not None:
            await service.review.posted(post, "m1")
            shown.append(post.done if not post.final else -1)

    return ReviewRunner(service.review, work_here, show, slice_decisions=slice_decisions)


async def test_a_games_end_queues_its_review_which_is_worked_out_in_slices_and_posted(reviewing, store):
    game_id = await resigned_game(reviewing)
    queued = await store.review(game_id)
    assert queued is not None and queued.result is None and queued.done == 0
    shown: list[int] = []
    runner = runner_for(reviewing, shown)
    assert await runner.run_once() == 1
    stored = await store.review(game_id)
    assert stored is not None and stored.result is not None and stored.final
    assert stored.done == stored.total > 10
    # the post was posted after the first slice, edited as it filled in (10, 20, ...) and shown finished once
    assert shown == [*range(10, stored.total, 10), -1]
    text = await reviewing.review.record_text(await store.game(game_id))
    assert stored.result == review(json.loads(text), SMALL)  # the same record gives the same review
    assert await runner.run_once() == 0  # nothing left to do or to show


async def test_a_finished_review_is_exported_beside_the_record_and_none_before(reviewing, store):
    game_id = await resigned_game(reviewing)
    assert await reviewing.review.exported(game_id) is None  # queued, not worked out yet
    await runner_for(reviewing, []).run_once()
    stored = await store.review(game_id)
    assert stored is not None and stored.result is not None
    name, data = await reviewing.review.exported(game_id) or ("", b"")
    assert name == f"dominant-species-review-{game_id}.json"
    assert json.loads(data) == stored.result and json.loads(data)["format"] == "dominant-species-review"


async def test_the_finished_review_post_has_the_turning_points_and_each_player_their_part(reviewing, store):
    game_id = await resigned_game(reviewing)
    await runner_for(reviewing, []).run_once()
    game = await store.game(game_id)
    stored = await store.review(game_id)
    assert game is not None and stored is not None and stored.result is not None
    await store.note_review_post(game_id, "m1", stored.done, False)  # shown in progress only
    post = await reviewing.review.post(game_id)
    assert post is not None and post.final
    for line in review_words.turning_points(stored.result, "en"):
        assert line in post.text
    assert [m for _, m in post.points] == [v["move"] for v in stored.result["turning_points"]]
    asked = await reviewing.review.ask("chan", "g1")
    assert not asked.started
    ann = reviewing.review.answer(asked, "user0", "en")
    assert review_words.seat_part(stored.result, 0, "en") in ann
    assert review_words.seat_part(stored.result, 1, "en") not in ann
    hu = reviewing.review.answer(asked, "user1", "hu")
    assert review_words.seat_part(stored.result, 1, "hu") in hu and "játszma" in hu


async def test_a_runner_stopped_in_the_middle_is_resumed_with_the_same_result(reviewing, store):
    game_id = await resigned_game(reviewing)
    calls = 0

    async def stops_after_two(text, saved, budget, decisions) -> Slice:
        nonlocal calls
        calls += 1
        if calls > 2:
            raise asyncio.CancelledError  # the process goes down mid-review
        return await work_here(text, saved, budget, decisions)

    first = ReviewRunner(reviewing.review, stops_after_two, lambda g: asyncio.sleep(0), slice_decisions=10)
    with pytest.raises(asyncio.CancelledError):
        await first.run_once()
    half = await store.review(game_id)
    assert half is not None and half.result is None and half.done == 20 and half.saved is not None

    sizes = []

    async def counted(text, saved, budget, decisions) -> Slice:
        sizes.append(len((saved or {}).get("verdicts", ())))
        return await work_here(text, saved, budget, decisions)

    await ReviewRunner(reviewing.review, counted, lambda g: asyncio.sleep(0), slice_decisions=10).run_once()
    assert sizes[0] == 20  # carried on where it stopped, not from the start
    done = await store.review(game_id)
    text = await reviewing.review.record_text(await store.game(game_id))
    assert done is not None and done.result == review(json.loads(text), SMALL)


async def test_a_review_of_a_running_game_is_refused_and_nothing_is_stored(reviewing, store):
    await start_game(reviewing, "chan")
    await play_random(reviewing, "chan", random.Random(1), 5)
    with pytest.raises(WrongPhase) as refused:
        await reviewing.review.ask("chan", "g1")
    assert "not over yet" in str(refused.value)
    assert await store.pending_reviews() == []


async def test_a_game_that_does_not_exist_or_is_another_servers_is_refused(reviewing, store):
    game_id = await resigned_game(reviewing, guild="g1")
    with pytest.raises(NoGame, match="no game #99"):
        await reviewing.review.ask("other-chan", "g1", 99)
    with pytest.raises(NotAllowed, match="another server"):
        await reviewing.review.ask("other-chan", "g2", game_id)
    asked = await reviewing.review.ask("other-chan", "g1", game_id)  # this server's, from another channel
    assert asked.game.id == game_id


async def test_a_review_asked_twice_at_once_is_one_job(reviewing, store):
    game_id = await resigned_game(reviewing)
    await store.drop_review(game_id)  # a game finished before reviews: asked for on demand
    runner = runner_for(reviewing, [])
    first, second = await asyncio.gather(reviewing.review.ask("chan", "g1"), reviewing.review.ask("chan", "g1"))
    assert sorted([first.started, second.started]) == [False, True]
    told = [reviewing.review.answer(a, "user0", "en") for a in (first, second)]
    assert any("is being worked out:" in t for t in told) and any("being worked out already" in t for t in told)
    assert [r.game_id for r in await store.pending_reviews()] == [game_id]
    assert (await store.review(game_id)).total == (await runner.check(await reviewing.review.record_text(
        await store.game(game_id)))) > 0  # the check counted its decisions


async def test_a_record_that_no_longer_replays_is_refused_and_nothing_is_stored(reviewing, store):
    game_id = await resigned_game(reviewing)
    await store.drop_review(game_id)
    runner_for(reviewing, [])  # the runner's check is the service's
    async with store.transaction():
        await store.conn.execute("UPDATE moves SET option_id = 'no-such-option' WHERE game_id = ? AND version = 7",
                                 (game_id,))
    reviewing.chronicle.forget(game_id)
    with pytest.raises(BadRequest, match="no longer replays"):
        await reviewing.review.ask("chan", "g1")
    assert await store.review(game_id) is None


async def test_every_turning_points_alternative_is_a_legal_option_of_its_position(reviewing, store):
    game_id = await resigned_game(reviewing)
    await runner_for(reviewing, []).run_once()
    result = (await store.review(game_id)).result
    text = await reviewing.review.record_text(await store.game(game_id))
    record = json.loads(text)
    points = result["turning_points"]
    assert points
    for v in points:
        state = start_state(record["setup"])
        for i, m in enumerate(record["moves"][:v["move"]]):
            apply_move(state, i, (m["seat"], m["option"]))
        p = prompt(state)
        assert p is not None and p.seat == v["seat"]
        ids = {o.id for o in p.options}
        assert v["best"] in ids and v["played"] in ids and v["best"] != v["played"]
        assert record["moves"][v["move"]]["option"] == v["played"]
