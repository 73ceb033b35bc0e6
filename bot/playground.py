"""The local playground: the same game service, driven from a terminal (or a script on stdin).

Every seat is a local player; whoever must act is asked.  Type an option's number or id, or
one of the commands in HELP (any letter case).  The game lives in the database, so quitting
and starting again continues it; ``--new`` (or another ``--channel``) starts a fresh one.
"""

from __future__ import annotations

import asyncio
import functools
import re
import sys
import threading
import time
from pathlib import Path
from typing import TextIO

import words
from bot.compose import local_service
from bot.game.chronicle_texts import breakdown_text
from bot.game.layout import relayout
from bot.game.records import Loaded, check_record, free_channel, import_record
from bot.game.replies import Choice, Reply, ServiceError
from bot.game.rules_help import explain
from bot.game.service import GameService
from bot.store.connect import open_store
from engine import logbook

HELP = ("Type an option number or id, or: board, status, log [N], history TURN [MOVE], tile C4, rules [topic], "
        "cards, undo, help, quit.")
MAX_PLAYERS = 6
#: What ends the playground, and what asks for help, at any prompt (any letter case).
QUIT_WORDS = ("quit", "exit", "q")
HELP_WORDS = ("help", "?")
NAMES_HELP = ("Type the players' names on one line, separated by spaces (each name once), for example: Ann Bob. "
              "Type quit to leave without starting a game.")
BYE_BEFORE_START = "Bye; no game was started."

#: What the Discord commands the service mentions are called here.
LOCAL_COMMANDS = {
    "board": "board", "tile": "tile", "status": "status", "log": "log", "rules": "rules", "undo": "undo",
    "play": "an option number", "new": "python -m bot --new", "start": "python -m bot --new",
    "join": "python -m bot --new", "abandon": "python -m bot --new", "resign": "quit",
}
DS_COMMAND = re.compile(r"/ds (\w+)(?: topic:)?")


def local_text(text: str) -> str:
    """A service message in the playground's words: no ``/ds`` commands, no Markdown bold."""
    text = DS_COMMAND.sub(lambda m: LOCAL_COMMANDS.get(m.group(1), m.group(1)) + " ", text)
    return text.replace("**", "").replace("  ", " ")


class LineReader:
    """Lines of a text stream, read by a daemon thread: a blocked read never keeps the
    process alive, so Ctrl-C (or the end of the game) exits at once."""

    def __init__(self, stream: TextIO) -> None:
        self.stream = stream
        self.queue: asyncio.Queue[str] = asyncio.Queue()
        self.loop = asyncio.get_running_loop()
        threading.Thread(target=self._pump, name="playground-stdin", daemon=True).start()

    def _pump(self) -> None:
        while True:
            try:
                line = self.stream.readline()
            except (OSError, ValueError):
                line = ""
            self.loop.call_soon_threadsafe(self.queue.put_nowait, line)
            if line == "":
                return

    async def readline(self) -> str:
        return await self.queue.get()


