"""The playground driven by a script on stdin, through the real ``python -m bot`` entry point."""

import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def run_bot(tmp_path, stdin: str, *args: str) -> subprocess.CompletedProcess:
    env = {k: v for k, v in os.environ.items() if k != "DISCORD_TOKEN"}
    env["DS_DATABASE"] = str(tmp_path / "play.sqlite3")
    env["DS_CONFIG"] = str(tmp_path / "absent.toml")
    return subprocess.run([sys.executable, "-m", "bot", "--board", str(tmp_path / "board.png"), *args],
                          input=stdin, capture_output=True, text=True, cwd=ROOT, env=env, timeout=300)


def renderer_available() -> bool:
    from bot.service import default_renderer

    return default_renderer() is not None


def test_a_scripted_two_player_game_runs_and_survives_a_restart(tmp_path):
    # 60 picks of option 1 cover the first turn's planning and execution
    first = run_bot(tmp_path, "1\n" * 60 + "quit\n", "--players", "Ann", "Bob")
    assert first.returncode == 0, first.stderr
    out = first.stdout
    assert "Game #1 begins. Ann: " in out and "Bob: " in out
    assert out.count("places an AP") >= 14  # 7 APs each
    assert "Execution phase begins." in out
    assert "Bye; the game is saved" in out
    if renderer_available():
        assert (tmp_path / "board.png").read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
        assert out.count("[board written to") >= 10  # every change of the seat to act
    # start again: the same game continues where it stopped
    second = run_bot(tmp_path, "status\nlog 2\nundo\nnot-an-option\n2\nquit\n")
    assert second.returncode == 0, second.stderr
    assert "Continuing the stored game." in second.stdout
    assert "Not accepted:" in second.stdout  # the unknown option, and perhaps the undo
    assert "Game #2" not in second.stdout


def test_eof_on_the_first_question_exits_cleanly(tmp_path):
    result = run_bot(tmp_path, "")
    assert result.returncode == 1
    assert "Player names" in result.stdout


def test_a_restart_continues_whatever_the_players_are_called(tmp_path):
    first = run_bot(tmp_path, "1\nquit\n", "--players", "Lobbyist", "Bob")
    assert first.returncode == 0, first.stderr
    again = run_bot(tmp_path, "status\nquit\n")
    assert "Continuing the stored game." in again.stdout and "Game #2" not in again.stdout
