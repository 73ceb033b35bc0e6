"""Answers before your turn for each animal, through the fake Discord and the real bot process:
in the multi-animal variant, when the step under way will ask two of one player's animals, the
"Answer ahead" menus hold a menu for each, and a pick in the second's answers for the second;
``/ds ahead orders`` without an animal is refused privately (naming them), its ``space:`` offers
and takes an animal; "Plan ahead" for three animals shows one animal's menus at a time.  The
player reads Hungarian (their Discord's language) in an English game."""

from __future__ import annotations

import json
import random
import sqlite3

from bot_process import BotProcess, is_ephemeral, slash, text_of
from fake_discord import FakeUser
from service_helpers import TWO_ANIMALS_SEED, play_until, two_of_one_seat

import words
from bot.game.service import GameService
from bot.store.connect import open_store
from engine.early import foreseen

ANN, BOB = FakeUser(9831, "ann", locale="hu"), FakeUser(9832, "bob", locale="hu")


def early_of(db, animal: str) -> list[str]:
    conn = sqlite3.connect(db)
    try:
        rows = list(conn.execute("SELECT book FROM answers_ahead WHERE animal = ?", (animal,)))
    finally:
        conn.close()
    return [e["answer"]["option"] for row in rows for e in json.loads(row[0])["early"]]


def selects(body: dict) -> list[dict]:
    return [c for row in body.get("components") or [] for c in row["components"] if c["type"] == 3]


async def test_each_animal_answers_before_its_turn_in_the_menus_and_by_command(fake, tmp_path, monkeypatch):
    # the position, made through the service before the bot starts: a Wanderlust that will ask
    # two of one player's animals after the prompt pending now
    db = tmp_path / "games.sqlite3"
    monkeypatch.setattr("bot.game.lobby.secrets.randbits", lambda _bits: TWO_ANIMALS_SEED)
    store = await open_store(str(db))
    service, channel = GameService(store), str(fake.channel_id)
    await service.lobby.create_lobby(channel, str(ANN.id), "ann", 2, "multi-animal", guild_id=str(fake.guild_id))
    await service.lobby.join(channel, str(BOB.id), "bob")
    await service.lobby.start(channel, str(ANN.id))
    game = await play_until(service, store, lambda g: two_of_one_seat(g) is not None, random.Random(7),
                            channel=channel)
    seat, animals = two_of_one_seat(game)
    asked = {a: [f for f in foreseen(game.state)[1:] if f.animal == a] for a in animals}
    await store.close()
    user = ANN if seat.user_id == str(ANN.id) else BOB
    bot = BotProcess(fake, db)
    await bot.start()
    try:
        # "Answer ahead": a menu for each animal the step will ask, privately, in Hungarian
        iid = fake.click(f"ds:ahead:{game.id}", user=user)
        menus = await fake.response(iid)
        assert is_ephemeral(menus) and "Előre válaszolok:" in menus["data"]["content"]
        early = {s["custom_id"].split(":")[4]: s for s in selects(menus["data"]) if s["custom_id"].startswith("ds:ae:")}
        assert set(animals) <= set(early)
        second = animals[1]
        assert early[second]["placeholder"].startswith(words.term(f"animal.{second}", "hu"))
        last = str(len(asked[second][0].options) - 1)
        menu = int(fake.original_message(iid)["id"])
        pick = fake.select(early[second]["custom_id"], [last], user=user, message_id=menu)
        assert (await fake.response(pick))["type"] == 7  # the menus' own message, changed in place
        assert early_of(db, second) == [asked[second][0].options[-1].id]
        assert early_of(db, animals[0]) == []  # the other animal's answers are its own
        # by command: without the animal refused, privately and in Hungarian; space: offers and takes it
        refused = await slash(fake, "ahead orders", user, {"answers": asked[animals[0]][0].options[0].id})
        assert is_ephemeral(refused) and "több állatodat is" in text_of(refused)
        iid = fake.autocomplete("ds", "ahead orders", {"space": ""}, "space", user=user)
        offered = [c["value"] for c in (await fake.response(iid))["data"]["choices"]]
        assert set(animals) <= set(offered)
        ids = [f.options[0].id for f in asked[animals[0]]]
        kept = await slash(fake, "ahead orders", user, {"space": animals[0], "answers": ", ".join(ids)})
        assert is_ephemeral(kept) and "korai válaszaid megvannak" in text_of(kept).lower()
        assert early_of(db, animals[0]) == ids and early_of(db, second) == [asked[second][0].options[-1].id]
        # "Plan ahead" with three animals (the 2-player variant): their menus do not all fit in one
        # message, so an animal menu comes first and shows the menus of the one picked
        iid = fake.click(f"ds:plan:{game.id}", user=user)
        plans = await fake.response(iid)
        assert is_ephemeral(plans) and len(plans["data"]["components"]) <= 5
        (whose, *spaces) = selects(plans["data"])
        assert whose["custom_id"] == f"ds:pw:{game.id}" and [o["value"] for o in whose["options"]] == seat.animals
        assert {s["custom_id"].split(":")[3] for s in spaces} == {seat.animals[0]}
        menu = int(fake.original_message(iid)["id"])
        switched = await fake.response(fake.select(whose["custom_id"], [second], user=user, message_id=menu))
        assert switched["type"] == 7
        assert {s["custom_id"].split(":")[3] for s in selects(switched["data"])[1:]} == {second}
    finally:
        assert await bot.stop() == 0
