"""The playground's review: a finished game loaded with ``--load`` is reviewed (the progress said
as it goes), printed (turning points, every seat's part) and its race picture written beside the
board; started again on the same game, the stored review is printed without working it anew."""

from __future__ import annotations

import random

from playground_script import play
from service_helpers import play_random, start_game

from bot.game.service import GameService
from bot.store.connect import open_store
from engine.review import Budget

SMALL = Budget(game_units=200, decision_units=1)


async def resigned_record(tmp_path) -> str:
    store = await open_store(str(tmp_path / "made.sqlite3"))
    try:
        service = GameService(store, renderer=None)
        users = await start_game(service, "chan")
        await play_random(service, "chan", random.Random(3), 60)
        await service.play.resign("chan", users[0])
        game = await store.latest_game("chan")
        return await service.review.record_text(game)
    finally:
        await store.close()


async def test_a_loaded_finished_game_is_reviewed_printed_and_its_picture_written(tmp_path):
    record = tmp_path / "game.json"
    record.write_text(await resigned_record(tmp_path))
    status, out = await play(tmp_path, "review\nquit\n", load=str(record), review_budget=SMALL)
    assert status == 0, out
    assert "decisions weighed" in out and "Review: what decided the game" in out
    assert "Your game, Ann" in out and "Your game, P1" in out  # every seat's part: the terminal is everyone's
    picture = tmp_path / "review.png"
    assert picture.read_bytes().startswith(b"\x89PNG") and f"written to {picture}" in out
    status, again = await play(tmp_path, "review\nquit\n", channel="playground-loaded-1", review_budget=SMALL)
    # stored: printed at once, not worked out anew
    assert status == 0 and "Review: what decided the game" in again and "decisions weighed" not in again
