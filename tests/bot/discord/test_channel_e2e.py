"""The channel as players live with it, through the fake Discord: a thread per game with a
lobby card to join from, the fallback when no thread can be opened, undo and rollback."""

from __future__ import annotations

import random
import sqlite3

from bot_process import (
    MENTION,
    eventually,
    is_ephemeral,
    latest_prompt,
    my_options,
    next_prompt,
    prompt_components,
    prompt_version,
    slash,
    text_of,
)
from fake_discord import FakeUser

ANN, BOB = FakeUser(9201, "ann"), FakeUser(9202, "bob")
CREATE_PUBLIC_THREADS = 1 << 35


def moves(db) -> list[tuple[int, str, int]]:
    conn = sqlite3.connect(db)
    try:
        return list(conn.execute("SELECT seat, option_id, undone FROM moves ORDER BY version"))
    finally:
        conn.close()


def version(db) -> int:
    conn = sqlite3.connect(db)
    try:
        return conn.execute("SELECT max(version) FROM games").fetchone()[0]
    finally:
        conn.close()




async def start_two(fake, channel_id: int | None = None) -> None:
    await slash(fake, "new", ANN, {"players": 2}, channel_id=channel_id)
    await slash(fake, "join", BOB, channel_id=channel_id)
    await slash(fake, "start", ANN, channel_id=channel_id)
    await fake.wait_channel_messages(1, channel_id)


async def actor_now(fake, channel_id: int | None = None) -> FakeUser:
    return ANN if await my_options(fake, ANN, channel_id) else BOB


async def play_one(fake, user: FakeUser, channel_id: int | None = None) -> dict:
    option = (await my_options(fake, user, channel_id))[0]["value"]
    return await slash(fake, "play", user, {"option": option}, channel_id=channel_id)


async def test_a_new_game_gets_its_own_thread_and_a_lobby_card_to_join_from(fake, bot):
    fake.app_permissions |= CREATE_PUBLIC_THREADS
    opened = await slash(fake, "new", ANN, {"players": 4})
    assert not is_ephemeral(opened)
    await eventually(lambda: fake.threads_created)
    (thread,) = fake.threads_created
    await eventually(lambda: "Seated" in fake.message(thread)["content"])
    card = fake.message(thread)  # the thread starts from the lobby card in the parent channel
    assert f"<#{thread}>" in card["content"] and "Seated 1: ann" in card["content"]
    join = next(c for c in prompt_components(card) if c["custom_id"].startswith("ds:join:"))
    iid = fake.click(join["custom_id"], user=BOB, message_id=thread)
    answer = await fake.response(iid)
    assert is_ephemeral(answer) and "bob joins game #1" in text_of(answer) and f"<#{thread}>" in text_of(answer)
    await eventually(lambda: "Seated 2" in fake.message(thread)["content"])
    assert "Seated 2: ann, bob" in fake.message(thread)["content"]
    assert "no game" in text_of(await slash(fake, "start", ANN)).lower()  # the parent channel holds no game
    started = await slash(fake, "start", ANN, channel_id=thread)  # 2 of at most 4: the host may start
    assert "The game is on" in text_of(started)
    posts = await fake.wait_channel_messages(2, thread)  # the lobby text, then the first prompt
    assert MENTION.search(posts[-1]["content"]) and posts[-1]["files"]
    await eventually(lambda: "being played" in fake.message(thread)["content"])
    assert "being played" in fake.message(thread)["content"] and not prompt_components(fake.message(thread))
    # a second game in the same channel opens a second thread beside it
    await slash(fake, "new", BOB, {"players": 2})
    await eventually(lambda: len(fake.threads_created) == 2)
    assert len(fake.threads_created) == 2


async def test_without_thread_permission_the_game_is_played_in_the_channel_and_it_says_why(fake, bot):
    opened = await slash(fake, "new", ANN, {"players": 2})
    assert "lobby" in text_of(opened) and not fake.threads_created
    note = (await fake.wait_followups(list(fake.timestamps)[-1], 1))[0]
    assert "Create Public Threads" in note["content"]
    await slash(fake, "join", BOB)
    await slash(fake, "start", ANN)
    assert latest_prompt(fake) is not None


