"""``python -m bot --check``: the configuration read, the store reached and left as it was, the
pending migrations and the shards reported; exit 0, or 2 with one line per problem."""

from __future__ import annotations

import io
import os
import re
import sqlite3
import subprocess
import sys
from pathlib import Path

import pytest
from bot_process import measured

import words
from bot.__main__ import AI_LEVELS, LANGUAGES, parse_args
from bot.check import check
from bot.config import ConfigError, load_config
from bot.game.computer import SEAT_LEVELS
from bot.store.connect import open_store
from bot.store.sqlite import SCHEMA_VERSION

ROOT = Path(__file__).resolve().parents[2]


def run_check(env: dict[str, str]) -> subprocess.CompletedProcess:
    base = {"PATH": "/usr/bin:/bin", "DS_CONFIG": os.devnull}
    return subprocess.run([sys.executable, "-m", "bot", "--check"], cwd=ROOT, env=measured(base | env),
                          capture_output=True, text=True, timeout=60)


async def checked(env: dict[str, str]) -> tuple[int, str, str]:
    out, err = io.StringIO(), io.StringIO()
    code = await check(load_config(os.devnull, environ=env), out, err)
    return code, out.getvalue(), err.getvalue()


def test_a_fresh_install_checks_out_and_nothing_is_created(tmp_path):
    database = tmp_path / "data" / "games.sqlite3"
    done = run_check({"DISCORD_TOKEN": "fake-token-never-printed", "DS_DATABASE": str(database),
                      "DS_SHARD_COUNT": "4", "DS_SHARD_IDS": "2-3", "DS_METRICS_PORT": "9108"})
    assert done.returncode == 0, done.stderr
    assert done.stderr == "" and done.stdout.splitlines()[-1] == "ok"
    assert "does not exist yet; it is created at start-up" in done.stdout
    assert "shards: 2,3 of 4 in this process" in done.stdout and "http://127.0.0.1:9108/metrics" in done.stdout
    assert "fake-token-never-printed" not in done.stdout
    assert not database.exists() and not database.parent.exists()


async def test_pending_migrations_are_reported_and_not_run(tmp_path):
    database = tmp_path / "games.sqlite3"
    store = await open_store(str(database))
    await store.close()
    conn = sqlite3.connect(database)
    conn.execute(f"PRAGMA user_version = {SCHEMA_VERSION - 1}")  # as a file of the previous version reads
    conn.commit()
    conn.close()
    code, out, err = await checked({"DISCORD_TOKEN": "t", "DS_DATABASE": str(database)})
    assert code == 0 and err == ""
    assert f"schema {SCHEMA_VERSION - 1} of {SCHEMA_VERSION}: 1 migration pending" in out
    conn = sqlite3.connect(database)
    assert conn.execute("PRAGMA user_version").fetchone()[0] == SCHEMA_VERSION - 1  # left as it was
    conn.close()


def test_every_problem_is_one_line_and_the_exit_status_is_2(tmp_path):
    garbage = tmp_path / "games.sqlite3"
    garbage.write_bytes(b"not a database at all" * 400)
    done = run_check({"DS_DATABASE": str(garbage)})  # no token either
    assert done.returncode == 2
    problems = done.stderr.splitlines()
    assert len(problems) == 2 and all(p.startswith("problem: ") for p in problems)
    assert "no Discord token" in problems[0] and "not a database" in problems[1]
    config = run_check({"DS_METRICS_PORT": "99999", "DS_LOG_FORMAT": "yaml", "DS_SHARD_IDS": "0"})
    assert config.returncode == 2 and len(config.stderr.splitlines()) == 3  # each bad setting named
    assert all(line.startswith("error: ") for line in config.stderr.splitlines())


def test_a_configuration_file_named_but_missing_is_an_error_never_the_playground(tmp_path):
    """A typo in --config or DS_CONFIG: one line naming the file, exit 2, at start-up and in --check
    (it started the playground without the host's token, and in a container exited 0)."""
    missing, database = tmp_path / "nope.toml", tmp_path / "games.sqlite3"
    for args, env, by in ((["--config", str(missing)], {}, "--config"), ([], {"DS_CONFIG": str(missing)}, "DS_CONFIG"),
                          (["--check", "--config", str(missing)], {}, "--config"),
                          (["--check"], {"DS_CONFIG": str(missing)}, "DS_CONFIG")):
        done = subprocess.run([sys.executable, "-m", "bot", *args], cwd=ROOT, stdin=subprocess.DEVNULL,
                              env=measured({"PATH": "/usr/bin:/bin", "DS_DATABASE": str(database), **env}),
                              capture_output=True, text=True, timeout=60)
        assert done.returncode == 2, (args, env, done.stdout)
        assert done.stderr.splitlines() == [f"error: the configuration file {missing} ({by}) does not exist"]
        assert done.stdout == "" and not database.exists()
    assert load_config(None, environ={"DS_CONFIG": os.devnull}).token is None  # a file that is there, empty


