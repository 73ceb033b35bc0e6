"""Starting the local playground (``python -m bot`` without a token): the command line's
paths and record checked before anything is stored, then the store opened and the session run
(``bot.playground.session``)."""

from __future__ import annotations

import sys
import time
from pathlib import Path
from typing import TextIO

import words
from bot.compose import local_service
from bot.game.layout import relayout
from bot.game.records import Loaded, check_record, free_channel, import_record
from bot.playground.session import Playground
from bot.playground.terminal import HELP, MAX_PLAYERS, local_text
from bot.store.connect import open_store
from engine.errors import RulesError
from engine.history import ReplayError, replay
from engine.record import GameRecord, read_record
from engine.review import DEFAULT_BUDGET, Budget
from words import T, Text


def board_path_problem(board: str) -> str | None:
    """Why the board cannot be written to ``board``, found before any game is created."""
    path = Path(board)
    folder = path.resolve().parent
    if not folder.is_dir():
        return f"--board {board}: the folder {folder} does not exist."
    if path.is_dir():
        return f"--board {board} is a folder; give a file name such as {path / 'board.png'}."
    return None


def read_record_file(path: str, lang: str = words.DEFAULT) -> Loaded | str:
    """A record checked to its end (every move replayed), or what is wrong with the file."""
    try:
        text = Path(path).read_bytes()
    except OSError as e:
        return f"--load {path}: cannot read it ({e.strerror or e})."
    try:
        return check_record(text)
    except ReplayError as e:
        if e.refusal is None:
            return f"--load {path}: {e}"
        return words.say(refused_move(path, read_record(text), e, e.refusal), lang)
    except ValueError as e:  # RecordError, ResultMismatch: nothing is written
        return f"--load {path}: {e}"


def refused_move(path: str, record: GameRecord, e: ReplayError, refusal: RulesError) -> Text:
    """A move the rules refuse, in words: its number, who made it and what, and why not (the
    engine's refusal as a player reads it, not its key and parameters)."""
    moves = record.move_list()
    before = replay(record.setup, moves, upto=e.index)  # the moves before it replay: it is the first refused
    seats = before["seats"]
    name = seats[e.seat]["name"] if isinstance(e.seat, int) and 0 <= e.seat < len(seats) else str(e.seat)
    return T("play.load_refused", file=path, n=e.index + 1, total=len(moves), player=name, option=str(e.option),
             reason=T("err." + refusal.key, **refusal.params))


async def run_playground(database: str, names: list[str], *, channel: str = "playground",
                         board: str = "board.png", seats: int | None = None, new: bool = False,
                         load: str | None = None, stdin: TextIO = sys.stdin, stdout: TextIO = sys.stdout,
                         lang: str = words.DEFAULT, ai: list[str] | None = None,
                         review_budget: Budget = DEFAULT_BUDGET) -> int:
    problem = board_path_problem(board)
    if ai and len(ai) > MAX_PLAYERS - 1:
        problem = f"at most {MAX_PLAYERS - 1} computer players (--ai): a game has {MAX_PLAYERS} seats and one person"
    loaded = read_record_file(load, lang) if load is not None and problem is None else None
    if isinstance(loaded, str):
        problem, loaded = loaded, None
    if problem is not None:
        print(f"error: {problem}", file=sys.stderr)
        return 2
    store = await open_store(database)
    try:
        await relayout(store)  # games stored by an older version
        service = local_service(store, review_budget=review_budget)
        if loaded is not None:
            channel = await free_channel(store, channel)
            game_id = await import_record(store, loaded, channel, time.time())
            print(words.say(T("play.loaded", file=load, game=game_id, channel=channel), lang), file=stdout)
        playground = Playground(service, channel, Path(board).resolve(), stdin, stdout, lang, ai)
        print(local_text(words.say(T("play.welcome", database=str(store.path), help=HELP), lang)), file=stdout)
        if loaded is not None and loaded.state["phase"] == "over":
            return await playground.study_loaded(loaded.state)
        status = await playground.setup(names, seats, new)
        if status is not None:
            return status
        return await playground.loop()
    finally:
        await store.close()
