"""Answers ahead as players type them, through the game service on both stores: every value the
prompt shows (its number in the list, its id, its label in the reader's language or English) is
read as the live prompt reads it, in an order and in an early answer."""

from __future__ import annotations

import pytest
from service_helpers import start_game

import engine
import words
from bot.game.replies import BadRequest, IllegalChoice
from bot.store.models import Game
from engine import logbook
from engine.phases import resolving
from engine.rehearsal import Rehearsing
from tests.bot.game.test_ahead import order_whole, outbox_of, place
from tests.engine.helpers import clear_earth, lay_sea_on_d1


async def moves_onto_d1(service, store) -> Game:
    """A 6-player game where the amphibians' Wanderlust has just laid a sea tile on D1: the
    mammals (asked now), the birds and the insects may move from D2 onto it, in that order."""
    await start_game(service, players=6)
    game = await store.live_game("chan")
    state = game.state
    clear_earth(state)
    lay_sea_on_d1(state)
    async with store.transaction():
        await store.save_state(game.id, game.version, game.version + 1, logbook.kept(state))
    return await store.live_game("chan")


def user_of(game: Game, animal: str) -> str:
    return next(s.user_id for s in game.seats if animal in s.animals)


async def order_of(store, animal: str) -> list[str]:
    game = await store.live_game("chan")
    return [a["option"] for o in (await store.books(game.id))[animal].book["orders"] for a in o["answers"]]


def second_corner(state, animal: str, element: str) -> str:
    r = Rehearsing(state, animal, "abundance-1")
    r.answer(element)
    return r.asked.options[1].id


async def test_an_order_takes_each_answer_as_the_live_prompt_shows_it(service, store):
    await start_game(service, players=2)
    first = (await service.reads.status("chan")).to_act
    await place(service, store, first, "abundance-1")
    game = await store.live_game("chan")
    animal = game.seat_of(first).animals[0]
    asked = Rehearsing(game.state, animal, "abundance-1").asked
    elements = [o for o in asked.options if o.id.startswith("element:")]
    one, last = elements[0], elements[-1]
    number = asked.options.index(last) + 1
    r = Rehearsing(game.state, animal, "abundance-1")
    r.answer(one.id)
    corner = r.asked.options[1]
    # labels as shown (any case and spacing), and numbers as the live prompt numbers the options
    typed = f"  {words.option(one).upper().replace(' ', '  ')}, {words.option(corner).lower()}"
    await service.ahead.give_order("chan", first, "abundance-1", typed)
    assert await order_of(store, animal) == [one.id, corner.id]
    await service.ahead.give_order("chan", first, "abundance-1", f"{number}, 2")
    assert await order_of(store, animal) == [last.id, second_corner(game.state, animal, last.id)]
    # the reader's language, and English beside it
    await service.ahead.give_order("chan", first, "abundance-1", words.option(last, "hu"), lang="hu")
    assert await order_of(store, animal) == [last.id]
    await service.ahead.give_order("chan", first, "abundance-1", "Forfeit Abundance", lang="hu")
    assert await order_of(store, animal) == ["forfeit"]
    shown = await service.ahead.rehearse("chan", first, "abundance-1", [words.option(one, "hu")], typed_in="hu")
    assert shown.answers == (one.id,)


async def test_an_early_answer_takes_its_label_and_its_number(service, store):
    game = await moves_onto_d1(service, store)
    birds, insects = user_of(game, "birds"), user_of(game, "insects")
    await service.ahead.answer_early("chan", birds, "move 1 species from D2 wetland onto D1 sea")
    await service.ahead.answer_early("chan", insects, "2")  # the second of "Move 1 ...", "Move none ..."
    books = await store.books(game.id)
    assert [e["answer"]["option"] for e in books["birds"].book["early"]] == ["move:1"]
    assert [e["answer"]["option"] for e in books["insects"].book["early"]] == ["move:0"]
    hungarian = words.option(engine.prompt(game.state).options[-1], "hu")  # "move none", as the birds are offered
    await service.ahead.answer_early("chan", birds, hungarian, typed_in="hu")
    assert [e["answer"]["option"] for e in (await store.books(game.id))["birds"].book["early"]] == ["move:0"]


async def test_early_answers_are_cleared_with_a_clear_word_and_nothing_else_goes(service, store):
    game = await moves_onto_d1(service, store)
    birds = user_of(game, "birds")
    await service.plans.set_plan("chan", birds, "wanderlust 1")
    await service.ahead.answer_early("chan", birds, "move:2")
    cleared = await service.ahead.clear_early("chan", birds)
    assert "cleared" in words.say(cleared.message, "en") and not cleared.public
    book = (await store.books(game.id))["birds"].book
    assert book["early"] == [] and book["standing"]["wishes"] == ["wanderlust-1"]  # the plan stays
    with pytest.raises(BadRequest) as refused:
        await service.ahead.clear_early("chan", birds)
    assert "no early answers" in words.say(refused.value.message, "en")
    assert "Nincs törölhető" in words.say(refused.value.message, "hu")


