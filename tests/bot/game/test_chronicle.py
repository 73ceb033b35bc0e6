"""The story of a game through the bot's store: past moments equal to a replay, the replay
cache and undo, the log in pages and its filters, the recap of a new prompt, the end-of-game
post, and the server's stats."""

from __future__ import annotations

import random

import pytest
from service_helpers import play_random, start_game
from story_helpers import stored_game

import words
from bot.game import replies
from bot.game.chronicle import Chronicle
from bot.game.limits import CONTENT
from bot.game.recap import RECAP_LINES, recap_text
from bot.game.service import GameService
from bot.game.stats import compute, finished_games, server_stats
from engine import logbook, vp
from engine.history import replay


async def test_a_past_moment_is_the_replay_of_the_stored_moves(store):
    await stored_game(store, "chan", 4, 1)
    chronicle = Chronicle(store)
    game = await store.latest_game("chan")
    moves = await store.move_list(game.id)
    pairs = [(m.seat, m.option_id) for m in moves]
    last = game.state["turn"]
    for turn, into in ((1, 0), (1, 5), (6, 0), (6, 17), (last, 3)):
        k, state = await chronicle.replayed(game, lambda h, _m, t=turn, i=into: (h.move_index(t, i), h.state_at(t, i)))
        assert state == replay(game.setup, pairs[:k])
        moment = await chronicle.moment_at("chan", turn, into, picture=False)
        assert moment.k == k and f"turn {turn}," in moment.text and f"move {k} of {len(moves)}" in moment.text
        assert len(moment.text) <= CONTENT
    assert chronicle.builds == 1  # one replay served every moment
    end = await chronicle.moment(game, len(moves), picture=False)
    assert end.next is None and "The game is over" in end.text and "present" in end.text
    assert (await chronicle.moment(game, 0, picture=False)).previous is None
    for turn, into, message in ((last + 1, 0, "does not exist"), (0, 0, "numbered from 1"), (2, 999, "choose 0 to")):
        with pytest.raises(replies.BadRequest, match=message):
            await chronicle.moment_at("chan", turn, into)


async def test_a_past_boards_picture_is_told_which_move_of_how_many_it_shows(store):
    await stored_game(store, "chan", 2, 3)
    asked = []

    def board(state, before, lang, past=None):
        asked.append((state["decisions"], past))
        return b"png"

    chronicle = Chronicle(store, board)
    game = await store.latest_game("chan")
    moves = await store.move_list(game.id)
    moment = await chronicle.moment_at("chan", 2, 3)
    assert moment.image == b"png" and asked == [(asked[0][0], (moment.k, len(moves)))]


async def test_stepping_by_action_visits_every_boundary_in_order(store):
    await stored_game(store, "chan", 2, 5, multi=True)
    chronicle = Chronicle(store)
    game = await store.latest_game("chan")
    moment = await chronicle.moment_at("chan", 2, 0, picture=False)
    seen = [moment.k]
    for _ in range(6):
        moment = await chronicle.moment(game, moment.next, picture=False)
        seen.append(moment.k)
    assert seen == sorted(seen) and len(set(seen)) == len(seen)
    back = await chronicle.moment(game, moment.previous, picture=False)
    assert back.k == seen[-2]


async def test_an_undo_or_a_rollback_replays_the_game_afresh(service, store):
    users = await start_game(service, players=2)
    await play_random(service, "chan", random.Random(4), 12)
    chronicle = service.chronicle
    game = await store.live_game("chan")
    h, moves = await chronicle.history(game)
    assert len(h.moves) == 12 and chronicle.builds == 1
    await play_random(service, "chan", random.Random(5), 3)
    h, moves = await chronicle.history(await store.live_game("chan"))
    assert len(h.moves) == 15 and chronicle.builds == 1  # extended, not replayed
    actor = moves[-1].user_id
    await service.takeback.undo("chan", actor)
    game = await store.live_game("chan")
    h, moves = await chronicle.history(game)
    assert chronicle.builds == 2 and len(moves) == 14 and logbook.kept(h.state) == game.state
    await service.takeback.propose_rollback("chan", users[0], 5)
    await service.takeback.answer_rollback("chan", users[1], 1, True)
    game = await store.live_game("chan")
    h, moves = await chronicle.history(game)
    assert len(moves) == 4 and logbook.kept(h.state) == game.state and h.state == replay(game.setup, h.moves)


