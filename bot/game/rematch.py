"""Rematch: the end-of-game post's button opens a new lobby with the same settings, its former
players invited and its computer seats back by themselves.

A part of ``GameService``.  ``claim_rematch`` checks the click (a former player's, the first
one) and claims the finished game's rematch for it, before the shell opens anything (a thread,
a lobby card), so a second click is refused however quickly it comes; ``open_rematch`` stores
the new lobby and seats the computer players; ``release_rematch`` takes the claim back when the
new lobby could not be opened.

A claim is the finished game's ``settings["rematch"]`` while the rematch is being opened: who
made it (``claimant``, one per process), when, and a token of its own; once opened, the mark is
the new game's id.  A claim that no living process finishes (its process died between the
click and the lobby) is released when the next process starts (``release_dead_rematches``: the
claims that other processes left on this process's servers), and, whatever the processes, by
its age: a claim older than ``CLAIM_SECONDS`` is the next click's.  The lobby is stored only
while the claim is still the click's own, in the transaction that stores it (on PostgreSQL the
finished game's row is held meanwhile), so a click that took over a claim and the slow one it
took it from never both open a rematch.
"""

from __future__ import annotations

import logging
import os
import secrets
import socket
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from bot.game.lobby import Lobby
from bot.game.replies import NoGame, NotAllowed, Reply, WrongPhase
from bot.game.table import Tables
from bot.game.texts import lang_of
from bot.store.api import GameStore
from bot.store.models import Game
from words import T

log = logging.getLogger(__name__)

#: The mark older versions left while opening a rematch (no owner, no time): a claim too old to hold.
OPENING = -1
#: How long a claim holds.  Opening a rematch takes seconds (a card, a thread, the lobby), a
#: minute or two when Discord is slow and retried; a claim older than this is one that nobody
#: will finish.
CLAIM_SECONDS = 120.0

Claim = dict[str, Any]


def this_process() -> str:
    """Who a process is in the claims it makes: its host and pid, and a token (pids come again)."""
    return f"{socket.gethostname()}:{os.getpid()}:{secrets.token_hex(3)}"


def claim_of(mark: object) -> Claim | None:
    """The claim a game's rematch mark is (None: no claim: no rematch yet, or its game's id)."""
    if mark == OPENING:
        return {"by": None, "at": 0.0, "claim": None}
    return mark if isinstance(mark, dict) else None


@dataclass
class RematchPlan:
    """What the shell needs to open a rematch of ``game``."""

    game: Game
    host_id: str
    host_name: str
    lang: str
    invited: list[str]  # the former players to ping (every person but the host)
    claim: str  # this click's claim on the rematch (its token)


