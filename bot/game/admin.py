"""What a server's managers (Manage Server) may do for the whole server: see its lobbies and
games, abandon any of them, and set the defaults every new game there starts with (language,
pace, board pictures, hints, whether games are rated).

A part of ``GameService``.  Every method takes whether the member may manage the server (the
shell reads it from Discord); without it the answer is a private refusal.  The defaults are kept
per server (``servers.settings``) and read once, when a lobby opens: changing them never changes
a game already opened.
"""

from __future__ import annotations

import logging
from collections.abc import Callable
from dataclasses import dataclass, replace
from typing import Any

from bot.game import context, pace
from bot.game.asked import asked
from bot.game.channel import CADENCES, DEFAULT_CADENCE
from bot.game.limits import quote
from bot.game.notices import ABANDONED
from bot.game.replies import BadRequest, NotAllowed, Reply
from bot.game.table import Tables
from bot.game.texts import GAME_LANGUAGES, game_link, lang_of, name_of, unknown_language
from bot.store.api import GameStore
from bot.store.models import Game
from words import T, Text, Words, join, say

log = logging.getLogger(__name__)

#: Whether new games allow hints (off) and count for the server's ratings (on), until a manager says otherwise.
DEFAULT_HINTS = False
DEFAULT_RATED = True
#: Games offered by the autocomplete of ``/ds admin abandon`` (the newest first).
LISTED = 25
#: Games on one page of ``/ds admin games`` (the newest first): ten lines of the longest kind (a
#: 32-character name, ids of 19 digits, a Hungarian wait) and the head stay within a message.
PAGE_GAMES = 10
SWITCH = {"on": True, "off": False}


def defaults_of(stored: dict[str, Any]) -> dict[str, Any]:
    """A server's defaults, every key present (what it set, else the bot's own)."""
    return {
        "language": stored.get("language"),  # None: the server's Discord language decides
        "board": stored.get("board", DEFAULT_CADENCE),
        "pace": stored.get("pace", {}),
        "hints": bool(stored.get("hints", DEFAULT_HINTS)),
        "rated": bool(stored.get("rated", DEFAULT_RATED)),
    }


@dataclass(frozen=True)
class GamesPage:
    """One page of ``/ds admin games``: ``index`` of ``count`` pages, the newest games first."""

    message: Words  # worded in the reader's language by the shell
    index: int
    count: int

    @property
    def text(self) -> str:
        return say(self.message, "en")


