"""Followers: a member who does not play in a game may follow it (``/ds follow``) and gets one
direct message per turn, with the turn's summary and the turn picture (the shell mentions them
in the game's channel instead when their direct messages are closed).

A mixin of ``GameService``.  Each turn is told once: the game keeps the last turn its followers
were told about, and moving it on is a compare-and-set (``claim_told_turn``), so two posts (or
two processes) never tell the same turn twice.  What a follower reads is in the game's language,
as the channel's posts are.
"""

from __future__ import annotations

from dataclasses import dataclass, field

import words
from bot.game.core import ServiceCore
from bot.game.limits import CONTENT
from bot.game.replies import BadRequest, NoGame, NotAllowed, Reply, WrongPhase
from bot.game.texts import game_link, lang_of, prompt_line
from bot.store.models import Game
from engine import logbook
from words import T, say
from words.alt import alt_text

#: Room for the lines of a told turn in one direct message.
TURN_CHARS = CONTENT - 400


@dataclass
class TurnNews:
    """What the followers of a game are told about the turns just done."""

    game_id: int
    channel_id: str
    text: str  # in the game's language
    image: bytes | None
    alt: str
    followers: list[str] = field(default_factory=list)
    lang: str = words.DEFAULT


class Followers(ServiceCore):
    async def follow(self, channel_id: str, guild_id: str | None, user_id: str, on: bool = True,
                     game_id: int | None = None) -> Reply:
        """Follow (or stop following) the game ``game_id``, else the channel's; private replies."""
        game = await self.store.game(game_id) if game_id is not None else await self.store.latest_game(channel_id)
        if game is None or game.status == "abandoned" and game_id is None:
            raise NoGame(T("bot.err.follow_which") if game_id is None else T("bot.err.no_game_numbered", game=game_id))
        if game.guild_id is not None and game.guild_id != guild_id:
            raise NotAllowed(T("bot.err.follow_elsewhere", game=game.id))
        if not on:
            async with self.store.transaction():
                changed = await self.store.set_follower(game.id, user_id, False)
            if not changed:
                raise BadRequest(T("bot.err.not_following", game=game.id))
            return Reply(T("bot.follow.off", game=game.id), game_id=game.id, public=False)
        if game.status not in ("lobby", "active"):
            raise WrongPhase(T("bot.err.follow_over", game=game.id))
        if game.seat_of(user_id) is not None:
            raise BadRequest(T("bot.err.follow_seated", game=game.id))
        async with self.store.transaction():
            changed = await self.store.set_follower(game.id, user_id, True)
        await self.store.set_user(user_id, clear_failure=True)  # direct messages are tried again
        if not changed:
            return Reply(T("bot.follow.already", game=game.id), game_id=game.id, public=False)
        return Reply(T("bot.follow.on", game=game.id, link=game_link(game)), game_id=game.id, public=False)

    async def turn_news(self, channel_id: str) -> TurnNews | None:
        """The turns done since the followers were last told (claimed: told once), with the
        picture of where the game stands now; None when there is nothing new or nobody follows."""
        game = self._read_state(await self.store.latest_game(channel_id))
        if game is None or game.state is None or game.status not in ("active", "finished"):
            return None
        state = game.state
        over = state["phase"] == "over"
        done = state["turn"] if over else state["turn"] - 1  # the last turn that is complete
        if done <= game.told_turn:
            return None
        followers = await self.store.followers(game.id)
        if not followers:
            await self.store.claim_told_turn(game.id, game.told_turn, done)
            return None
        if not await self.store.claim_told_turn(game.id, game.told_turn, done):
            return None  # told already, by another post
        lang = lang_of(game)
        return TurnNews(game.id, game.channel_id, news_text(game, game.told_turn + 1, done, lang),
                        await self._render(self.picture_renderer, state, None, lang),
                        alt_text(state, lang, kind="turn"), followers, lang)


def news_text(game: Game, first: int, last: int, lang: str) -> str:
    """The summary of turns ``first``..``last``: their log lines (the newest, if they do not all
    fit), where the game stands, and a link to it."""
    state = game.started_state
    entries = [e for t in range(first, last + 1) for e in logbook.lines_of_turn(state["log"], t)]
    lines = [words.line(e, lang) for e in entries]
    kept: list[str] = []
    size = 0
    for text in reversed(lines):
        if size + len(text) + 1 > TURN_CHARS:
            kept.append(words.ngettext("bot.earlier_lines", len(lines) - len(kept), lang))
            break
        kept.append(text)
        size += len(text) + 1
    head = words.gettext("bot.follow.news" if first == last else "bot.follow.news_turns", lang, game=game.id,
                         turn=last, first=first)
    now = say(prompt_line(game), lang)
    return "\n".join([head, *reversed(kept), now, game_link(game)])[:CONTENT]
