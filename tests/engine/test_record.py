"""Game records: export -> replay round trips, and every kind of bad record refused clearly."""

from __future__ import annotations

import copy
import json
import subprocess
import sys

import pytest
from played import GAMES, played, setup_of

import words
from engine import record as rec
from engine import vp
from engine.cli import main
from engine.record import RecordError, RecordMove, ReplayError, ResultMismatch


def _record(players=2, seed=1, multi=False, upto=None, **kwargs) -> dict:
    state, moves = played(players, seed, multi)
    if upto is not None:
        from engine.history import replay

        moves = moves[:upto]
        state = replay(setup_of(players, seed, multi), moves)
    return rec.build_record(setup_of(players, seed, multi), moves, final_state=state, **kwargs)


@pytest.mark.parametrize("players,seed,multi", GAMES)
def test_export_then_replay_gives_the_same_game(players, seed, multi):
    state, moves = played(players, seed, multi)
    times = [rec.iso_utc(1_700_000_000 + 60 * i) for i in range(len(moves))]
    entries = [RecordMove(s, o, t, "resigned" if i % 50 == 7 else "player")
               for i, ((s, o), t) in enumerate(zip(moves, times, strict=True))]
    text = rec.dumps(rec.build_record(setup_of(players, seed, multi), entries, final_state=state,
                                      exported_at=times[-1], game={"id": 3}))
    back = rec.read_record(text)
    assert back.move_list() == moves and back.moves == entries and back.game == {"id": 3}
    assert back.setup["animals"] == [s["animals"] for s in state["seats"]]
    assert rec.replay_record(back) == state
    assert back.result["vp_by_source"] == vp.breakdowns(state)
    assert all(sum(v.values()) == back.result["scores"][a] for a, v in back.result["vp_by_source"].items())


def test_an_unfinished_game_has_no_result_and_its_summary_names_who_acts():
    data = _record(upto=120)
    assert data["result"] is None
    state = rec.replay_record(rec.parse_record(data))
    s = rec.summary(state)
    assert s["decisions"] == 120 and "winner" not in s
    assert s["to_act"]["name"] == state["seats"][s["to_act"]["seat"]]["name"]


def test_records_are_readable_text_one_move_a_line():
    text = rec.dumps(_record(upto=30))
    lines = text.splitlines()
    assert json.loads(text)["format_version"] == rec.FORMAT_VERSION
    assert sum(1 for line in lines if line.startswith('{"seat":')) == 30
    assert rec.iso_utc(0) == "1970-01-01T00:00:00Z"


# ---------------------------------------------------------------------------------------------
# Bad records


def _broken(change) -> dict:
    data = copy.deepcopy(_record(upto=40))
    change(data)
    return data


@pytest.mark.parametrize("change,message", [
    (lambda d: d.pop("format"), "not a Dominant Species game record"),
    (lambda d: d.update(format="chess-pgn"), "not a Dominant Species game record"),
    (lambda d: d.update(format_version=2), r"format version 2, newer than this program reads \(1\)"),
    (lambda d: d.update(format_version="1"), "format_version: expected a whole number"),
    (lambda d: d.update(ruleset="marine"), "ruleset: 'marine' is not supported"),
    (lambda d: d.pop("setup"), "setup: expected an object"),
    (lambda d: d["setup"].update(players=7), "setup.players: 7 is out of range"),
    (lambda d: d["setup"].update(variant="solo"), "setup.variant"),
    (lambda d: d["setup"]["seats"].pop(), "setup.seats: expected a list of 2 seats"),
    (lambda d: d["setup"]["seats"][1].update(animals=["dodos"]), r"setup.seats\[1\].animals"),
    (lambda d: d["setup"]["seats"][0].update(name=""), r"setup.seats\[0\].name"),
    (lambda d: d.update(moves={}), "moves: expected a list"),
    (lambda d: d["moves"][3].update(seat=True), r"moves\[3\].seat: expected a whole number"),
    (lambda d: d["moves"][3].update(seat=2), r"moves\[3\].seat: 2 is out of range"),
    (lambda d: d["moves"][4].pop("option"), r"moves\[4\].option"),
    (lambda d: d["moves"][5].update(by="robot"), r"moves\[5\].by: 'robot' is not one of player, planned, ai, clock"),
    (lambda d: d["moves"][6].update(at="yesterday"), r"moves\[6\].at: expected an ISO-8601 UTC time"),
    (lambda d: d["moves"][6].update(at="2025-01-01T10:00:00+02:00"), r"moves\[6\].at"),
    (lambda d: d.update(result={"scores": {}}), 'result: "seat_scores" is missing'),
])
def test_a_malformed_foreign_or_newer_record_says_what_is_wrong(change, message):
    with pytest.raises(RecordError, match=message):
        rec.parse_record(_broken(change))


def test_not_json_and_not_an_object_are_refused():
    with pytest.raises(RecordError, match="not JSON"):
        rec.read_record("{oops")
    with pytest.raises(RecordError, match="not JSON"):
        rec.read_record(b"\xff\xfe")
    with pytest.raises(RecordError, match="JSON object"):
        rec.read_record("[1, 2]")


