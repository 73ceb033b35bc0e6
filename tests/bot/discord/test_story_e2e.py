"""The story of a game through the fake Discord: the end-of-game post, /ds history with its
buttons, /ds log in pages, /ds log file: (the record) and /ds stats, all private and none changing a game.

A whole game is stored before the bot starts (a seeded game loaded as ``--load`` does, in
the fake's channel and server): playing one by clicks would take minutes.
"""

from __future__ import annotations

import asyncio
import sqlite3

from bot_process import BotProcess, alt_texts, is_ephemeral, my_options, prompt_components, slash, text_of
from fake_discord import FakeDiscord, FakeUser
from story_helpers import stored_game

from bot.store.connect import open_store
from bot.store.models import decode_state
from engine import logbook
from engine.record import read_record, replay_record

ANN, BOB = FakeUser(9301, "ann"), FakeUser(9302, "bob")


def stored(db) -> tuple[int, int, dict]:
    """(version, standing moves, state) of the newest game."""
    conn = sqlite3.connect(db)
    try:
        version, blob = conn.execute("SELECT version, state FROM games ORDER BY id DESC").fetchone()
        moves = conn.execute("SELECT count(*) FROM moves WHERE undone = 0 AND game_id = "
                             "(SELECT max(id) FROM games)").fetchone()[0]
        return version, moves, decode_state(blob)
    finally:
        conn.close()


async def wait_edit(fake: FakeDiscord, iid: str, count: int = 1) -> dict:
    return (await fake.wait_followups(iid, count, timeout=20))[count - 1]


def custom_ids(message: dict) -> list[str]:
    return [c["custom_id"] for c in prompt_components(message)]


async def test_a_finished_game_its_final_post_history_log_export_and_stats(fake, tmp_path):
    db = tmp_path / "games.sqlite3"
    store = await open_store(str(db))
    await stored_game(store, str(fake.channel_id), 3, 2, guild_id=str(fake.guild_id), names=["Ann", "Bob", "Cy"])
    await store.close()
    bot = BotProcess(fake, db)
    await bot.start()
    try:
        # the game's end was never posted: it goes out at start-up, with the end-of-game image
        final = (await fake.wait_channel_messages(1, timeout=30))[0]
        assert "VP by source" in final["content"] and "wins" in final["content"]
        names = [f.filename for f in final["files"]]
        assert names == ["board.png", "end-of-game.png"]
        assert all(f.data[:4] == b"\x89PNG" for f in final["files"])
        alts = alt_texts(final)
        assert alts["board.png"].startswith("Turn picture.") and "The game is over." in alts["board.png"]
        assert "Winner: " in alts["end-of-game.png"] and len(alts["end-of-game.png"]) <= 1024
        before = stored(db)

        # any past moment, privately, with buttons that step action by action
        answer = await slash(fake, "history", ANN, {"turn": 3, "move": 2})
        assert is_ephemeral(answer)
        body = answer["followup"]
        assert "turn 3," in body["content"] and body["files"][0].filename == "history.png"
        assert alt_texts(body)["history.png"].startswith("The board as it was: turn 3, ")
        previous, following = custom_ids(body)
        assert previous.startswith("ds:hs:1:") and following.startswith("ds:hs:1:")
        iid = fake.click(following, user=BOB, message_id=body["_message_id"])  # anyone may step through it
        assert (await fake.response(iid))["type"] == 6
        stepped = await wait_edit(fake, iid)
        assert stepped["_op"] == "edit" and stepped["_message_id"] == body["_message_id"]
        assert stepped["content"] != body["content"] and stepped["files"][0].data[:4] == b"\x89PNG"
        assert fake.message(body["_message_id"])["flags"] & 64  # still private
        refused = await slash(fake, "history", ANN, {"turn": 99})
        assert is_ephemeral(refused) and "does not exist" in text_of(refused)

        # the whole log, newest page first, older / newer by turn
        page = await slash(fake, "log", ANN)
        assert is_ephemeral(page) and page["type"] == 4
        newest = text_of(page)
        message = fake.original_message(list(fake.timestamps)[-1])
        older = next(c for c in custom_ids(message) if c.endswith(":o"))
        iid = fake.click(older, user=ANN, message_id=int(message["id"]))
        updated = await fake.response(iid)
        assert updated["type"] == 7 and updated["data"]["content"] != newest
        assert "page" in updated["data"]["content"]
        only = await slash(fake, "log", ANN, {"player": "seat:1", "turn": 2})
        assert is_ephemeral(only) and "only Bob" in text_of(only) and "turn 2" in text_of(only)
        iid = fake.autocomplete("ds", "log", {"player": "cy"}, "player", user=ANN)
        assert [c["value"] for c in (await fake.response(iid))["data"]["choices"]] == ["seat:2"]

        # the record, as a file that replays to the stored game
        exported = await slash(fake, "log", ANN, {"file": True})
        assert is_ephemeral(exported)
        (file,) = exported["followup"]["files"]
        record = read_record(file.data)
        assert file.filename == "dominant-species-game-1.json" and len(record.moves) == before[1]
        assert logbook.kept(replay_record(record)) == before[2] and record.moves[0].at is not None

        # the server's stats
        stats = await slash(fake, "stats", ANN)
        assert is_ephemeral(stats) and "1 game finished" in text_of(stats) and "Longest game" in text_of(stats)
        assert stored(db)[:2] == before[:2]  # looking changed nothing
        assert len(fake.channel_messages()) == 1  # and posted nothing in the channel
    finally:
        assert await bot.stop() == 0


async def test_history_of_a_running_game_is_private_and_a_resignation_ends_it_with_the_final_post(fake, tmp_path):
    bot = BotProcess(fake, tmp_path / "games.sqlite3")
    await bot.start()
    try:
        commands = {o["name"] for o in fake.registered_commands()[0]["options"]}
        assert commands >= {"history", "log", "stats"}
        await slash(fake, "new", ANN, {"players": 2})
        await slash(fake, "join", BOB)
        await slash(fake, "start", ANN)
        await fake.wait_channel_messages(1)
        for _ in range(6):
            user = ANN if await my_options(fake, ANN) else BOB
            await slash(fake, "play", user, {"option": (await my_options(fake, user))[0]["value"]})
        posts = len(fake.channel_messages())
        version, moves, _ = stored(bot.database)
        answer = await slash(fake, "history", BOB, {"turn": 1, "move": 3})
        assert is_ephemeral(answer) and "move 3 of 6" in answer["followup"]["content"]
        assert stored(bot.database)[:2] == (version, moves)
        resigned = await slash(fake, "resign", BOB)
        assert "wins" in text_of(resigned)
        for _ in range(200):
            if len(fake.channel_messages()) > posts and "VP by source" in fake.channel_messages()[-1]["content"]:
                break
            await asyncio.sleep(0.05)
        final = fake.channel_messages()[-1]
        assert "resigns" in final["content"] and "VP by source" in final["content"]
        assert [f.filename for f in final["files"]] == ["board.png", "end-of-game.png"]
        exported = await slash(fake, "log", ANN, {"file": True})
        record = read_record(exported["followup"]["files"][0].data)
        assert record.result["ended_by"] == "resignation" and len(record.moves) == 6
        assert replay_record(record)["result"]["winner_seat"] == 0
    finally:
        assert await bot.stop() == 0
