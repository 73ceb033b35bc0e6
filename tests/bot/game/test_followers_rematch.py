"""Followers (bot.game.followers) and rematches (bot.game.rematch) in the service: who may
follow what, one piece of news per turn, /ds mygames listing followed games; a rematch with
the same settings and its computer seats, refused to a non-player and to a second click.
Every refusal writes nothing."""

from __future__ import annotations

import asyncio
import random

import pytest
from service_helpers import play_random, snapshot

from bot.game import replies
from bot.game.hints import hint_here
from bot.game.rematch import CLAIM_SECONDS, RematchPlan
from bot.game.service import GameService
from bot.store.connect import open_store


async def game_in_guild(service, store, guild: str = "G", *, ai: str | None = None, hints: bool = False) -> int:
    service.hints.hinter = hint_here
    await service.lobby.create_lobby("chan", "u0", "Ann", 3, guild_id=guild, hints=hints, home_channel_id="home")
    await service.lobby.join("chan", "u1", "Bob")
    if ai:
        async with store.transaction():
            game = await store.live_game("chan")
            await store.insert_seat(game.id, 2, "ai:x", "AI (easy)", None, False, ai_level=ai)
    await service.lobby.start("chan", "u0")
    return (await store.live_game("chan")).id


async def play_until_turn(service, store, turn: int, seed: int = 1) -> None:
    chooser = random.Random(seed)
    while (await store.live_game("chan")).state["turn"] < turn:
        assert await play_random(service, "chan", chooser, 1) == 1


async def test_following_a_game_and_its_news_once_per_turn(service, store):
    game_id = await game_in_guild(service, store)
    before = await snapshot(store, ("followers", "games"))
    refusals = [
        (service.followers.follow("chan", "G", "u0"), replies.BadRequest, "You play in game"),
        (service.followers.follow("chan", "H", "u9"), replies.NotAllowed, "another server"),
        (service.followers.follow("nowhere", "G", "u9"), replies.NoGame, "no game in this channel"),
        (service.followers.follow("chan", "G", "u9", game_id=999), replies.NoGame, "no game #999"),
        (service.followers.follow("chan", "G", "u9", on=False), replies.BadRequest, "do not follow"),
    ]
    for call, error, said in refusals:
        with pytest.raises(error, match=said):
            await call
    assert await snapshot(store, ("followers", "games")) == before
    on = await service.followers.follow("other-channel", "G", "u9", game_id=game_id)
    assert "You follow game #1" in on.text and not on.public
    assert "already follow" in (await service.followers.follow("chan", "G", "u9")).text
    mine = await service.clockwork.my_games("u9")
    assert "You follow:" in mine.text and "#1: turn 1" in mine.text
    assert not await service.followers.queue_turn_news("chan")  # turn 1 is not done yet
    await play_until_turn(service, store, 2)
    assert await service.followers.queue_turn_news("chan")
    (item,) = await store.unsent()  # the news waits in the outbox, for every follower
    assert (item.kind, item.mention) == ("followers", ["u9"])
    news = await service.followers.follower_news(game_id, item.text)  # worded when queued, drawn when sent
    assert news.text.startswith("**Game #1: turn 1 is done.**") and news.more.startswith("**Game #1: turn 1")
    assert "Now: " in news.text and news.alt.startswith("Turn picture. Turn 2")
    assert not await service.followers.queue_turn_news("chan")  # told once
    assert len(await store.unsent()) == 1
    assert "no longer follow" in (await service.followers.follow("chan", "G", "u9", on=False)).text
    await play_until_turn(service, store, 3, seed=2)
    assert not await service.followers.queue_turn_news("chan")  # nobody follows: nothing to tell (and turn 2 is passed)
    assert (await store.game(game_id)).told_turn == 2 and len(await store.unsent()) == 1


async def test_a_finished_game_cannot_be_followed(service, store):
    game_id = await game_in_guild(service, store)
    await service.play.resign("chan", "u0")  # two players: the other wins
    with pytest.raises(replies.WrongPhase, match="is over"):
        await service.followers.follow("x", "G", "u9", game_id=game_id)


