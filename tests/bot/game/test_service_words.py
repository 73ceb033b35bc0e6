"""The service's answers and refusals worded in both languages, strictly (every key, placeholder
and glossary form there), and a Hungarian game's public texts in Hungarian."""

from __future__ import annotations

import random

import pytest
from service_helpers import play_random

from bot.game import replies
from bot.game.service import GameService
from bot.game.texts import default_game_language, lobby_card
from words import say


def both(reply_or_error) -> tuple[str, str]:
    """The text in English and Hungarian (a missing key or form raises: words are strict here)."""
    en, hu = reply_or_error.in_("en"), reply_or_error.in_("hu")
    assert en.strip() and hu.strip()
    return en, hu


async def refused(call) -> tuple[str, str]:
    with pytest.raises(replies.ServiceError) as e:
        await call
    return both(e.value)


def test_a_game_speaks_hungarian_on_a_hungarian_server():
    assert default_game_language("hu") == "hu"
    assert default_game_language("en-US") == "en" and default_game_language(None) == "en"
    assert default_game_language("de") == "en"


async def test_every_answer_and_refusal_of_a_game_words_in_both_languages(store):
    service = GameService(store, clock=lambda: 1000.0)
    opened = await service.lobby.create_lobby("chan", "u0", "Anna", 3, language="hu")
    assert opened.lang == "hu"
    en, hu = both(opened)
    assert "lobby" in en and "várakozó" in hu
    await refused(service.lobby.create_lobby("chan", "u9", "Zed", 2))
    await refused(service.lobby.create_lobby("x", "u9", "Zed", 9))
    await refused(service.lobby.create_lobby("x", "u9", "Zed", 2, language="de"))
    await refused(service.lobby.start("chan", "u0"))
    joined = await service.lobby.join("chan", "u1", "Bob", "Madarak")  # an animal by its Hungarian name
    assert "Madarak" in joined.in_("hu") and "Birds" in joined.in_("en")
    await refused(service.lobby.join("chan", "u2", "Cy", "birds"))
    await refused(service.lobby.join("chan", "u1", "Bob"))
    await refused(service.lobby.start("chan", "u1"))
    game = await store.live_game("chan")
    en, hu = say(lobby_card(game), "en"), say(lobby_card(game), "hu")
    assert "Join with the button" in en and "Csatlakozz" in hu
    both(await service.lobby.configure("chan", "u0", board="turn", language="hu"))
    await refused(service.lobby.configure("chan", "u0", language="xx"))
    both(await service.clockwork.set_pace("chan", "u0", reminder="12h", deadline="2d"))
    await refused(service.clockwork.set_pace("chan", "u0", reminder="soon"))
    both(await service.lobby.join("chan", "u2", "Cy"))
    started = await service.lobby.start("chan", "u0")
    en, hu = both(started)
    assert "begins" in en and "Kezdődik" in hu
    status = await service.reads.status("chan")
    en, hu = both(status)
    assert "VP:" in en and "kör" in hu and "Tempó" in hu
    assert all(c.label for c in status.choices)
    waiting = next(u for u in ("u0", "u1", "u2") if u != status.to_act)
    en, hu = await refused(service.play.act("chan", waiting, status.choices[0].id))
    assert en.startswith("It is not your turn") and hu.startswith("Nem te következel")
    await refused(service.play.act("chan", status.to_act, "nonsense"))
    await refused(service.play.act("chan", status.to_act, status.choices[0].id, status.version + 5))
    chosen = await service.play.act("chan", status.to_act, status.choices[0].id, status.version)
    en, hu = both(chosen)
    assert en.startswith("You chose:") and hu.startswith("Választásod:")
    both(await service.takeback.undo("chan", status.to_act))
    await refused(service.takeback.undo("chan", waiting))
    await play_random(service, "chan", random.Random(3), 12)
    both(await service.reads.status("chan"))
    both(await service.reads.log("chan", 20))
    both(await service.clockwork.away("chan", "u1", "1d"))
    await refused(service.clockwork.away("chan", "u1", "30d"))
    both(await service.reads.status("chan"))
    both(await service.clockwork.back("chan", "u1"))
    await refused(service.clockwork.back("chan", "u1"))
    both(await service.clockwork.my_games("u1"))
    both(await service.clockwork.set_notify("u1", True))
    both(await service.clockwork.set_notify("u1", False))
    both(await service.clockwork.replace_seat("chan", "u0", 3, "u7", "Dora"))
    await refused(service.clockwork.replace_seat("chan", "u0", 9, "u8", "Eve"))
    both(await service.takeback.propose_rollback("chan", "u0", 1))
    await refused(service.takeback.propose_rollback("chan", "u0", 1))
    both(await service.play.resign("chan", "u1"))
    both(await service.clockwork.ask_to_leave("chan", "u7"))
    await refused(service.clockwork.ask_to_leave("chan", "u7"))
    both(await service.play.abandon("chan", "u0"))
    await refused(service.reads.status("chan"))


async def test_status_tells_what_a_resignation_does_only_in_a_two_player_game(service):
    from service_helpers import start_game

    await start_game(service, "three", players=3)
    await start_game(service, "two", players=2)
    for lang in ("en", "hu"):
        three = (await service.reads.status("three")).in_(lang)
        two = (await service.reads.status("two")).in_(lang)
        said = {"en": "In a 2-player game, when a player resigns", "hu": "2 fős játszmában"}[lang]
        assert said not in three and said in two, (three, two)
