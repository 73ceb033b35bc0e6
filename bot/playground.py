"""The local playground: the same game service, driven from a terminal (or a script on stdin).

Every seat is a local player; whoever must act is asked.  Type an option's number or id, or
one of: board, status, log [N], undo, quit.  The game lives in the database, so quitting and
starting again continues it.
"""

from __future__ import annotations

import argparse
import asyncio
import sys
from pathlib import Path
from typing import TextIO

from bot.replies import Reply, ServiceError
from bot.service import GameService, default_renderer
from bot.store import Store

HELP = "Type an option number or id, or: board, status, log [N], undo, quit."


class Playground:
    def __init__(self, service: GameService, channel: str, board_path: Path,
                 stdin: TextIO = sys.stdin, stdout: TextIO = sys.stdout) -> None:
        self.service = service
        self.channel = channel
        self.board_path = board_path
        self.stdin = stdin
        self.stdout = stdout
        self._last_actor: str | None = None  # undo takes back this player's latest choice

    def say(self, text: str) -> None:
        print(text, file=self.stdout, flush=True)

    async def ask(self, question: str) -> str | None:
        self.say(question)
        line = await asyncio.to_thread(self.stdin.readline)
        return None if line == "" else line.strip()

    def show(self, reply: Reply) -> None:
        self.say(reply.text)
        if reply.image:
            self.board_path.write_bytes(reply.image)
            self.say(f"[board written to {self.board_path}]")

    async def catch_up(self) -> None:
        """Show what a game channel would: the story so far, and the picture when one is due."""
        post = await self.service.channel_post(self.channel)
        if post is None:
            return
        if post.new_message or post.image:
            self.say("\n" + post.text)
        if post.image:
            self.board_path.write_bytes(post.image)
            self.say(f"[board written to {self.board_path}]")
        await self.service.record_post(post, f"local-{post.version}" if post.new_message else None)

    async def setup(self, names: list[str], players: int | None) -> bool:
        """Open a new game unless one is already running in this playground."""
        status = await self.service.game_status(self.channel)
        if status == "active":
            self.say("Continuing the stored game.")
            return True
        if not names:
            answer = await self.ask("Player names, separated by spaces (2 to 6):")
            if answer is None:
                return False
            names = answer.split()
        if players is not None and players != len(names):
            self.say(f"--seats {players} but {len(names)} names given.")
            return False
        try:
            if status == "lobby":  # a lobby left behind: start afresh
                await self.service.abandon(self.channel, "local:admin", can_manage_channel=True)
            self.show(await self.service.create_lobby(self.channel, f"local:{names[0]}", names[0], len(names)))
            for name in names[1:]:
                self.show(await self.service.join(self.channel, f"local:{name}", name))
            self.show(await self.service.start(self.channel, f"local:{names[0]}"))
            await self.catch_up()
        except ServiceError as e:
            self.say(f"Cannot start: {e}")
            return False
        return True

    async def loop(self) -> int:
        while True:
            status = await self.service.status(self.channel)
            if status.to_act is None:
                self.say(status.text)
                return 0
            choices = status.choices
            listing = "\n".join(f"  {i + 1:>3}. {c.label}  [{c.id}]" for i, c in enumerate(choices))
            line = await self.ask(f"\n{status.text.splitlines()[0]}\n{listing}\n> ")
            if line is None or line in ("quit", "exit", "q"):
                self.say("Bye; the game is saved and continues when you start again.")
                return 0
            command, _, arg = line.partition(" ")
            try:
                if command == "board":
                    self.show(await self.service.board(self.channel))
                elif command == "status":
                    self.say(status.text)
                elif command == "log":
                    self.say((await self.service.log(self.channel, int(arg or 10))).text)
                elif command == "undo":
                    self.show(await self.service.undo(self.channel, self._last_actor or status.to_act))
                    await self.catch_up()
                elif command in ("help", "?"):
                    self.say(HELP)
                else:
                    option = command
                    if command.isdigit() and 1 <= int(command) <= len(choices):
                        option = choices[int(command) - 1].id
                    self.show(await self.service.act(self.channel, status.to_act, option, status.version))
                    self._last_actor = status.to_act
                    await self.catch_up()
            except (ServiceError, ValueError) as e:
                self.say(f"Not accepted: {e}\n{HELP}")


async def run_playground(database: str, names: list[str], *, channel: str = "playground",
                         board: str = "board.png", seats: int | None = None,
                         stdin: TextIO = sys.stdin, stdout: TextIO = sys.stdout) -> int:
    store = await Store.open(database)
    try:
        service = GameService(store, default_renderer())
        playground = Playground(service, channel, Path(board).resolve(), stdin, stdout)
        print(f"Dominant Species playground - database {store.path}. {HELP}", file=stdout)
        if not await playground.setup(names, seats):
            return 1
        return await playground.loop()
    finally:
        await store.close()


def parse_args(argv: list[str] | None = None) -> argparse.Namespace:
    parser = argparse.ArgumentParser(prog="python -m bot", description="Dominant Species by post.")
    parser.add_argument("--config", help="path of config.toml (default: ./config.toml or $DS_CONFIG)")
    parser.add_argument("--players", nargs="*", default=[], metavar="NAME",
                        help="playground: the local players' names")
    parser.add_argument("--channel", default="playground", help="playground: which stored game to play")
    parser.add_argument("--board", default="board.png", help="playground: where to write the board image")
    parser.add_argument("--backup", metavar="FILE", help="copy the database to FILE (safe while the bot runs)")
    return parser.parse_args(argv)
