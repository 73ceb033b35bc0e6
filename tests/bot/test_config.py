"""Configuration: config.toml, the environment winning, and a token that is never shown."""

import os
import re
import subprocess
import sys
from pathlib import Path

import pytest
from bot_process import measured

import bot.config
from bot.config import ConfigError, load_config

ROOT = Path(__file__).resolve().parents[2]


def test_environment_wins_over_the_file(tmp_path):
    path = tmp_path / "config.toml"
    path.write_text('[discord]\ntoken = "file-token"\nsync_guild = 42\n[database]\npath = "file.sqlite3"\n')
    from_file = load_config(str(path), environ={})
    assert (from_file.token, from_file.database, from_file.sync_guild) == ("file-token", "file.sqlite3", 42)
    env = {"DISCORD_TOKEN": "env-token", "DS_DATABASE": "env.sqlite3", "DS_SYNC_GUILD": "7",
           "DS_DISCORD_API_BASE": "http://127.0.0.1:1/api/v10", "DS_DISCORD_GATEWAY": "ws://127.0.0.1:1/"}
    both = load_config(str(path), environ=env)
    assert (both.token, both.database, both.sync_guild) == ("env-token", "env.sqlite3", 7)
    assert both.api_base == "http://127.0.0.1:1/api/v10" and both.gateway == "ws://127.0.0.1:1/"
    assert "env-token" not in repr(both) and "env-token" not in str(both)


def test_defaults_from_an_empty_file():
    config = load_config(os.devnull, environ={})
    assert config.token is None and config.database == "./data/dominant.sqlite3" and config.sync_guild is None


def test_bad_values_are_explained(tmp_path):
    path = tmp_path / "config.toml"
    path.write_text("[discord\n")
    with pytest.raises(ConfigError, match="not valid TOML"):
        load_config(str(path), environ={})
    with pytest.raises(ConfigError, match="server id"):
        load_config(os.devnull, environ={"DS_SYNC_GUILD": "my-server"})


def test_operations_settings_from_the_file_and_the_environment(tmp_path):
    path = tmp_path / "config.toml"
    path.write_text('[metrics]\nport = 9108\nhost = "0.0.0.0"\n[logging]\nformat = "json"\n'
                    '[housekeeping]\nlobby_days = 3\n')
    config = load_config(str(path), environ={})
    assert (config.metrics_port, config.metrics_host, config.log_format, config.lobby_days) == (9108, "0.0.0.0",
                                                                                                "json", 3)
    env = {"DS_METRICS_PORT": "9200", "DS_LOG_FORMAT": "text", "DS_LOBBY_DAYS": "10"}
    config = load_config(str(path), environ=env)
    assert (config.metrics_port, config.log_format, config.lobby_days) == (9200, "text", 10)
    plain = load_config(os.devnull, environ={})
    assert (plain.metrics_port, plain.metrics_host, plain.log_format, plain.lobby_days) == (None, "127.0.0.1",
                                                                                            "text", 7)


@pytest.mark.parametrize(("env", "says"), [
    ({"DS_METRICS_PORT": "seventy"}, "port (DS_METRICS_PORT) must be a whole number"),
    ({"DS_METRICS_PORT": "70000"}, "between 1 and 65535"),
    ({"DS_METRICS_PORT": "0"}, "between 1 and 65535"),
    ({"DS_LOG_FORMAT": "xml"}, "format must be one of text, json"),
    ({"DS_LOBBY_DAYS": "-3"}, "lobby_days must be between 1 and 365"),
    ({"DS_LOBBY_DAYS": "99999"}, "lobby_days must be between 1 and 365"),
    ({"DS_LOBBY_DAYS": "a week"}, "lobby_days must be a whole number"),
])
def test_bad_operations_settings_are_explained(tmp_path, env, says):
    with pytest.raises(ConfigError, match=re.escape(says)):
        load_config(os.devnull, environ=env)


def test_the_example_config_documents_every_key():
    text = (ROOT / "config.example.toml").read_text()
    from bot.config import SETTINGS

    for section, keys in SETTINGS.items():
        assert f"[{section}]" in text, section
        for key in keys:
            assert re.search(rf"^(# )?{key} = ", text, re.MULTILINE), (section, key)


def test_backup_command_copies_a_live_database(tmp_path):
    db = tmp_path / "games.sqlite3"
    env = measured({"DS_DATABASE": str(db), "DS_CONFIG": os.devnull, "PATH": "/usr/bin:/bin"})
    play = subprocess.run([sys.executable, "-m", "bot", "--players", "Ann", "Bob", "--board", str(tmp_path / "b.png")],
                          input="1\n2\nquit\n", capture_output=True, text=True, cwd=ROOT, env=env, timeout=120)
    assert play.returncode == 0, play.stderr
    target = tmp_path / "backups" / "copy.sqlite3"
    out = subprocess.run([sys.executable, "-m", "bot", "--backup", str(target)], capture_output=True, text=True,
                         cwd=ROOT, env=env, timeout=60)
    assert out.returncode == 0, out.stderr
    import sqlite3

    conn = sqlite3.connect(target)
    assert conn.execute("SELECT count(*) FROM moves").fetchone()[0] == 2
    conn.close()


