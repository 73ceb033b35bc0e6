"""The store's guarantees on both backends (SQLite file, PostgreSQL database): schema and
migrations, one live game per channel, compare-and-set, committed reads, the append-only move
log, claims across processes, shards.  ``database`` is a path or a URL (see conftest)."""

import asyncio
import sqlite3

import asyncpg
import pytest
from service_helpers import start_game

from bot.game import replies
from bot.game.service import GameService
from bot.store.api import GameStore, StaleVersion, StoreUnavailable, is_url
from bot.store.connect import open_store
from bot.store.dialect import POSTGRESQL, SQLITE, migration_script, statements
from bot.store.models import LivePost, TurnClock
from bot.store.postgres import PgStore
from bot.store.schema import MIGRATIONS
from bot.store.shards import Shards
from bot.store.sqlite import SCHEMA_VERSION

UNIQUE_VIOLATION = (sqlite3.IntegrityError, asyncpg.UniqueViolationError)


def guild_on_shard(shard: int, count: int, n: int = 0) -> str:
    return str(((1_000_000 + n * count + shard) << 22) | 7)


async def test_both_stores_offer_the_whole_interface(store):
    assert isinstance(store, GameStore)
    missing = [name for name in dir(GameStore) if not name.startswith("_") and not hasattr(store, name)]
    assert missing == []


async def test_a_fresh_database_gets_the_current_schema_and_reopening_changes_nothing(database):
    store = await open_store(database)
    try:
        assert await store.schema_version() == SCHEMA_VERSION
        assert isinstance(store, PgStore) == is_url(database)
    finally:
        await store.close()
    store = await open_store(database)
    assert await store.migrate() == SCHEMA_VERSION
    await store.close()


async def _at_version_1(database: str) -> None:
    """A database as the first release of the bot left it, with one lobby."""
    insert = ("INSERT INTO games (channel_id, status, players, variant, seed, created_at, updated_at) "
              "VALUES ('c1', 'lobby', 4, 'standard', 9, 0, 0)")
    if is_url(database):
        conn = await asyncpg.connect(database)
        try:
            for statement in statements(migration_script(MIGRATIONS[0], POSTGRESQL)):
                await conn.execute(statement)
            await conn.execute("CREATE TABLE schema_version (version INTEGER NOT NULL)")
            await conn.execute("INSERT INTO schema_version VALUES (1)")
            await conn.execute(insert)
        finally:
            await conn.close()
    else:
        conn = sqlite3.connect(database)
        for statement in statements(migration_script(MIGRATIONS[0], SQLITE)):
            conn.execute(statement)
        conn.execute("PRAGMA user_version = 1")
        conn.execute(insert)
        conn.commit()
        conn.close()


async def test_an_old_database_migrates_forward_and_keeps_its_games(database):
    await _at_version_1(database)
    store = await open_store(database)
    try:
        assert await store.schema_version() == SCHEMA_VERSION
        game = await store.live_game("c1")
        assert game is not None and game.seed == 9 and game.announced_version == -1 and game.clock == TurnClock()
        async with store.transaction():  # the new tables work: an id is generated after the old row's
            gid = await store.insert_game("c2", 2, "standard", 1)
        assert gid > game.id
    finally:
        await store.close()


async def test_two_processes_starting_together_migrate_once(database):
    if not is_url(database):
        pytest.skip("one process per SQLite file")
    stores = await asyncio.gather(*(open_store(database) for _ in range(4)))
    try:
        assert [await s.schema_version() for s in stores] == [SCHEMA_VERSION] * 4
    finally:
        for s in stores:
            await s.close()


async def test_a_newer_database_is_refused(database):
    store = await open_store(database)
    if isinstance(store, PgStore):
        async with store.pool.acquire() as raw:
            await raw.execute("UPDATE schema_version SET version = 99")
    else:
        await store.conn.execute("PRAGMA user_version = 99")
    await store.close()
    with pytest.raises(StoreUnavailable, match="newer than this bot"):
        await open_store(database)


