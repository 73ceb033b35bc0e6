"""Answers ahead per animal in the multi-animal variant, through the game service on both stores:
when the step under way will ask two of one player's animals, each answers early for itself (an
answer without the animal is refused and names them), and each animal's early answers go in at
its own turns, marked early; orders and plans stay each animal's own."""

from __future__ import annotations

import random

import pytest
from service_helpers import TWO_ANIMALS_SEED as SEED
from service_helpers import play_until, snapshot, start_game, two_of_one_seat
from test_ahead import moves_of

import words
from bot.game.replies import BadRequest
from engine.early import foreseen, independent_now


async def test_each_animal_answers_early_for_itself_in_the_multi_animal_variant(service, store, monkeypatch):
    monkeypatch.setattr("bot.game.lobby.secrets.randbits", lambda _bits: SEED)
    await start_game(service, players=2, variant="multi-animal")
    game = await play_until(service, store, lambda g: two_of_one_seat(g) is not None, random.Random(SEED))
    seat, (first, second) = two_of_one_seat(game)[0], two_of_one_seat(game)[1][:2]
    state = game.state
    asked = {a: [f for f in foreseen(state)[1:] if f.animal == a] for a in (first, second)}
    # the menus offer each animal's prompts
    sheet = await service.ahead.sheet("chan", seat.user_id, told=False)
    assert {first, second} <= {a for a, _, _ in sheet.early}
    # without the animal, the answers are nobody's: refused, naming them, and nothing is kept
    before = await snapshot(store)
    with pytest.raises(BadRequest) as refused:
        await service.ahead.answer_early("chan", seat.user_id, [asked[second][0].options[0].id])
    said = words.say(refused.value.message, "en")
    assert "more than one of your animals" in said and words.term(f"animal.{second}") in said
    assert await snapshot(store) == before
    # what the step will ask the second animal, and its options' ids
    shown = words.say((await service.ahead.early_reply("chan", seat.user_id, second)).message, "en")
    assert words.term(f"animal.{second}") in shown and asked[second][0].options[-1].id in shown
    # each animal answers for itself: the second's answers go to the second's prompts only
    answers = {a: [f.options[-1].id for f in asked[a]] for a in (first, second)}
    await service.ahead.answer_early("chan", seat.user_id, answers[second], animal=second)
    await service.ahead.answer_early("chan", seat.user_id, answers[first], animal=first)
    books = await store.books(game.id)
    assert [e["answer"]["option"] for e in books[second].book["early"]] == answers[second]
    assert [e["answer"]["option"] for e in books[first].book["early"]] == answers[first]
    # the step plays out (the others' first options); each answer goes in at its animal's turn
    prompts, already = foreseen(state), len(await moves_of(store))
    while (g := await store.latest_game("chan")).state is not None and independent_now(g.state):
        status = await service.reads.status("chan")
        await service.play.act("chan", status.to_act, status.choices[0].id, status.version)
    step = (await moves_of(store))[already:already + len(prompts)]
    mine = [(seat.seat, answers[f.animal].pop(0), "early") for f in prompts[1:] if f.animal in (first, second)]
    assert [m for m in step if m[2] == "early"] == mine
    assert not any(answers.values())  # every answer given was used

async def test_an_animal_not_of_the_player_is_refused_for_early_answers(service, store):
    users = await start_game(service, players=2, variant="multi-animal")
    game = await store.live_game("chan")
    theirs = game.seat_of(users[1]).animals[0]
    with pytest.raises(BadRequest, match="not yours"):
        await service.ahead.answer_early("chan", users[0], ["move:1"], animal=theirs)
