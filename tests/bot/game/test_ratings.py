"""Ratings (bot.game.ratings): places by score with the game's tie-break, a table that matches
openskill's Plackett-Luce computed by hand for seeded 2-, 4- and 6-player results (ties
included), the rebuild giving the same table every time, a game rated as it finishes (also ten
games of the same players finishing at once, in three processes' worth of services), what is not
rated, and what /ds stats shows: the leaderboard, one member's history, the refusals."""

from __future__ import annotations

import asyncio
import random

import pytest
from openskill.models import PlackettLuce
from service_helpers import snapshot, start_game

from bot.game import replies
from bot.game.ratings import places, rate_all
from bot.game.service import GameService
from bot.store.connect import open_store
from engine.data import FOOD_CHAIN

#: members and computer levels a seeded server plays with
MEMBERS = [(str(100 + i), name) for i, name in enumerate(["Ann", "Bob", "Cy", "Di", "Ed", "Flo", "Gus", "Hu"])]
LEVELS = ["easy", "normal", "hard"]


async def finished_game(store, guild: str | None, seats: list[dict], *, settings: dict | None = None) -> int:
    """A finished game as the store keeps one: seats (user, name, level, resigned), a final state
    whose result carries each seat's score and scoring animal."""
    async with store.transaction():
        game_id = await store.insert_game(f"chan-{random.random()}", len(seats), "standard", 1,
                                          settings=settings or {}, guild_id=guild)
        for i, s in enumerate(seats):
            await store.insert_seat(game_id, i, s["user"], s["name"], s["animal"], i == 0, ai_level=s.get("level"))
            if s.get("resigned"):
                await store.update_seat(game_id, i, resigned=1)
        scores = [s["score"] for s in seats]
        state = {"phase": "over", "turn": 9, "log": [],
                 "seats": [{"name": s["name"], "animals": [s["animal"]]} for s in seats],
                 "animals": {s["animal"]: {"vp": s["score"]} for s in seats},
                 "result": {"scores": {s["animal"]: s["score"] for s in seats}, "seat_scores": scores,
                            "scoring_animals": [s["animal"] for s in seats], "winner_seat": 0,
                            "winner": seats[0]["animal"], "tie_break": None}}
        await store.save_state(game_id, 0, 1, state, status="finished")
    return game_id


def seeded_results(seed: int, sizes: tuple[int, ...]) -> list[list[dict]]:
    """Seeded games: members and computer levels, scores with ties, now and then a resignation."""
    rng = random.Random(seed)
    games = []
    for n in sizes:
        people = rng.sample(MEMBERS, n - 1)
        seats = [{"user": u, "name": name} for u, name in people]
        level = rng.choice(LEVELS)
        seats.append({"user": f"ai:{rng.randrange(1 << 16):x}", "name": f"AI ({level})", "level": level})
        rng.shuffle(seats)
        animals = rng.sample(FOOD_CHAIN, n)
        tied = rng.randrange(20, 60)
        for s, a in zip(seats, animals, strict=True):
            s["animal"] = a
            s["score"] = tied if rng.random() < 0.4 else rng.randrange(0, 90)  # ties, often
            s["resigned"] = n > 2 and rng.random() < 0.15
        games.append(seats)
    return games


def by_hand(games: list[list[dict]]) -> dict[str, tuple[float, float, int, int]]:
    """The table computed with openskill directly: places by score, equal scores by the food chain,
    resigned seats sharing the last place; a computer level is one player."""
    model = PlackettLuce()
    table: dict[str, tuple[float, float, int, int]] = {}
    for seats in games:
        keys = [f"ai:{s['level']}" if s.get("level") else f"u:{s['user']}" for s in seats]
        playing = sorted((i for i, s in enumerate(seats) if not s["resigned"]),
                         key=lambda i: (-seats[i]["score"], FOOD_CHAIN.index(seats[i]["animal"])))
        ranks = [len(playing) + 1] * len(seats)
        for place, i in enumerate(playing, start=1):
            ranks[i] = place
        start = {k: table.get(k, (model.mu, model.sigma, 0, 0)) for k in keys}
        teams = [[model.rating(mu=start[k][0], sigma=start[k][1])] for k in keys]
        rated = model.rate(teams, ranks=ranks)
        for k in set(keys):
            mine = [t[0] for key, t in zip(keys, rated, strict=True) if key == k]
            won = any(r == 1 for key, r in zip(keys, ranks, strict=True) if key == k)
            mu, sigma, games_played, wins = start[k]
            table[k] = (sum(r.mu for r in mine) / len(mine), sum(r.sigma for r in mine) / len(mine),
                        games_played + 1, wins + won)
    return table