async def test_one_live_game_per_channel(store):
    async with store.transaction():
        first = await store.insert_game("chan", 2, "standard", 1)
    with pytest.raises(UNIQUE_VIOLATION):
        async with store.transaction():
            await store.insert_game("chan", 3, "standard", 2)
    async with store.transaction():
        await store.set_status(first, "finished")
        second = await store.insert_game("chan", 3, "standard", 2)  # finished games do not count
    assert (await store.live_game("chan")).id == second
    assert (await store.latest_game("chan")).id == second


async def test_compare_and_set_refuses_a_stale_write_from_a_second_connection(database):
    a, b = await open_store(database), await open_store(database)
    try:
        async with a.transaction():
            gid = await a.insert_game("chan", 2, "standard", 1)
            await a.save_state(gid, 0, 1, {"n": 1})
        seen_by_b = (await b.game(gid)).version
        async with a.transaction():
            await a.save_state(gid, 1, 2, {"n": 2})
        with pytest.raises(StaleVersion):
            async with b.transaction():
                await b.save_state(gid, seen_by_b, seen_by_b + 1, {"n": "stale"})
        game = await b.game(gid)
        assert game.version == 2 and game.state == {"n": 2}
    finally:
        await a.close()
        await b.close()


async def test_reads_outside_a_transaction_see_only_committed_data_and_errors_roll_back(store):
    async with store.transaction():
        gid = await store.insert_game("chan", 2, "standard", 1)
        await store.save_state(gid, 0, 1, {"n": 1})

    async def reader_during_write():
        return (await store.game(gid)).version

    async with store.transaction():
        await store.save_state(gid, 1, 2, {"n": 2})
        assert (await store.game(gid)).version == 2  # the writer sees its own write
        if isinstance(store, PgStore):  # (SQLite's reader would wait for the write lock: it has one writer)
            assert await asyncio.create_task(reader_during_write()) == 1
    with pytest.raises(RuntimeError):
        async with store.transaction():
            await store.save_state(gid, 2, 3, {"n": 3})
            await store.append_move(gid, 2, 0, "u", "x")
            raise RuntimeError("rolled back")
    assert (await store.game(gid)).version == 2 and await store.moves(gid) == []


async def test_racing_moves_from_two_processes_apply_exactly_once(database):
    a_store, b_store = await open_store(database), await open_store(database)
    try:
        a, b = GameService(a_store), GameService(b_store)
        await start_game(a, players=2)
        status = await b.reads.status("chan")
        results = await asyncio.gather(
            *(svc.play.act("chan", status.to_act, status.choices[0].id, status.version) for svc in (a, b) * 4),
            return_exceptions=True)
        applied = [r for r in results if not isinstance(r, Exception)]
        assert len(applied) == 1, results
        assert all(isinstance(r, replies.StaleState) for r in results if isinstance(r, Exception)), results
        game = await a_store.live_game("chan")
        assert game.version == status.version + 1 and len(await a_store.moves(game.id)) == 1
    finally:
        await a_store.close()
        await b_store.close()


async def test_the_move_log_is_append_only(store):
    async with store.transaction():
        gid = await store.insert_game("chan", 2, "standard", 1)
        for v in range(1, 5):
            await store.append_move(gid, v, v % 2, f"u{v % 2}", f"opt{v}", f"label {v}")
        await store.mark_moves_undone(gid, 3)
    assert await store.moves(gid) == [(1, "opt1"), (0, "opt2")]
    kept, after = await store.moves_after(gid, 1)
    assert kept == 1 and [m.option_id for m in after] == ["opt2"]
    with pytest.raises(UNIQUE_VIOLATION):  # a version is written once
        async with store.transaction():
            await store.append_move(gid, 4, 0, "u0", "again")


async def test_posts_users_and_the_outbox_round_trip(store):
    async with store.transaction():
        gid = await store.insert_game("chan", 2, "standard", 1, guild_id="42")
        await store.save_state(gid, 0, 3, {"n": 1})
        await store.add_outbox(gid, "reminder", "chan", "hi", ["u1"], 5.0)
    await store.record_post(gid, 2, LivePost("m1", 0, True, 3, 1, None), {"board": 1})
    await store.record_post(gid, 1, LivePost("m0", 0, False, 0, 0, None), None)  # an older post never goes back
    game = await store.game(gid)
    assert game.announced_version == 2 and await store.board_state(gid) == {"board": 1}
    await store.set_user("u1", notify_dm=True)
    await store.set_user("u1", dm_failed_at=7.5)
    assert await store.user_prefs("u1") == (True, 7.5)
    (item,) = await store.unsent()
    async with store.claim_unsent() as claimed:
        assert claimed == item
        await store.mark_sent(claimed.id, 6.0)
    async with store.claim_unsent() as claimed:
        assert claimed is None