def test_a_setup_the_engine_refuses_is_a_record_error():
    data = _broken(lambda d: d["setup"]["seats"][1].update(animals=list(d["setup"]["seats"][0]["animals"])))
    with pytest.raises(RecordError, match="setup is not valid"):
        rec.replay_record(rec.parse_record(data))


def test_the_first_move_that_does_not_replay_is_reported():
    data = _broken(lambda d: d["moves"][17].update(option="speciation-99"))
    with pytest.raises(ReplayError) as e:
        rec.replay_record(rec.parse_record(data))
    assert (e.value.index, e.value.option) == (17, "speciation-99")
    assert e.value.message.startswith("not_legal")


def test_a_result_the_moves_do_not_lead_to_is_reported():
    data = _record()
    data["result"]["winner_seat"] = 1 - data["result"]["winner_seat"]
    with pytest.raises(ResultMismatch, match="winner_seat"):
        rec.replay_record(rec.parse_record(data))
    unfinished = _record(upto=50)
    unfinished["result"] = _record()["result"]
    with pytest.raises(ResultMismatch, match="not over"):
        rec.replay_record(rec.parse_record(unfinished))


# ---------------------------------------------------------------------------------------------
# python -m engine replay


def _write(tmp_path, data, name="game.json") -> str:
    path = tmp_path / name
    path.write_text(data if isinstance(data, str) else rec.dumps(data))
    return str(path)


def test_cli_replay_prints_the_final_position(tmp_path, capsys):
    assert main(["replay", _write(tmp_path, _record())]) == 0
    out = json.loads(capsys.readouterr().out)
    state, moves = played(2, 1)
    assert out["ok"] is True and out["moves"] == len(moves)
    assert out["winner"] == state["result"]["winner"] and out["scores"] == state["result"]["scores"]


def test_cli_replay_exit_1_names_the_failing_move(tmp_path, capsys):
    path = _write(tmp_path, _broken(lambda d: d["moves"][9].update(seat=1 - d["moves"][9]["seat"])))
    assert main(["replay", path]) == 1
    cap = capsys.readouterr()
    assert json.loads(cap.out)["failed_move"]["index"] == 9
    assert "move 9 (seat" in cap.err and "not_your_turn" in cap.err


@pytest.mark.parametrize("content,message", [
    ("not json", "not JSON"),
    ('{"format": "something-else"}', "not a Dominant Species game record"),
    ('{"format": "dominant-species-game", "format_version": 7}', "update the bot"),
    (None, "cannot read"),
])
def test_cli_replay_exit_2_for_an_unusable_file(tmp_path, capsys, content, message):
    path = str(tmp_path / "missing.json") if content is None else _write(tmp_path, content)
    assert main(["replay", path]) == 2
    assert message in capsys.readouterr().err


def test_python_dash_m_engine_replay_runs(tmp_path):
    path = _write(tmp_path, _record(upto=60))
    done = subprocess.run([sys.executable, "-m", "engine", "replay", path], capture_output=True, text=True,
                          timeout=120)
    assert done.returncode == 0, done.stderr
    assert json.loads(done.stdout)["decisions"] == 60


def test_the_documented_example_is_a_record_that_replays():
    from pathlib import Path

    doc = (Path(__file__).resolve().parents[2] / "docs" / "record-format.md").read_text()
    example = doc.split("```json\n", 1)[1].split("```", 1)[0]
    record = rec.read_record(example)
    state = rec.replay_record(record)
    assert rec.summary(state)["to_act"]["name"] == "Bob"
    assert f'"format_version":{rec.FORMAT_VERSION}' in example


def test_a_game_ended_by_a_resignation_round_trips():
    from engine.history import replay
    from engine.phases import end_by_resignation

    _, moves = played(2, 1, False)
    moves = moves[:150]
    state = replay(setup_of(2, 1, False), moves)
    end_by_resignation(state, 1, 0)
    assert state["result"]["winner"] == state["result"]["scoring_animals"][0]
    assert state["log"][-1]["key"] == "game_over_resigned"
    assert words.line(state["log"][-1], "en").endswith("resigns; " + state["seats"][0]["name"] + " wins the game.")
    text = rec.dumps(rec.build_record(setup_of(2, 1, False), moves, final_state=state))
    back = rec.read_record(text)
    assert back.result["ended_by"] == "resignation" and back.result["resigned_seat"] == 1
    assert rec.replay_record(back) == state
    assert rec.summary(state)["ended_by"] == "resignation"
    # the winner must be the seat that did not resign; a resignation cannot follow the game's end
    data = json.loads(text)
    data["result"]["winner_seat"] = 1
    with pytest.raises(RecordError, match="resigned_seat"):
        rec.parse_record(data)
    data["result"].update(winner_seat=0, ended_by="boredom")
    with pytest.raises(RecordError, match="ended_by"):
        rec.parse_record(data)
    full = _record()
    full["result"].update(ended_by="resignation", resigned_seat=1 - full["result"]["winner_seat"])
    with pytest.raises(ResultMismatch, match="resigned"):
        rec.replay_record(rec.parse_record(full))
