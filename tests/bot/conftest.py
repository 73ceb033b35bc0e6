import pytest

from bot.service import GameService
from bot.store import Store


@pytest.fixture
async def store(tmp_path):
    s = await Store.open(str(tmp_path / "games.sqlite3"))
    yield s
    await s.close()


@pytest.fixture
async def service(store):
    return GameService(store, renderer=None)


@pytest.fixture(autouse=True)
def strict_words(monkeypatch):
    """A text whose key, placeholder or form is missing fails the test (the bot itself falls
    back to English, then to the key, rather than fail a player)."""
    from words import render

    monkeypatch.setattr(render, "STRICT", True)