async def test_undo_a_planning_placement_before_the_other_player_chooses_and_not_after(fake, bot):
    await start_two(fake)
    placer = await actor_now(fake)
    other = BOB if placer is ANN else ANN
    before = prompt_version(latest_prompt(fake))
    await play_one(fake, placer)
    prompt = await next_prompt(fake, before)
    assert str(other.id) in prompt["content"]  # the other player was notified
    undone = await slash(fake, "undo", placer)
    assert is_ephemeral(undone) and text_of(undone).startswith("You took back: ")
    prompt = await next_prompt(fake, prompt_version(prompt))
    assert str(placer.id) in prompt["content"] and "took back" in prompt["content"]
    assert [m[2] for m in moves(bot.database)] == [1]  # marked undone, never deleted
    await play_one(fake, placer)
    await play_one(fake, other)
    refused = await slash(fake, "undo", placer)
    assert is_ephemeral(refused) and "until another player" in text_of(refused)
    assert [m[2] for m in moves(bot.database)] == [1, 0, 0]


async def test_undo_is_refused_once_a_choice_revealed_a_draw(fake, bot):
    await start_two(fake)
    conn = sqlite3.connect(bot.database)
    for _ in range(400):
        user = await actor_now(fake)
        await play_one(fake, user)
        turn = conn.execute("SELECT state FROM games").fetchone()
        state = __import__("bot.store.models", fromlist=["decode_state"]).decode_state(turn[0])
        if state["turn"] == 2:
            break
    conn.close()
    refused = await slash(fake, "undo", user)  # this choice ended turn 1: the Reset drew new elements
    assert is_ephemeral(refused) and "hidden information" in text_of(refused)


async def test_a_rollback_refused_then_approved(fake, bot):
    await start_two(fake)
    chooser = random.Random(1)
    for _ in range(5):
        user = await actor_now(fake)
        options = await my_options(fake, user)
        await slash(fake, "play", user, {"option": chooser.choice(options)["value"]})
    iid = fake.autocomplete("ds", "undo", {"move": ""}, "move", user=ANN)
    listed = (await fake.response(iid))["data"]["choices"]
    assert [c["value"] for c in listed] == [5, 4, 3, 2, 1] and listed[0]["name"].startswith("5. ")

    async def propose() -> dict:
        iid = fake.slash("ds", "undo", {"move": 2}, user=ANN)
        response = await fake.response(iid)
        assert response["type"] == 4 and not is_ephemeral(response)  # a proposal, in the channel
        body = {**response["data"], "_message_id": int(fake.original_message(iid)["id"])}
        assert f"<@{BOB.id}>" in body["content"] and "move 2" in body["content"]
        return body

    proposal = await propose()
    refuse = next(c for c in prompt_components(proposal) if c["custom_id"].endswith(":no"))
    iid = fake.click(refuse["custom_id"], user=BOB, message_id=proposal["_message_id"])
    await fake.response(iid)
    assert "refuses" in (await fake.wait_followups(iid, 1))[0]["content"]
    assert all(m[2] == 0 for m in moves(bot.database))
    proposal = await propose()
    approve = next(c for c in prompt_components(proposal) if c["custom_id"].endswith(":yes"))
    stranger = FakeUser(9299, "eve")
    iid = fake.click(approve["custom_id"], user=stranger, message_id=proposal["_message_id"])
    await fake.response(iid)
    assert "Only the players" in (await fake.wait_followups(iid, 1))[0]["content"] or \
        "no seat" in (await fake.wait_followups(iid, 1))[0]["content"]
    current = version(bot.database)
    iid = fake.click(approve["custom_id"], user=BOB, message_id=proposal["_message_id"])
    await fake.response(iid)
    assert "back to before move 2" in (await fake.wait_followups(iid, 1))[0]["content"]
    assert [m[2] for m in moves(bot.database)] == [0, 1, 1, 1, 1]
    assert version(bot.database) == current + 1
    prompt = await next_prompt(fake, current)
    assert "Rollback" in prompt["content"]
