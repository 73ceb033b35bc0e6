"""What the playground shows without changing the game, during it and after its end: the board,
a tile, the status, the log, a past moment, the rules, the cards, the game's record."""

from __future__ import annotations

import time
from collections.abc import Awaitable, Callable
from pathlib import Path

import words
from bot.game.records import export_record
from bot.game.replies import Reply
from bot.game.rules_help import explain
from bot.game.service import GameService
from bot.playground.terminal import HELP, HELP_WORDS, STUDY_HELP
from engine.geometry import hex_key, neighbour_keys, parse_hex_label
from words import T
from words.alt import earth


class Looks:
    """The showing commands of one playground (``say`` prints, ``show`` prints a reply and writes
    its picture where the board goes)."""

    def __init__(self, service: GameService, channel: str, board_path: Path, lang: str,
                 say: Callable[[words.Words], None], show: Callable[[Reply], Awaitable[None]]) -> None:
        self.service, self.channel, self.board_path, self.lang = service, channel, board_path, lang
        self.say, self.show = say, show

    async def look(self, line: str, status: Reply | None = None) -> bool:
        """The commands that only show the game (during it and after its end); False: not one."""
        word, _, arg = line.partition(" ")
        command, arg = word.lower(), arg.strip()
        if command == "board":
            reply = await self.service.reads.board(self.channel)
            await self.show(reply)
            await self.describe(reply.alt)
        elif command == "status":
            self.say((status or await self.service.reads.status(self.channel)).message)
        elif command == "log":
            if arg and not arg.isdigit():
                self.say(T("play.log_usage"))
                return True
            self.say((await self.service.reads.log(self.channel, int(arg or 10))).message)
        elif command == "history":
            await self.history(arg)
        elif command == "tile":
            if not arg:
                self.say(T("play.tile_usage"))
                return True
            reply = await self.service.reads.tile(self.channel, arg)
            self.say(reply.message)
            await self.describe(None, around=arg)
            if reply.image:
                path = self.board_path.with_name("tile.png")
                path.write_bytes(reply.image)
                self.say(T("play.written.tile", path=str(path)))
        elif command == "rules":
            self.say(explain(arg or None, self.lang))
        elif command == "cards":
            self.say(await self._cards())
        elif command == "record":
            await self.record(arg)
        elif command in HELP_WORDS:
            self.say(HELP if status is not None else STUDY_HELP)
        else:
            return False
        return True

    async def describe(self, alt: str | None, around: str | None = None) -> None:
        """The position in words, so a terminal alone is enough to play: the board's alt text and
        the tiles on earth one by one, or (``around``) a tile and then its neighbours on earth."""
        game = await self.service.store.latest_game(self.channel)
        if game is None or game.state is None:
            return
        state = game.state
        if around is None:
            listed = earth(state, self.lang)
        elif (h := parse_hex_label(around)) is not None:
            listed = earth(state, self.lang, [hex_key(h)]) + earth(state, self.lang, list(neighbour_keys(hex_key(h))))
        else:
            return
        if alt:
            self.say(alt)
        self.say("\n".join(f"  {line}" for line in listed))

    async def history(self, arg: str) -> None:
        """``history TURN [MOVE]``: the board as it was then, written where the board goes."""
        numbers = arg.split()
        if not 1 <= len(numbers) <= 2 or not all(n.isdigit() for n in numbers):
            self.say(T("play.history_usage"))
            return
        moment = await self.service.chronicle.moment_at(self.channel, *map(int, numbers), lang=self.lang)
        self.say(moment.text)
        if moment.image:
            path = self.board_path.with_name("history.png")
            path.write_bytes(moment.image)
            self.say(T("play.written.history", path=str(path)))

    async def _cards(self) -> str:
        game = await self.service.store.latest_game(self.channel)
        cards = (game.state or {}).get("cards", []) if game is not None else []
        if not cards:
            return words.say(T("play.no_cards"), self.lang)
        return "\n".join(f"{words.card_name(name, self.lang)}: {words.card_text(name, self.lang)}" for name in cards)

    async def record(self, arg: str) -> None:
        """``record [FILE]``: the game as a record file, as ``/ds log file:True`` attaches it (beside
        the board by default), so ``--load`` can be tried without Discord."""
        name, data, game = await export_record(self.service.chronicle, self.channel, time.time())
        path = Path(arg) if arg else self.board_path.with_name(name)
        try:
            path.write_bytes(data)
        except OSError as e:
            self.say(T("play.record_unwritten", path=str(path), reason=e.strerror or str(e)))
            return
        self.say(T("play.written.record", game=game.id, path=str(path)))
