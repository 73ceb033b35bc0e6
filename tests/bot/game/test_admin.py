"""Server managers (bot.game.admin), on both stores: the server's games with who is awaited,
abandoning any of them with a word in its channel, and the defaults every new game there
starts with; a member without Manage Server is refused."""

from __future__ import annotations

import pytest
from service_helpers import start_game

from bot.game import replies
from bot.game.pace import DAY, HOUR
from bot.game.service import GameService
from words import say

HERE, ELSEWHERE = "111111111111111111", "222222222222222222"


@pytest.fixture
async def admin(store, now):
    return GameService(store, renderer=None, clock=now)


async def test_a_member_without_manage_server_is_refused(admin):
    for call in (admin.admin.server_games(HERE, False), admin.admin.admin_abandon(HERE, 1, "Eve", False),
                 admin.admin.server_defaults(HERE, False), admin.admin.server_defaults(HERE, False, hints="on")):
        with pytest.raises(replies.NotAllowed, match="Manage Server"):
            await call
    assert await admin.store.server_settings(HERE) == {}


async def test_the_servers_games_with_links_and_who_is_awaited(admin, store, now):
    assert "no lobby and no running game" in (await admin.admin.server_games(HERE, True)).text
    await admin.lobby.create_lobby("lobby-chan", "u9", "Hal", 4, guild_id=HERE)
    await start_game(admin, "game-chan", players=2)
    async with store.transaction():
        await store.update_game(2, guild_id=HERE)
    await admin.lobby.create_lobby("other-chan", "u8", "Olga", 4, guild_id=ELSEWHERE)
    now.t += 2 * DAY + HOUR
    reply = await admin.admin.server_games(HERE, True)
    assert reply.count == 1
    lines = reply.text.splitlines()
    assert lines[0] == "2 live games on this server (1 of them a lobby):"
    assert f"Game #1: Hal's lobby, 1/4 seated - https://discord.com/channels/{HERE}/lobby-chan" in lines
    (running,) = [line for line in lines if line.startswith("Game #2")]
    assert "waiting for " in running and "for 2 days 1 hour" in running and f"{HERE}/game-chan" in running
    assert "Olga" not in reply.text  # another server's lobby
    choices = await admin.admin.server_game_choices(HERE)
    assert [game for game, _ in choices] == [2, 1] and choices[1][1] == "#1 Hal: lobby"


async def test_the_servers_games_a_page_at_a_time_each_page_within_a_message(admin, store, now):
    for n in range(23):  # the longest lines there are: 32-character names, 19-digit ids, a long wait
        channel = f"{10**18 + n}"
        await admin.lobby.create_lobby(channel, f"u{n}", "h" * 32, 2, guild_id=HERE, language="hu" if n % 2 else "en")
        if n % 3 == 0:
            await admin.lobby.join(channel, f"v{n}", "p" * 32)
            await admin.lobby.start(channel, f"u{n}")
    now.t += 45 * DAY + 23 * HOUR
    first = await admin.admin.server_games(HERE, True)
    assert (first.index, first.count) == (0, 3)
    assert first.text.splitlines()[0] == "23 live games on this server (15 of them lobbies):"
    assert first.text.splitlines()[-1] == "Page 1 of 3, the newest games first."
    for page in range(3):
        shown = await admin.admin.server_games(HERE, True, page)
        for lang in ("en", "hu"):
            assert len(say(shown.message, lang)) <= 2000, (page, lang)
    last = await admin.admin.server_games(HERE, True, 99)  # a page gone since: the last one
    assert last.index == 2 and [line.split(":")[0].split(" (")[0] for line in last.text.splitlines()[1:-1]] == [
        "Game #3", "Game #2", "Game #1"]


async def test_a_manager_abandons_any_game_of_the_server_and_its_channel_is_told(admin, store):
    await admin.lobby.create_lobby("hu-chan", "u1", "Ann", 4, guild_id=HERE, language="hu")
    await admin.lobby.create_lobby("other", "u2", "Bob", 4, guild_id=ELSEWHERE)
    with pytest.raises(replies.BadRequest, match="not a lobby or a running game of this server"):
        await admin.admin.admin_abandon(HERE, 2, "Eve", True)  # another server's
    reply = await admin.admin.admin_abandon(HERE, 1, "Eve", True)
    assert not reply.public and reply.text.startswith("Game #1 is abandoned; its channel is told.")
    assert (await store.game(1)).status == "abandoned" and (await store.game(2)).status == "lobby"
    (notice,) = [i for i in await store.unsent(10) if i.kind == "abandoned"]
    assert notice.channel_id == "hu-chan" and notice.text.startswith("Eve, a szerver egyik kezelője")
    with pytest.raises(replies.BadRequest):
        await admin.admin.admin_abandon(HERE, 1, "Eve", True)  # once


async def test_the_servers_defaults_are_what_new_games_there_start_with(admin, store):
    before = await admin.lobby.create_lobby("early", "u1", "Ann", 4, guild_id=HERE)
    shown = await admin.admin.server_defaults(HERE, True)
    assert "Language: the server's Discord language" in shown.text and "Hints: off" in shown.text
    assert "Rated: on" in shown.text
    for bad, says in (({"reminder": "soon"}, "not a duration"), ({"board": "never"}, "action, turn, request"),
                      ({"hints": "maybe"}, "on or off"), ({"language": "de"}, "de")):
        with pytest.raises(replies.BadRequest, match=says):
            await admin.admin.server_defaults(HERE, True, **bad)
    assert await store.server_settings(HERE) == {}  # a refusal saves nothing
    saved = await admin.admin.server_defaults(HERE, True, language="hu", board="turn", reminder="12h", deadline="2d",
                                        at_deadline="wait", hints="on", rated="off")
    assert saved.text.startswith("Saved.") and "Hints: on" in saved.text and "Rated: off" in saved.text
    assert await admin.admin.new_game_language(HERE, None, "en") == "hu"
    assert await admin.admin.new_game_language(HERE, "en", "en") == "en"  # asked for: it wins
    assert await admin.admin.new_game_language(ELSEWHERE, None, "en") == "en"
    here = await admin.lobby.create_lobby("late", "u1", "Ann", 4, guild_id=HERE, language="hu")
    there = await admin.lobby.create_lobby("there", "u1", "Ann", 4, guild_id=ELSEWHERE)
    settings = (await store.game(here.game_id)).settings
    assert settings["board"] == "turn" and (settings["hints"], settings["rated"]) == (True, False)
    assert settings["pace"]["reminder"] == 12 * HOUR and settings["pace"]["deadline"] == 2 * DAY
    assert settings["pace"]["at_deadline"] == "wait"
    other = (await store.game(there.game_id)).settings
    assert other["board"] == "action" and (other["hints"], other["rated"]) == (False, True)
    assert other["pace"]["reminder"] == DAY and other["pace"]["deadline"] is None
    assert "hints" not in (await store.game(before.game_id)).settings or \
        (await store.game(before.game_id)).settings["hints"] is False  # opened before: unchanged