async def test_log_pages_cover_every_line_once_and_filter_by_player_or_turn(store):
    await stored_game(store, "chan", 3, 2, names=["Ann", "Bob", "Cy"])
    chronicle = Chronicle(store)
    game = await store.latest_game("chan")
    moves = [(m.seat, m.option_id) for m in await store.move_list(game.id)]
    lines = replay(game.setup, moves)["log"]  # the whole log: the stored state keeps only its recent part
    assert game.state["log"] == lines[logbook.log_from(game.state):]
    newest = await chronicle.log_page("chan")
    assert newest.index == newest.count - 1 and f"turn {game.state['turn']}" in newest.text
    told = []
    for i in range(newest.count):
        page = await chronicle.page_of(game, "a", i)
        assert page.index == i and len(page.text) <= CONTENT
        told += page.text.split("\n")[1:]
    assert told == [words.line(e, "en") for e in lines]
    bob = game.state["seats"][1]["animals"]
    about_bob = await chronicle.log_page("chan", player="bob", page=0)
    assert about_bob.filter == "s1" and "only Bob" in about_bob.text
    body = about_bob.text.split("\n")[1:]
    assert body and body == [words.line(e, "en") for e in logbook.lines_about(lines, bob)][:len(body)]
    by_animal = await chronicle.log_page("chan", player=bob[0].upper())
    assert by_animal.filter == "s1"
    turn3 = await chronicle.log_page("chan", turn=3, page=0)
    assert turn3.filter == "t3" and "turn 3" in turn3.text.split("\n")[0]
    assert turn3.text.split("\n")[1:] == [words.line(x, "en") for x in logbook.lines_of_turn(lines, 3)][:len(
        turn3.text.split("\n")) - 1]
    both = await chronicle.log_page("chan", player="Cy", turn=2)
    assert both.filter == "s2t2"
    with pytest.raises(replies.BadRequest, match="does not exist"):
        await chronicle.log_page("chan", turn=game.state["turn"] + 1)
    with pytest.raises(replies.BadRequest, match="No seat or animal"):
        await chronicle.log_page("chan", player="Zed")
    with pytest.raises(replies.NoGame):
        await chronicle.log_page("elsewhere")


async def test_a_new_prompt_message_recaps_what_the_others_did_since_your_last_move(service, store):
    users = await start_game(service, players=3)
    chooser = random.Random(2)
    recaps = 0
    for _ in range(160):
        post = await service.postbox.channel_post("chan")
        if post is not None:
            assert len(post.text) <= CONTENT
            if "Since your last move" in post.text:
                recaps += 1
                assert post.new_message
                recap = post.text.split("\n")
                assert sum(1 for line in recap if line.startswith("· ")) <= RECAP_LINES
            await service.postbox.record_post(post, f"m{post.version}" if post.new_message else None)
        if not await play_random(service, "chan", chooser, 1):
            break
    assert recaps > 0
    assert len(users) == 3


async def test_the_recap_is_only_what_the_message_does_not_already_tell(service, store):
    await start_game(service, players=2)
    assert (await store.live_game("chan")).decided == {}  # nobody decided yet
    await play_random(service, "chan", random.Random(1), 2)
    game = await store.live_game("chan")
    since = game.decided
    assert set(since) == {0, 1} and max(since.values()) == logbook.total(game.state)
    lines = {"log": [f"T1 Line {i}." for i in range(12)] + ["T1 Execution phase begins."]}
    assert recap_text(lines, {0: 3}, 0, 3) == ""  # the message tells it all from line 3 on
    assert recap_text(lines, {0: 3}, 1, 13) == ""  # seat 1 never decided
    assert recap_text(lines, {0: 3}, 0, 5).split("\n") == ["**Since your last move**:", "· Line 3.", "· Line 4."]
    many = recap_text(lines, {0: 1}, 0, 13).split("\n")
    assert many[0] == "**Since your last move** (… 7 earlier lines: /ds log):"
    assert many[1:] == [f"· Line {i}." for i in range(8, 12)]  # the banner is left out