async def test_a_rematch_keeps_the_settings_and_the_computer_seats_and_opens_once(service, store):
    old_id = await game_in_guild(service, store, ai="easy", hints=True)
    await service.lobby.configure("chan", "u0", reminder="3h")
    with pytest.raises(replies.NoGame):
        await service.rematch.claim_rematch(old_id, "u0")  # not over yet
    await service.play.resign("chan", "u0")
    await service.play.resign("chan", "u1")  # the computer player is left: it wins
    old = await store.game(old_id)
    assert old.status == "finished"
    before = await snapshot(store)
    with pytest.raises(replies.NotAllowed, match="Only the players of game #1"):
        await service.rematch.claim_rematch(old_id, "stranger")
    with pytest.raises(replies.NotAllowed):
        await service.rematch.claim_rematch(old_id, "ai:x")
    assert await snapshot(store) == before
    plan = await service.rematch.claim_rematch(old_id, "u1")
    assert plan.invited == ["u0"] and plan.host_name == "Bob"
    reply = await service.rematch.open_rematch(plan, "thread-2", home_channel_id="home", lobby_message_id="55")
    new = await store.live_game("thread-2")
    assert reply.mention == ["u0"] and "Rematch of game #1" in reply.text
    seated = [(s.user_name, s.ai_level, s.is_host) for s in new.seats]
    assert seated == [("Bob", None, True), ("AI (easy)", "easy", False)]
    assert new.settings["hints"] is True and new.settings["pace"]["reminder"] == 3 * 3600
    assert new.players == 3 and new.guild_id == "G" and new.home_channel_id == "home"
    before = await snapshot(store)
    with pytest.raises(replies.WrongPhase, match="rematch is open already: game #2"):
        await service.rematch.claim_rematch(old_id, "u0")
    assert await snapshot(store) == before
    await service.lobby.join("thread-2", "u0", "Ann")  # the former player takes their seat
    assert len((await store.live_game("thread-2")).seats) == 3


async def test_a_rematch_that_could_not_open_may_be_tried_again(service, store):
    old_id = await game_in_guild(service, store)
    await service.play.resign("chan", "u0")
    plan = await service.rematch.claim_rematch(old_id, "u1")
    with pytest.raises(replies.WrongPhase, match="being opened"):
        await service.rematch.claim_rematch(old_id, "u1")
    await service.rematch.release_rematch(plan)
    assert "rematch" not in (await store.game(old_id)).settings
    await service.rematch.claim_rematch(old_id, "u1")


async def test_a_claim_nobody_finishes_is_taken_over_by_age_and_the_rematch_opens_once(service, store, now, database):
    """Two processes' worth of services: the first claims and stalls (Discord slow, or about to
    die); while its claim is young the next click is told it is being opened; once too old, of
    several clicks at once in both processes one takes it over, and the slow one, finishing at
    last, gives way: one rematch.  The mark older versions left (-1) is released by age too."""
    old_id = await game_in_guild(service, store)
    await service.play.resign("chan", "u0")
    other_store = await open_store(database)
    try:
        other = GameService(other_store, clock=now)
        service = GameService(store, clock=now)  # the first process, on the same clock
        slow = await service.rematch.claim_rematch(old_id, "u1")
        now.t += CLAIM_SECONDS - 1
        with pytest.raises(replies.WrongPhase, match="being opened just now"):
            await other.rematch.claim_rematch(old_id, "u0")
        now.t += 2
        answers = await asyncio.gather(*(svc.rematch.claim_rematch(old_id, user)
                                         for svc in (other, service, other, service) for user in ("u0", "u1")),
                                       return_exceptions=True)
        (taken,) = [a for a in answers if isinstance(a, RematchPlan)]
        assert all(isinstance(a, replies.WrongPhase) and "being opened just now" in str(a)
                   for a in answers if a is not taken), answers
        before = await snapshot(store)
        with pytest.raises(replies.WrongPhase, match="a later click took it over"):
            await service.rematch.open_rematch(slow, "thread-slow", home_channel_id="home")
        await service.rematch.release_rematch(slow)  # what the shell does after: the other click's claim stays
        assert await snapshot(store) == before
        reply = await service.rematch.open_rematch(taken, "thread-2", home_channel_id="home")
        assert reply.game_id == 2 and (await store.game(old_id)).settings["rematch"] == 2
        assert [g.id for g in [await store.game(i) for i in (2, 3)] if g is not None] == [2]

        async with store.transaction():  # as a version before claims had owners left it
            await store.update_game(old_id, settings={**(await store.game(old_id)).settings, "rematch": -1})
        assert await other.rematch.release_dead_rematches() == 1  # at start-up: released
        assert "rematch" not in (await store.game(old_id)).settings
    finally:
        await other_store.close()


async def test_at_start_up_the_claims_of_processes_gone_are_released_and_not_its_own(service, store):
    first = await game_in_guild(service, store)
    await service.play.resign("chan", "u0")
    await service.rematch.claim_rematch(first, "u1")  # a process that then died
    restarted = GameService(store)  # the process after it
    mine = await game_in_guild(restarted, store)
    await restarted.play.resign("chan", "u0")
    await restarted.rematch.claim_rematch(mine, "u1")  # its own, being opened now
    assert await store.rematches_being_opened() == [first, mine]
    assert await restarted.rematch.release_dead_rematches() == 1
    assert "rematch" not in (await store.game(first)).settings
    assert (await store.game(mine)).settings["rematch"]["by"] == restarted.rematch.claimant
    plan = await restarted.rematch.claim_rematch(first, "u0")  # the next press opens it
    assert (await restarted.rematch.open_rematch(plan, "thread-3", home_channel_id="home")).game_id == 3
