"""What the playground's terminal shares: its words for the service's commands, the lines typed
(read off the event loop), and how names and options typed are read."""

from __future__ import annotations

import asyncio
import re
import threading
from typing import TextIO

from bot.game.replies import Choice
from words import T, Text, Words, join, spaces

HELP = join(T("play.help"), T("play.ahead_help"), sep=" ")
MAX_PLAYERS = 6
#: What ends the playground, and what asks for help, at any prompt (any letter case).
QUIT_WORDS = ("quit", "exit", "q")
HELP_WORDS = ("help", "?")
STUDY_HELP = T("play.study_help")

#: What the Discord commands the service mentions are called here.
LOCAL_COMMANDS = {
    "board": "board", "tile": "tile", "status": "status", "log": "log", "rules": "rules", "undo": "undo",
    "play": "an option number", "new": "python -m bot --new", "start": "python -m bot --new",
    "join": "python -m bot --new", "abandon": "python -m bot --new", "resign": "quit", "plan": "plan",
    "orders": "order",
}
DS_COMMAND = re.compile(r"/ds (?:ahead )?(\w+)(?: topic:)?")


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


def split_names(answer: str) -> list[str]:
    """``Ann Bob``, ``Ann, Bob`` and ``Ann,Bob`` are the same two players."""
    return [n for n in re.split(r"[,;\s]+", answer) if n]


def names_problem(names: list[str], computers: int = 0) -> Words | None:
    if not names:
        return T("play.no_names")
    if computers > MAX_PLAYERS - 1:
        return T("play.too_many_ai", most=MAX_PLAYERS - 1, seats=MAX_PLAYERS)
    if not 2 <= len(names) + computers <= MAX_PLAYERS:
        if computers:
            return T("play.players_needed_ai", most=MAX_PLAYERS, names=len(names), n=computers)
        needed = T("play.players_needed", most=MAX_PLAYERS, names=len(names))
        # one name alone: the player may well want a computer opponent
        return join(needed, T("play.against_computer", name=names[0])) if len(names) == 1 else needed
    if len({n.lower() for n in names}) != len(names):
        return T("play.different_names")
    return None


def range_text(choices: list[Choice]) -> Text:
    return T("play.range", n=len(choices)) if len(choices) > 1 else T("play.range_one")


def option_id(line: str, choices: list[Choice], lang: str) -> str:
    """An option id from what the prompt prints or the plan accepts: its number, its id or its
    label as listed (any letter case, spacing or brackets), or a space as a plan names it
    ("wanderlust 1", "speciation meat").  Else the line itself, which the service reads as an id
    or a corner's name, or refuses with the list of legal options."""
    if line.isdigit() and 1 <= int(line) <= len(choices):
        return choices[int(line) - 1].id
    by_id = {c.id.lower(): c.id for c in choices}
    if line.lower() in by_id:
        return by_id[line.lower()]
    typed = spaces.normal(line)
    labelled = [c.id for c in choices if spaces.normal(c.label) == typed]
    if len(labelled) == 1:
        return labelled[0]
    space = spaces.space_of(line, lang)
    return space if space is not None and space in by_id.values() else line
