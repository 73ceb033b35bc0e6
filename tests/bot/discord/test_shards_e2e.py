"""Two bot processes, each running half of the shards, against the fake Discord and one
PostgreSQL: games in servers of both halves, one process killed (SIGKILL) while moves are in
flight and started again.  Every game stays whole and equal to the replay of its moves,
nothing is posted twice, and no reminder is doubled."""

import asyncio
import random

from bot_process import (
    BotProcess,
    is_ephemeral,
    is_refusal,
    latest_prompt,
    my_options,
    prompt_components,
    prompt_version,
    slash,
    text_of,
)
from fake_discord import FakeDiscord, FakeUser

from bot.store.connect import open_store
from engine import logbook
from engine.history import replay

ANN, BOB = FakeUser(9101, "ann"), FakeUser(9102, "bob")
COUNT = 4
A_SHARDS, B_SHARDS = [0, 1], [2, 3]
GAMES_PER_SHARD = 2
REMINDER = "3s"


async def start_game(fake: FakeDiscord, channel: int, paced: bool) -> None:
    await slash(fake, "new", ANN, {"players": 2}, channel_id=channel)
    await slash(fake, "join", BOB, channel_id=channel)
    if paced:
        assert "eminder" in text_of(await slash(fake, "settings", ANN, {"reminder": REMINDER}, channel_id=channel))
    await slash(fake, "start", ANN, channel_id=channel)
    await fake.wait_channel_messages(1, channel, timeout=30)


async def play_one(fake: FakeDiscord, channel: int, chooser: random.Random) -> None:
    for user in (ANN, BOB):
        choices = await my_options(fake, user, channel)
        if choices:
            await slash(fake, "play", user, {"option": chooser.choice(choices)["value"]}, channel_id=channel)
            return


async def play_rounds(fake: FakeDiscord, channels: list[int], rounds: int, chooser: random.Random) -> None:
    for _ in range(rounds):  # every game moves at once, as players in many servers do
        await asyncio.gather(*(play_one(fake, c, chooser) for c in channels))


def posted_versions(fake: FakeDiscord, channel: int) -> list[int]:
    """The state version of every prompt message posted in the channel, in order."""
    return [prompt_version(m) for m in fake.channel_messages(channel)
            if any(c.get("custom_id", "").startswith(("ds:b:", "ds:s:")) for c in prompt_components(m))]


async def test_two_processes_two_shard_ranges_one_killed_and_restarted(tmp_path, pg_url):
    chooser = random.Random(11)
    async with FakeDiscord() as fake:
        shard_of: dict[int, int] = {}
        for shard in range(COUNT):
            for n in range(GAMES_PER_SHARD):
                _, channel = fake.add_guild(f"server {shard}.{n}", shard=(shard, COUNT))
                shard_of[channel] = shard
        on_a = [c for c, s in shard_of.items() if s in A_SHARDS]
        on_b = [c for c, s in shard_of.items() if s in B_SHARDS]
        paced = {on_a[0], on_b[0]}
        common = {"DS_DATABASE_URL": pg_url, "DS_SHARD_COUNT": str(COUNT)}
        a = BotProcess(fake, tmp_path / "a", env=common | {"DS_SHARD_IDS": "0,1"}, shards=A_SHARDS)
        b = BotProcess(fake, tmp_path / "b", env=common | {"DS_SHARD_IDS": "2-3"}, shards=B_SHARDS)
        await a.start()
        await b.start()
        try:
            for channel in shard_of:
                await start_game(fake, channel, channel in paced)
            await play_rounds(fake, list(shard_of), 5, chooser)

            # moves in flight in every server; process A dies in the middle of them
            flying = {c: asyncio.create_task(play_one(fake, c, chooser)) for c in shard_of}
            await asyncio.sleep(chooser.uniform(0.05, 0.3))
            await a.kill()
            fake.forget_shards(A_SHARDS)
            await asyncio.gather(*(flying[c] for c in on_b))
            for c in on_a:
                flying[c].cancel()
            await asyncio.gather(*(flying[c] for c in on_a), return_exceptions=True)

            await play_rounds(fake, on_b, 4, chooser)  # B's servers play on meanwhile
            await asyncio.sleep(4)  # A's paced game waits past its reminder while A is down
            await a.start()
            await play_rounds(fake, list(shard_of), 4, chooser)
            await asyncio.sleep(7)  # the paced games idle: reminders, each once per interval
        finally:
            await a.stop()
            await b.stop()

        store = await open_store(pg_url)
        try:
            reminders_sent: dict[int, int] = {}
            for channel in shard_of:
                game = await store.latest_game(str(channel))
                moves = await store.moves(game.id)
                assert len(moves) == game.version - 1 and len(moves) >= 5  # every move has its state
                assert logbook.kept(replay(game.setup, moves)) == game.state  # the replay of its moves
                versions = posted_versions(fake, channel)
                assert versions == sorted(set(versions)), versions  # no state posted twice
                assert prompt_version(latest_prompt(fake, channel)) == game.version  # the channel caught up
                async with store.reader.execute(
                    "SELECT count(*) FROM outbox WHERE game_id = ? AND kind = 'reminder' AND sent_at IS NOT NULL",
                    (game.id,)) as cur:
                    reminders_sent[channel] = (await cur.fetchone())[0]
                posted = [m for m in fake.channel_messages(channel) if "Reminder:" in (m.get("content") or "")]
                assert len(posted) == reminders_sent[channel]  # each reminder posted once
            assert all(reminders_sent[c] >= 1 for c in paced), reminders_sent  # A's too, after its restart
            assert all(reminders_sent[c] == 0 for c in shard_of if c not in paced)
            assert (await store.unsent()) == []
        finally:
            await store.close()
        # a post Discord already had when A died is not doubled: only A's servers may have repeated one
        assert all(shard_of[c] in A_SHARDS for c, _ in fake.repeated_nonces), fake.repeated_nonces
        assert b"Traceback" not in b.output, b.output.decode()[-3000:]


async def test_postgresql_lost_mid_run_the_player_is_told_nothing_changed_and_the_bot_goes_on(
        tmp_path, pg_cluster, pg_url):
    chooser = random.Random(5)
    async with FakeDiscord() as fake:
        bot = BotProcess(fake, tmp_path / "unused", env={"DS_DATABASE_URL": pg_url})
        await bot.start()
        try:
            channel = fake.channel_id
            await start_game(fake, channel, paced=False)
            await play_rounds(fake, [channel], 3, chooser)
            store = await open_store(pg_url)
            before = (await store.latest_game(str(channel))).version
            await store.close()
            user = ANN if await my_options(fake, ANN, channel) else BOB
            option = (await my_options(fake, user, channel))[0]["value"]
            await asyncio.to_thread(pg_cluster.stop)  # the server goes away under the running bot
            try:
                answer = await slash(fake, "play", user, {"option": option}, channel_id=channel)
            finally:
                await asyncio.to_thread(pg_cluster.start_again)
            assert is_ephemeral(answer)
            assert text_of(answer) == "Something went wrong on our side; nothing was changed."
            answer = await slash(fake, "play", user, {"option": option}, channel_id=channel)  # reconnected
            assert not is_refusal(text_of(answer)) and "went wrong" not in text_of(answer), text_of(answer)
            store = await open_store(pg_url)
            game = await store.latest_game(str(channel))
            assert game.version == before + 1 and len(await store.moves(game.id)) == before  # once, not twice
            await store.close()
        finally:
            assert await bot.stop() == 0