def test_the_suite_cannot_reach_the_internet():
    import socket

    from pytest_socket import SocketConnectBlockedError

    with pytest.raises(SocketConnectBlockedError):
        socket.create_connection(("8.8.8.8", 53), timeout=1)


def test_expert_thinking_time_from_the_file_or_the_environment(tmp_path):
    path = tmp_path / "config.toml"
    path.write_text("[ai]\nexpert_ms = 250\n")
    assert load_config(os.devnull, environ={}).expert_ms == 1000
    assert load_config(str(path), environ={}).expert_ms == 250
    assert load_config(str(path), environ={"DS_AI_EXPERT_MS": "1500"}).expert_ms == 1500
    for bad in ("0", "-5", "soon", "1.5", "60001", "1e9"):
        with pytest.raises(ConfigError, match="expert_ms"):
            load_config(str(path), environ={"DS_AI_EXPERT_MS": bad})
    path.write_text('[ai]\nexpert_ms = "fast"\n')
    with pytest.raises(ConfigError, match="expert_ms"):
        load_config(str(path), environ={})


def test_a_bad_expert_time_stops_the_bot_in_one_line(tmp_path):
    env = measured({"DS_AI_EXPERT_MS": "0", "DS_CONFIG": os.devnull, "PATH": "/usr/bin:/bin"})
    out = subprocess.run([sys.executable, "-m", "bot", "--players", "Ann"], capture_output=True, text=True,
                         cwd=ROOT, env=env, timeout=60, stdin=subprocess.DEVNULL)
    assert out.returncode == 2
    assert len(out.stderr.strip().splitlines()) == 1 and "expert_ms" in out.stderr


def test_who_holds_a_seat_from_the_file_or_the_environment(tmp_path):
    path = tmp_path / "config.toml"
    path.write_text('[ai]\nhold_level = "expert"\n')
    assert load_config(os.devnull, environ={}).hold_level == "hard"
    assert load_config(str(path), environ={}).hold_level == "expert"
    assert load_config(str(path), environ={"DS_AI_HOLD_LEVEL": "Normal"}).hold_level == "normal"
    for bad in ("random", "greedy", "godlike"):  # a held seat is played as a person would
        with pytest.raises(ConfigError, match="hold_level"):
            load_config(str(path), environ={"DS_AI_HOLD_LEVEL": bad})


def test_render_workers_and_their_bound_from_the_file_or_the_environment(tmp_path):
    path = tmp_path / "config.toml"
    path.write_text("")  # a file without the settings: their defaults
    none = load_config(str(path), environ={})
    assert (none.render_workers, none.worker_mb) == (1, 170)  # one worker: a 1 GB machine
    path.write_text("[render]\nworkers = 3\nworker_mb = 400\n")
    given = load_config(str(path), environ={})
    assert (given.render_workers, given.worker_mb) == (3, 400)
    env = load_config(str(path), environ={"DS_RENDER_WORKERS": "2", "DS_RENDER_WORKER_MB": "150"})
    assert (env.render_workers, env.worker_mb) == (2, 150)
    for bad, says in (({"DS_RENDER_WORKERS": "0"}, "workers"), ({"DS_RENDER_WORKERS": "many"}, "workers"),
                      ({"DS_RENDER_WORKER_MB": "10"}, "worker_mb"), ({"DS_RENDER_WORKER_MB": "1e9"}, "worker_mb")):
        with pytest.raises(ConfigError, match=says):
            load_config(str(path), environ=bad)
    path.write_text("[render]\nthreads = 2\n")
    with pytest.raises(ConfigError, match=r"\[render\] threads is not a setting"):
        load_config(str(path), environ={})


def test_the_review_budget_from_the_file_or_the_environment(tmp_path):
    path = tmp_path / "config.toml"
    path.write_text("[review]\ngame_units = 50000\ndecision_units = 200\n")
    given = load_config(str(path), environ={})
    assert (given.review_game_units, given.review_decision_units) == (50000, 200)
    env = load_config(str(path), environ={"DS_REVIEW_GAME_UNITS": "900"})
    assert (env.review_game_units, env.review_decision_units) == (900, 200)
    default = load_config(os.devnull, environ={})
    from engine.review import DEFAULT_BUDGET
    from engine.review.budget import MAX_GAME_UNITS

    assert (default.review_game_units, default.review_decision_units) == (DEFAULT_BUDGET.game_units,
                                                                          DEFAULT_BUDGET.decision_units)
    assert bot.config.MOST_REVIEW_UNITS == MAX_GAME_UNITS
    for bad in ({"DS_REVIEW_GAME_UNITS": "0"}, {"DS_REVIEW_DECISION_UNITS": "lots"},
                {"DS_REVIEW_GAME_UNITS": "40000000"}):
        with pytest.raises(ConfigError, match=r"\[review\]"):
            load_config(str(path), environ=bad)
