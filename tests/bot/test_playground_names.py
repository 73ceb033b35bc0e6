"""The playground's ``plan``, ``order`` and ``early`` read ``NAME:`` alike (``bot.playground.names``):
a player, an animal of theirs (by its id, its name in the terminal's language or English: the
multi-animal variant's way to say which animal), a computer seat told so, anything else the
player to act's line; ``early ANIMAL:`` answers for that animal only."""

from __future__ import annotations

import random

import pytest
from playground_script import play
from service_helpers import TWO_ANIMALS_SEED as SEED
from service_helpers import play_until, start_game, two_of_one_seat

import words
from bot.game.replies import BadRequest
from bot.playground.ahead import early_command, order_command
from bot.playground.names import Named, named
from bot.playground.plan import plan_command
from engine.early import foreseen
from words import T


async def test_a_name_is_a_player_or_an_animal_of_theirs_in_any_of_the_languages(service, store):
    users = await start_game(service, players=2, variant="multi-animal")
    game = await store.live_game("chan")
    ann, bob = game.seat_of(users[0]), game.seat_of(users[1])
    animal = bob.animals[1]
    hungarian, english = words.term(f"animal.{animal}", "hu"), words.term(f"animal.{animal}", "en")
    for typed in (animal, english, hungarian.upper()):
        assert named(game, f"{typed}: domination 1", ann.user_id, "hu", computer=T("play.ahead_computer")) == Named(
            bob.user_id, "P1", animal, "domination 1")
    assert named(game, "p1", ann.user_id, "en", computer=T("play.ahead_computer")) == Named(bob.user_id, "P1", None, "")
    # not a name: the player to act's line, whole (a space or an option id holds ":" too)
    assert named(game, "abundance 1: forfeit", ann.user_id, "en", computer=T("play.ahead_computer")) == Named(
        ann.user_id, "Ann", None, "abundance 1: forfeit")
    refused = named(game, "Zed: domination 1", ann.user_id, "en", computer=T("play.plan_computer"),
                    unknown=T("play.plan_no_seat"))
    assert words.say(refused, "en") == "Nobody called Zed has a seat in this game (the players: Ann, P1)."


async def test_a_computer_seat_is_told_so_by_plan_order_and_early(tmp_path):
    script = ("plan AI (easy): wanderlust 1\norder AI (easy): abundance 1: forfeit\norder AI (easy)\n"
              "early AI (easy): move:1\nearly AI (easy)\nquit\n")
    status, out = await play(tmp_path, script, ["Ann"], ai=["easy"])
    assert status == 0, out
    assert out.count("AI (easy) is a computer player: it keeps no plan.") == 1
    assert out.count("AI (easy) is a computer player: it answers nothing ahead.") == 4
    assert "is not an action space" not in out and "not accepted" not in out.lower()


async def test_early_with_an_animal_answers_for_that_animal_only(service, store, monkeypatch):
    monkeypatch.setattr("bot.game.lobby.secrets.randbits", lambda _bits: SEED)
    await start_game(service, players=2, variant="multi-animal")
    game = await play_until(service, store, lambda g: two_of_one_seat(g) is not None, random.Random(SEED))
    seat, (first, second, *_) = two_of_one_seat(game)
    to_act = (await service.reads.status("chan")).to_act
    with pytest.raises(BadRequest, match="more than one of your animals"):
        await early_command(service, "chan", f"{seat.user_name}: move:0", to_act, "en")
    ids = [f.options[-1].id for f in foreseen(game.state)[1:] if f.animal == second]
    said = words.say(await early_command(service, "chan", f"{words.term(f'animal.{second}', 'hu')}: {', '.join(ids)}",
                                         to_act, "hu"), "hu")
    assert "korai válaszaid megvannak" in said.lower()
    books = await store.books(game.id)
    assert [e["answer"]["option"] for e in books[second].book["early"]] == ids
    assert first not in books or not books[first].book.get("early")
    # plan and order by animal too: the plan is that animal's, the order finds the AP's own
    await plan_command(service, "chan", f"{second}: domination 1", to_act, "en")
    assert (await store.books(game.id))[second].book["standing"]["wishes"] == ["domination-1"]
    shown = words.say(await order_command(service, "chan", second, to_act, "en"), "en")
    assert "Early answer of the" in shown