class Rematch:
    def __init__(self, store: GameStore, tables: Tables, lobby: Lobby, *, clock: Callable[[], float],
                 claimant: str | None = None) -> None:
        self.store = store
        self.tables = tables
        self.lobby = lobby
        self.clock = clock
        self.claimant = claimant or this_process()  # who this process is in the claims it makes

    async def claim_rematch(self, game_id: int, user_id: str) -> RematchPlan:
        """Refuse a click that may not open the rematch; otherwise claim it for this click (once)."""
        game = await self.store.game(game_id)
        if game is None or game.status != "finished":
            raise NoGame(T("bot.err.rematch_gone"))
        seat = game.seat_of(user_id)
        if seat is None or seat.is_ai:
            raise NotAllowed(T("bot.err.rematch_players", game=game.id))
        async with self.tables.at(game.channel_id) as table:
            game = await table.by_id(game_id)
            assert game is not None
            now = self.clock()
            mark = game.settings.get("rematch")
            held = claim_of(mark)
            if mark is not None and (held is None or now - float(held.get("at") or 0) < CLAIM_SECONDS):
                new = await table.store.game(mark) if held is None and isinstance(mark, int) else None
                where = T("bot.rematch.opening") if new is None else T("bot.rematch.where", game=new.id,
                                                                        where=f"<#{new.channel_id}>")
                raise WrongPhase(T("bot.err.rematch_twice", game=game.id, where=where))
            live = await table.store.live_game(game.channel_id)
            if live is not None and not game.home_channel_id:
                raise WrongPhase(T("bot.err.game_here", game=live.id, status=T("bot.status.running")))
            token = secrets.token_hex(8)
            claim = {"by": self.claimant, "at": now, "claim": token}
            await table.store.update_game(game.id, settings={**game.settings, "rematch": claim})
        if held is not None:
            log.warning("game %s: the rematch claimed by %s was never opened; a click takes it over", game.id,
                        held.get("by") or "an older version", extra={"game": game.id})
        invited = [s.user_id for s in game.seats if not s.is_ai and s.user_id != user_id]
        return RematchPlan(game, user_id, seat.user_name, lang_of(game), invited, token)

    async def open_rematch(self, plan: RematchPlan, channel_id: str, *, home_channel_id: str | None = None,
                           lobby_message_id: str | None = None) -> Reply:
        """The new lobby in ``channel_id`` with the old game's settings, its host the one who
        clicked, its computer seats back at their levels; the old game remembers it.  Refused
        (nothing stored) when the click's claim was taken over meanwhile."""
        old = plan.game
        settings = {k: v for k, v in old.settings.items() if k != "rematch"}
        players = max(len(old.seats), 2)
        self.lobby.check_new(players, old.variant, plan.lang)
        async with self.tables.at(channel_id) as table:
            current = await table.store.game(old.id)  # (PostgreSQL: its row held till the lobby is stored)
            if current is None or (claim_of(current.settings.get("rematch")) or {}).get("claim") != plan.claim:
                raise WrongPhase(T("bot.err.rematch_taken", game=old.id))
            new_id = await self.lobby.insert_lobby(table, plan.host_id, plan.host_name, players, old.variant,
                                                   settings, home_channel_id=home_channel_id,
                                                   lobby_message_id=lobby_message_id, guild_id=old.guild_id)
            seated = 1
            for seat in old.seats:
                if seat.is_ai:
                    await table.store.insert_seat(new_id, seated, f"ai:{secrets.token_hex(4)}", seat.user_name,
                                                  None, False, ai_level=seat.ai_level)
                    seated += 1
            kept = {k: v for k, v in current.settings.items() if k != "rematch"}
            await table.store.update_game(old.id, settings={**kept, "rematch": new_id})
        log.info("game %s: its rematch opened as game %s", old.id, new_id, extra={"game": new_id,
                                                                                 "server": old.guild_id})
        game = await self.store.game(new_id)
        assert game is not None
        return Reply(T("bot.rematch.open", game=new_id, former=old.id, host=plan.host_name, seated=len(game.seats),
                       players=game.players), game_id=new_id, lang=plan.lang, mention=plan.invited,
                     changes=table.changes)

    async def release_rematch(self, plan: RematchPlan) -> None:
        """The rematch could not be opened: the next click may try again (a claim taken over
        meanwhile is the other click's: it stays)."""
        await self._release(plan.game.id, lambda claim: claim.get("claim") == plan.claim)

    async def release_dead_rematches(self) -> int:
        """(As the process starts.) Release the claims on rematches of this process's servers
        that other processes made and never finished: this process's servers were theirs, so
        they are gone (a process killed while opening one).  Returns how many."""
        released = 0
        for game_id in await self.store.rematches_being_opened():
            claim = await self._release(game_id, lambda claim: claim.get("by") != self.claimant)
            if claim is not None:
                released += 1
                log.warning("game %s: the rematch claimed by %s, a process that is gone, was never opened: "
                            "released", game_id, claim.get("by") or "an older version", extra={"game": game_id})
        return released

    async def _release(self, game_id: int, whose: Callable[[Claim], bool]) -> Claim | None:
        """Take back the game's rematch claim if ``whose(claim)`` says so; the claim taken back."""
        async with self.tables.transaction() as table:
            game = await table.by_id(game_id)
            claim = claim_of(game.settings.get("rematch")) if game is not None else None
            if game is None or claim is None or not whose(claim):
                return None
            await table.store.update_game(game_id, settings={k: v for k, v in game.settings.items() if k != "rematch"})
            return claim
