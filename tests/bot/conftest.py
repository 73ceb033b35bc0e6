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
