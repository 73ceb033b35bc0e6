"""Paths that are rarely taken, through the fake Discord: Discord refusing the thread of a new
game, a ``/ds new`` the service refuses, forged and mangled custom ids, a command whose
signature Discord has not caught up with, and a click on another game's prompt.  Each is
answered clearly and privately, and leaves nothing behind."""

from __future__ import annotations

import sqlite3

from bot_process import BotProcess, eventually, is_ephemeral, latest_prompt, option_components, slash, text_of
from fake_discord import FakeUser

ANN, BOB = FakeUser(9301, "ann"), FakeUser(9302, "bob")
CREATE_PUBLIC_THREADS = 1 << 35
THREADS = r"/channels/\d+/messages/\d+/threads"


def rows(db, sql: str) -> list[tuple]:
    conn = sqlite3.connect(db)
    try:
        return list(conn.execute(sql))
    finally:
        conn.close()




async def test_a_new_game_whose_thread_discord_refuses_opens_in_the_channel(fake, bot):
    fake.app_permissions |= CREATE_PUBLIC_THREADS
    fake.fail("POST", THREADS, 403)
    opened = await slash(fake, "new", ANN, {"players": 2})
    assert not is_ephemeral(opened)  # the public opening message, edited into the lobby's news

    def edits() -> list:
        return [c for c in fake.calls if c.method == "PATCH" and c.path.endswith("/messages/@original")]

    await eventually(edits)
    content = edits()[-1].json["content"]
    assert "Game #1" in content and "could not open a thread" in content, content
    assert rows(bot.database, "SELECT channel_id, status FROM games") == [(str(fake.channel_id), "lobby")]
    assert not fake.threads_created
    said = [f for f in fake.followups(opened_id(fake)) if f.get("_op") != "edit"]
    assert not said, "a refusal or an apology was said on top"
    # the game is played right here: Bob joins in the channel
    joined = await slash(fake, "join", BOB)
    assert "bob joins game #1" in text_of(joined)


async def test_where_threads_are_refused_a_second_new_game_is_refused_privately_and_the_first_told_anew(fake, bot):
    fake.app_permissions |= CREATE_PUBLIC_THREADS
    fake.fail("POST", THREADS, 403, times=2)
    # the first: its opening message cannot be edited into the lobby's news, which goes out anew
    fake.fail("PATCH", r"/webhooks/\d+/[^/]+/messages/@original", 404, times=1)
    await slash(fake, "new", ANN, {"players": 2})
    first = opened_id(fake)
    await eventually(lambda: [f for f in fake.followups(first) if f.get("_op") == "send"])
    (news,) = [f for f in fake.followups(first) if f.get("_op") == "send"]
    assert "Game #1" in news["content"] and "could not open a thread" in news["content"], news
    assert not news.get("flags", 0) & 64  # public, as the opening message was
    # the second: the channel already holds a lobby, so it is refused; the opening message goes
    await slash(fake, "new", BOB, {"players": 3})
    second = opened_id(fake)
    await eventually(lambda: [f for f in fake.followups(second) if f.get("_op") == "send"])
    (refusal,) = [f for f in fake.followups(second) if f.get("_op") == "send"]
    assert refusal.get("flags", 0) & 64 and "#1" in refusal["content"], refusal
    await eventually(lambda: fake.original_message(second) is None)
    assert rows(bot.database, "SELECT id, status FROM games") == [(1, "lobby")]
    assert not fake.threads_created


def opened_id(fake) -> str:
    """The interaction id of the newest slash command the fake dispatched."""
    return max(fake._interactions, key=int)


async def test_a_refused_new_game_opens_no_thread_and_is_answered_privately(fake, bot):
    fake.app_permissions |= CREATE_PUBLIC_THREADS
    refused = await slash(fake, "new", ANN, {"variant": "multi-animal"})  # with the default 6 players
    assert is_ephemeral(refused) and "2 or 3 players" in text_of(refused), text_of(refused)
    again = await slash(fake, "new", ANN, {"variant": "multi-animal", "players": 5})
    assert is_ephemeral(again)
    assert not fake.threads_created
    assert not fake.channel_messages()
    assert not [c for c in fake.calls if c.method == "POST" and "/threads" in c.path]
    assert rows(bot.database, "SELECT count(*) FROM games") == [(0,)]
    # the same command with settings that are fine opens the game in its thread
    fine = await slash(fake, "new", ANN, {"variant": "multi-animal", "players": 3})
    assert not is_ephemeral(fine)
    await eventually(lambda: fake.threads_created)
    # the lobby is stored once its thread is made
    await eventually(lambda: rows(bot.database, "SELECT count(*) FROM games") == [(1,)])


async def test_forged_and_mangled_custom_ids_are_answered_and_change_nothing(fake, bot):
    await slash(fake, "new", ANN, {"players": 2})
    await slash(fake, "join", BOB)
    await slash(fake, "start", ANN)
    await fake.wait_channel_messages(1)
    before = rows(bot.database, "SELECT id, version, status FROM games")
    huge = 10**30
    forged = [f"ds:b:{huge}:1:forfeit", f"ds:b:1:{huge}:forfeit", f"ds:full:{huge}", f"ds:join:{huge}",
              f"ds:p:{huge}:yes", f"ds:hs:{huge}:0:n", f"ds:lg:{huge}:0:a:o", "ds:b:x:1:forfeit", "ds:nonsense"]
    for custom_id in forged:
        iid = fake.click(custom_id, user=ANN)
        answer = await fake.response(iid, timeout=15)
        assert is_ephemeral(answer), custom_id
        assert "no longer valid" in text_of(answer), (custom_id, text_of(answer))
    iid = fake.select(f"ds:s:{huge}:1:0", ["forfeit"], user=ANN)
    assert "no longer valid" in text_of(await fake.response(iid, timeout=15))
    assert rows(bot.database, "SELECT id, version, status FROM games") == before


