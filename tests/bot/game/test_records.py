"""Records through the bot's store: export then replay for every player count and the
multi-animal variant, games played through the service (a resigned seat, a resignation that
ends the game), and ``python -m bot --load`` with good and bad files."""

from __future__ import annotations

import json
import random
import sqlite3

import pytest
from service_helpers import play_random, start_game
from story_helpers import T0, record_text, seeded_game, stored_game
from test_playground import renderer_available, run_bot

from bot.game import replies
from bot.game.chronicle import Chronicle
from bot.game.records import check_record, export_record
from engine import logbook
from engine.record import FORMAT_VERSION, read_record, replay_record

GAMES = [(2, 1, False), (3, 2, False), (4, 1, False), (5, 2, False), (6, 4, False), (2, 5, True), (3, 5, True)]


@pytest.mark.parametrize("players,seed,multi", GAMES)
async def test_export_then_replay_gives_the_stored_game(store, players, seed, multi):
    game_id = await stored_game(store, "chan", players, seed, multi)
    name, data, game = await export_record(Chronicle(store), "chan", T0 + 10**6)
    assert name == f"dominant-species-game-{game_id}.json"
    record = read_record(data)
    state, moves = seeded_game(players, seed, multi)
    assert record.move_list() == moves and logbook.kept(replay_record(record)) == game.state
    assert record.setup["multi_animal"] is multi and record.game["id"] == game_id
    assert record.moves[1].at == "2023-11-14T22:14:20Z" and {m.by for m in record.moves} == {"player"}
    assert record.result["winner_seat"] == state["result"]["winner_seat"]


async def test_a_service_game_with_a_resigned_seat_and_then_a_resignation_exports_and_replays(service, store):
    users = await start_game(service, players=3)
    await service.play.resign("chan", users[1])  # the seat plays on, declining
    await play_random(service, "chan", random.Random(3), 40)
    name, data, _ = await export_record(service.chronicle, "chan", T0)
    running = read_record(data)
    assert running.result is None and "resigned" in {m.by for m in running.moves}
    assert logbook.kept(replay_record(running)) == (await store.live_game("chan")).state
    await service.play.resign("chan", users[2])  # one player left: the game ends
    game = await store.latest_game("chan")
    _, data, _ = await export_record(service.chronicle, "chan", T0)
    ended = read_record(data)
    assert ended.result["ended_by"] == "resignation" and ended.result["winner_seat"] == 0
    assert logbook.kept(replay_record(ended)) == game.state
    assert json.loads(data)["format_version"] == FORMAT_VERSION


async def test_nothing_to_export_is_a_clear_refusal(service, store):
    with pytest.raises(replies.NoGame):
        await export_record(service.chronicle, "chan", T0)
    await service.lobby.create_lobby("chan", "u0", "Ann", 2)
    with pytest.raises(replies.WrongPhase, match="not started"):
        await export_record(service.chronicle, "chan", T0)


def database_moves(tmp_path) -> list[tuple]:
    conn = sqlite3.connect(tmp_path / "play.sqlite3")
    try:
        return list(conn.execute("SELECT game_id, made_by, created_at FROM moves ORDER BY game_id, version"))
    finally:
        conn.close()


def test_load_a_finished_record_shows_its_end_and_an_unfinished_one_plays_on(tmp_path):
    finished = tmp_path / "finished.json"
    finished.write_text(record_text(2, 1, names=["Ann", "Bob"]))
    shown = run_bot(tmp_path, "", "--load", str(finished))
    assert shown.returncode == 0, shown.stderr
    assert "Loaded" in shown.stdout and "playground-loaded-1" in shown.stdout
    assert "VP by source" in shown.stdout and "wins" in shown.stdout
    if renderer_available():
        assert (tmp_path / "end-of-game.png").read_bytes()[:4] == b"\x89PNG"
    stored = database_moves(tmp_path)
    assert len(stored) == len(read_record(finished.read_text()).moves) and stored[0][2] == T0
    data = json.loads(record_text(3, 2, names=["Ann", "Bob", "Cy"]))
    data.update(result=None, moves=data["moves"][:50])
    unfinished = tmp_path / "unfinished.json"
    unfinished.write_text(json.dumps(data))
    played = run_bot(tmp_path, "history 1 3\n1\nquit\n", "--load", str(unfinished))
    assert played.returncode == 0, played.stderr
    assert "playground-loaded-2" in played.stdout and "Continuing the stored game." in played.stdout
    assert "move 3 of 50" in played.stdout
    assert len([m for m in database_moves(tmp_path) if m[0] == 2]) == 51  # loaded, then one more choice


@pytest.mark.parametrize("content,message", [
    ("{not json", "not JSON"),
    ('{"format": "chess-game"}', "not a Dominant Species game record"),
    ("NEWER", "newer than this program"),
    ("BAD MOVE", "does not replay"),
    ("NO FILE", "cannot read"),
])
def test_load_refuses_a_bad_record_and_writes_nothing(tmp_path, content, message):
    path = tmp_path / "game.json"
    if content == "NEWER":
        content = json.dumps({**json.loads(record_text(2, 1)), "format_version": FORMAT_VERSION + 1})
    elif content == "BAD MOVE":
        data = json.loads(record_text(2, 1))
        data["moves"][3]["option"] = "teleport"
        content = json.dumps(data)
    if content != "NO FILE":
        path.write_text(content)
    result = run_bot(tmp_path, "", "--load", str(path))
    assert result.returncode == 2 and message in result.stderr and "Traceback" not in result.stderr
    assert not (tmp_path / "play.sqlite3").exists()


def test_check_record_gives_each_move_its_label():
    loaded = check_record(record_text(2, 1))
    assert len(loaded.labels) == len(loaded.record.moves) and all(loaded.labels)


def test_a_finished_game_is_studied_until_quit_and_reopened_for_study(tmp_path):
    finished = tmp_path / "finished.json"
    finished.write_text(record_text(2, 1, names=["Ann", "Bob"]))
    shown = run_bot(tmp_path, "board\nhistory 1 3\nlog 2\ncards\nspeciation-1\nquit\n", "--load", str(finished))
    assert shown.returncode == 0, shown.stderr
    out = shown.stdout.split("VP by source", 1)[1]  # after the end was shown
    assert "The whole board." in out and "move 3 of" in out and "nothing more to play" in out
    assert out.count("The game is over. Type board") >= 5 and out.rstrip().endswith("Bye.")
    again = run_bot(tmp_path, "board\nquit\n", "--channel", "playground-loaded-1")
    assert again.returncode == 0, again.stderr
    assert "The stored game is over" in again.stdout and "The whole board." in again.stdout
    assert "Player names" not in again.stdout and "Game #2" not in again.stdout
