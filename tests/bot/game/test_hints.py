"""Hints (bot.game.hints, engine.ai.hints): the normal AI's choice first and its two best
alternatives, each with a line from its evaluation, in the player's language, within 2 s;
the hinted decision marked in the move list and the record; every refusal private and writing
nothing."""

from __future__ import annotations

import json
import random
import time

import pytest
from service_helpers import play_random, snapshot

import engine
import engine.ai
from bot.game import replies
from bot.game.hints import ai_seed, hint_here
from bot.game.records import export_record
from engine.ai.hints import ranked
from engine.history import replay
from engine.simulate import random_game


async def hinted_game(service, hints: bool = True) -> list[str]:
    service.hints.hinter = hint_here
    users = ["u0", "u1"]
    await service.lobby.create_lobby("chan", users[0], "Ann", 2, hints=hints)
    await service.lobby.join("chan", users[1], "Bob")
    await service.lobby.start("chan", users[0])
    return users


def test_the_first_ranked_option_is_the_normal_ais_choice_and_it_is_quick():
    final, moves = random_game(4, 5)
    setup = {"players": 4, "seed": 5, "multi_animal": False, "animals": [s["animals"] for s in final["seats"]]}
    worst = 0.0
    for k in range(0, len(moves), max(1, len(moves) // 25)):
        state = replay(setup, moves[:k])
        started = time.perf_counter()
        best = ranked(state, "normal", k)
        worst = max(worst, time.perf_counter() - started)
        assert best[0].option == engine.ai.choose(state, "normal", k)
        assert len(best) == min(3, len(engine.prompt(state).options))
        assert [r.score for r in best] == sorted((r.score for r in best), reverse=True)
    assert worst < 2.0
    with pytest.raises(ValueError, match="hints come from"):
        ranked(final, "hard", 0)


async def test_a_hint_then_the_choice_is_marked_in_the_move_list_and_the_record(service, store):
    users = await hinted_game(service)
    await play_random(service, "chan", random.Random(2), 3)
    game = await store.live_game("chan")
    actor = next(s.user_id for s in game.seats if s.seat == engine.prompt(game.state).seat)
    started = time.perf_counter()
    reply = await service.hints.hint("chan", actor)
    assert time.perf_counter() - started < 2.0 and not reply.public
    best = engine.ai.choose(game.state, "normal", ai_seed(game.seed, game.version))
    label = engine.prompt(game.state).option(best)
    text = reply.text
    assert text.startswith("**Hint** for: ") and f"1. {service_label(label)}: " in text
    assert "Its best alternatives:" in text and "\n2. " in text and "\n3. " in text
    assert "standing against the others" in text or "worth" in text
    hu = reply.in_("hu")
    assert hu.startswith("**Tipp** ehhez: ") and "A legjobb további lehetőségek:" in hu
    await service.play.act("chan", actor, best)
    moves = await store.move_list(game.id)
    assert moves[-1].hinted and not any(m.hinted for m in moves[:-1])
    await play_random(service, "chan", random.Random(3), 2)  # the next choices are not hinted
    moves = await store.move_list(game.id)
    assert [m.hinted for m in moves].count(True) == 1
    assert any("(hint)" in text for _, text in await service.reads.moves("chan"))
    _, data, _ = await export_record(service.chronicle, "chan", 0)
    record = json.loads(data)
    assert [m.get("hinted", False) for m in record["moves"]].count(True) == 1
    assert record["moves"][3]["hinted"] is True
    with pytest.raises(replies.WrongPhase, match="chosen before the game starts"):
        await service.lobby.configure("chan", users[0], hints=False)


async def test_hints_refused_write_nothing(service, store):
    users = await hinted_game(service, hints=False)
    game = await store.live_game("chan")
    actor = next(s.user_id for s in game.seats if s.seat == engine.prompt(game.state).seat)
    other = next(u for u in users if u != actor)
    before = await snapshot(store)
    with pytest.raises(replies.NotAllowed, match="does not allow hints"):
        await service.hints.hint("chan", actor)
    with pytest.raises(replies.NotSeated):
        await service.hints.hint("chan", "stranger")
    with pytest.raises(replies.NoGame):
        await service.hints.hint("elsewhere", actor)
    async with store.transaction():
        await store.update_game(game.id, settings={**game.settings, "hints": True})
    before = await snapshot(store)
    with pytest.raises(replies.NotYourTurn):
        await service.hints.hint("chan", other)
    assert await snapshot(store) == before


async def test_hints_are_a_lobby_setting(service, store):
    await service.lobby.create_lobby("chan", "u0", "Ann", 2)
    assert "Hints: off." in (await service.lobby.configure("chan", "u0")).text
    assert "Hints: allowed" in (await service.lobby.configure("chan", "u0", hints=True)).text
    assert (await store.live_game("chan")).settings["hints"] is True


def service_label(option: engine.Option) -> str:
    import words

    return words.option(option, "en")
