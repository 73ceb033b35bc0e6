"""The private texts of answers ahead are in the reader's language, whatever the game's: a
Hungarian reader of an English game reads Hungarian, an English reader of a Hungarian game
English (the book view, an order kept, a rehearsal and its options, a plan kept and shown, what
stopped, told atop them).  The direct message that tells a stop later is in the game's language,
as every direct message of the outbox is."""

from __future__ import annotations

import json
import random

import pytest
from test_ahead import order_whole, outbox_of, place, play_until

import words
from bot.game.asked import asked
from bot.game.books import stop_told, tell
from bot.store.models import AheadBook
from engine.orders import Stop
from engine.rehearsal import Answer, Rehearsing
from engine.text import msg

#: What each language's texts say, and the other's do not (the catalogues' words).
SAYS = {"en": ("Order for the", "Next it would ask", "Planned for the"),
        "hu": ("Utasítás (", "Ezután ezt kérdezné", "Terv (")}
OTHER = {"en": "hu", "hu": "en"}


async def start(service, language: str, channel: str = "chan") -> list[str]:
    users = ["user0", "user1"]
    await service.lobby.create_lobby(channel, users[0], "Ann", 2, language=language)
    await service.lobby.join(channel, users[1], "Bob")
    await service.lobby.start(channel, users[0])
    return users


@pytest.mark.parametrize(("game_lang", "reader"), [("en", "hu"), ("hu", "en")])
async def test_the_private_texts_of_answers_ahead_are_in_the_readers_language(service, store, game_lang, reader):
    users = await start(service, game_lang)
    first = (await service.reads.status("chan")).to_act
    other = next(u for u in users if u != first)
    await place(service, store, first, "abundance-1")
    game = await store.live_game("chan")
    animal = game.seat_of(first).animals[0]
    order, ask, planned = SAYS[reader]
    # a rehearsal: what it asks, and its options' labels
    r = await service.ahead.rehearse("chan", first, "abundance-1", lang=reader)
    prompt = Rehearsing(game.state, animal, "abundance-1").asked
    offered = prompt.options
    assert ask in r.said and SAYS[game_lang][1] not in r.said
    assert [c.label for c in r.choices] == [words.option(o, reader) for o in offered]
    # an order kept, and the book view with what stopped atop it
    given = await order_whole(service, first, "abundance-1")
    kept = await service.ahead.give_order("chan", first, "abundance-1", given, lang=reader)
    assert order in words.say(kept.message, reader) and SAYS[game_lang][0] not in words.say(kept.message, reader)
    stopped = msg("stop.not_offered", choice=offered[0].text.to_dict(), prompt=prompt.text.to_dict())
    row = (await store.books(game.id))[animal]
    tell(row, [stop_told(Stop(animal, "abundance-1", stopped))])
    async with store.transaction():
        await store.put_book(game.id, row)
    sheet = await service.ahead.sheet("chan", first, lang=reader)
    assert words.reason(stopped, reader) in sheet.message and order in sheet.message
    assert words.reason(stopped, game_lang) not in sheet.message and SAYS[game_lang][0] not in sheet.message
    # a plan kept (typed in the reader's words) and shown, with what stopped
    typed = words.say(words.T("bot.plan.none", animal=animal), reader).rpartition("spaces:")[2].rstrip(".")
    plan = await service.plans.set_plan("chan", other, typed, lang=reader)
    assert planned in words.say(plan.message, reader) and SAYS[game_lang][2] not in words.say(plan.message, reader)
    row = (await store.books(game.id)).get(game.seat_of(other).animals[0])
    tell(row, [stop_told(Stop(row.animal, None, stopped))])
    async with store.transaction():
        await store.put_book(game.id, row)
    shown = words.say((await service.plans.show_plan("chan", other, lang=reader)).message, reader)
    assert words.reason(stopped, reader) in shown and words.reason(stopped, game_lang) not in shown


async def test_a_stop_is_told_by_direct_message_in_the_games_language_and_atop_the_view_in_the_readers(
        service, store):
    await start(service, "hu")
    first = (await service.reads.status("chan")).to_act
    await place(service, store, first, "abundance-1")
    game = await store.live_game("chan")
    seat = game.seat_of(first)
    animal = seat.animals[0]
    text = Rehearsing(game.state, animal, "abundance-1").asked.text.to_dict()
    gone = Answer("abundance", json.loads(json.dumps(text)), "element:nowhere",
                  {"key": "abundance.element", "args": {"element": "seed"}})
    book = {"animal": animal, "standing": {"wishes": [], "best": False}, "early": [],
            "orders": [{"animal": animal, "space": "abundance-1", "turn": game.state["turn"],
                        "answers": [gone.to_dict()]}]}
    async with store.transaction():
        await store.put_book(game.id, AheadBook(animal, book))

    def asked_now(g) -> bool:
        p = asked(g.state)
        return p is not None and p.kind == "abundance" and p.seat == seat.seat

    game = await play_until(service, store, asked_now, random.Random(5))
    (dm,) = [t for k, t, _ in await outbox_of(store, game.id) if k == "ahead_stopped"]
    assert "már nem választható" in dm and "no longer offered" not in dm  # the game's language
    shown = (await service.ahead.sheet("chan", first, lang="en")).message
    assert "no longer offered" in shown and "már nem választható" not in shown  # the reader's
