"""Ratings: each server rates its members, and each computer level, from its finished games.

The rating system is ``openskill``'s Plackett-Luce model (a multiplayer Bayesian rating: every
player has a mean skill μ and an uncertainty σ); we never compute a rating ourselves.  A game's
places come from its final score with the game's own tie-break (a seat scores its lowest animal;
equal scores are separated by the food chain, as the winner is); a seat that resigned (or was
left to the bot and never taken back) shares the last place.  A computer seat is the rated
player ``ai:<level>``, so a beginner sees their progress against ``easy``, ``normal`` and ``hard``;
two seats of one level in a game are rated as two players, and the level keeps the mean of
their new ratings.

Not rated: games without a server (the playground), games ended with ``/ds abandon`` (they
never finish), games where hints were allowed, and games opened unrated (a server's default).

A game is rated in the transaction that finishes it, in finishing order: under the server's
ratings lock (``GameStore.hold_ratings``), so games of the same players finishing at once, even
in several processes, are rated one after the other, each on the ratings the last one left.  The stored ratings
are derived data: ``rebuild`` computes them again from the server's finished games, in the
order they finished, and gives the same table every time.  (Measured: openskill rates a game
in about 0.1 ms, so a rebuild of 1,000 games is dominated by reading their states.)
"""

from __future__ import annotations

import asyncio
import time
from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any

from openskill.models import PlackettLuce

import words
from bot.game.limits import CONTENT, clip
from bot.game.replies import BadRequest, NotAllowed, Reply
from bot.game.table import Tables
from bot.store.api import GameStore
from bot.store.models import Game, Rating, RatingChange, Seat
from engine.data import FOOD_CHAIN
from engine.phases import result as engine_result
from words import T

State = dict[str, Any]
#: The model and its defaults (μ 25, σ 25/3): changing them changes every table (rebuild after).
MODEL = PlackettLuce()
#: Rows of the leaderboard.
TOP = 10
#: Games listed in one member's history.
HISTORY = 15


def player_key(seat: Seat) -> str:
    """Who a seat is for the ratings: a member, or a computer level."""
    return f"ai:{seat.ai_level}" if seat.ai_level else f"u:{seat.user_id}"


def hints_allowed(game: Game) -> bool:
    return bool((game.settings or {}).get("hints"))


def rated_by_setting(game: Game) -> bool:
    """Whether the game was opened to be rated (the server's managers may open games unrated:
    ``/ds admin defaults rated:off``); games from before that setting are."""
    return bool((game.settings or {}).get("rated", True))


def rateable(game: Game) -> bool:
    """Whether the game counts for its server's ratings."""
    state = game.state
    return (game.guild_id is not None and game.status == "finished" and state is not None
            and state.get("result") is not None and not hints_allowed(game) and rated_by_setting(game)
            and len(game.seats) >= 2)


def places(state: State, out: Iterable[int] = ()) -> list[int]:
    """Each seat's place (1 = first) by final score with the game's tie-break; the seats in
    ``out`` (resigned) share the last place."""
    res = state["result"]
    scores = res["seat_scores"]
    scoring = res.get("scoring_animals") or engine_result(state)["scoring_animals"]
    out = set(out) | ({res["resigned_seat"]} if res.get("resigned_seat") is not None else set())
    playing = sorted((s for s in range(len(scores)) if s not in out),
                     key=lambda s: (-scores[s], FOOD_CHAIN.index(scoring[s])))
    ranks = [0] * len(scores)
    for place, seat in enumerate(playing, start=1):
        ranks[seat] = place
    for seat in out:
        ranks[seat] = len(playing) + 1
    return ranks


@dataclass
class Entry:
    """One seat of a game being rated."""

    seat: int
    player: str
    name: str
    place: int


def entries_of(game: Game) -> list[Entry]:
    out = [s.seat for s in game.seats if s.resigned or (s.ai_hold and not s.ai_level)]
    ranks = places(game.started_state, out)
    return [Entry(s.seat, player_key(s), s.ai_level or s.user_name, ranks[s.seat]) for s in game.seats]


def rate(game_id: int, entries: list[Entry], before: dict[str, Rating],
         finished_at: float = 0.0) -> tuple[list[Rating], list[RatingChange]]:
    """The players' ratings after one game, and each seat's change (``before`` is not changed)."""
    start = {e.player: before.get(e.player) or _fresh(e) for e in entries}
    teams = [[MODEL.rating(mu=start[e.player].mu, sigma=start[e.player].sigma)] for e in entries]
    rated = MODEL.rate(teams, ranks=[e.place for e in entries])
    changes = [RatingChange(game_id, e.seat, e.player, e.place, len(entries), start[e.player].mu,
                            start[e.player].sigma, team[0].mu, team[0].sigma, finished_at)
               for e, team in zip(entries, rated, strict=True)]
    after: dict[str, Rating] = {}
    for e in entries:
        seats = [c for c in changes if c.player == e.player]
        if e.player in after:
            continue
        old = start[e.player]
        after[e.player] = Rating(e.player, e.name, sum(c.mu_after for c in seats) / len(seats),
                                 sum(c.sigma_after for c in seats) / len(seats), old.games + 1,
                                 old.wins + any(c.place == 1 for c in seats))
    return list(after.values()), changes


def _fresh(e: Entry) -> Rating:
    return Rating(e.player, e.name, MODEL.mu, MODEL.sigma)


