"""The local playground: the same game service, driven from a terminal (or a script on stdin).

Every seat is a local player; whoever must act is asked.  Type an option's number or id, or
one of the commands in HELP (any letter case).  The game lives in the database, so quitting
and starting again continues it; ``--new`` (or another ``--channel``) starts a fresh one.
"""

from __future__ import annotations

import asyncio
import functools
import sys
from pathlib import Path
from typing import TextIO

import words
from bot.game.chronicle_texts import breakdown_text
from bot.game.replies import Choice, Reply, ServiceError
from bot.game.service import GameService
from bot.playground.ahead import early_command, order_command
from bot.playground.look import Looks
from bot.playground.plan import plan_command
from bot.playground.review import PlaygroundReview
from bot.playground.terminal import (
    HELP_WORDS,
    MAX_PLAYERS,
    QUIT_WORDS,
    STUDY_HELP,
    LineReader,
    local_text,
    names_problem,
    option_id,
    range_text,
    split_names,
)
from engine import logbook
from words import T


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
        self._log_seen = 0  # log lines already shown
        self._pictured: int | None = None  # the state version turn.png shows
        self._told_picture = False  # the terminal said once where the prompt's picture is
        self.reader: LineReader | None = None
        self.looks = Looks(service, channel, board_path, lang, self.say, self.show)

    def worded(self, text: words.Words) -> str:
        """A text in the playground's language and its own words (no ``/ds`` commands)."""
        return local_text(words.say(text, self.lang))

    def say(self, text: words.Words) -> None:
        print(self.worded(text), file=self.stdout, flush=True)

    async def ask(self, question: words.Words) -> str | None:
        self.say(question)
        if self.reader is None:
            self.reader = LineReader(self.stdin)
        line = await self.reader.readline()
        return None if line == "" else line.strip()

    async def show(self, reply: Reply) -> None:
        self.say(reply.message)
        if reply.image:
            self.board_path.write_bytes(reply.image)
            self.say(T("play.written.board", path=str(self.board_path)))
            turn = await self._turn_picture()
            if turn:
                self.turn_path.write_bytes(turn)
                self.say(T("play.written.turn", path=str(self.turn_path)))

    async def catch_up(self) -> None:
        """Show what a game channel would: the story so far, and the picture when one is due."""
        game = await self.service.store.latest_game(self.channel)
        if game is not None and game.state is not None:
            told = logbook.total(game.state)  # the whole log's length: the state keeps its recent part
            self._log_seen = min(self._log_seen, told)  # an undo shortened the log
            marks = game.marks()  # moves answered ahead, marked as the channel marks them
            first = max(self._log_seen, logbook.log_from(game.state))
            for at, line in enumerate(logbook.since(game.state, self._log_seen), start=first):
                text = words.line(line, self.lang, turn=True)
                self.say(words.gettext(f"bot.{marks[at]}_mark", self.lang, line=text) if at in marks else text)
            self._log_seen = told
        post = await self.service.postbox.channel_post(self.channel)
        if post is None:
            return
        if game is not None and game.post.notice:  # what the channel's post says beside the log (an undo, a plan
            self.say(game.post.notice)  # that ran out), worded when it happened
        # a channel's picture is drawn when the post is made, and the computer players may move on
        # before anyone reads it: the terminal writes the prompt it asks (picture_prompt) instead
        if post.image and post.over:
            self.turn_path.write_bytes(post.image)
            self.say(T("play.written.final", path=str(self.turn_path)))
        if post.over and game is not None:
            self.say(breakdown_text(game, self.lang))
        for name, data in post.extra_images:  # the end-of-game image
            self.board_path.with_name(name).write_bytes(data)
            self.say(T("play.written.file", name=name, path=str(self.board_path.with_name(name))))
        await self.service.postbox.record_post(post, f"local-{post.version}" if post.new_message else None)

    async def picture_prompt(self, version: int | None) -> None:
        """Write the turn picture of the prompt the terminal is about to ask (once per state)."""
        if version is None or version == self._pictured:
            return
        self._pictured = version
        turn = await self._turn_picture()
        if turn is None:
            return
        self.turn_path.write_bytes(turn)
        if not self._told_picture:
            self._told_picture = True
            self.say(T("play.written.prompt", path=str(self.turn_path)))

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
            problem = names_problem(names, len(self.ai))
            if problem is None:
                return names
            if names:
                self.say(problem)
            fewest = max(1, 2 - len(self.ai))
            answer = await self.ask(T("play.names_ask", fewest=fewest, most=MAX_PLAYERS - len(self.ai)))
            if answer is None or answer.lower() in QUIT_WORDS:
                return None
            if answer.lower() in HELP_WORDS:
                self.say(T("play.names_help"))
                names = []
                continue
            names = split_names(answer)

    async def setup(self, names: list[str], players: int | None, new: bool = False) -> int | None:
        """Open a new game unless one is already running in this playground.  None: a game is
        ready to play; else the exit status (0 when the player quit before it began).  ``names``
        as the command line gives them: ``Ann,Bob`` and ``Ann, Bob`` are two names, as at the prompt."""
        names = split_names(" ".join(names))
        status = await self.service.reads.game_status(self.channel)
        if status == "finished" and not new and not names:
            self.say(T("play.finished_study"))
            game = await self.service.store.latest_game(self.channel)
            self._log_seen = logbook.total(game.state) if game and game.state else 0  # shown before
            return await self.study()
        if status == "active" and not new:
            self.say(T("play.continuing"))
            game = await self.service.store.latest_game(self.channel)
            self._log_seen = logbook.total(game.state) if game and game.state else 0  # shown before
            return None
        if players is not None and names and players != len(names):
            self.say(T("play.seats_mismatch", seats=players, names=len(names)))
            return 1
        chosen = await self._names(names)
        if chosen is None:
            self.say(T("play.bye_before_start"))
            # names given on the command line were refused: a script learns that it failed
            return 1 if names and names_problem(names, len(self.ai)) else 0
        try:
            if status in ("lobby", "active"):  # a lobby left behind, or --new: start afresh
                stored = await self.service.store.live_game(self.channel)
                if stored is not None:  # said before it is gone: which game, and whose
                    self.say(T("play.abandoning", game=stored.id,
                               players=", ".join(seat.user_name for seat in stored.seats)))
                await self.service.play.abandon(self.channel, "local:admin", can_manage_channel=True)
            host = chosen[0]
            reply = await self.service.lobby.create_lobby(self.channel, f"local:{host}", host,
                                                          len(chosen) + len(self.ai), language=self.lang)
            for name in chosen[1:]:
                await self.service.lobby.join(self.channel, f"local:{name}", name)
            for level in self.ai:
                await self.service.computer.add_ai(self.channel, f"local:{host}", level)
            game = await self.service.store.live_game(self.channel)
            assert game is not None  # the lobby just opened
            self.say(T("play.game_for", game=reply.game_id, players=", ".join(s.user_name for s in game.seats)))
            await self.show(await self.service.lobby.start(self.channel, f"local:{host}"))
            await self.catch_up()
        except ServiceError as e:
            self.say(T("play.cannot_start", reason=e.in_(self.lang)))
            return 1
        return None

    async def computer_players(self) -> None:
        """Let the computer players move until a person must act, showing each move as the
        channel would (the bot's scheduler does this in Discord)."""
        game = await self.service.store.live_game(self.channel)
        if game is None:
            return
        while await self.service.computer.ai_turn(game.id):
            await self.catch_up()

    async def loop(self) -> int:
        refused: int | None = None  # the state version at which the last input was refused
        while True:
            await self.computer_players()
            status = await self.service.reads.status(self.channel)
            if status.to_act is None:
                self.say(status.message)
                return await self.study()
            await self.picture_prompt(status.version)
            choices = status.choices
            now = status.in_(self.lang).splitlines()[0]
            if refused == status.version:  # the list is just above: say only what may be typed
                reminder = self.worded(T("play.reminder", range=range_text(choices)))
                line = await self.ask(f"{now}\n{reminder}\n> ")
            else:
                listing = "\n".join(f"  {i + 1:>3}. {c.label}  [{c.id}]" for i, c in enumerate(choices))
                line = await self.ask(f"\n{now}\n{listing}\n> ")
            refused = None
            if line is None or line.lower() in QUIT_WORDS:
                self.say(T("play.bye_saved"))
                return 0
            if not line or line.lower() == "options":
                continue
            try:
                await self.command(line, status, choices)
            except (ServiceError, ValueError) as e:
                said = e.in_(self.lang) if isinstance(e, ServiceError) else str(e)
                self.say(T("play.not_accepted", reason=said))
                refused = status.version

    async def study_loaded(self, state: dict[str, object]) -> int:
        """A finished game just loaded: how it ended (not its whole log), then its study."""
        self._log_seen = logbook.total(state) - 1
        await self.catch_up()  # the breakdown and the end-of-game image
        self.say((await self.service.reads.status(self.channel)).message)
        return await self.study()

    async def study(self) -> int:
        """After the end: the finished game's board, history, log and cards, until ``quit``, and
        its review worked out meanwhile (``review`` waits for it)."""
        review = PlaygroundReview(self.service, self.channel, self.board_path, self.say, self.lang)
        review.start()
        try:
            return await self._study(review)
        finally:
            await review.stop()

    async def _study(self, review: PlaygroundReview) -> int:
        while True:
            line = await self.ask(f"\n{self.worded(STUDY_HELP)}\n> ")
            if line is None or line.lower() in QUIT_WORDS:
                self.say(T("play.bye"))
                return 0
            if not line:
                continue
            try:
                if line.lower() == "review":
                    await review.wait()
                elif not await self.looks.look(line):
                    self.say(T("play.nothing_to_play", help=STUDY_HELP))
            except ServiceError as e:
                self.say(T("play.not_accepted", reason=e.in_(self.lang)))

    async def command(self, line: str, status: Reply, choices: list[Choice]) -> None:
        to_act = status.to_act
        assert to_act is not None  # loop() asks only while someone is to act
        if await self.looks.look(line, status):
            return
        command = line.partition(" ")[0].lower()
        if command == "undo":
            await self.service.takeback.undo(self.channel, await self._latest_chooser() or to_act)
            await self.catch_up()  # the channel's notice says who took back what
        elif command == "plan":
            self.say(await plan_command(self.service, self.channel, line.partition(" ")[2], to_act, self.lang))
        elif command == "order":
            self.say(await order_command(self.service, self.channel, line.partition(" ")[2], to_act, self.lang))
        elif command == "early":
            self.say(await early_command(self.service, self.channel, line.partition(" ")[2], to_act, self.lang))
        else:
            option = option_id(line, choices, self.lang)
            await self.show(await self.service.play.act(self.channel, to_act, option, status.version))
            await self.catch_up()

    async def _latest_chooser(self) -> str | None:
        """Whose choice ``undo`` takes back: the person who made the latest move that stands, read
        from the move list (so the same after a restart, and a placement from a plan included).
        A computer player's move after it is left for the service to refuse, as in Discord."""
        game = await self.service.store.live_game(self.channel)
        if game is None:
            return None
        people = {seat.seat: seat.user_id for seat in game.seats if not seat.is_ai}
        for move in reversed(await self.service.store.move_list(game.id)):
            if move.seat in people:
                return people[move.seat]
        return None
