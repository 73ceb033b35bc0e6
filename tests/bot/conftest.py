import os

import pytest
from pg_cluster import INSTALL_HINT, PgCluster, server_bin

from bot.service import GameService
from bot.store import Store

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
    s = await Store.open(database)
    yield s
    await s.close()


@pytest.fixture
async def service(store):
    return GameService(store, renderer=None)