class Playground:
    def __init__(self, service: GameService, channel: str, board_path: Path,
                 stdin: TextIO = sys.stdin, stdout: TextIO = sys.stdout, lang: str = words.DEFAULT,
                 ai: list[str] | None = None) -> None:
        self.service = service
        self.ai = ai or []  # the levels of the computer players a new game seats (--ai)
        #: the game's language (a new game's posts and pictures) and the answers' (``--lang``)
        self.lang = lang
        self.channel = channel
        self.board_path = board_path
        self.turn_path = board_path.with_name("turn.png")
        self.stdin = stdin
        self.stdout = stdout
        self._last_actor: str | None = None  # undo takes back this player's latest choice
        self._log_seen = 0  # log lines already shown
        self.reader: LineReader | None = None

    def say(self, text: words.Words) -> None:
        print(local_text(words.say(text, self.lang)), file=self.stdout, flush=True)

    async def ask(self, question: str) -> str | None:
        self.say(question)
        if self.reader is None:
            self.reader = LineReader(self.stdin)
        line = await self.reader.readline()
        return None if line == "" else line.strip()

    async def show(self, reply: Reply) -> None:
        self.say(reply.message)
        if reply.image:
            self.board_path.write_bytes(reply.image)
            self.say(f"[board written to {self.board_path}]")
            turn = await self._turn_picture()
            if turn:
                self.turn_path.write_bytes(turn)
                self.say(f"[turn picture written to {self.turn_path}]")

    async def catch_up(self) -> None:
        """Show what a game channel would: the story so far, and the picture when one is due."""
        game = await self.service.store.latest_game(self.channel)
        if game is not None and game.state is not None:
            told = logbook.total(game.state)  # the whole log's length: the state keeps its recent part
            self._log_seen = min(self._log_seen, told)  # an undo shortened the log
            for line in logbook.since(game.state, self._log_seen):
                self.say(words.line(line, self.lang, turn=True))
            self._log_seen = told
        post = await self.service.channel_post(self.channel)
        if post is None:
            return
        if post.image:
            self.turn_path.write_bytes(post.image)
            self.say(f"[turn picture written to {self.turn_path}; 'board' writes the whole board]")
        if post.over and game is not None:
            self.say(breakdown_text(game, self.lang))
        for name, data in post.extra_images:  # the end-of-game image
            self.board_path.with_name(name).write_bytes(data)
            self.say(f"[{name} written to {self.board_path.with_name(name)}]")
        await self.service.record_post(post, f"local-{post.version}" if post.new_message else None)

    async def _turn_picture(self) -> bytes | None:
        """The compact picture Discord posts with a prompt (renderers.render_turn)."""
        try:
            from renderers import render_turn
        except ImportError:
            return None
        game = await self.service.store.latest_game(self.channel)
        if game is None or game.state is None:
            return None
        return await asyncio.to_thread(functools.partial(render_turn, lang=self.lang), game.state)

    async def _names(self, names: list[str]) -> list[str] | None:
        """Different names for 2 to 6 seats with the computer players: from the command line
        if they are fine, else asked for.  None: the player quit (``quit`` or the end of input)."""
        while True:
            problem = _names_problem(names, len(self.ai))
            if problem is None:
                return names
            if names:
                self.say(problem)
            fewest = max(1, 2 - len(self.ai))
            answer = await self.ask(f"Player names, separated by spaces ({fewest} to {MAX_PLAYERS - len(self.ai)}):")
            if answer is None or answer.lower() in QUIT_WORDS:
                return None
            if answer.lower() in HELP_WORDS:
                self.say(NAMES_HELP)
                names = []
                continue
            names = answer.split()

    async def setup(self, names: list[str], players: int | None, new: bool = False) -> int | None:
        """Open a new game unless one is already running in this playground.  None: a game is
        ready to play; else the exit status (0 when the player quit before it began)."""
        status = await self.service.game_status(self.channel)
        if status == "active" and not new:
            self.say("Continuing the stored game. (python -m bot --new starts another.)")
            game = await self.service.store.latest_game(self.channel)
            self._log_seen = logbook.total(game.state) if game and game.state else 0  # shown before
            return None
        if players is not None and names and players != len(names):
            self.say(f"--seats {players} but {len(names)} names given.")
            return 1
        chosen = await self._names(names)
        if chosen is None:
            self.say(BYE_BEFORE_START)
            # names given on the command line were refused: a script learns that it failed
            return 1 if names and _names_problem(names, len(self.ai)) else 0
        try:
            if status in ("lobby", "active"):  # a lobby left behind, or --new: start afresh
                await self.service.abandon(self.channel, "local:admin", can_manage_channel=True)
            host = chosen[0]
            reply = await self.service.create_lobby(self.channel, f"local:{host}", host, len(chosen) + len(self.ai),
                                                    language=self.lang)
            for name in chosen[1:]:
                await self.service.join(self.channel, f"local:{name}", name)
            for level in self.ai:
                await self.service.add_ai(self.channel, f"local:{host}", level)
            game = await self.service.store.live_game(self.channel)
            assert game is not None  # the lobby just opened
            self.say(f"Game #{reply.game_id} for {', '.join(s.user_name for s in game.seats)}.")
            await self.show(await self.service.start(self.channel, f"local:{host}"))
            await self.catch_up()
        except ServiceError as e:
            self.say(f"Cannot start: {e.in_(self.lang)}")
            return 1
        return None

    async def computer_players(self) -> None:
        """Let the computer players move until a person must act, showing each move as the
        channel would (the bot's scheduler does this in Discord)."""
        game = await self.service.store.live_game(self.channel)
        if game is None:
            return
        while await self.service.ai_turn(game.id):
            await self.catch_up()

    async def loop(self) -> int:
        while True:
            await self.computer_players()
            status = await self.service.status(self.channel)
            if status.to_act is None:
                self.say(status.message)
                return 0
            choices = status.choices
            listing = "\n".join(f"  {i + 1:>3}. {c.label}  [{c.id}]" for i, c in enumerate(choices))
            line = await self.ask(f"\n{status.in_(self.lang).splitlines()[0]}\n{listing}\n> ")
            if line is None or line.lower() in QUIT_WORDS:
                self.say("Bye; the game is saved and continues when you start again.")
                return 0
            if not line:
                continue
            try:
                await self.command(line, status, choices)
            except ServiceError as e:
                self.say(f"Not accepted: {e.in_(self.lang)}\n{HELP}")
            except ValueError as e:
                self.say(f"Not accepted: {e}\n{HELP}")

    async def command(self, line: str, status: Reply, choices: list[Choice]) -> None:
        to_act = status.to_act
        assert to_act is not None  # loop() asks only while someone is to act
        word, _, arg = line.partition(" ")
        command, arg = word.lower(), arg.strip()
        if command == "board":
            await self.show(await self.service.board(self.channel))
        elif command == "status":
            self.say(status.message)
        elif command == "log":
            if arg and not arg.isdigit():
                self.say("log takes a number of lines, for example: log 5")
                return
            self.say((await self.service.log(self.channel, int(arg or 10))).message)
        elif command == "history":
            await self.history(arg)
        elif command == "undo":
            await self.show(await self.service.undo(self.channel, self._last_actor or to_act))
            await self.catch_up()
        elif command == "tile":
            if not arg:
                self.say("Which tile? For example: tile D3")
                return
            reply = await self.service.tile(self.channel, arg)
            self.say(reply.message)
            if reply.image:
                path = self.board_path.with_name("tile.png")
                path.write_bytes(reply.image)
                self.say(f"[tile written to {path}]")
        elif command == "rules":
            self.say(explain(arg or None, self.lang))
        elif command == "cards":
            self.say(await self._cards())
        elif command in HELP_WORDS:
            self.say(HELP)
        else:
            option = _option(line, choices)
            await self.show(await self.service.act(self.channel, to_act, option, status.version))
            self._last_actor = to_act
            await self.catch_up()

    async def history(self, arg: str) -> None:
        """``history TURN [MOVE]``: the board as it was then, written where the board goes."""
        numbers = arg.split()
        if not 1 <= len(numbers) <= 2 or not all(n.isdigit() for n in numbers):
            self.say("history takes a turn and, if you like, how many choices into it: history 3 or history 3 5")
            return
        moment = await self.service.chronicle.moment_at(self.channel, *map(int, numbers), lang=self.lang)
        self.say(moment.text)
        if moment.image:
            path = self.board_path.with_name("history.png")
            path.write_bytes(moment.image)
            self.say(f"[that board written to {path}]")

    async def _cards(self) -> str:
        game = await self.service.store.latest_game(self.channel)
        cards = (game.state or {}).get("cards", []) if game is not None else []
        if not cards:
            return "No face-up dominance cards."
        return "\n".join(f"{words.card_name(name, self.lang)}: {words.card_text(name, self.lang)}" for name in cards)