async def test_moves_answered_ahead_are_marked_in_the_log_and_the_history(service, store):
    """/ds log (its pages and the playground's last lines) and /ds history mark a move answered
    ahead as the channel's post does, from the move list: a planned placement, an ordered action."""
    users = await start_game(service, players=2)
    first = (await service.reads.status("chan")).to_act
    second = next(u for u in users if u != first)
    await service.plans.set_plan("chan", second, "wanderlust 1")
    await place(service, store, first, "adaptation-1")
    order = await order_whole(service, first, "adaptation-1")
    await service.ahead.give_order("chan", first, "adaptation-1", order)
    for _ in range(60):  # Planning played out by hand; Execution comes to the ordered AP at once
        if any(m.made_by == "ordered" for m in await store.move_list((await store.live_game("chan")).id)):
            break
        status = await service.reads.status("chan")
        await service.play.act("chan", status.to_act, status.choices[-1].id, status.version)
    game = await store.live_game("chan")
    made_by = [m.made_by for m in await store.move_list(game.id)]
    assert "planned" in made_by and "ordered" in made_by
    log = words.say((await service.reads.log("chan", 50)).message, "en")
    assert log.count(" (planned)") == made_by.count("planned") and " (ordered)" in log
    assert [line for line in log.splitlines() if line.endswith("(planned)")][0].startswith("T1 ")
    page = (await service.chronicle.log_page("chan", turn=1)).text
    assert page.count(" (planned)") == made_by.count("planned") and page.count(" (ordered)") == made_by.count("ordered")
    theirs = (await service.chronicle.log_page("chan", player=game.seat_of(second).user_name, turn=1)).text
    assert " (planned)" in theirs and " (ordered)" not in theirs  # the filter keeps each line's mark
    assert " (tervből)" in (await service.chronicle.log_page("chan", turn=1, lang="hu")).text
    moments = [(await service.chronicle.moment(game, k, picture=False)).text for k in range(1, len(made_by) + 1)]
    assert any(" (planned)" in t for t in moments) and any(" (ordered)" in t for t in moments)


async def test_an_order_for_an_ap_that_acted_is_refused_saying_so_in_both_languages(service, store):
    await start_game(service, players=2)
    while (game := await store.live_game("chan")).state["phase"] == "planning":
        status = await service.reads.status("chan")
        await service.play.act("chan", status.to_act, status.choices[0].id, status.version)
    space, animal = resolving(game.state)
    user = user_of(game, animal)
    while resolving((await store.live_game("chan")).state)[0] == space:
        status = await service.reads.status("chan")
        await service.play.act("chan", status.to_act, status.choices[0].id, status.version)
    with pytest.raises(IllegalChoice) as refused:
        await service.ahead.give_order("chan", user, space, "1")
    assert "has acted already" in words.say(refused.value.message, "en")
    assert "már sorra került" in words.say(refused.value.message, "hu")
    assert "have no AP" not in words.say(refused.value.message, "en")


async def test_a_wish_found_taken_is_told_once_not_at_every_placement(service, store):
    users = await start_game(service, players=2)
    first = (await service.reads.status("chan")).to_act
    second = next(u for u in users if u != first)
    await service.plans.set_plan("chan", second, "domination 1")
    await place(service, store, first, "domination-1")
    for _ in range(3):  # the second is asked each time (their only wish is taken), and places by hand
        status = await service.reads.status("chan")
        assert status.to_act == second
        await service.play.act("chan", second, status.choices[-1].id, status.version)
        status = await service.reads.status("chan")
        await service.play.act("chan", first, status.choices[-1].id, status.version)
    game = await store.live_game("chan")
    told = [t for k, t, _ in await outbox_of(store, game.id) if "went to the" in t]
    assert len(told) == 1, told  # one direct message, at the placement that first found it taken
    shown = words.say((await service.ahead.show("chan", second)).message, "en")
    assert shown.count("Domination 1 went to the") == 1, shown


async def test_what_an_early_answer_and_an_order_answer_is_shown_with_the_options(service, store):
    game = await moves_onto_d1(service, store)
    shown = words.say((await service.ahead.early_reply("chan", user_of(game, "birds"))).message, "en")
    assert "Before their turn the Birds will be asked: Wanderlust: move species from D2 wetland" in shown
    assert "Options: move:3 (Move 3 species from D2 wetland onto D1 sea), move:2 (" in shown
    with pytest.raises(BadRequest) as nothing:
        await service.ahead.early_reply("chan", user_of(game, "amphibians"))
    assert "nothing to answer early now" in words.say(nothing.value.message, "en")


async def test_an_order_given_in_part_says_what_it_would_ask_next(service, store):
    await start_game(service, players=2)
    first = (await service.reads.status("chan")).to_act
    await place(service, store, first, "abundance-1")
    kept = words.say((await service.ahead.give_order("chan", first, "abundance-1", "1")).message, "en")
    assert "Next it would ask: Abundance: choose a vacant corner" in kept and "Its options: corner:" in kept
    whole = await order_whole(service, first, "abundance-1")
    kept = words.say((await service.ahead.give_order("chan", first, "abundance-1", whole)).message, "en")
    assert "Next it would ask" not in kept and "Its options" not in kept
