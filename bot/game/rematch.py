"""Rematch: the end-of-game post's button opens a new lobby with the same settings, its former
players invited and its computer seats back by themselves.

A mixin of ``GameService``.  ``claim_rematch`` checks the click (a former player's, the first
one) and marks the finished game as having its rematch opened, before the shell opens anything
(a thread, a lobby card), so a second click is refused however quickly it comes;
``open_rematch`` stores the new lobby and seats the computer players; ``release_rematch``
takes the mark back when the new lobby could not be opened.
"""

from __future__ import annotations

import secrets
from dataclasses import dataclass

from bot.game.core import ServiceCore
from bot.game.replies import NoGame, NotAllowed, Reply, WrongPhase
from bot.game.texts import lang_of
from bot.store.models import Game
from words import T

#: The mark a finished game carries while its rematch is being opened (then the new game's id).
OPENING = -1


@dataclass
class RematchPlan:
    """What the shell needs to open a rematch of ``game``."""

    game: Game
    host_id: str
    host_name: str
    lang: str
    invited: list[str]  # the former players to ping (every person but the host)


class Rematch(ServiceCore):
    async def claim_rematch(self, game_id: int, user_id: str) -> RematchPlan:
        """Refuse a click that may not open the rematch; otherwise mark the game (once)."""
        game = await self.store.game(game_id)
        if game is None or game.status != "finished":
            raise NoGame(T("bot.err.rematch_gone"))
        seat = game.seat_of(user_id)
        if seat is None or seat.is_ai:
            raise NotAllowed(T("bot.err.rematch_players", game=game.id))
        async with self._lock(game.channel_id), self.store.transaction():
            game = await self.store.game(game_id)
            assert game is not None
            done = game.settings.get("rematch")
            if done is not None:
                new = await self.store.game(done) if done != OPENING else None
                where = T("bot.rematch.opening") if new is None else T("bot.rematch.where", game=new.id,
                                                                        where=f"<#{new.channel_id}>")
                raise WrongPhase(T("bot.err.rematch_twice", game=game.id, where=where))
            live = await self.store.live_game(game.channel_id)
            if live is not None and not game.home_channel_id:
                raise WrongPhase(T("bot.err.game_here", game=live.id, status=T("bot.status.running")))
            await self.store.update_game(game.id, settings={**game.settings, "rematch": OPENING})
        invited = [s.user_id for s in game.seats if not s.is_ai and s.user_id != user_id]
        return RematchPlan(game, user_id, seat.user_name, lang_of(game), invited)

    async def open_rematch(self, plan: RematchPlan, channel_id: str, *, home_channel_id: str | None = None,
                           lobby_message_id: str | None = None) -> Reply:
        """The new lobby in ``channel_id`` with the old game's settings, its host the one who
        clicked, its computer seats back at their levels; the old game remembers it."""
        old = plan.game
        settings = {k: v for k, v in old.settings.items() if k != "rematch"}
        players = max(len(old.seats), 2)
        reply = await self.create_lobby(channel_id, plan.host_id, plan.host_name, players, old.variant,
                                        home_channel_id=home_channel_id, lobby_message_id=lobby_message_id,
                                        guild_id=old.guild_id, language=plan.lang, settings=settings)
        new_id = reply.game_id
        assert new_id is not None
        async with self._lock(channel_id), self.store.transaction():
            for seat in old.seats:
                if seat.is_ai:
                    game = await self.store.game(new_id)
                    assert game is not None
                    await self.store.insert_seat(new_id, len(game.seats), f"ai:{secrets.token_hex(4)}",
                                                 seat.user_name, None, False, ai_level=seat.ai_level)
            await self.store.update_game(old.id, settings={**settings, "rematch": new_id})
        game = await self.store.game(new_id)
        assert game is not None
        return Reply(T("bot.rematch.open", game=new_id, former=old.id, host=plan.host_name, seated=len(game.seats),
                       players=game.players), game_id=new_id, lang=plan.lang, mention=plan.invited)

    async def release_rematch(self, game_id: int) -> None:
        """The rematch could not be opened: the next click may try again."""
        async with self.store.transaction():
            game = await self.store.game(game_id)
            if game is not None and game.settings.get("rematch") == OPENING:
                settings = {k: v for k, v in game.settings.items() if k != "rematch"}
                await self.store.update_game(game_id, settings=settings)