async def test_a_claimed_outbox_item_is_skipped_by_another_process(database):
    if not is_url(database):
        pytest.skip("one process per SQLite file: nothing to claim against")
    a, b = await open_store(database), await open_store(database)
    try:
        async with a.transaction():
            gid = await a.insert_game("chan", 2, "standard", 1)
            for n in range(3):
                await a.add_outbox(gid, "reminder", "chan", f"r{n}", [], 1.0)
        async with a.claim_unsent() as first, b.claim_unsent() as second:
            assert first.text == "r0" and second.text == "r1"  # b skips the row a holds
            await a.mark_sent(first.id, 2.0)
        async with b.claim_unsent() as again:
            assert again.text == "r1"  # b never marked it: still unsent, and free again
    finally:
        await a.close()
        await b.close()


async def test_a_game_busy_in_another_process_is_not_claimed(database):
    if not is_url(database):
        pytest.skip("one process per SQLite file: nothing to claim against")
    a, b = await open_store(database), await open_store(database)
    try:
        async with a.transaction():
            gid = await a.insert_game("chan", 2, "standard", 1)
        async with a.transaction():
            assert (await a.game(gid)).id == gid  # read in a transaction: held
            async with b.transaction():
                assert await b.claim_game(gid) is None
        async with b.transaction():
            assert (await b.claim_game(gid)).id == gid
    finally:
        await a.close()
        await b.close()


async def test_due_games_and_catch_up_are_those_of_this_process_s_shards(store):
    guilds = [guild_on_shard(s, 4) for s in range(4)] + [None, "not-a-number"]
    async with store.transaction():
        ids = []
        for n, guild in enumerate(guilds):
            gid = await store.insert_game(f"c{n}", 2, "standard", 1, guild_id=guild)
            await store.save_state(gid, 0, 1, {"n": 1}, status="active")
            await store.set_clock(gid, TurnClock(0.0, 0, False, 10.0 + n))
            ids.append(gid)
    assert await store.due_games(100.0) == ids and len(await store.unannounced_channels()) == 6
    store.shards = Shards((0, 1), 4)
    assert await store.due_games(100.0) == [ids[0], ids[1], ids[4], ids[5]]  # no server: shard 0
    assert await store.unannounced_channels() == ["c0", "c1", "c4", "c5"]
    store.shards = Shards((2, 3), 4)
    assert await store.due_games(100.0) == [ids[2], ids[3]]
    assert await store.due_games(12.5) == [ids[2]]


async def test_stats_and_host_changes_go_through_either_store(store):
    service = GameService(store)
    await service.lobby.create_lobby("chan", "u0", "Ann", 3, guild_id="g")
    await service.lobby.join("chan", "u1", "Bob")
    await service.lobby.leave("chan", "u0")
    game = await store.live_game("chan")
    assert [(s.user_id, s.is_host, s.seat) for s in game.seats] == [("u1", True, 0)]
    from bot.game.stats import server_stats

    assert "No game has finished" in await server_stats(store, "g")


async def test_an_unreachable_server_is_one_clear_line_without_the_password():
    with pytest.raises(StoreUnavailable) as caught:
        await open_store("postgresql://bot:s3cret-pw@127.0.0.1:1/games")
    text = str(caught.value)
    assert "s3cret-pw" not in text and "\n" not in text
    assert text.startswith("cannot connect to the database postgresql://bot@127.0.0.1:1/games: ")


async def test_a_server_lost_mid_run_fails_the_operation_then_the_pool_reconnects(pg_cluster, pg_url):
    store = await open_store(pg_url)
    service = GameService(store)
    try:
        await start_game(service, players=2)
        status = await service.reads.status("chan")
        await asyncio.to_thread(pg_cluster.stop)  # every connection drops, and the server is gone
        try:
            with pytest.raises((OSError, asyncpg.PostgresConnectionError, asyncpg.InterfaceError)):
                await service.play.act("chan", status.to_act, status.choices[0].id, status.version)
        finally:
            await asyncio.to_thread(pg_cluster.start_again)
        assert (await service.reads.status("chan")).version == status.version  # nothing was written; reconnected
        reply = await service.play.act("chan", status.to_act, status.choices[0].id, status.version)
        assert reply.version == status.version + 1
    finally:
        await store.close()