def rate_all(games: list[Game]) -> tuple[dict[str, Rating], list[RatingChange]]:
    """Every rating of a server from its finished games, in the order given (the order they finished)."""
    table: dict[str, Rating] = {}
    changes: list[RatingChange] = []
    for game in games:
        if not rateable(game):
            continue
        after, changed = rate(game.id, entries_of(game), table, game.finished_at or 0.0)
        table.update((r.player, r) for r in after)
        changes += changed
    return table, changes


async def rate_finished(store: GameStore, game: Game, state: State) -> None:
    """(In the transaction that finishes the game: ``Table.write``.) Rate it, if it counts."""
    game.status, game.state = "finished", state
    guild = game.guild_id
    if not rateable(game) or guild is None:  # (a rateable game has its server)
        return
    entries = entries_of(game)
    await store.hold_ratings(guild)  # the server's other games finishing now wait, then rate on ours
    now = time.time()
    # the order games finish in is the order they are rated in (a rebuild's): the moment it was rated
    await store.update_game(game.id, finished_at=now)
    before = {r.player: r for r in await store.ratings(guild, sorted({e.player for e in entries}))}
    after, changes = rate(game.id, entries, before, now)
    await store.put_ratings(guild, after, changes)


# -- the service's part ----------------------------------------------------------------------------


class Ratings:
    """The service's part: the rebuild, and what ``/ds stats`` shows of the ratings."""

    def __init__(self, store: GameStore, tables: Tables) -> None:
        self.store = store
        self.tables = tables

    async def rebuild_ratings(self, guild_id: str, can_manage: bool = True) -> Reply:
        """Compute the server's ratings again from its finished games, in the order they finished."""
        if not can_manage:
            raise NotAllowed(T("bot.err.rebuild_manage"))
        for _ in range(3):
            games = await self.store.finished_games(guild_id)
            table, changes = await asyncio.to_thread(rate_all, games)
            async with self.tables.transaction():
                await self.store.hold_ratings(guild_id)  # no game of the server is rated meanwhile
                if len(await self.store.finished_games(guild_id)) != len(games):
                    continue  # a game finished meanwhile: compute again with it
                await self.store.clear_ratings(guild_id)
                await self.store.put_ratings(guild_id, list(table.values()), changes)
            break
        rated = len({c.game_id for c in changes})
        return Reply(T("bot.rating.rebuilt", n=rated, players=len(table)), public=False)

    async def leaderboard(self, guild_id: str, user_id: str, lang: str = words.DEFAULT) -> str:
        """The server's best players by conservative rating (μ − 3σ), and the caller's place."""
        table = await self.store.ratings(guild_id)
        if not table:
            return words.gettext("bot.rating.none", lang)
        lines = [words.gettext("bot.rating.head", lang)]
        for place, r in enumerate(table[:TOP], start=1):
            lines.append(words.gettext("bot.rating.row", lang, place=place, player=rating_name(r, lang),
                                       rating=number(r.conservative, lang), games=r.games, wins=r.wins))
        mine = next((i for i, r in enumerate(table, start=1) if r.player == f"u:{user_id}"), None)
        if mine is None:
            lines.append(words.gettext("bot.rating.you_none", lang))
        else:
            r = table[mine - 1]
            lines.append(words.gettext("bot.rating.you", lang, place=mine, n=len(table),
                                       rating=number(r.conservative, lang), mu=number(r.mu, lang),
                                       sigma=number(r.sigma, lang)))
        return "\n".join(lines)

    async def rating_history(self, guild_id: str, user_id: str, name: str, lang: str = words.DEFAULT) -> str:
        """One member's rating on the server and its latest games (refused when they have none)."""
        player = f"u:{user_id}"
        table = await self.store.ratings(guild_id)
        place = next((i for i, r in enumerate(table, start=1) if r.player == player), None)
        if place is None:
            raise BadRequest(T("bot.rating.history.none", player=clip(name, 40)))
        r = table[place - 1]
        lines = [words.gettext("bot.rating.history.head", lang, player=r.name, rating=number(r.conservative, lang),
                               mu=number(r.mu, lang), sigma=number(r.sigma, lang), place=place, n=len(table),
                               games=r.games, wins=r.wins)]
        for c in await self.store.rating_changes(guild_id=guild_id, player=player, limit=HISTORY):
            lines.append(words.gettext("bot.rating.history.row", lang, game=c.game_id, when=int(c.finished_at),
                                       place=c.place, players=c.players, before=number(c.before, lang),
                                       after=number(c.after, lang)))
        if r.games > HISTORY:
            lines.append(words.ngettext("bot.rating.history.more", r.games - HISTORY, lang))
        return clip("\n".join(lines), CONTENT)


def rating_name(r: Rating, lang: str) -> str:
    if r.player.startswith("ai:"):
        return words.say(T("bot.ai_name", level=T(f"bot.ai_level.{r.player[3:]}")), lang)
    return r.name


def number(x: float, lang: str) -> str:
    """A rating as the reader writes a decimal (one digit after the point, a comma in Hungarian)."""
    return words.decimal(x, lang)


def changes_text(game: Game, changes: list[RatingChange], lang: str) -> str:
    """The end-of-game post's line: each seat's rating before -> after."""
    names = {s.seat: s.user_name for s in game.seats}
    parts = [words.gettext("bot.rating.change", lang, player=names.get(c.seat, "?"),
                           before=number(c.before, lang), after=number(c.after, lang)) for c in changes]
    return words.gettext("bot.rating.changes", lang, changes=", ".join(parts))
