"""Computer players end to end: ``python -m bot`` against the fake Discord, one person and two
AI seats.  The AI thinks in the bot's worker processes; its moves are posted like anyone's."""

from __future__ import annotations

import asyncio
import sqlite3

from bot_process import alt_texts, is_ephemeral, my_options, slash, text_of
from fake_discord import FakeUser

ANN, BOB = FakeUser(9601, "ann"), FakeUser(9602, "bob")


def moves_by(db) -> list[tuple[int, str]]:
    conn = sqlite3.connect(db)
    try:
        return conn.execute("SELECT seat, made_by FROM moves ORDER BY version").fetchall()
    finally:
        conn.close()


async def my_turn(fake, user: FakeUser, timeout: float = 60) -> list[dict]:
    """Wait until ``user`` is asked something (the AI seats play in between)."""
    for _ in range(int(timeout / 0.2)):
        choices = await my_options(fake, user)
        if choices:
            return choices
        await asyncio.sleep(0.2)
    raise TimeoutError(f"{user.name} was never asked")


async def test_one_person_and_two_computer_players(fake, bot):
    await slash(fake, "new", ANN, {"players": 3})
    refused = await slash(fake, "addbot", BOB, {"level": "easy"})
    assert is_ephemeral(refused) and "No lobby" not in text_of(refused)
    added = await slash(fake, "addbot", ANN, {"level": "easy"})
    assert "AI (easy) joins game #1" in text_of(added) and not is_ephemeral(added)
    await slash(fake, "addbot", ANN, {"level": "random"})
    full = await slash(fake, "addbot", ANN, {"level": "hard"})
    assert is_ephemeral(full) and "full" in text_of(full)
    await slash(fake, "start", ANN)
    first = (await fake.wait_channel_messages(1))[-1]["content"]
    assert "AI (easy)" in first or "AI (random)" in first or "ann" in first
    for _ in range(5):
        choices = await my_turn(fake, ANN)
        reply = await slash(fake, "play", ANN, {"option": choices[0]["value"]})
        assert "You chose" in text_of(reply)
    await my_turn(fake, ANN)  # after Ann's fifth placement both AIs placed theirs
    made = moves_by(bot.database)
    assert {seat for seat, by in made if by == "ai"} == {1, 2}
    assert {by for seat, by in made if seat == 0} == {"player"}
    assert sum(1 for seat, _ in made if seat == 0) == 5
    posts = fake.channel_messages()
    told = "\n".join(m.get("content") or "" for m in posts)
    assert told.count("places an AP") >= 10  # the AIs' placements are told like Ann's
    for m in posts:  # nobody but a person is ever pinged: the AI has no Discord user
        users = (m.get("allowed_mentions") or {}).get("users", [])
        assert all(str(u).isdigit() and int(u) == ANN.id for u in users), users
    # the AI's seats are named as people see them, e.g. where the deal is told
    everything = told + "\n".join(str(c.json) for c in fake.calls if c.json)
    assert "AI (easy)" in everything and "AI (random)" in everything


def game_status(db) -> str:
    conn = sqlite3.connect(db)
    try:
        return conn.execute("SELECT status FROM games ORDER BY id DESC").fetchone()[0]
    finally:
        conn.close()


async def test_a_whole_game_of_a_person_against_a_computer_player(fake, bot):
    await slash(fake, "new", ANN, {"players": 2})
    await slash(fake, "addbot", ANN, {"level": "random"})
    await slash(fake, "start", ANN)
    first = (await fake.wait_channel_messages(1))[0]
    assert first["files"] and first["files"][0].data[:4] == b"\x89PNG"  # the picture of the first turn
    played = 0
    for _ in range(3000):
        if game_status(bot.database) == "finished":
            break
        choices = await my_options(fake, ANN)  # autocomplete, as a player typing /ds play
        if not choices:
            await asyncio.sleep(0.05)  # the computer player is thinking (or the channel catching up)
            continue
        reply = await slash(fake, "play", ANN, {"option": choices[-1]["value"]})
        assert "You chose" in text_of(reply), text_of(reply)
        played += 1
    assert game_status(bot.database) == "finished"
    made = moves_by(bot.database)
    assert {by for seat, by in made if seat == 1} == {"ai"} and {by for seat, by in made if seat == 0} == {"player"}
    assert sum(1 for seat, _ in made if seat == 0) == played > 50
    conn = sqlite3.connect(bot.database)
    version = conn.execute("SELECT version FROM games").fetchone()[0]
    conn.close()
    assert version == len(made) + 1  # every move in the log, none lost or doubled
    for _ in range(100):  # the end is posted: the final scores and the end-of-game image
        final = fake.channel_messages()[-1]
        if "Final scores" in (final.get("content") or ""):
            break
        await asyncio.sleep(0.1)
    assert "Final scores" in final["content"] and final["files"]
    assert "is over" in text_of(await slash(fake, "status", ANN))
    # every picture of the game carries its alt text: the turn, who acts, the scores; the end, the winner
    pictures = [alt_texts(m) for m in fake.channel_messages() if m.get("files")]
    assert len(pictures) > 10
    for alts in pictures:
        assert alts and all(a and len(a) <= 1024 and "turn " in a.lower() and " VP" in a for a in alts.values()), alts
    end = alt_texts(final)["end-of-game.png"]
    assert end.startswith("The end of the game, after turn ") and "Winner: " in end and "Domination" in end