async def test_sending_an_outbox_item_never_holds_its_game(database):
    if not is_url(database):
        pytest.skip("one process per SQLite file: nothing to hold against")
    a, b = await open_store(database), await open_store(database)
    try:
        async with a.transaction():
            gid = await a.insert_game("chan", 2, "standard", 1)
            await a.add_outbox(gid, "reminder", "chan", "r", [], 1.0)
        async with a.claim_unsent() as item:
            assert (await a.game(gid)).id == gid  # the sender reads the game (for its link)
            async with b.transaction():
                assert await b.claim_game(gid) is not None  # a move there need not wait for Discord
            await a.mark_sent(item.id, 2.0)
        assert await a.unsent() == []
    finally:
        await a.close()
        await b.close()


async def test_a_servers_live_games_are_counted_and_read_a_page_at_a_time_newest_first(store):
    async with store.transaction():
        ids = [await store.insert_game(f"c{n}", 2, "standard", 1, guild_id="42") for n in range(7)]
        await store.insert_game("elsewhere", 2, "standard", 1, guild_id="43")
        for gid in ids[:3]:
            await store.save_state(gid, 0, 1, {"n": 1}, status="active")
        await store.set_status(ids[3], "abandoned")
    assert await store.count_server_games("42") == (6, 3)  # the abandoned one is not live
    assert await store.count_server_games("none") == (0, 0)
    newest = [ids[6], ids[5], ids[4], ids[2], ids[1], ids[0]]
    pages = [[g.id for g in await store.games_of_server("42", 4, offset)] for offset in (0, 4, 8)]
    assert pages == [newest[:4], newest[4:], []]


async def test_followers_news_is_claimed_once_and_its_outbox_item_keeps_who_is_left(store):
    async with store.transaction():
        gid = await store.insert_game("chan", 2, "standard", 1)
        assert await store.claim_told_turn(gid, 0, 2)
        assert not await store.claim_told_turn(gid, 0, 3)  # told already: the second claim is refused
        await store.add_outbox(gid, "followers", "chan", "{}", ["u1", "u2", "u3"], 1.0)
    assert (await store.game(gid)).told_turn == 2
    (item,) = await store.unsent()
    await store.set_outbox_mention(item.id, ["u3"])
    assert (await store.unsent())[0].mention == ["u3"]
    await store.set_user("u2", dm_failed_at=5.0)
    await store.set_user("u3", notify_dm=True)
    assert await store.dm_failures(["u1", "u2", "u3"]) == {"u2"} and await store.dm_failures([]) == set()
    await store.mark_sent(item.id, 2.0)
    await store.set_outbox_mention(item.id, [])  # sent: left as it was
    async with store.claim_unsent() as claimed:
        assert claimed is None


async def test_a_list_of_games_is_read_in_two_queries_however_many_games(store):
    """Games listed (a member's, a server's, the followed, the finished) come in one query, their
    seats in one more: not a query or two a game (it was 1 + 2 a game)."""
    async with store.transaction():
        for n in range(6):
            game_id = await store.insert_game(f"c{n}", 3, "standard", n, guild_id="g1")
            await store.insert_seat(game_id, 0, "host", f"Host{n}", None, True)
            await store.insert_seat(game_id, 1, "u1", "Ann", "birds", False)
            await store.set_follower(game_id, "f1", True)
    lists = {"games_of": lambda: store.games_of("u1"), "games_of_server": lambda: store.games_of_server("g1"),
             "followed_games": lambda: store.followed_games("f1")}
    for name, read in lists.items():
        before = store.trips
        games = await read()
        assert store.trips - before == 2, name
        assert len(games) == 6, name
        assert all([(s.user_id, s.is_host, s.animal) for s in g.seats] == [("host", True, None), ("u1", False, "birds")]
                   for g in games), name
    assert [g.id for g in await store.games_of_server("g1")] == sorted((g.id for g in games), reverse=True)