def _names_problem(names: list[str], computers: int = 0) -> str | None:
    if not names:
        return "No names given."
    if computers > MAX_PLAYERS - 1:
        return f"At most {MAX_PLAYERS - 1} computer players (--ai): a game has {MAX_PLAYERS} seats and one person."
    if not 2 <= len(names) + computers <= MAX_PLAYERS:
        return (f"A game needs 2 to {MAX_PLAYERS} players; {len(names)} given"
                + (f" with {computers} computer player{'s' if computers != 1 else ''}." if computers else "."))
    if len({n.lower() for n in names}) != len(names):
        return "Every player needs a different name."
    return None


def _option(line: str, choices: list[Choice]) -> str:
    """An option id from a number or an id typed in any letter case (else the line itself,
    which the service refuses with the list of legal options)."""
    if line.isdigit() and 1 <= int(line) <= len(choices):
        return choices[int(line) - 1].id
    by_id = {c.id.lower(): c.id for c in choices}
    return by_id.get(line.lower(), line)


def board_path_problem(board: str) -> str | None:
    """Why the board cannot be written to ``board``, found before any game is created."""
    path = Path(board)
    folder = path.resolve().parent
    if not folder.is_dir():
        return f"--board {board}: the folder {folder} does not exist."
    if path.is_dir():
        return f"--board {board} is a folder; give a file name such as {path / 'board.png'}."
    return None


def read_record_file(path: str) -> Loaded | str:
    """A record checked to its end (every move replayed), or what is wrong with the file."""
    try:
        text = Path(path).read_bytes()
    except OSError as e:
        return f"--load {path}: cannot read it ({e.strerror or e})."
    try:
        return check_record(text)
    except ValueError as e:  # RecordError, ReplayError, ResultMismatch: nothing is written
        return f"--load {path}: {e}"


async def run_playground(database: str, names: list[str], *, channel: str = "playground",
                         board: str = "board.png", seats: int | None = None, new: bool = False,
                         load: str | None = None, stdin: TextIO = sys.stdin, stdout: TextIO = sys.stdout,
                         lang: str = words.DEFAULT, ai: list[str] | None = None) -> int:
    problem = board_path_problem(board)
    loaded = read_record_file(load) if load is not None and problem is None else None
    if isinstance(loaded, str):
        problem, loaded = loaded, None
    if problem is not None:
        print(f"error: {problem}", file=sys.stderr)
        return 2
    store = await open_store(database)
    try:
        await relayout(store)  # games stored by an older version
        service = local_service(store)
        if loaded is not None:
            channel = await free_channel(store, channel)
            game_id = await import_record(store, loaded, channel, time.time())
            print(f"Loaded {load} as game #{game_id}, playground channel '{channel}' (python -m bot --channel "
                  f"{channel} continues it).", file=stdout)
        playground = Playground(service, channel, Path(board).resolve(), stdin, stdout, lang, ai)
        print(f"Dominant Species playground - database {store.path}. {HELP}", file=stdout)
        if loaded is not None and loaded.state["phase"] == "over":
            playground._log_seen = logbook.total(loaded.state) - 1  # only how it ended, not the whole log
            await playground.catch_up()  # the breakdown and the end-of-game image
            playground.say((await service.status(channel)).message)
            return 0
        status = await playground.setup(names, seats, new)
        if status is not None:
            return status
        return await playground.loop()
    finally:
        await store.close()
