"""What a reply changed reaches Discord in one place (``Responder.show``), in the order the
service said it: the live post brought up to date, a lobby card read anew, a prompt disarmed."""

from __future__ import annotations

from types import SimpleNamespace

from bot.discord.operations import PostOutcome
from bot.discord.responder import Responder
from bot.game.replies import GameEnded, LobbyChanged, PromptChanged


class _Announcer:
    def __init__(self, outcome: PostOutcome) -> None:
        self.ops = SimpleNamespace()
        self.outcome = outcome
        self.done: list[tuple[str, object]] = []

    async def sync(self, channel_id: str) -> PostOutcome:
        self.done.append(("post", channel_id))
        return self.outcome

    async def disarm(self, game_id: int) -> None:
        self.done.append(("disarm", game_id))


def _responder(outcome: PostOutcome = PostOutcome.POSTED) -> tuple[Responder, _Announcer]:
    announcer = _Announcer(outcome)
    responder = Responder(SimpleNamespace(), SimpleNamespace(), announcer)  # type: ignore[arg-type]

    async def refresh_lobby(game_id: int | None) -> None:
        announcer.done.append(("lobby card", game_id))

    responder.refresh_lobby = refresh_lobby  # type: ignore[method-assign]
    return responder, announcer


async def test_each_change_is_shown_in_the_order_the_service_said_it():
    responder, announcer = _responder(PostOutcome.FORBIDDEN)
    outcome = await responder.show((LobbyChanged(4), GameEnded(4), PromptChanged("c9")))
    assert announcer.done == [("lobby card", 4), ("disarm", 4), ("post", "c9")]
    assert outcome is PostOutcome.FORBIDDEN  # the live post's: run_turn tells the player why it did not go out


async def test_nothing_changed_is_nothing_shown():
    responder, announcer = _responder(PostOutcome.FAILED)
    assert await responder.show(()) is PostOutcome.POSTED and announcer.done == []


async def test_the_alarm_is_rung_when_there_is_one():
    rung: list[bool] = []
    quiet = Responder(SimpleNamespace(), SimpleNamespace(), _Announcer(PostOutcome.POSTED))  # type: ignore[arg-type]
    quiet.wake()  # no scheduler here: nothing to ring
    loud = Responder(SimpleNamespace(), SimpleNamespace(), _Announcer(PostOutcome.POSTED),  # type: ignore[arg-type]
                     wake=lambda: rung.append(True))
    loud.wake()
    assert rung == [True]
