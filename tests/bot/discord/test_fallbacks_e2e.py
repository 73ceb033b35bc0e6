"""Discord saying no, through the fake Discord: every place where the bot catches a refusal or
falls back is made to meet exactly that refusal, and one scripted game meets a refusal of
every kind of request the bot makes.  What the player sees is checked, and that nothing is
lost (every move kept once) or left behind (no orphaned thread, no stale buttons)."""

from __future__ import annotations

import asyncio
import random
import sqlite3

from bot_process import (
    BotProcess,
    is_ephemeral,
    latest_prompt,
    option_components,
    prompt_components,
    prompt_version,
    slash,
    text_of,
)
from fake_discord import FakeUser

ANN, BOB = FakeUser(9401, "ann"), FakeUser(9402, "bob")
CREATE_PUBLIC_THREADS = 1 << 35
ANSWER_WITHIN = 3.0  # seconds: Discord's window for the first answer to an interaction


def stored(db) -> tuple[int, int, int, str]:
    """(version, moves, announced version, status) of the newest game."""
    conn = sqlite3.connect(db)
    try:
        version, announced, status = conn.execute(
            "SELECT version, announced_version, status FROM games ORDER BY id DESC LIMIT 1").fetchone()
        moves = conn.execute("SELECT count(*) FROM moves").fetchone()[0]
        return version, moves, announced, status
    finally:
        conn.close()


def games(db) -> int:
    conn = sqlite3.connect(db)
    try:
        return conn.execute("SELECT count(*) FROM games").fetchone()[0]
    except sqlite3.OperationalError:  # not created yet
        return 0
    finally:
        conn.close()


def move_versions(db) -> list[int]:
    conn = sqlite3.connect(db)
    try:
        return [v for (v,) in conn.execute("SELECT version FROM moves ORDER BY version")]
    finally:
        conn.close()


async def eventually(check, timeout: float = 15) -> None:
    for _ in range(int(timeout / 0.05)):
        if check():
            return
        await asyncio.sleep(0.05)
    assert check()


def live_prompts(fake, channel_id: int | None = None) -> list[dict]:
    """The messages in the channel that still offer options."""
    out = []
    for m in fake.channel_messages(channel_id):
        current = fake.message_or_none(m["_message_id"])
        if current is not None and option_components(current):
            out.append(current)
    return out


async def options_of(fake, user: FakeUser, channel_id: int | None) -> list[dict]:
    iid = fake.autocomplete("ds", "play", {"option": ""}, "option", user=user, channel_id=channel_id)
    return (await fake.response(iid, timeout=15))["data"]["choices"]


async def choose_on(fake, prompt: dict, user: FakeUser, chooser: random.Random) -> str:
    """Click or pick one option of a prompt message; returns the interaction id."""
    component = chooser.choice(option_components(prompt))
    if component["type"] == 2:
        return fake.click(component["custom_id"], user=user, message_id=int(prompt["id"]))
    value = chooser.choice(component["options"])["value"]
    return fake.select(component["custom_id"], [value], user=user, message_id=int(prompt["id"]))


async def test_a_game_in_which_discord_refuses_each_kind_of_request_once(fake, tmp_path):
    fake.app_permissions |= CREATE_PUBLIC_THREADS
    bot = BotProcess(fake, tmp_path / "games.sqlite3")
    await bot.start()
    fake.refuse_each_kind_once(503)  # Service Unavailable: discord.py does not retry it by itself
    interactions: list[str] = []

    async def command(sub: str, user: FakeUser, options: dict | None = None) -> dict:
        answer = await slash(fake, sub, user, options)
        interactions.append(max(fake.timestamps, key=lambda i: fake.timestamps[i]))
        return answer

    opened = await command("new", ANN, {"players": 2})
    assert not is_ephemeral(opened)
    await eventually(lambda: games(bot.database) == 1)  # the lobby is stored once the opening is done
    joined = await command("join", BOB)
    assert "bob joins game #1" in text_of(joined)
    await command("mygames", ANN, {"direct": "on"})  # Ann's turns come by direct message too
    await command("start", ANN)
    # Where the game is played: in its thread, or (the thread refused) in the channel
    channel = fake.threads_created[0] if fake.threads_created else None
    await eventually(lambda: latest_prompt(fake, channel) is not None)
    chooser = random.Random(22)
    actor = ANN
    made = 0
    for step in range(40):
        prompt = latest_prompt(fake, channel)
        version = prompt_version(prompt)
        actor = ANN if await options_of(fake, ANN, channel) else BOB  # Ann is told by direct message
        if step % 5 == 4:  # now and then by /ds play and its autocomplete, else by the buttons
            choices = await options_of(fake, actor, channel)
            await command("play", actor, {"option": chooser.choice(choices)["value"]})
        else:
            interactions.append(await choose_on(fake, prompt, actor, chooser))
        made += 1
        await eventually(lambda v=version: stored(bot.database)[0] > v)
        await eventually(lambda v=version: (p := latest_prompt(fake, channel)) is not None and prompt_version(p) > v)
        if step == 10:
            await command("board", BOB)
            board = next(c for c in prompt_components(latest_prompt(fake, channel))
                         if c["custom_id"].startswith("ds:full:"))
            interactions.append(fake.click(board["custom_id"], user=BOB))
            await command("status", BOB)
            await command("log", BOB)
            await command("history", BOB, {"turn": 1})
    version, moves, _, status = stored(bot.database)
    await eventually(lambda: stored(bot.database)[2] == stored(bot.database)[0])  # the channel caught up
    for iid in interactions:
        await fake.response(iid, timeout=15)
        latency = fake.latency(iid)
        assert latency is not None and latency < ANSWER_WITHIN, (iid, latency)
    # every move kept once: one version per move, none twice, the game where its moves say
    assert moves == made and move_versions(bot.database) == sorted(set(move_versions(bot.database)))
    assert version == moves + 1 and status == "active"
    # nothing orphaned: one live prompt, for the newest version; a thread only with its game
    assert [prompt_version(p) for p in live_prompts(fake, channel)] == [version]
    assert len(fake.threads_created) <= 1 and fake.repeated_nonces == []
    refused = set(fake.refused_kinds)
    for kind in ("POST /interactions/{interaction_id}/{interaction_token}/callback",
                 "DELETE /channels/{channel_id}/messages/{message_id}",
                 "POST /users/@me/channels",
                 "POST /webhooks/{webhook_id}/{webhook_token}",
                 "POST /channels/{channel_id}/messages",
                 "PATCH /channels/{channel_id}/messages/{message_id}",
                 "POST /channels/{channel_id}/messages/{message_id}/threads"):
        assert kind in refused, sorted(refused)
    assert await bot.stop() == 0