async def test_the_final_post_has_the_breakdown_and_the_end_of_game_image(store):
    from renderers import render_final

    await stored_game(store, "chan", 3, 2, names=["Ann", "Bob", "Cy"])
    service = GameService(store)
    service.chronicle.final_renderer = render_final
    post = await service.postbox.channel_post("chan")
    assert post.over and len(post.text) <= CONTENT
    (name, image), = post.extra_images
    assert name == "end-of-game.png" and image[:4] == b"\x89PNG"
    game = await store.latest_game("chan")
    state = game.state
    assert "VP by source" in post.text and "wins" in post.text
    for a in state["animals"]:
        parts = vp.breakdown(state, a)
        assert sum(parts.values()) == state["animals"][a]["vp"]  # the breakdown adds up
        assert f"{a.capitalize()} (" in post.text and f"{state['animals'][a]['vp']} VP" in post.text
    assert service.chronicle.builds == 1
    again = await service.postbox.channel_post("chan")  # a retried post does not draw the image again
    assert again.extra_images == post.extra_images


async def test_stats_count_the_servers_finished_games(store):
    names = ["Ann", "Bob", "Cy"]
    await stored_game(store, "c1", 2, 1, guild_id="G", names=names[:2])
    await stored_game(store, "c2", 3, 2, guild_id="G", names=names)
    await stored_game(store, "c3", 2, 3, guild_id="H", names=names[:2])
    await stored_game(store, "old", 2, 4, names=["Ann", "Di"])  # before guild ids: known by its channel
    games = await finished_games(store, "G", {"old"})
    assert sorted(g.id for g in games) == [1, 2, 4]
    stats = compute(games)
    assert stats.games == 3
    assert sum(r.wins for r in stats.members.values()) == 3
    assert sum(r.games for r in stats.animals.values()) == 2 + 3 + 2
    longest = max(games, key=lambda g: (g.state["turn"], g.moves))
    assert stats.longest.id == longest.id
    ann = stats.members["local:Ann"]
    assert ann.games == 3
    assert ann.points == sum(g.state["result"]["seat_scores"][0] for g in games)
    for a, r in stats.animals.items():
        assert r.points == sum(g.state["result"]["scores"].get(a, 0) for g in games)
    text = await server_stats(store, "G", {"old"})
    assert "3 games finished" in text and "Longest game" in text and "Ann: 3 ·" in text
    assert "No game has finished" in await server_stats(store, "nowhere")


async def test_story_buttons_carry_the_game_the_position_and_the_filter(store):
    from bot.discord.components_story import HistoryButton, LogButton, history_view, log_view

    await stored_game(store, "chan", 2, 1)
    chronicle = Chronicle(store)
    game = await store.latest_game("chan")
    moment = await chronicle.moment_at("chan", 2, 4, picture=False)
    ids = [item.custom_id for item in history_view(moment).children]
    assert ids == [f"ds:hs:{game.id}:{moment.previous}:p", f"ds:hs:{game.id}:{moment.next}:n"]
    assert all(HistoryButton.__discord_ui_compiled_template__.fullmatch(i) for i in ids)
    page = await chronicle.log_page("chan", player="seat:1", turn=3)
    ids = [item.custom_id for item in log_view(page).children] if page.count > 1 else [f"ds:lg:1:0:{page.filter}:o"]
    assert all(len(i) <= 100 and LogButton.__discord_ui_compiled_template__.fullmatch(i) for i in ids)
    first = await chronicle.page_of(game, "a", 0)
    older, newer = log_view(first).children
    assert older.item.disabled and not newer.item.disabled and newer.custom_id == f"ds:lg:{game.id}:1:a:n"


async def test_a_game_that_no_longer_replays_still_gets_its_posts(service, store):
    await start_game(service, players=2)
    await play_random(service, "chan", random.Random(6), 3)
    async with store.transaction():  # as if a rules fix made an old move illegal
        await store.conn.execute("UPDATE moves SET option_id = 'bogus' WHERE version = 2")
    post = await service.postbox.channel_post("chan")
    assert post is not None
    with pytest.raises(replies.ServiceError, match="can no longer be replayed"):
        await service.chronicle.moment_at("chan", 1, 1)