def as_table(ratings) -> dict[str, tuple[float, float, int, int]]:
    return {r.player: (r.mu, r.sigma, r.games, r.wins) for r in ratings}


def assert_same(got: dict, want: dict) -> None:
    assert set(got) == set(want)
    for key, (mu, sigma, games, wins) in want.items():
        assert got[key][0] == pytest.approx(mu, abs=1e-9) and got[key][1] == pytest.approx(sigma, abs=1e-9), key
        assert got[key][2:] == (games, wins), key


def test_places_follow_the_score_then_the_food_chain_and_resigned_seats_share_the_last():
    state = {"result": {"seat_scores": [30, 42, 30, 10, 42, 55],
                        "scoring_animals": ["insects", "birds", "mammals", "reptiles", "amphibians", "arachnids"]}}
    # 55 first; 42: birds above amphibians on the food chain; 30: mammals above insects
    assert places(state) == [5, 2, 4, 6, 3, 1]
    assert places(state, out=[5, 0]) == [5, 1, 3, 4, 2, 5]  # two resigned: both last, tied
    state["result"] |= {"resigned_seat": 1}  # a 2-player game ended by a resignation records its seat
    assert places(state)[1] == 6


@pytest.mark.parametrize(("seed", "sizes"), [(2, (2,) * 8), (4, (4,) * 8), (6, (6,) * 8),
                                            (7, (2, 4, 6, 3, 5, 6, 2, 4))])
async def test_the_table_is_openskill_by_hand_and_the_rebuild_gives_it_every_time(service, store, seed, sizes):
    games = seeded_results(seed, sizes)
    assert any(len({s["score"] for s in g}) < len(g) for g in games)  # equal scores are in
    for seats in games:
        await finished_game(store, "G", seats)
    await finished_game(store, "other", games[0])  # another server's game: not in G's table
    assert await store.ratings("G") == []  # stored games only: nothing was rated yet
    reply = await service.ratings.rebuild_ratings("G")
    assert f"from {len(games)} rated games" in reply.text
    first = as_table(await store.ratings("G"))
    assert_same(first, by_hand(games))
    changes = await store.rating_changes(game_id=1)
    assert [c.seat for c in changes] == list(range(len(games[0])))
    await service.ratings.rebuild_ratings("G")
    assert as_table(await store.ratings("G")) == first  # the same table, to the last bit
    assert len(await store.rating_changes(guild_id="G", player=next(iter(first)))) >= 1


async def test_a_game_is_rated_as_it_finishes_and_the_rebuild_agrees(service, store):
    users = await start_game(service, players=2)
    game = await store.live_game("chan")
    async with store.transaction():
        await store.update_game(game.id, guild_id="G")
    await service.lobby.configure("chan", users[0], on_resign="end")
    await service.play.resign("chan", users[1])  # the other player wins; the game is over
    (ann, bob) = await store.rating_changes(game_id=game.id)
    assert (ann.place, bob.place) == (1, 2) and ann.after > ann.before and bob.after < bob.before
    incremental = as_table(await store.ratings("G"))
    await service.ratings.rebuild_ratings("G")
    assert as_table(await store.ratings("G")) == incremental
    post = await service.postbox.channel_post("chan")
    assert "**Ratings** (μ − 3σ): Ann 0.0 → " in post.text and "P1 0.0 → " in post.text


