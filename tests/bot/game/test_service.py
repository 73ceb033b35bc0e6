"""The game service against a temporary database: a whole game, replays, and every refusal."""

import json
import random

import pytest
from service_helpers import play_random, snapshot, start_game

import engine
from bot.game import replies
from bot.game.service import GameService
from engine import logbook
from engine.simulate import replay


async def test_a_whole_random_game_through_the_service_replays_exactly(service, store):
    await start_game(service, players=2)
    played = await play_random(service, "chan", random.Random(4), limit=20_000)
    assert played > 300
    assert (await service.reads.status("chan")).to_act is None
    assert await store.live_game("chan") is None  # finished games are no longer live
    async with store.conn.execute("SELECT id FROM games") as cur:
        game_id = (await cur.fetchone())[0]
    game = await store.game(game_id)
    assert game.status == "finished" and game.state["phase"] == "over"
    moves = await store.moves(game_id)
    assert len(moves) == played == game.version - 1
    setup = game.setup
    rebuilt = replay(setup["players"], setup["seed"], moves, multi_animal=setup["multi_animal"],
                     animals=setup["animals"], names=setup["names"])
    assert logbook.kept(rebuilt) == game.state  # saved with its recent log
    # a finished 6-player-size game costs well under 1 MB
    async with store.conn.execute("SELECT length(state) FROM games") as cur:
        assert (await cur.fetchone())[0] < 100_000


async def test_lobby_flow_and_refusals(service, store):
    await service.lobby.create_lobby("chan", "u0", "Ann", 3)
    with pytest.raises(replies.WrongPhase, match="already gathering players"):
        await service.lobby.create_lobby("chan", "u9", "Zed", 2)
    with pytest.raises(replies.BadRequest, match="2 to 6"):
        await service.lobby.create_lobby("other", "u9", "Zed", 7)
    with pytest.raises(replies.BadRequest, match="multi-animal"):
        await service.lobby.create_lobby("other", "u9", "Zed", 4, "multi-animal")
    with pytest.raises(replies.WrongPhase, match="1 player has joined"):
        await service.lobby.start("chan", "u0")  # the host alone
    await service.lobby.join("chan", "u1", "Bo", "Birds")
    with pytest.raises(replies.BadRequest, match="not free; free animals: Mammals, Reptiles, Amphibians"):
        await service.lobby.join("chan", "u2", "Cy", "birds")
    with pytest.raises(replies.BadRequest, match="already have a seat"):
        await service.lobby.join("chan", "u1", "Bo")
    with pytest.raises(replies.NotAllowed, match="Only the host, Ann"):
        await service.lobby.start("chan", "u1")
    with pytest.raises(replies.WrongPhase, match="not started"):
        await service.play.act("chan", "u0", "initiative-1")
    await service.lobby.join("chan", "u2", "Cy")
    with pytest.raises(replies.WrongPhase, match="full"):
        await service.lobby.join("chan", "u3", "Di")
    with pytest.raises(replies.NotAllowed, match="Only the host, Ann"):
        await service.lobby.kick("chan", "u1", "u2")
    with pytest.raises(replies.BadRequest, match="no seat"):
        await service.lobby.kick("chan", "u0", "stranger")
    assert "removes Cy's seat" in (await service.lobby.kick("chan", "u0", "u2")).text
    await service.lobby.leave("chan", "u0")  # the host leaves: Bo hosts now
    with pytest.raises(replies.NotAllowed, match="Only the host, Bo"):
        await service.lobby.start("chan", "u2")
    await service.lobby.join("chan", "u3", "Di", "mammals")
    reply = await service.lobby.start("chan", "u1")  # 2 of at most 3: enough to start
    assert "begins" in reply.text and reply.to_act in ("u1", "u3")
    game = await store.live_game("chan")
    assert [s.user_name for s in game.seats] == ["Bo", "Di"] and game.players == 2
    assert game.seats[0].animal == "birds" and game.seats[1].animal == "mammals"
    assert game.state["seats"][0]["name"] == "Bo" and len(game.state["seats"]) == 2


