"""Followers: a member who does not play in a game may follow it (``/ds follow``) and gets one
direct message per turn, with the turn's summary and the turn picture (the shell mentions them
in the game's channel instead when their direct messages are closed).

A part of ``GameService``.  Each turn is told once: the game keeps the last turn its followers
were told about, and moving it on is a compare-and-set (``claim_told_turn``), in the transaction
that puts the news in the outbox (one item per told stretch of turns: the followers still to
tell, and the news worded then, while the state still holds those turns' log), so two posts (or
two processes) never tell the same turn twice and a crash loses none.  The shell sends it from
the outbox, paced, apart from any player's move; the picture is drawn then (``follower_news``).
What a follower reads is in the game's language, as the channel's posts are.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from dataclasses import dataclass

import words
from bot.game.limits import CONTENT
from bot.game.notices import FOLLOWERS
from bot.game.pictures import Pictures
from bot.game.replies import BadRequest, NoGame, NotAllowed, Reply, WrongPhase
from bot.game.table import SavedStates, Tables
from bot.game.texts import game_link, lang_of, prompt_line
from bot.store.api import GameStore
from bot.store.models import Game
from engine import logbook
from words import T, say
from words.alt import alt_text

#: Room for the lines of a told turn in one direct message.
TURN_CHARS = CONTENT - 400
#: Characters a post of the news in the game's channel leaves for the mentions of the followers
#: whose direct messages are closed (twenty of Discord's longest mentions).
MENTIONS_ROOM = 440


@dataclass
class TurnNews:
    """What the followers of a game are told about the turns just done."""

    game_id: int
    channel_id: str
    text: str  # in the game's language
    image: bytes | None
    alt: str
    brief: str  # the text with fewer log lines: room for ``MENTIONS_ROOM`` characters of mentions
    more: str  # the line of a further post of mentions (when they do not all fit beside the brief)
    lang: str = words.DEFAULT


def news_words(game: Game, first: int, last: int) -> str:
    """What a followers' outbox item keeps of its news (its text column): the news worded, a
    shorter copy of it and the line of further posts of mentions, as JSON (the picture is drawn
    when it is sent)."""
    lang = lang_of(game)
    more = words.gettext("bot.follow.news_more" if first == last else "bot.follow.news_more_turns", lang,
                         game=game.id, turn=last, first=first)
    return json.dumps({"text": news_text(game, first, last, lang),
                       "brief": news_text(game, first, last, lang, TURN_CHARS - MENTIONS_ROOM), "more": more},
                      ensure_ascii=False)


class Followers:
    def __init__(self, store: GameStore, tables: Tables, saved: SavedStates, pictures: Pictures, *,
                 clock: Callable[[], float]) -> None:
        self.store = store
        self.tables = tables
        self.saved = saved
        self.pictures = pictures
        self.clock = clock

    async def follow(self, channel_id: str, guild_id: str | None, user_id: str, on: bool = True,
                     game_id: int | None = None) -> Reply:
        """Follow (or stop following) the game ``game_id``, else the channel's; private replies."""
        game = await self.store.game(game_id) if game_id is not None else await self.store.latest_game(channel_id)
        if game is None or game.status == "abandoned" and game_id is None:
            raise NoGame(T("bot.err.follow_which") if game_id is None else T("bot.err.no_game_numbered", game=game_id))
        if game.guild_id is not None and game.guild_id != guild_id:
            raise NotAllowed(T("bot.err.follow_elsewhere", game=game.id))
        if not on:
            async with self.tables.transaction() as table:
                changed = await table.store.set_follower(game.id, user_id, False)
            if not changed:
                raise BadRequest(T("bot.err.not_following", game=game.id))
            return Reply(T("bot.follow.off", game=game.id), game_id=game.id, public=False)
        if game.status not in ("lobby", "active"):
            raise WrongPhase(T("bot.err.follow_over", game=game.id))
        if game.seat_of(user_id) is not None:
            raise BadRequest(T("bot.err.follow_seated", game=game.id))
        async with self.tables.transaction() as table:
            changed = await table.store.set_follower(game.id, user_id, True)
        await self.store.set_user(user_id, clear_failure=True)  # direct messages are tried again
        if not changed:
            return Reply(T("bot.follow.already", game=game.id), game_id=game.id, public=False)
        return Reply(T("bot.follow.on", game=game.id, link=game_link(game)), game_id=game.id, public=False)

    async def queue_turn_news(self, channel_id: str) -> bool:
        """Put the turns done since the followers were last told in the outbox, for every follower
        (claimed in the same transaction: told once); False when there is nothing new or nobody
        follows."""
        found = self.saved.read(await self.store.latest_game(channel_id))
        if found is None or self._done_turn(found) <= found.told_turn:
            return False
        async with self.tables.transaction() as table:
            game = self.saved.read(await table.by_id(found.id))  # again in the transaction: held (PostgreSQL)
            if game is None:
                return False
            done = self._done_turn(game)
            if done <= game.told_turn or not await table.store.claim_told_turn(game.id, game.told_turn, done):
                return False  # told already, by another post
            followers = await table.store.followers(game.id)
            if followers:
                await table.notice(FOLLOWERS, news_words(game, game.told_turn + 1, done), followers)
        return bool(followers)

    @staticmethod
    def _done_turn(game: Game) -> int:
        """The last complete turn of a running or finished game (0: none, or no game to tell)."""
        if game.state is None or game.status not in ("active", "finished"):
            return 0
        turn: int = game.state["turn"]
        return turn if game.state["phase"] == "over" else turn - 1

    async def follower_news(self, game_id: int, worded: str) -> TurnNews | None:
        """The news of a followers' outbox item (``worded``: its text) with the picture of where
        the game stands, drawn now; None when the game is gone."""
        game = self.saved.read(await self.store.game(game_id))
        if game is None or game.state is None:
            return None
        told, lang = json.loads(worded), lang_of(game)
        return TurnNews(game.id, game.channel_id, told["text"], await self.pictures.turn(game.state, None, lang),
                        alt_text(game.state, lang, kind="turn"), told["brief"], told["more"], lang)


def news_text(game: Game, first: int, last: int, lang: str, room: int = TURN_CHARS) -> str:
    """The summary of turns ``first``..``last``: their log lines (the newest, if they do not all
    fit in ``room``), where the game stands, and a link to it."""
    state = game.started_state
    entries = [e for t in range(first, last + 1) for e in logbook.lines_of_turn(state["log"], t)]
    lines = [words.line(e, lang) for e in entries]
    kept: list[str] = []
    size = 0
    for text in reversed(lines):
        if size + len(text) + 1 > room:
            kept.append(words.ngettext("bot.earlier_lines", len(lines) - len(kept), lang))
            break
        kept.append(text)
        size += len(text) + 1
    head = words.gettext("bot.follow.news" if first == last else "bot.follow.news_turns", lang, game=game.id,
                         turn=last, first=first)
    now = say(prompt_line(game), lang)
    return "\n".join([head, *reversed(kept), now, game_link(game)])[:CONTENT]
