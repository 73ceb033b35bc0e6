import pytest
from bot_process import BotProcess
from fake_discord import FakeDiscord

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
def strict_words(monkeypatch):
    """A text whose key, placeholder or form is missing fails the test (the bot itself falls
    back to English, then to the key, rather than fail a player)."""
    from words import render

    monkeypatch.setattr(render, "STRICT", True)
