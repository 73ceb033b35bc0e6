"""Configuration for more than one process: the database URL, the shards, and what start-up
says when either is wrong."""

import os
import subprocess
import sys
from pathlib import Path

import pytest
from bot_process import measured

from bot.config import ConfigError, load_config
from bot.discord.client import DominantBot, ShardedDominantBot, bot_class
from bot.store.shards import Shards

ROOT = Path(__file__).resolve().parents[2]
URL = "postgresql://bot:pw-never-shown@127.0.0.1:1/games"


def test_a_url_selects_postgresql_and_a_path_or_nothing_keeps_sqlite(tmp_path):
    path = tmp_path / "config.toml"
    path.write_text(f'[database]\npath = "file.sqlite3"\nurl = "{URL}"\n')
    assert load_config(str(path), environ={}).database == URL
    assert load_config(str(path), environ={"DS_DATABASE": "env.sqlite3"}).database == "env.sqlite3"
    assert load_config(str(path), environ={"DS_DATABASE_URL": "postgresql://x@h/d"}).database == "postgresql://x@h/d"
    assert load_config(os.devnull, environ={}).database == "./data/dominant.sqlite3"
    assert "pw-never-shown" not in repr(load_config(str(path), environ={}))
    path.write_text('[database]\nurl = "games.sqlite3"\n')
    with pytest.raises(ConfigError, match="postgresql://"):
        load_config(str(path), environ={})


def test_shards_from_the_file_or_the_environment(tmp_path):
    path = tmp_path / "config.toml"
    path.write_text("[discord]\nshard_count = 4\nshard_ids = [2, 3]\n")
    config = load_config(str(path), environ={})
    assert config.shards == Shards((2, 3), 4) and bot_class(config.shards) is ShardedDominantBot
    assert load_config(str(path), environ={"DS_SHARD_IDS": "0-1"}).shards == Shards((0, 1), 4)
    plain = load_config(os.devnull, environ={})
    assert plain.shards is None and bot_class(plain.shards) is DominantBot
    with pytest.raises(ConfigError, match=r"shard_ids \[4\] outside 0..3"):
        load_config(str(path), environ={"DS_SHARD_IDS": "3,4"})


def run_bot(tmp_path: Path, **env: str) -> subprocess.CompletedProcess:
    base = {"PATH": "/usr/bin:/bin", "DS_CONFIG": os.devnull, "DISCORD_TOKEN": "t"}
    return subprocess.run([sys.executable, "-m", "bot"], capture_output=True, text=True, cwd=ROOT,
                          env=measured(base | env), timeout=60, stdin=subprocess.DEVNULL)


def test_a_wrong_shard_configuration_stops_the_bot_at_start_up_with_one_clear_line(tmp_path):
    out = run_bot(tmp_path, DS_SHARD_COUNT="2", DS_SHARD_IDS="1,2")
    assert out.returncode == 2
    assert out.stderr.strip().splitlines() == ["error: shard_ids [2] outside 0..1 (shard_count is 2)"]


def test_an_unreachable_database_stops_the_bot_with_one_line_and_no_password(tmp_path):
    out = run_bot(tmp_path, DS_DATABASE_URL=URL)
    assert out.returncode == 3
    errors = [line for line in out.stderr.splitlines() if "WARNING discord.client" not in line]  # voice support
    assert len(errors) == 1 and errors[0].startswith("error: cannot connect to the database "
                                                      "postgresql://bot@127.0.0.1:1/games: ")
    assert "pw-never-shown" not in out.stderr + out.stdout and "Traceback" not in out.stderr