async def test_settings_are_the_hosts_and_checked(service, store):
    await service.lobby.create_lobby("chan", "u0", "Ann", 2)
    await service.lobby.join("chan", "u1", "Bo")
    before = await snapshot(store)
    with pytest.raises(replies.NotAllowed, match="host"):
        await service.lobby.configure("chan", "u1", board="turn")
    with pytest.raises(replies.BadRequest, match="action, turn, request"):
        await service.lobby.configure("chan", "u0", board="sometimes")
    with pytest.raises(replies.BadRequest, match="end or play_on"):
        await service.lobby.configure("chan", "u0", on_resign="x" * 500)
    assert await snapshot(store) == before
    reply = await service.lobby.configure("chan", "u0", board="turn", on_resign="play_on")
    assert "every turn" in reply.text and "plays on" in reply.text
    game = await store.live_game("chan")
    assert game.settings["board"] == "turn" and game.settings["on_resign"] == "play_on"


async def test_the_pace_is_a_setting_too_and_one_refusal_writes_nothing(service, store):
    """``/ds settings`` holds the pace (once ``/ds pace``): all in one transaction."""
    await service.lobby.create_lobby("chan", "u0", "Ann", 2)
    before = await snapshot(store)
    with pytest.raises(replies.BadRequest, match="not a duration"):
        await service.lobby.configure("chan", "u0", board="turn", reminder="soon")
    with pytest.raises(replies.BadRequest, match="choose ai or wait"):
        await service.lobby.configure("chan", "u0", deadline="2d", at_deadline="x" * 6000)
    assert await snapshot(store) == before
    reply = await service.lobby.configure("chan", "u0", board="turn", reminder="12h", deadline="2d",
                                    at_deadline="wait", away_cap="3d")
    assert "every turn" in reply.text and "a reminder every 12 hours" in reply.text and "2 days" in reply.text
    game = await store.live_game("chan")
    assert game.settings["board"] == "turn" and game.settings["pace"]["away_cap"] == 3 * 86400
    assert "a reminder every 12 hours" in (await service.lobby.configure("chan", "u0")).text  # shown as it is


async def test_play_refusals_write_nothing(service, store):
    users = await start_game(service, players=3)
    status = await service.reads.status("chan")
    actor = status.to_act
    other = next(u for u in users if u != actor)
    before = await snapshot(store)
    with pytest.raises(replies.NotYourTurn, match="not your turn"):
        await service.play.act("chan", other, status.choices[0].id)
    with pytest.raises(replies.IllegalChoice, match="not a legal choice"):
        await service.play.act("chan", actor, "speciation-99")
    with pytest.raises(replies.NotSeated):
        await service.play.act("chan", "stranger", status.choices[0].id)
    with pytest.raises(replies.StaleState, match="moved on"):
        await service.play.act("chan", actor, status.choices[0].id, expected_version=status.version - 1)
    with pytest.raises(replies.NoGame):
        await service.play.act("nowhere", actor, "x")
    with pytest.raises(replies.WrongPhase, match="already started"):
        await service.lobby.join("chan", "late", "Late")
    with pytest.raises(replies.NotAllowed, match="host"):
        await service.play.abandon("chan", users[1] if users[1] != users[0] else "stranger")
    with pytest.raises(replies.NotAllowed, match="host"):
        await service.play.abandon("chan", "stranger")
    assert await snapshot(store) == before
    assert await service.reads.options("chan", other) == []
    assert [c.id for c in await service.reads.options("chan", actor)] == [c.id for c in status.choices]
    reply = await service.play.act("chan", actor, status.choices[0].id, expected_version=status.version)
    assert reply.version == status.version + 1 and reply.text.startswith("You chose: ")
    assert (await service.reads.log("chan", 1)).text.startswith("T1 ")


