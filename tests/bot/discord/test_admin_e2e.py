"""``/ds admin`` through the fake Discord and the real ``python -m bot``: refused privately
without Manage Server; the server's defaults shape a new game; the games listed with links; a
game abandoned from another channel, and its channel told."""

from __future__ import annotations

import asyncio
import re
import sqlite3
import time

import pytest
from bot_process import BotProcess, eventually, is_ephemeral, latest_prompt, prompt_components, slash, text_of
from fake_discord import FakeDiscord, FakeUser

from bot.game.service import GameService
from bot.store.connect import open_store

ANN, MOD = FakeUser(9901, "ann"), FakeUser(9902, "mod")
MANAGE_GUILD = 1 << 5


@pytest.fixture
async def fake():
    async with FakeDiscord() as f:
        f.mods = f.add_channel("mods")  # where the managers talk (known before the bot connects)
        yield f


async def test_server_managers_see_every_game_abandon_one_and_set_the_defaults(fake, bot):
    refused = await slash(fake, "admin games", ANN)
    assert is_ephemeral(refused) and "Manage Server" in text_of(refused)
    iid = fake.autocomplete("ds", "admin defaults", {}, "board", user=MOD, permissions=MANAGE_GUILD)
    offered = (await fake.response(iid))["data"]["choices"]
    assert [c["value"] for c in offered] == ["action", "turn", "request"] and offered[1]["name"] == "turn: every turn"
    saved = await slash(fake, "admin defaults", MOD, {"language": "hu", "board": "turn", "hints": "on"},
                        permissions=MANAGE_GUILD)
    assert is_ephemeral(saved) and text_of(saved).startswith("Saved.") and "Hints: on" in text_of(saved)
    opened = await slash(fake, "new", ANN, {"players": 2})
    assert text_of(opened).startswith("#1 játszma: megnyílt a várakozó")  # the server's language, by default
    conn = sqlite3.connect(bot.database)
    (settings,) = conn.execute("SELECT settings FROM games WHERE id = 1").fetchone()
    conn.close()
    assert '"language": "hu"' in settings and '"hints": true' in settings and '"board": "turn"' in settings
    listed = await slash(fake, "admin games", MOD, permissions=MANAGE_GUILD)
    assert is_ephemeral(listed) and f"https://discord.com/channels/{fake.guild_id}/{fake.channel_id}" in text_of(listed)
    iid = fake.autocomplete("ds", "admin abandon", {}, "game", user=MOD, permissions=MANAGE_GUILD)
    assert [c["value"] for c in (await fake.response(iid))["data"]["choices"]] == [1]
    done = await slash(fake, "admin abandon", MOD, {"game": 1}, channel_id=fake.mods, permissions=MANAGE_GUILD)
    assert is_ephemeral(done) and "Game #1 is abandoned" in text_of(done)
    def notices() -> list[dict]:
        return [m for m in fake.channel_messages() if (m.get("content") or "").startswith("mod, a szerver")]

    deadline = time.monotonic() + 10
    while time.monotonic() < deadline and not notices():
        await asyncio.sleep(0.1)
    await asyncio.sleep(0.5)
    assert len(notices()) == 1  # told in the game's channel, in the game's language
    again = await slash(fake, "admin abandon", MOD, {"game": 1}, permissions=MANAGE_GUILD)
    assert is_ephemeral(again) and "not a lobby or a running game" in text_of(again)


async def test_only_a_manager_rebuilds_the_ratings_and_is_told_what_was_rebuilt(fake, bot):
    refused = await slash(fake, "stats", ANN, {"rebuild": True})
    assert is_ephemeral(refused) and "manage this server" in text_of(refused), text_of(refused)
    rebuilt = await slash(fake, "stats", MOD, {"rebuild": True}, permissions=MANAGE_GUILD)
    assert is_ephemeral(rebuilt) and "Ratings rebuilt from 0 rated games: 0 rated players" in text_of(rebuilt)


async def test_an_abandoned_games_last_prompt_loses_its_buttons_and_menus(fake, bot):
    await slash(fake, "new", ANN, {"players": 2})
    await slash(fake, "addbot", ANN, {"level": "random"})
    await slash(fake, "start", ANN)
    await eventually(lambda: latest_prompt(fake) is not None)
    prompt = latest_prompt(fake)
    done = await slash(fake, "admin abandon", MOD, {"game": 1}, channel_id=fake.mods, permissions=MANAGE_GUILD)
    assert "Game #1 is abandoned" in text_of(done)
    await eventually(lambda: any("abandoned" in (m.get("content") or "") for m in fake.channel_messages()))
    await eventually(lambda: latest_prompt(fake) is None)  # nothing left to click
    assert prompt_components(fake.message(int(prompt["id"]))) == []
    # the same when the host abandons a game in its own channel
    await slash(fake, "new", ANN, {"players": 2})
    await slash(fake, "addbot", ANN, {"level": "random"})
    await slash(fake, "start", ANN)
    await eventually(lambda: latest_prompt(fake) is not None)
    assert "Game #2 is abandoned" in text_of(await slash(fake, "abandon", ANN))
    await eventually(lambda: latest_prompt(fake) is None)


async def test_a_busy_servers_games_are_counted_and_paged_newest_first_never_cut(fake, tmp_path):
    db = tmp_path / "games.sqlite3"
    store = await open_store(str(db))
    service = GameService(store)
    guild = str(fake.guild_id)
    for n in range(104):  # lobbies, and every fourth one a running game
        host = f"{n:03d}-" + "h" * 28  # names as long as Discord's
        await service.lobby.create_lobby(f"1{n:018d}", f"9{n:017d}", host, 2, guild_id=guild)
        if n % 4 == 0:
            await service.lobby.join(f"1{n:018d}", f"8{n:017d}", "p" * 32)
            await service.lobby.start(f"1{n:018d}", f"9{n:017d}")
    await store.close()
    bot = BotProcess(fake, db)
    await bot.start()
    try:
        listed = await slash(fake, "admin games", MOD, permissions=MANAGE_GUILD)
        iid, seen = list(fake.timestamps)[-1], []
        for page in range(11):
            text = text_of(listed) if page == 0 else listed["data"]["content"]
            head, *lines, foot = text.splitlines()
            assert head == "104 live games on this server (78 of them lobbies):" and len(text) <= 2000
            assert foot == f"Page {page + 1} of 11, the newest games first." and lines
            games = [int(re.match(r"Game #(\d+)", line)[1]) for line in lines]
            assert all(line.endswith(f"{guild}/1{game - 1:018d}") for game, line in zip(games, lines, strict=True))
            seen += games  # whole lines, each with its link
            message = fake.original_message(iid)
            older = next(c for c in prompt_components(message) if c["custom_id"].endswith(":o"))
            if page == 10:
                assert older.get("disabled")
                break
            iid = fake.click(older["custom_id"], user=MOD, message_id=int(message["id"]), permissions=MANAGE_GUILD)
            listed = await fake.response(iid)
            assert listed["type"] == 7  # the private message steps to the next page
        assert seen == list(range(104, 0, -1))  # every game once, the newest first
        newer = next(c for c in prompt_components(message) if c["custom_id"].endswith(":n"))
        stranger = fake.click(newer["custom_id"], user=ANN, message_id=int(message["id"]))
        refused = await fake.response(stranger)
        assert is_ephemeral(refused) and "Manage Server" in refused["data"]["content"]
    finally:
        assert await bot.stop() == 0