async def test_what_is_not_rated(service, store):
    seats = seeded_results(1, (3,))[0]
    await finished_game(store, "G", seats, settings={"hints": True})  # hints allowed
    await finished_game(store, "G", seats, settings={"rated": False})  # opened unrated (/ds admin defaults rated:off)
    await finished_game(store, None, seats)  # the playground: no server
    users = await start_game(service, players=2)
    game = await store.live_game("chan")
    async with store.transaction():
        await store.update_game(game.id, guild_id="G")
    await service.play.abandon("chan", users[0])
    await service.ratings.rebuild_ratings("G")
    assert await store.ratings("G") == [] and rate_all(await store.finished_games("G")) == ({}, [])


async def test_the_leaderboard_and_a_members_history_and_their_refusals(service, store):
    games = seeded_results(4, (4, 6, 2, 4))
    for seats in games:
        await finished_game(store, "G", seats)
    before = await snapshot(store)
    with pytest.raises(replies.NotAllowed, match="manage this server"):
        await service.ratings.rebuild_ratings("G", can_manage=False)
    assert await snapshot(store) == before
    await service.ratings.rebuild_ratings("G")
    table = await store.ratings("G")
    best = table[0]
    assert [r.conservative for r in table] == sorted((r.conservative for r in table), reverse=True)
    member = next(r for r in table if r.player.startswith("u:"))
    text = await service.ratings.leaderboard("G", member.player[2:])
    assert text.startswith("**Ratings on this server** (μ − 3σ · games · wins):")
    assert f"1. {best.name if best.player.startswith('u:') else 'AI'}" in text
    place = [r.player for r in table].index(member.player) + 1
    assert f"You: place {place} of {len(table)}" in text
    assert "no rated game" in await service.ratings.leaderboard("G", "999")
    hu = await service.ratings.leaderboard("G", member.player[2:], lang="hu")
    assert "Értékszámok" in hu and f"Te: {place}. hely" in hu
    history = await service.ratings.rating_history("G", member.player[2:], member.name)
    assert history.startswith(f"**{member.name}** on this server") and f"place {place} of" in history
    assert history.count("\n#") == member.games and " → " in history
    before = await snapshot(store)
    with pytest.raises(replies.BadRequest, match="has no rated game"):
        await service.ratings.rating_history("G", "999", "x" * 6000)
    assert await snapshot(store) == before
    assert "No rated game" in await service.ratings.leaderboard("elsewhere", "1")


async def test_games_of_the_same_new_players_finishing_at_once_are_each_rated(database):
    """Ten games of five pairs of new players, resigned all at once through three services on
    connections of their own (three processes' worth): nobody is told something went wrong, and
    every player is rated for both their games, as rating the games one after another gives."""
    stores = [await open_store(database) for _ in range(3)]
    try:
        services = [GameService(s) for s in stores]
        pairs = [(f"{100 + 2 * i}", f"{101 + 2 * i}") for i in range(5)]
        losers = []
        for k in range(10):
            a, b = pairs[k % 5]
            await services[0].lobby.create_lobby(f"chan{k}", a, f"P{a}", 2, guild_id="G")
            await services[0].lobby.join(f"chan{k}", b, f"P{b}")
            await services[0].lobby.start(f"chan{k}", a)
            losers.append(a if k < 5 else b)  # each pair wins one and loses one: the order they are rated in counts
        answers = await asyncio.gather(*(services[k % 3].play.resign(f"chan{k}", losers[k]) for k in range(10)),
                                       return_exceptions=True)
        assert [a for a in answers if isinstance(a, BaseException)] == []
        table = as_table(await stores[0].ratings("G"))
        assert sorted(table) == sorted(f"u:{u}" for pair in pairs for u in pair)
        assert {games for _, _, games, _ in table.values()} == {2} and {w for *_, w in table.values()} == {1}
        assert len(await stores[0].rating_changes(guild_id="G", player="u:100")) == 2
        # the finished games rated one after another, in the order they finished
        await services[0].ratings.rebuild_ratings("G")
        assert as_table(await stores[0].ratings("G")) == table
    finally:
        for s in stores:
            await s.close()