def test_the_default_configuration_file_may_be_absent(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    assert load_config(None, environ={}).database == "./data/dominant.sqlite3"


def test_a_folder_or_an_unreadable_file_named_as_the_configuration_is_said_in_one_line(tmp_path):
    with pytest.raises(ConfigError, match=f"cannot read the configuration file {tmp_path}: Is a directory"):
        load_config(str(tmp_path), environ={})
    binary = tmp_path / "config.toml"
    binary.write_bytes(b"\xff\xfe[discord]")
    with pytest.raises(ConfigError, match="cannot read the configuration file"):
        load_config(str(binary), environ={})


def test_the_check_refuses_a_database_where_no_file_can_be_made(tmp_path):
    """/proc passes the access bits for root, and takes no file: the check tries one (removed at once)."""
    done = run_check({"DISCORD_TOKEN": "t", "DS_DATABASE": "/proc/games.sqlite3"})
    assert done.returncode == 2
    assert done.stderr.splitlines() == ["problem: cannot create the database /proc/games.sqlite3 in /proc: "
                                        "No such file or directory"]
    fine = run_check({"DISCORD_TOKEN": "t", "DS_DATABASE": str(tmp_path / "new" / "games.sqlite3")})
    assert fine.returncode == 0 and list(tmp_path.iterdir()) == []  # the try left nothing behind


async def test_postgresql_reached_without_migrating_or_named_without_its_password(pg_url):
    code, out, err = await checked({"DISCORD_TOKEN": "t", "DS_DATABASE_URL": pg_url})
    assert code == 0, err
    assert f"schema 0 of {SCHEMA_VERSION}: {SCHEMA_VERSION} migrations pending" in out
    code, out, err = await checked({"DISCORD_TOKEN": "t", "DS_DATABASE_URL": pg_url})
    assert f"{SCHEMA_VERSION} migrations pending" in out  # still: --check changed nothing
    store = await open_store(pg_url)
    await store.close()
    code, out, err = await checked({"DISCORD_TOKEN": "t", "DS_DATABASE_URL": pg_url})
    assert f"schema {SCHEMA_VERSION}: up to date" in out
    code, out, err = await checked({"DISCORD_TOKEN": "t",
                                    "DS_DATABASE_URL": "postgresql://dominant:s3cret-pw@127.0.0.1:9/dominant"})
    assert code == 2 and len(err.splitlines()) == 1 and "cannot connect to the database" in err
    assert "s3cret-pw" not in err + out


#: What --check has no use for: the Discord client and its HTTP stack, the pictures, the words,
#: the game.  (The PostgreSQL driver and aiosqlite still come with bot.store.connect.)
NOT_FOR_THE_CHECK = ("discord", "aiohttp", "PIL", "renderers", "words", "engine", "bot.game", "bot.discord",
                     "bot.compose", "bot.playground")


def test_the_check_imports_only_what_it_uses(tmp_path):
    done = subprocess.run([sys.executable, "-X", "importtime", "-m", "bot", "--check"], cwd=ROOT,
                          env={"PATH": "/usr/bin:/bin", "DS_CONFIG": os.devnull, "DISCORD_TOKEN": "t",
                               "DS_DATABASE": str(tmp_path / "games.sqlite3")},
                          capture_output=True, text=True, timeout=60)
    assert done.returncode == 0, done.stderr
    # -X importtime: "import time: <self> | <cumulative> | <indent><module>" per module imported
    imported = {line.rpartition("|")[2].strip() for line in done.stderr.splitlines() if line.startswith("import time:")}
    assert "bot.check" in imported and "bot.config" in imported
    heavy = sorted(m for m in imported if any(m == h or m.startswith(h + ".") for h in NOT_FOR_THE_CHECK))
    assert heavy == []


def test_the_command_line_offers_the_languages_and_levels_there_are():
    assert LANGUAGES == words.LANGUAGES and parse_args([]).lang == words.DEFAULT
    assert AI_LEVELS == SEAT_LEVELS


def test_typos_and_values_of_the_wrong_type_are_refused_one_line_each(tmp_path):
    config = tmp_path / "config.toml"
    config.write_text('[discord]\ntoken = 12345\napi_base = 7\nsync_guid = 1\n[database]\npath = 42\n'
                      '[databse]\nurl = "postgresql://x/y"\n[ai]\nhold_level = "hard"\n')
    wanted = ["[discord] token must be a text in quotes, not 12345",
              "[discord] api_base must be a text in quotes, not 7",
              "[discord] sync_guid is not a setting", "[database] path must be a text in quotes, not 42",
              "[databse] is not a section"]
    for args in (["--check"], []):  # checked, and refused at start-up the same way
        done = subprocess.run([sys.executable, "-m", "bot", *args], cwd=ROOT, capture_output=True, text=True,
                              env=measured({"PATH": "/usr/bin:/bin", "DS_CONFIG": str(config)}), timeout=60,
                              input="")
        lines = done.stderr.splitlines()
        assert done.returncode == 2 and len(lines) == len(wanted), done.stderr
        for line, want in zip(lines, wanted, strict=True):
            assert line.startswith(f"error: {want}"), (line, want)
    # the example configuration, every setting uncommented, is all known
    example = "\n".join(line.removeprefix("# ") if re.match(r"# [a-z_]+ = ", line) else line
                        for line in (ROOT / "config.example.toml").read_text().splitlines())
    config.write_text(example.replace('"..."', '"a-token"'))
    assert load_config(str(config), environ={}).token == "a-token"
