"""``/ds stats``: what a server's finished games add up to.

Games know their server by ``games.guild_id`` (schema 6).  A game opened before that column
existed has none; it still counts when its channel (or its thread's parent channel) is one of
the server's, which the caller knows from Discord.  Read-only.
"""

from __future__ import annotations

import asyncio
from collections.abc import Collection
from dataclasses import dataclass, field
from typing import Any

import words
from bot.game.limits import CONTENT
from bot.store.api import GameStore
from bot.store.models import decode_state
from engine.data import FOOD_CHAIN

State = dict[str, Any]
#: Members listed, most games first (the rest are counted).
MEMBERS_SHOWN = 12
_CHUNK = 500  # ids per IN (...) query, well under SQLite's limit


@dataclass
class Finished:
    """One finished game, as the stats read it."""

    id: int
    state: State
    seats: list[tuple[str, str]]  # (user id, name) by seat
    moves: int
    started: float | None
    ended: float | None


@dataclass
class Record:
    games: int = 0
    wins: int = 0
    points: int = 0  # VPs (an animal) or seat scores (a member)

    @property
    def mean(self) -> float:
        return self.points / self.games if self.games else 0.0


@dataclass
class Stats:
    games: int = 0
    resignations: int = 0
    animals: dict[str, Record] = field(default_factory=dict)
    members: dict[str, Record] = field(default_factory=dict)
    names: dict[str, str] = field(default_factory=dict)  # user id -> latest name
    longest: Finished | None = None


async def finished_games(store: GameStore, guild_id: str, channel_ids: Collection[str] = ()) -> list[Finished]:
    """The server's finished games: its own, and older ones in its channels."""
    conn = store.reader
    async with conn.execute(
        "SELECT id, channel_id, home_channel_id, guild_id, state FROM games "
        "WHERE status = 'finished' AND state IS NOT NULL AND (guild_id = ? OR guild_id IS NULL) ORDER BY id",
        (guild_id,),
    ) as cur:
        rows = [r for r in await cur.fetchall()
                if r["guild_id"] == guild_id or r["channel_id"] in channel_ids or r["home_channel_id"] in channel_ids]
    ids = [r["id"] for r in rows]
    seats: dict[int, list[tuple[str, str]]] = {i: [] for i in ids}
    counts: dict[int, tuple[int, float | None, float | None]] = {}
    for start in range(0, len(ids), _CHUNK):
        chunk = ids[start:start + _CHUNK]
        marks = ",".join("?" * len(chunk))
        async with conn.execute(f"SELECT game_id, user_id, user_name FROM seats WHERE game_id IN ({marks}) "
                                "ORDER BY game_id, seat", chunk) as cur:
            for r in await cur.fetchall():
                seats[r["game_id"]].append((r["user_id"], r["user_name"]))
        counts.update(await store.move_counts(chunk))
    states = await asyncio.to_thread(lambda: [decode_state(r["state"]) for r in rows])
    return [Finished(r["id"], state, seats[r["id"]], *counts.get(r["id"], (0, None, None)))
            for r, state in zip(rows, states, strict=True)]


def compute(games: list[Finished]) -> Stats:
    stats = Stats()
    for g in games:
        res = g.state.get("result")
        if not res:
            continue
        stats.games += 1
        stats.resignations += res.get("ended_by") == "resignation"
        for seat, info in enumerate(g.state["seats"]):
            won = seat == res["winner_seat"]
            for a in info["animals"]:
                r = stats.animals.setdefault(a, Record())
                r.games += 1
                r.wins += won
                r.points += res["scores"][a]
            if seat < len(g.seats):
                user, name = g.seats[seat]
                stats.names[user] = name
                m = stats.members.setdefault(user, Record())
                m.games += 1
                m.wins += won
                m.points += res["seat_scores"][seat]
        if stats.longest is None or (g.state["turn"], g.moves) > (stats.longest.state["turn"], stats.longest.moves):
            stats.longest = g
    return stats


def _days(g: Finished, lang: str) -> str:
    if g.started is None or g.ended is None:
        return ""
    days = (g.ended - g.started) / 86400
    if days >= 1.5:
        return words.ngettext("bot.stats.days", round(days), lang)
    return words.ngettext("bot.stats.hours", round(days * 24), lang) if days * 24 >= 1.5 else ""


def stats_text(stats: Stats, lang: str = words.DEFAULT, *, members: bool = True) -> str:
    """The server's numbers; ``members``: with each member's games, wins and mean score (the
    leaderboard of ``/ds stats`` shows its own members' line instead)."""
    if not stats.games:
        return words.gettext("bot.stats.none", lang)
    ended = words.gettext("bot.stats.resigned", lang, n=stats.resignations) if stats.resignations else ""
    lines = [words.ngettext("bot.stats.head", stats.games, lang, ended=ended), words.gettext("bot.stats.animals", lang)]
    for a in sorted(stats.animals, key=lambda a: (-stats.animals[a].wins, -stats.animals[a].mean, FOOD_CHAIN.index(a))):
        r = stats.animals[a]
        lines.append(f"{words.term('animal.' + a, lang)}: {r.games} · {r.wins} · {r.mean:.1f}")
    g = stats.longest
    if g is not None:
        names = ", ".join(name for _, name in g.seats) or "?"
        lines.append(words.gettext("bot.stats.longest", lang, game=g.id, names=names, turns=g.state["turn"],
                                   choices=g.moves, days=_days(g, lang)))
    if not members:
        return _fit("\n".join(lines))
    lines.append(words.gettext("bot.stats.members", lang))
    order = sorted(stats.members, key=lambda u: (-stats.members[u].games, -stats.members[u].wins,
                                                  stats.names[u].lower()))
    for user in order[:MEMBERS_SHOWN]:
        r = stats.members[user]
        lines.append(f"{stats.names[user]}: {r.games} · {r.wins} · {r.mean:.1f}")
    if len(order) > MEMBERS_SHOWN:
        lines.append(words.ngettext("bot.stats.more", len(order) - MEMBERS_SHOWN, lang))
    return _fit("\n".join(lines))


def _fit(text: str) -> str:
    return text if len(text) <= CONTENT else text[:CONTENT - 1] + "…"


async def server_stats(store: GameStore, guild_id: str, channel_ids: Collection[str] = (), *,
                       lang: str = words.DEFAULT, members: bool = True) -> str:
    return stats_text(compute(await finished_games(store, guild_id, channel_ids)), lang, members=members)