class Admin:
    def __init__(self, store: GameStore, tables: Tables, *, clock: Callable[[], float]) -> None:
        self.store = store
        self.tables = tables
        self.clock = clock

    @staticmethod
    def _manager(can_manage_server: bool) -> None:
        if not can_manage_server:
            raise NotAllowed(T("bot.err.manage_server"))

    # -- the server's games --------------------------------------------------------------------

    async def server_games(self, guild_id: str, can_manage_server: bool, page: int = 0) -> GamesPage:
        """One page of the server's lobbies and running games, newest first, with a link and who is
        awaited (private); counted in the store, so the count is all of them."""
        self._manager(can_manage_server)
        total, lobbies = await self.store.count_server_games(guild_id)
        if not total:
            return GamesPage(T("bot.admin.games.none"), 0, 1)
        pages = -(-total // PAGE_GAMES)
        page = min(max(page, 0), pages - 1)  # a page that is gone since (games ended): the last one
        now = self.clock()
        games = await self.store.games_of_server(guild_id, PAGE_GAMES, page * PAGE_GAMES)
        lines: list[Words] = [self._listed(game, now) for game in games]
        head = T("bot.admin.games.head", n=total, lobbies=T("bot.admin.games.lobbies", n=lobbies))
        if pages > 1:
            lines.append(T("bot.admin.games.page", page=page + 1, pages=pages))
        return GamesPage(join(head, *lines, sep="\n"), page, pages)

    def _listed(self, game: Game, now: float) -> Text:
        link = game_link(game)
        if game.status == "lobby":
            return T("bot.admin.games.lobby", game=game.id, host=game.host.user_name, seated=len(game.seats),
                     players=game.players, link=link)
        state = game.started_state
        prompt = asked(state)
        if prompt is None:
            who: Words = T("bot.mygames.over")
        else:
            waited = pace.duration(now - game.clock.since) if game.clock.since else T("bot.unit.second", n=0)
            who = T("bot.admin.games.awaits", player=name_of(game, prompt.seat), waited=waited)
        return T("bot.admin.games.game", game=game.id, turn=state["turn"], phase=state["phase"], who=who,
                 link=link)

    async def server_game_choices(self, guild_id: str) -> list[tuple[int, str]]:
        """(game id, "#3 ann, bob: turn 5") of the server's live games, for the autocomplete."""
        out = []
        for game in await self.store.games_of_server(guild_id, LISTED):
            names = ", ".join(s.user_name for s in game.seats)
            where = say(T("bot.admin.games.in_lobby") if game.status == "lobby"
                        else T("bot.admin.games.turn", turn=game.started_state["turn"]), lang_of(game))
            out.append((game.id, f"#{game.id} {names}: {where}"))
        return out

    async def admin_abandon(self, guild_id: str, game_id: int, manager: str, can_manage_server: bool) -> Reply:
        """A manager abandons any lobby or game of the server; its channel is told (through the outbox)."""
        self._manager(can_manage_server)
        found = await self.store.game(game_id)
        if found is None or found.guild_id != guild_id or found.status not in ("lobby", "active"):
            raise BadRequest(T("bot.err.admin_no_game", game=game_id))
        async with self.tables.at(found.channel_id) as table:
            game = await table.live_game()
            if game is None or game.id != game_id:
                raise BadRequest(T("bot.err.admin_no_game", game=game_id))
            context.note_game(game)
            await table.store.set_status(game.id, "abandoned")
            await table.notice(ABANDONED, say(T("bot.admin.abandoned_notice", game=game.id, manager=manager),
                                              lang_of(game)))
        log.info("game %s abandoned by a server manager (it was %s)", game.id, game.status)
        return Reply(T("bot.admin.abandoned", game=game.id, link=game_link(game)), game_id=game.id, public=False)

    # -- the server's defaults -----------------------------------------------------------------

    async def server_defaults(self, guild_id: str, can_manage_server: bool, *, language: str | None = None,
                              board: str | None = None, reminder: str | None = None, deadline: str | None = None,
                              at_deadline: str | None = None, hints: str | None = None,
                              rated: str | None = None) -> Reply:
        """Show the server's defaults, or change those given (each checked as a game's own setting is)."""
        self._manager(can_manage_server)
        stored = await self.store.server_settings(guild_id)
        changed = dict(stored)
        if language is not None:
            if language not in GAME_LANGUAGES:
                raise BadRequest(unknown_language(language))
            changed["language"] = language
        if board is not None:
            if board not in CADENCES:
                raise BadRequest(T("bot.err.cadence", given=quote(board)))
            changed["board"] = board
        if reminder is not None or deadline is not None or at_deadline is not None:
            rules = pace.Pace.of({"pace": stored.get("pace") or {}})
            if reminder is not None:
                rules = replace(rules, reminder=_duration(reminder, T("bot.what.reminder")))
            if deadline is not None:
                rules = replace(rules, deadline=_duration(deadline, T("bot.what.deadline")))
            if at_deadline is not None:
                if at_deadline not in pace.AT_DEADLINE:
                    raise BadRequest(T("bot.err.at_deadline", given=quote(at_deadline)))
                rules = replace(rules, at_deadline=at_deadline)
            changed["pace"] = {k: v for k, v in rules.to_dict().items() if k != "away_cap"}
        for key, value in (("hints", hints), ("rated", rated)):
            if value is not None:
                if value not in SWITCH:
                    raise BadRequest(T("bot.err.on_off", given=quote(value)))
                changed[key] = SWITCH[value]
        if changed != stored:
            await self.store.set_server_settings(guild_id, changed)
            log.info("the defaults of server %s changed", guild_id, extra={"server": guild_id})
        head = T("bot.admin.defaults.changed" if changed != stored else "bot.admin.defaults.head")
        return Reply(join(head, defaults_text(defaults_of(changed)), sep="\n"), public=False)

    async def new_game_language(self, guild_id: str | None, asked: str | None, fallback: str) -> str:
        """The language of a new game: the one asked for, else the server's default, else ``fallback``."""
        if asked:
            return asked
        if guild_id is not None:
            language = defaults_of(await self.store.server_settings(guild_id))["language"]
            if isinstance(language, str) and language in GAME_LANGUAGES:
                return language
        return fallback


def _duration(text: str, what: Text) -> int | None:
    try:
        return pace.parse_duration(text, allow_off=True)
    except pace.DurationError as e:
        raise BadRequest(T("bot.err.labelled", what=what, error=e.args[0])) from None


def defaults_text(defaults: dict[str, Any]) -> Words:
    """The defaults as a manager reads them."""
    rules = pace.Pace.of({"pace": defaults["pace"]})
    language = defaults["language"]
    return join(
        T("bot.admin.defaults.language", language=language if language
          else T("bot.admin.defaults.server_language")),
        T("bot.admin.defaults.board", board=T(f"bot.cadence.{defaults['board']}")),
        T("bot.admin.defaults.pace", pace=rules.describe()),
        T("bot.admin.defaults.hints", on=T("bot.admin.on" if defaults["hints"] else "bot.admin.off")),
        T("bot.admin.defaults.rated", on=T("bot.admin.on" if defaults["rated"] else "bot.admin.off")),
        sep="\n")