async def test_a_command_discord_delivers_in_an_older_shape_says_the_commands_are_updating(fake, bot):
    # /ds play without its required option: what Discord sends while a new signature propagates
    answer = await slash(fake, "play", ANN, {})
    assert is_ephemeral(answer)
    assert "being updated" in text_of(answer) and "Something went wrong" not in text_of(answer)


async def test_an_autocomplete_from_an_older_command_tree_is_answered_with_no_choices(fake, bot):
    # Discord still shows some clients the tree before the last sync: /ds tile, /ds pace set ... are gone, and
    # /ds history's turn never had an autocomplete. Each is answered with its choices (none): a message would be
    # refused (an autocomplete takes nothing else).
    outdated = [("tile", "at", 3), ("pace set", "reminder", 3), ("history", "turn", 4), ("play", "seat", 3)]
    for sub, option, kind in outdated:
        iid = fake.outdated_autocomplete("ds", sub, option, "a", user=ANN, kind=kind)
        answer = await fake.response(iid, timeout=15)
        assert answer == {"type": 8, "data": {"choices": []}}, (sub, answer)
    assert [c.status for c in fake.calls if c.path.endswith("/callback") and c.status >= 400] == []
    assert rows(bot.database, "SELECT count(*) FROM games") == [(0,)]


async def test_a_click_on_another_games_prompt_says_which_game_and_where(fake, tmp_path):
    other = fake.add_channel("second-table")  # before the bot connects: it learns its channels then
    bot = BotProcess(fake, tmp_path / "games.sqlite3")
    await bot.start()
    await slash(fake, "new", ANN, {"players": 2})
    await slash(fake, "join", BOB)
    await slash(fake, "start", ANN)
    await fake.wait_channel_messages(1)
    prompt = latest_prompt(fake)
    button = option_components(prompt)[0]
    before = rows(bot.database, "SELECT version FROM games")
    for user in (ANN, BOB):
        if button["type"] == 2:
            iid = fake.click(button["custom_id"], user=user, message_id=int(prompt["id"]), channel_id=other)
        else:
            iid = fake.select(button["custom_id"], [button["options"][0]["value"]], user=user,
                              message_id=int(prompt["id"]), channel_id=other)
        answer = await fake.response(iid, timeout=15)
        if answer["type"] == 6:  # deferred: the refusal is the first followup
            answer = {**answer, "followup": (await fake.wait_followups(iid, 1, timeout=15))[0]}
        text = text_of(answer)
        assert "game #1" in text and f"/channels/{fake.guild_id}/{fake.channel_id}" in text, text
        assert "over" not in text
    assert rows(bot.database, "SELECT version FROM games") == before
    assert await bot.stop() == 0


async def test_buttons_and_commands_used_where_or_by_whom_they_do_not_belong_are_refused_privately(fake, tmp_path):
    other = fake.add_channel("second-table")  # before the bot connects: it learns its channels then
    bot = BotProcess(fake, tmp_path / "games.sqlite3")
    await bot.start()
    try:
        await slash(fake, "new", ANN, {"players": 2})
        await slash(fake, "join", BOB)
        await slash(fake, "start", ANN)
        await fake.wait_channel_messages(1)
        before = rows(bot.database, "SELECT id, version, status FROM games")
        posted = len(fake.channel_messages()) + len(fake.channel_messages(other))
        elsewhere = {"ds:full:1": "not here", "ds:hs:1:0:n": "not here", "ds:lg:1:0:a:o": "not here"}
        for custom_id, said in elsewhere.items():  # game 1's buttons, clicked in another channel
            iid = fake.click(custom_id, user=ANN, channel_id=other)
            answer = await fake.response(iid, timeout=15)
            if answer["type"] == 6 or answer["type"] == 5:  # deferred: the refusal follows
                answer = {**answer, "followup": (await fake.wait_followups(iid, 1, timeout=15))[0]}
            assert is_ephemeral(answer) and said in text_of(answer), (custom_id, answer)
        iid = fake.click("ds:join:1", user=BOB)  # the lobby's Join, once the game has started
        joined = await fake.response(iid, timeout=15)
        assert is_ephemeral(joined) and "lobby has closed" in text_of(joined), joined
        commands = [
            (BOB, "undo", {"move": 1}, None, "Only the host"),  # a rollback proposal is the host's
            (ANN, "log", {"file": True}, other, "no game"),  # a record where there is no game
            (ANN, "board", {"at": "Z9"}, None, "Z9"),  # a tile the board does not have
        ]
        for user, sub, options, channel, said in commands:
            answer = await slash(fake, sub, user, options, channel_id=channel)
            assert is_ephemeral(answer) and said in text_of(answer), (sub, text_of(answer))
        assert rows(bot.database, "SELECT id, version, status FROM games") == before
        assert len(fake.channel_messages()) + len(fake.channel_messages(other)) == posted
    finally:
        assert await bot.stop() == 0