async def test_finished_and_abandoned_games_refuse_play(service, store):
    users = await start_game(service, players=2)
    await service.play.abandon("chan", "someone", can_manage_channel=True)
    with pytest.raises(replies.NoGame):
        await service.play.act("chan", users[0], "initiative-1")
    with pytest.raises(replies.NoGame):
        await service.reads.status("chan")
    await service.lobby.create_lobby("chan", "u5", "New", 2)  # the channel is free again


async def test_undo_own_choice_while_still_your_turn(service, store):
    await start_game(service, players=2)
    # play into the middle of a multi-step choice: find a prompt whose next prompt is the same seat
    chooser = random.Random(2)
    for _ in range(400):
        status = await service.reads.status("chan")
        reply = await service.play.act("chan", status.to_act, status.choices[0].id, status.version)
        if reply.to_act == status.to_act and status.choices[0].id != "forfeit":
            break
    game = await store.live_game("chan")
    before_undo = await store.moves(game.id)
    with pytest.raises(replies.NotAllowed):
        other = next(s.user_id for s in game.seats if s.user_id != status.to_act)
        await service.takeback.undo("chan", other)
    undone = await service.takeback.undo("chan", status.to_act)
    after = await store.live_game("chan")
    assert after.version == game.version + 1  # versions only grow
    with pytest.raises(replies.StaleState):  # a button built before the undo is stale
        await service.play.act("chan", status.to_act, status.choices[0].id, expected_version=game.version)
    assert await store.moves(game.id) == before_undo[:-1]
    assert engine.prompt(after.state).to_dict() == engine.prompt(json.loads(json.dumps(after.state))).to_dict()
    assert status.choices[0].id in [c.id for c in undone.choices]
    del chooser


async def test_resigned_seat_plays_on_by_declining(service, store):
    users = await start_game(service, players=3)
    await service.play.resign("chan", users[1])
    with pytest.raises(replies.BadRequest, match="already resigned"):
        await service.play.resign("chan", users[1])
    played = await play_random(service, "chan", random.Random(1), limit=300)
    assert played == 300
    game = await store.live_game("chan")
    resigned_moves = [m for m in await store.moves(game.id) if m[0] == 1]
    assert resigned_moves  # the resigned seat's animal kept taking (passive) choices
    status = await service.reads.status("chan")
    assert status.to_act != users[1]
    reply = await service.play.resign("chan", users[0])  # one player is left: they win
    assert "wins" in reply.text
    game = await store.latest_game("chan")
    assert game.status == "finished" and game.state["result"]["winner_seat"] == 2
    assert game.state["result"]["ended_by"] == "resignation"
    assert "resigned" in (await service.reads.status("chan")).text


async def test_in_two_player_games_a_resignation_ends_the_game_unless_the_host_plays_on(service, store):
    users = await start_game(service, players=2)
    reply = await service.play.resign("chan", users[1])
    assert "Ann wins" in reply.text
    assert (await store.latest_game("chan")).status == "finished"
    users = await start_game(service, channel="chan2", players=2)
    await service.lobby.configure("chan2", users[0], on_resign="play_on")
    reply = await service.play.resign("chan2", users[1])
    assert "play on" in reply.text
    assert (await store.live_game("chan2")).status == "active"


async def test_a_render_failure_never_loses_a_move(store):
    def broken(state, before, lang):
        raise RuntimeError("no pixels today")

    service = GameService(store, renderer=broken)
    await start_game(service, players=2)
    status = await service.reads.status("chan")
    reply = await service.play.act("chan", status.to_act, status.choices[0].id)
    assert reply.image is None
    game = await store.live_game("chan")
    assert game.version == status.version + 1 and len(await store.moves(game.id)) == 1


