import os

import fake_discord
import pytest
from bot_process import BotProcess
from fake_discord import FakeDiscord
from pg_cluster import INSTALL_HINT, PgCluster, server_bin

from bot.game.service import GameService
from bot.store.connect import open_store

#: Every test that takes ``store`` (or ``service``, or ``database``) runs on both backends.
BACKENDS = ["sqlite", "postgresql"]


@pytest.fixture(scope="session")
def pg_cluster():
    """One throw-away PostgreSQL server for the session (skipped, saying how to install it, if absent)."""
    if server_bin() is None:
        if os.environ.get("CI") == "true":
            pytest.fail(INSTALL_HINT)  # CI installs it: a missing server there is a broken CI, not a skip
        pytest.skip(INSTALL_HINT)
    cluster = PgCluster().start()
    yield cluster
    cluster.cleanup()


@pytest.fixture
def pg_url(pg_cluster):
    """A fresh, empty PostgreSQL database for one test."""
    url = pg_cluster.create_database()
    yield url
    pg_cluster.remove_database(url)


@pytest.fixture(params=BACKENDS)
def database(request, tmp_path):
    """Where a test's store lives: a SQLite file, or a fresh PostgreSQL database (a URL)."""
    if request.param == "sqlite":
        return str(tmp_path / "games.sqlite3")
    return request.getfixturevalue("pg_url")


@pytest.fixture
async def store(database):
    s = await open_store(database)
    yield s
    await s.close()


@pytest.fixture
async def service(store):
    return GameService(store, renderer=None)


@pytest.fixture
async def fake():
    """A fake Discord on 127.0.0.1 (one server, its channels; tests may add more)."""
    async with FakeDiscord() as f:
        yield f


@pytest.fixture
async def bot(fake, tmp_path):
    """``python -m bot`` against the fake, stopped (cleanly) after the test; the token never printed."""
    process = BotProcess(fake, tmp_path / "games.sqlite3")
    await process.start()
    yield process
    assert await process.stop() == 0
    assert b"fake-token-never-printed" not in process.output


@pytest.fixture(autouse=True)
def discord_contract_kept():
    """A request Discord would refuse fails the test that made it, at teardown (after the bot and the fake have
    stopped, so their last requests count too). A test that sends one on purpose takes it with
    ``fake.take_violations()`` and asserts it."""
    with fake_discord.watch() as made:
        yield
    refused = [v.report() for fake in made for v in fake.violations]
    if refused:
        pytest.fail("Discord would have refused these requests:\n  " + "\n  ".join(refused), pytrace=False)


@pytest.fixture(autouse=True)
def strict_words(monkeypatch):
    """A text whose key, placeholder or form is missing fails the test (the bot itself falls
    back to English, then to the key, rather than fail a player)."""
    from words import render

    monkeypatch.setattr(render, "STRICT", True)


class Now:
    """An injectable clock: tests move ``t`` on, and hours pass in microseconds."""

    def __init__(self, t: float = 1_000_000.0) -> None:
        self.t = t

    def __call__(self) -> float:
        return self.t


@pytest.fixture
def now():
    return Now()
