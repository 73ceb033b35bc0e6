"""Taking choices back: undo until another player has chosen or something hidden came to
light; rollbacks that every affected player approves (or anyone refuses, or time runs out)."""

import random

import pytest
from service_helpers import play_random, start_game

import engine
from bot.game import replies
from bot.game.service import PROPOSAL_SECONDS, GameService
from engine import logbook
from engine.history import replay


async def stand(store, game_id):
    """The moves that stand (not undone), as (seat, option)."""
    return [(m.seat, m.option_id) for m in await store.move_list(game_id)]


async def test_a_planning_placement_can_be_taken_back_until_the_next_player_chooses(service, store):
    await start_game(service, players=2)
    first = await service.reads.status("chan")
    placer = first.to_act
    await service.play.act("chan", placer, first.choices[0].id, first.version)
    after = await service.reads.status("chan")
    assert after.to_act != placer  # the placement passed the turn
    undone = await service.takeback.undo("chan", placer)
    assert "took back" in undone.text and first.choices[0].label in undone.text  # named in words
    now = await service.reads.status("chan")
    assert now.to_act == placer and now.version == after.version + 1  # versions only grow
    with pytest.raises(replies.StaleState):  # the other player's prompt from before the undo is stale
        await service.play.act("chan", after.to_act, after.choices[0].id, after.version)
    game = await store.live_game("chan")
    assert await stand(store, game.id) == []
    assert game.state == logbook.kept(replay(game.setup, []))
    assert game.post.notice.startswith("Ann took back") or "took back" in game.post.notice
    # once the other player has chosen, it is too late
    await service.play.act("chan", placer, first.choices[1].id, now.version)
    other = await service.reads.status("chan")
    await service.play.act("chan", other.to_act, other.choices[0].id, other.version)
    with pytest.raises(replies.NotAllowed, match="until another player"):
        await service.takeback.undo("chan", placer)


async def test_several_own_choices_can_be_taken_back_one_by_one(service, store):
    await start_game(service, players=2)
    chooser = random.Random(2)
    # play into the middle of a multi-step action: two choices in a row by one player
    for _ in range(600):
        status = await service.reads.status("chan")
        reply = await service.play.act("chan", status.to_act, status.choices[0].id, status.version)
        game = await store.live_game("chan")
        moves = await store.move_list(game.id)
        if reply.to_act == status.to_act and len(moves) >= 2 and moves[-2].seat == moves[-1].seat:
            break
    else:
        pytest.skip("no run of two choices by one player in this game")
    del chooser
    before = await stand(store, game.id)
    for _ in range(2):
        try:
            await service.takeback.undo("chan", status.to_act)
        except replies.NotAllowed as e:
            assert "hidden information" in str(e)
            return
    assert await stand(store, game.id) == before[:-2]


async def test_a_choice_that_drew_from_the_bag_cannot_be_taken_back(service, store):
    await start_game(service, players=2)
    chooser = random.Random(7)
    for _ in range(3000):  # play until a single choice ends a turn: the Reset draws new elements
        status = await service.reads.status("chan")
        if status.to_act is None:
            pytest.fail("the game ended without a Reset")
        turn = (await store.live_game("chan")).state["turn"]
        await play_random(service, "chan", chooser, limit=1)
        game = await store.live_game("chan")
        if game.state["turn"] != turn:
            break
    moves = await store.move_list(game.id)
    if moves[-1].made_by != "player":
        pytest.skip("a resigned seat ended the turn")
    before = await stand(store, game.id)
    with pytest.raises(replies.NotAllowed, match="hidden information"):
        await service.takeback.undo("chan", status.to_act)
    assert await stand(store, game.id) == before


async def test_a_rollback_waits_for_every_affected_player(store):
    now = [1000.0]
    service = GameService(store, clock=lambda: now[0])
    users = await start_game(service, players=3)
    await play_random(service, "chan", random.Random(3), limit=9)
    game = await store.live_game("chan")
    moves = await store.move_list(game.id)
    with pytest.raises(replies.NotAllowed, match="Only the host"):
        await service.takeback.propose_rollback("chan", users[1], 4)
    with pytest.raises(replies.BadRequest, match="from 1 to 9"):
        await service.takeback.propose_rollback("chan", users[0], 10)
    # refused: nothing changes
    proposal = await service.takeback.propose_rollback("chan", users[0], 4)
    assert proposal.proposal is not None and "move 4" in proposal.text
    affected = {users[m.seat] for m in moves[3:]} - {users[0]}
    assert set(proposal.mention) == affected
    with pytest.raises(replies.WrongPhase, match="already waiting"):
        await service.takeback.propose_rollback("chan", users[0], 2)
    refuser = sorted(affected)[0]
    refused = await service.takeback.answer_rollback("chan", refuser, proposal.proposal, False)
    assert "refuses" in refused.text and refused.settled  # its buttons go: the shell reads the field, not the words
    assert await stand(store, game.id) == [(m.seat, m.option_id) for m in moves]
    with pytest.raises(replies.WrongPhase, match="already decided"):
        await service.takeback.answer_rollback("chan", refuser, proposal.proposal, True)
    # approved by all: back to before move 4
    proposal = await service.takeback.propose_rollback("chan", users[0], 4)
    outsider = next((u for u in users if u not in affected and u != users[0]), "stranger")
    with pytest.raises((replies.NotAllowed, replies.NotSeated)):
        await service.takeback.answer_rollback("chan", outsider, proposal.proposal, True)
    replies_ = [await service.takeback.answer_rollback("chan", u, proposal.proposal, True) for u in sorted(affected)]
    assert "back to before move 4" in replies_[-1].text and replies_[-1].settled
    assert not any(r.settled for r in replies_[:-1])  # still waiting for someone: the buttons stay
    game = await store.live_game("chan")
    assert await stand(store, game.id) == [(m.seat, m.option_id) for m in moves[:3]]
    assert game.state == logbook.kept(replay(game.setup, [(m.seat, m.option_id) for m in moves[:3]]))
    assert game.version == moves[-1].version + 2  # one version more, never back
    assert "Rollback" in game.post.notice
    # a proposal nobody answers for 24 hours expires
    await play_random(service, "chan", random.Random(4), limit=4)
    proposal = await service.takeback.propose_rollback("chan", users[0], 1)
    now[0] += PROPOSAL_SECONDS + 1
    answer = await service.takeback.answer_rollback("chan", sorted(affected)[0], proposal.proposal, True)
    assert "expired" in answer.text and answer.settled
    assert len(await stand(store, game.id)) == 7
    assert engine.prompt(game.state) is not None