async def test_each_picture_highlights_everything_since_the_previous_one(store):
    shown = []

    def renderer(state, before, lang):
        shown.append((None if before is None else before["decisions"], state["decisions"]))
        return b"png"

    service = GameService(store, renderer=renderer)
    await start_game(service, players=2)
    chooser = random.Random(5)
    for _ in range(300):
        post = await service.postbox.channel_post("chan")
        if post is not None:
            await service.postbox.record_post(post, str(1000 + post.version) if post.new_message else None)
        status = await service.reads.status("chan")
        if status.to_act is None:
            break
        await play_random(service, "chan", chooser, limit=1)
    assert shown[0] == (None, 0)  # the first picture: nothing to compare with
    for (_, previous), (before, after) in zip(shown, shown[1:], strict=False):
        assert before == previous < after  # compared with exactly what the last picture showed
    assert any(after - before > 1 for before, after in shown[1:])  # several choices between pictures


async def _to_a_corner_prompt(service, channel: str = "chan") -> replies.Reply:
    """Play (sending APs to Abundance) until someone chooses a corner."""
    while True:
        status = await service.reads.status(channel)
        ids = [c.id for c in status.choices]
        if any(i.startswith("corner:") for i in ids):
            return status
        pick = next((i for i in ids if i.startswith("abundance")), ids[0])
        await service.play.act(channel, status.to_act, pick, status.version)


@pytest.mark.parametrize("how", ["lower", "other tile", "other tile with corner:"])
async def test_a_corner_is_taken_by_any_of_its_spellings(service, store, how):
    from engine.geometry import corner_spellings, parse_corner_label

    await start_game(service, players=2)
    status = await _to_a_corner_prompt(service)
    corner = next(c for c in status.choices if c.id.startswith("corner:"))
    tag, *others = corner_spellings(parse_corner_label(corner.id.removeprefix("corner:")))
    assert tag in corner.label  # the option names the tag the picture draws
    typed = {"lower": tag.lower(), "other tile": others[0].upper(),
             "other tile with corner:": f"CORNER:{others[-1]}"}
    await service.play.act("chan", status.to_act, typed[how], status.version)
    game = await store.live_game("chan")
    assert (await store.moves(game.id))[-1][1] == corner.id  # stored as the option's own id


async def test_each_reply_says_what_it_changed_for_the_shell_to_show(service, store):
    """The table collects what changed (the live post, a lobby card, a prompt to disarm), and the
    reply carries it; a reply that changed nothing carries nothing."""
    P, L, E = replies.PromptChanged, replies.LobbyChanged, replies.GameEnded
    opened = await service.lobby.create_lobby("chan", "u0", "Ann", 3, home_channel_id="home", lobby_message_id="9")
    game = opened.game_id
    assert opened.changes == (L(game),)
    assert (await service.lobby.join("chan", "u1", "Bob")).changes == (L(game),)
    assert (await service.lobby.configure("chan", "u0", board="turn")).changes == ()
    assert (await service.lobby.start("chan", "u0")).changes == (P("chan"), L(game))
    status = await service.reads.status("chan")
    assert status.changes == ()
    assert (await service.play.act("chan", status.to_act, status.choices[0].id, status.version)).changes == (P("chan"),)
    assert (await service.takeback.undo("chan", status.to_act)).changes == (P("chan"),)
    assert (await service.clockwork.away("chan", "u1", "1d")).changes == ()
    assert (await service.lobby.leave("chan", "u1")).changes == (L(game),)  # a running game's card too
    assert (await service.play.abandon("chan", "u0")).changes == (L(game), E(game))


async def test_a_refusal_inside_a_table_writes_nothing_and_frees_the_channel(service, store):
    users = await start_game(service, players=2)
    before = await snapshot(store)
    status = await service.reads.status("chan")
    other = next(u for u in users if u != status.to_act)
    with pytest.raises(replies.NotYourTurn):
        await service.play.act("chan", other, status.choices[0].id)
    assert await snapshot(store) == before
    # the lock and the transaction were let go: the next use case of the channel goes through
    reply = await service.play.act("chan", status.to_act, status.choices[0].id, status.version)
    assert reply.version == status.version + 1
