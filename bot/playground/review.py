"""The playground's review of a finished game (``bot.game.review``): worked out here, in slices
(the progress said after each), then printed (the summary, the turning points, every seat's
own part: the terminal is everyone's) and its race picture written beside the board."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from bot.game.replies import ServiceError
from bot.game.review import RACE_IMAGE
from bot.game.review_runner import ReviewRunner, work_here
from bot.game.service import GameService
from words import T, Words
from words import review as review_words

#: Decisions weighed between two progress lines.
SLICE = 50


async def show_review(service: GameService, channel: str, board_path: Path, say: Callable[[Words], None],
                      lang: str) -> None:
    """The channel's finished game reviewed (once: a stored review is printed at once)."""
    try:
        asked = await service.review.ask(channel, None)
    except ServiceError as e:
        say(T("play.review_refused", reason=e.message))
        return
    game_id = asked.game.id
    told: list[int] = []

    async def progress(_game: int) -> None:
        stored = await service.store.review(game_id)
        if stored is not None and stored.result is None and stored.total and stored.done not in told:
            told.append(stored.done)
            say(review_words.progress(stored.done, stored.total, lang))

    if asked.review.result is None:
        await ReviewRunner(service.review, work_here, progress, slice_decisions=SLICE).review_game(game_id)
    stored = await service.store.review(game_id)
    if stored is None or stored.result is None:
        return
    result = stored.result
    say("\n".join(review_words.summary(result, lang)))
    for seat in range(len(result["seats"])):
        say(review_words.seat_part(result, seat, lang))
    if service.review.race is not None:
        path = board_path.with_name(RACE_IMAGE)
        path.write_bytes(await service.review.race(result, lang))
        say(T("play.written.review", path=str(path)))
