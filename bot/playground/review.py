"""The playground's review of a finished game (``bot.game.review``): worked out here in the
background while the game is studied, in small slices (quitting waits for one at most; the
progress is stored, and the next start carries on), then printed (the summary, the turning
points, every seat's own part: the terminal is everyone's) and its race picture written beside
the board.  ``review`` waits for it and prints it again."""

from __future__ import annotations

import asyncio
import contextlib
from collections.abc import Callable
from pathlib import Path

from bot.game.replies import ServiceError
from bot.game.review import RACE_IMAGE
from bot.game.review_runner import ReviewRunner, work_here
from bot.game.service import GameService
from words import T, Words
from words import review as review_words

#: Decisions weighed per slice: quitting waits for the slice under way.
SLICE = 2
#: The progress is said at every quarter.
STEPS = 4


class PlaygroundReview:
    def __init__(self, service: GameService, channel: str, board_path: Path, say: Callable[[Words], None],
                 lang: str) -> None:
        self.service = service
        self.channel = channel
        self.board_path = board_path
        self.say = say
        self.lang = lang
        self._task: asyncio.Task[bool] | None = None
        self._told = 0  # quarters of the progress said

    def start(self) -> None:
        if self._task is None:
            self._task = asyncio.create_task(self._work(), name="playground-review")

    async def wait(self) -> None:
        """``review``: wait for the review, then print it (again, if it was printed already)."""
        already = self._task is not None and self._task.done()
        self.start()
        assert self._task is not None
        if await self._task and already:
            await self._print()

    async def stop(self) -> None:
        if self._task is not None and not self._task.done():
            self._task.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await self._task

    async def _work(self) -> bool:
        """The channel's finished game reviewed and printed (a stored review at once)."""
        try:
            asked = await self.service.review.ask(self.channel, None)
        except ServiceError as e:
            self.say(T("play.review_refused", reason=e.message))
            return False
        if asked.review.result is None:
            runner = ReviewRunner(self.service.review, work_here, self._progress, slice_decisions=SLICE)
            await runner.review_game(asked.game.id)
        return await self._print()

    async def _progress(self, game_id: int) -> None:
        stored = await self.service.store.review(game_id)
        if stored is None or stored.result is not None or not stored.total:
            return
        quarter = stored.done * STEPS // stored.total
        if quarter > self._told:
            self._told = quarter
            self.say(review_words.progress(stored.done, stored.total, self.lang))

    async def _print(self) -> bool:
        game = await self.service.store.latest_game(self.channel)
        stored = None if game is None else await self.service.store.review(game.id)
        if stored is None or stored.result is None:
            return False
        result = stored.result
        self.say("\n".join(review_words.summary(result, self.lang)))
        for seat in range(len(result["seats"])):
            self.say(review_words.seat_part(result, seat, self.lang))
        if self.service.review.race is not None:
            path = self.board_path.with_name(RACE_IMAGE)
            path.write_bytes(await self.service.review.race(result, self.lang))
            self.say(T("play.written.review", path=str(path)))
        return True
