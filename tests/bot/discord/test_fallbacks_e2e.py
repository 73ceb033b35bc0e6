"""Discord saying no, through the fake Discord: every place where the bot catches a refusal or
falls back is made to meet exactly that refusal, and one scripted game meets a refusal of
every kind of request the bot makes.  What the player sees is checked, and that nothing is
lost (every move kept once) or left behind (no orphaned thread, no stale buttons)."""

from __future__ import annotations

import asyncio
import random
import sqlite3

from bot_process import (
    MENTION,
    BotProcess,
    eventually,
    is_ephemeral,
    latest_prompt,
    my_options,
    option_components,
    prompt_components,
    prompt_version,
    slash,
    text_of,
)
from fake_discord import FakeUser

ANN, BOB = FakeUser(9401, "ann"), FakeUser(9402, "bob")
CREATE_PUBLIC_THREADS = 1 << 35
ANSWER_WITHIN = 3.0  # seconds: Discord's window for the first answer to an interaction


def stored(db) -> tuple[int, int, int, str]:
    """(version, moves, announced version, status) of the newest game."""
    conn = sqlite3.connect(db)
    try:
        version, announced, status = conn.execute(
            "SELECT version, announced_version, status FROM games ORDER BY id DESC LIMIT 1").fetchone()
        moves = conn.execute("SELECT count(*) FROM moves").fetchone()[0]
        return version, moves, announced, status
    finally:
        conn.close()


def games(db) -> int:
    conn = sqlite3.connect(db)
    try:
        return conn.execute("SELECT count(*) FROM games").fetchone()[0]
    except sqlite3.OperationalError:  # not created yet
        return 0
    finally:
        conn.close()


def move_versions(db) -> list[int]:
    conn = sqlite3.connect(db)
    try:
        return [v for (v,) in conn.execute("SELECT version FROM moves ORDER BY version")]
    finally:
        conn.close()




def live_prompts(fake, channel_id: int | None = None) -> list[dict]:
    """The messages in the channel that still offer options."""
    out = []
    for m in fake.channel_messages(channel_id):
        current = fake.message_or_none(m["_message_id"])
        if current is not None and option_components(current):
            out.append(current)
    return out


async def options_of(fake, user: FakeUser, channel_id: int | None) -> list[dict]:
    iid = fake.autocomplete("ds", "play", {"option": ""}, "option", user=user, channel_id=channel_id)
    return (await fake.response(iid, timeout=15))["data"]["choices"]


async def choose_on(fake, prompt: dict, user: FakeUser, chooser: random.Random) -> str:
    """Click or pick one option of a prompt message; returns the interaction id."""
    component = chooser.choice(option_components(prompt))
    if component["type"] == 2:
        return fake.click(component["custom_id"], user=user, message_id=int(prompt["id"]))
    value = chooser.choice(component["options"])["value"]
    return fake.select(component["custom_id"], [value], user=user, message_id=int(prompt["id"]))


async def test_a_game_in_which_discord_refuses_each_kind_of_request_once(fake, tmp_path):
    fake.app_permissions |= CREATE_PUBLIC_THREADS
    bot = BotProcess(fake, tmp_path / "games.sqlite3")
    await bot.start()
    fake.refuse_each_kind_once(503)  # Service Unavailable: discord.py does not retry it by itself
    interactions: list[str] = []

    async def command(sub: str, user: FakeUser, options: dict | None = None) -> dict:
        answer = await slash(fake, sub, user, options)
        interactions.append(max(fake.timestamps, key=lambda i: fake.timestamps[i]))
        return answer

    opened = await command("new", ANN, {"players": 2})
    assert not is_ephemeral(opened)
    await eventually(lambda: games(bot.database) == 1)  # the lobby is stored once the opening is done
    joined = await command("join", BOB)
    assert "bob joins game #1" in text_of(joined)
    await command("mygames", ANN, {"direct": "on"})  # Ann's turns come by direct message too
    await command("start", ANN)
    # Where the game is played: in its thread, or (the thread refused) in the channel
    channel = fake.threads_created[0] if fake.threads_created else None
    await eventually(lambda: latest_prompt(fake, channel) is not None)
    chooser = random.Random(22)
    actor = ANN
    made = 0
    for step in range(40):
        prompt = latest_prompt(fake, channel)
        version = prompt_version(prompt)
        actor = ANN if await options_of(fake, ANN, channel) else BOB  # Ann is told by direct message
        if step % 5 == 4:  # now and then by /ds play and its autocomplete, else by the buttons
            choices = await options_of(fake, actor, channel)
            await command("play", actor, {"option": chooser.choice(choices)["value"]})
        else:
            interactions.append(await choose_on(fake, prompt, actor, chooser))
        made += 1
        await eventually(lambda v=version: stored(bot.database)[0] > v)
        await eventually(lambda v=version: (p := latest_prompt(fake, channel)) is not None and prompt_version(p) > v)
        if step == 10:
            await command("board", BOB)
            board = next(c for c in prompt_components(latest_prompt(fake, channel))
                         if c["custom_id"].startswith("ds:full:"))
            interactions.append(fake.click(board["custom_id"], user=BOB))
            await command("status", BOB)
            await command("log", BOB)
            await command("history", BOB, {"turn": 1})
    version, moves, _, status = stored(bot.database)
    await eventually(lambda: stored(bot.database)[2] == stored(bot.database)[0])  # the channel caught up
    for iid in interactions:
        await fake.response(iid, timeout=15)
        latency = fake.latency(iid)
        assert latency is not None and latency < ANSWER_WITHIN, (iid, latency)
    # every move kept once: one version per move, none twice, the game where its moves say
    assert moves == made and move_versions(bot.database) == sorted(set(move_versions(bot.database)))
    assert version == moves + 1 and status == "active"
    # nothing orphaned: one live prompt, for the newest version; a thread only with its game
    assert [prompt_version(p) for p in live_prompts(fake, channel)] == [version]
    assert len(fake.threads_created) <= 1 and fake.repeated_nonces == []
    refused = set(fake.refused_kinds)
    for kind in ("POST /interactions/{interaction_id}/{interaction_token}/callback",
                 "DELETE /channels/{channel_id}/messages/{message_id}",
                 "POST /users/@me/channels",
                 "POST /webhooks/{webhook_id}/{webhook_token}",
                 "POST /channels/{channel_id}/messages",
                 "PATCH /channels/{channel_id}/messages/{message_id}",
                 "POST /channels/{channel_id}/messages/{message_id}/threads"):
        assert kind in refused, sorted(refused)
    assert await bot.stop() == 0


# -- each fallback, met by exactly the refusal it is for ----------------------------------------------

MESSAGES = r"/channels/\d+/messages"
MESSAGE = r"/channels/\d+/messages/\d+"
CALLBACK = r"/interactions/\d+/[^/]+/callback"


async def start_two(fake) -> None:
    await slash(fake, "new", ANN, {"players": 2})
    await slash(fake, "join", BOB)
    await slash(fake, "start", ANN)
    await eventually(lambda: latest_prompt(fake) is not None)


async def actor_of(fake) -> FakeUser:
    return ANN if await options_of(fake, ANN, None) else BOB


async def test_an_interaction_discord_will_not_let_us_acknowledge_changes_nothing(fake, bot):
    await start_two(fake)
    before = stored(bot.database)
    actor = await actor_of(fake)
    option = (await options_of(fake, actor, None))[0]["value"]
    fake.fail("POST", CALLBACK, 404)  # "Unknown interaction": what Discord says once its 3 seconds passed
    iid = fake.slash("ds", "play", {"option": option}, user=actor)
    await eventually(lambda: any(c.status == 404 for c in fake.calls))
    await asyncio.sleep(1.0)
    assert fake.latency(iid) is None  # never acknowledged: Discord shows the player it failed
    assert stored(bot.database) == before  # ... and nothing was done for it: the player may try again
    fake.fail("POST", CALLBACK, 503)  # a 5xx once: discord.py tries again after a second
    iid = fake.slash("ds", "play", {"option": option}, user=actor)
    answer = await fake.response(iid, timeout=15)
    assert answer["type"] == 5 and fake.latency(iid) < ANSWER_WITHIN
    await eventually(lambda: stored(bot.database)[1] == before[1] + 1)


async def move_once(fake, chooser: random.Random, channel_id: int | None = None) -> None:
    """The player to act picks an option of the live prompt; returns once a newer prompt shows."""
    prompt = latest_prompt(fake, channel_id)
    version = prompt_version(prompt)
    iid = await choose_on(fake, prompt, await actor_of(fake), chooser)
    await fake.response(iid)
    await eventually(lambda: (p := latest_prompt(fake, channel_id)) is not None and prompt_version(p) > version)


async def test_a_live_prompt_a_moderator_deleted_is_posted_afresh(fake, bot):
    await start_two(fake)
    chooser = random.Random(3)
    made = 0
    while made < 30:
        prompt = latest_prompt(fake)
        version = prompt_version(prompt)
        fake.moderator_deletes(int(prompt["id"]))  # before every move: its prompt is gone
        actor = await actor_of(fake)  # who plays by /ds play, the buttons being gone
        await slash(fake, "play", actor, {"option": chooser.choice(await options_of(fake, actor, None))["value"]})
        made += 1
        await eventually(lambda v=version: (p := latest_prompt(fake)) is not None and prompt_version(p) > v)
        missing = [c for c in fake.calls if c.status == 404 and c.method in ("PATCH", "DELETE")]
        if any(c.method == "PATCH" for c in missing) and any(c.method == "DELETE" for c in missing):
            break  # both met: an edit in place (posted afresh) and a retirement (nothing to retire)
    else:
        raise AssertionError("no move edited its prompt in place")
    assert stored(bot.database)[1] == made
    await eventually(lambda: stored(bot.database)[2] == stored(bot.database)[0])  # the channel caught up
    assert [prompt_version(p) for p in live_prompts(fake)] == [stored(bot.database)[0]]


async def test_a_prompt_discord_will_not_retire_loses_its_buttons_at_the_next_post(fake, bot):
    await start_two(fake)
    chooser = random.Random(5)
    await move_once(fake, chooser)
    first = int(latest_prompt(fake)["id"])
    own = rf"/channels/\d+/messages/{first}"
    # retiring this prompt is refused (deleted or edited, whichever the channel does), so is taking
    # its buttons off then, and so is the first try at the channel's next post
    fake.fail("DELETE", own, 403, times=1)
    fake.fail("PATCH", own, 403, times=2)
    for _ in range(6):
        await move_once(fake, chooser)
    await eventually(lambda: stored(bot.database)[2] == stored(bot.database)[0])
    refused = [c.method for c in fake.calls if c.status == 403 and c.path.endswith(f"/messages/{first}")]
    assert refused.count("PATCH") == 2, refused  # the buttons kept twice, taken off at a later post
    await eventually(lambda: len(live_prompts(fake)) == 1)  # no stale buttons left behind
    assert first not in [int(m["id"]) for m in live_prompts(fake)]


async def test_a_reminder_discord_refuses_goes_out_at_a_later_tick_once(fake, bot):
    await start_two(fake)
    await slash(fake, "settings", ANN, {"reminder": "2s"})
    fake.fail("POST", MESSAGES, 503, times=1)  # the reminder's first post
    await asyncio.sleep(2.0)

    def reminders() -> list[dict]:
        return [m for m in fake.channel_messages() if "Reminder:" in (m.get("content") or "")]

    await eventually(lambda: reminders(), timeout=10)
    refused = [c for c in fake.calls if c.fault and c.method == "POST" and "Reminder:" in str(c.json)]
    assert len(refused) == 1
    # the same reminder sent again (a later one, every 2 s, is another), once
    await eventually(lambda: refused[0].json["nonce"] in [m["nonce"] for m in reminders()], timeout=10)
    await asyncio.sleep(0.6)
    assert len([m for m in reminders() if m["nonce"] == refused[0].json["nonce"]]) == 1


async def test_a_lobby_card_discord_will_not_edit_catches_up_and_the_seat_is_kept(fake, bot):
    fake.app_permissions |= CREATE_PUBLIC_THREADS
    await slash(fake, "new", ANN, {"players": 3})
    await eventually(lambda: fake.threads_created)
    (thread,) = fake.threads_created
    await eventually(lambda: "Seated 1" in fake.message(thread)["content"])
    fake.fail("PATCH", MESSAGE, 503, times=1)  # the card's update after Bob's seat
    joined = await slash(fake, "join", BOB, channel_id=thread)
    assert "bob joins game #1" in text_of(joined)
    assert "Seated 1: ann" in fake.message(thread)["content"]  # behind for now
    await slash(fake, "join", FakeUser(9403, "cy"), channel_id=thread)
    await eventually(lambda: "cy" in fake.message(thread)["content"] and "bob" in fake.message(thread)["content"])


async def test_a_proposal_whose_message_discord_will_not_edit_still_decides(fake, bot):
    await start_two(fake)
    chooser = random.Random(9)
    for _ in range(3):
        await move_once(fake, chooser)
    made = stored(bot.database)[1]
    iid = fake.slash("ds", "undo", {"move": 2}, user=ANN)
    proposal = await fake.response(iid)
    message_id = int(fake.original_message(iid)["id"])
    approve = next(c for c in prompt_components(proposal["data"]) if c["custom_id"].endswith(":yes"))
    fake.fail("PATCH", MESSAGE, 503, times=2)  # the proposal's message may not be edited (nor on the retry)
    iid = fake.click(approve["custom_id"], user=BOB, message_id=message_id)
    await fake.response(iid)
    assert "back to before move 2" in (await fake.wait_followups(iid, 1))[0]["content"]
    conn = sqlite3.connect(bot.database)
    undone = [u for (u,) in conn.execute("SELECT undone FROM moves ORDER BY version")]
    conn.close()
    assert undone == [0] + [1] * (made - 1)  # the rollback stands though its message could not say so
    await eventually(lambda: stored(bot.database)[2] == stored(bot.database)[0])


async def test_a_lobby_that_cannot_be_stored_leaves_no_thread_behind(fake, bot):
    fake.app_permissions |= CREATE_PUBLIC_THREADS
    await slash(fake, "status", ANN)  # the bot's store is open (its file exists)
    busy = sqlite3.connect(bot.database, timeout=0.1, isolation_level=None)
    busy.execute("BEGIN IMMEDIATE")  # another writer holds the file longer than the bot waits for it
    try:
        iid = fake.slash("ds", "new", {"players": 2}, user=ANN)
        opened = await fake.response(iid)
        assert not is_ephemeral(opened)  # "ann is opening a game…"
        answers = await fake.wait_followups(iid, 2, timeout=15)  # the opening message deleted, then the refusal
        refusal = next(a for a in answers if a.get("_op") == "send")
    finally:
        busy.execute("ROLLBACK")
        busy.close()
    assert refusal.get("flags", 0) & 64 and "could not be opened" in refusal["content"], refusal
    assert fake.threads_created and fake.threads_created[0] in fake.channels_deleted  # the thread taken back
    assert fake.original_message(iid) is None  # and the public opening message
    assert games(bot.database) == 0


async def test_a_thread_the_bot_may_not_delete_is_archived_and_locked_when_its_lobby_cannot_be_stored(fake, bot):
    fake.app_permissions |= CREATE_PUBLIC_THREADS
    fake.fail("DELETE", r"/channels/\d+", 403, times=1)
    await slash(fake, "status", ANN)  # the bot's store is open (its file exists)
    busy = sqlite3.connect(bot.database, timeout=0.1, isolation_level=None)
    busy.execute("BEGIN IMMEDIATE")
    try:
        iid = fake.slash("ds", "new", {"players": 2}, user=ANN)
        await fake.response(iid)
        answers = await fake.wait_followups(iid, 2, timeout=15)
        refusal = next(a for a in answers if a.get("_op") == "send")
    finally:
        busy.execute("ROLLBACK")
        busy.close()
    assert refusal.get("flags", 0) & 64 and "could not be opened" in refusal["content"], refusal
    (thread,) = fake.threads_created
    assert thread not in fake.channels_deleted and fake.archived_threads == [thread]
    assert fake._channels[thread]["thread_metadata"]["locked"] is True  # nobody plays in it by mistake
    assert fake.original_message(iid) is None
    assert games(bot.database) == 0


async def test_a_game_whose_thread_a_moderator_deleted_is_not_posted_to_again_and_loses_no_move(fake, bot):
    fake.app_permissions |= CREATE_PUBLIC_THREADS
    await slash(fake, "new", ANN, {"players": 2})
    await eventually(lambda: fake.threads_created)
    (thread,) = fake.threads_created
    await slash(fake, "addbot", ANN, {"level": "random"}, channel_id=thread)
    await slash(fake, "start", ANN, channel_id=thread)
    await fake.wait_channel_messages(1, thread)
    for _ in range(200):  # Ann's turn (the computer player may begin)
        choices = await my_options(fake, ANN, thread)
        if choices:
            break
        await asyncio.sleep(0.05)
    iid = fake.slash("ds", "play", {"option": choices[0]["value"]}, user=ANN, channel_id=thread)
    fake.moderator_deletes_channel(thread)  # as Ann's move arrives
    await fake.response(iid, timeout=15)
    (played,) = await fake.wait_followups(iid, 1, timeout=15)
    assert "You chose" in played["content"], played  # her move counts: it is stored

    def refused() -> list[str]:
        return [c.path for c in fake.calls if c.status == 404 and c.path.startswith(f"/channels/{thread}/")]

    await eventually(lambda: refused())
    steady, last = 0, -1
    while steady < 4:  # the computer player's moves done: no new move for 1.2 s
        await asyncio.sleep(0.3)
        now = stored(bot.database)[1]
        steady, last = (steady + 1, now) if now == last else (0, now)
    seen, moves = len(refused()), stored(bot.database)[1]
    await asyncio.sleep(2.5)  # longer than the retries' delays (0.3, 0.6, 1.2 s)
    assert len(refused()) == seen, refused()  # a channel that is gone is not tried again
    assert stored(bot.database)[1] == moves >= 2  # Ann's move and the computer player's are kept
    # the bot goes on elsewhere
    answer = await slash(fake, "new", BOB, {"players": 2})
    assert not is_ephemeral(answer)


async def _reminded_thread(fake) -> int:
    """A 2-player game in a thread of its own, with a reminder 2 s into each turn."""
    fake.app_permissions |= CREATE_PUBLIC_THREADS
    await slash(fake, "new", ANN, {"players": 2})
    await eventually(lambda: fake.threads_created)
    (thread,) = fake.threads_created
    await slash(fake, "join", BOB, channel_id=thread)
    await slash(fake, "start", ANN, channel_id=thread)
    await fake.wait_channel_messages(1, thread)
    await slash(fake, "settings", ANN, {"reminder": "2s"}, channel_id=thread)
    return thread


def _tries(fake, thread: int, status: int) -> dict[str, int]:
    """Per outbox item (its nonce), the posts to ``thread`` Discord answered with ``status``."""
    tries: dict[str, int] = {}
    for c in fake.calls:
        if c.method == "POST" and c.path == f"/channels/{thread}/messages" and c.status == status:
            nonce = str((c.json or {}).get("nonce"))
            tries[nonce] = tries.get(nonce, 0) + 1
    return tries


async def test_a_reminder_to_a_channel_that_is_gone_is_tried_once(fake, bot):
    thread = await _reminded_thread(fake)
    fake.moderator_deletes_channel(thread)
    await eventually(lambda: _tries(fake, thread, 404), timeout=10)
    await asyncio.sleep(3.0)  # six ticks of the scheduler (and a reminder more, every 2 s)
    assert set(_tries(fake, thread, 404).values()) == {1}  # each dropped at once: it can never arrive
    conn = sqlite3.connect(bot.database)
    try:
        assert conn.execute("SELECT count(*) FROM outbox WHERE sent_at IS NULL").fetchone()[0] == 0
    finally:
        conn.close()


async def test_a_reminder_discord_keeps_refusing_is_retried_ever_less_often(fake, bot):
    thread = await _reminded_thread(fake)
    fake.fail("POST", rf"/channels/{thread}/messages", 403, times=1000)  # the bot lost Send Messages there
    await eventually(lambda: _tries(fake, thread, 403), timeout=10)
    first = next(iter(_tries(fake, thread, 403)))
    await asyncio.sleep(6.0)  # twelve ticks of the scheduler
    # each refused request counts against Discord's limit of invalid requests (10,000 in 10
    # minutes, then the bot is shut out): every tick would be 2 tries a second; after 2 s, 4 s...
    assert _tries(fake, thread, 403)[first] <= 3, _tries(fake, thread, 403)
    fake.clear_faults()  # Send Messages granted again: each goes out at its next try, once
    await eventually(lambda: any(m.get("nonce") == first for m in fake.channel_messages(thread)), timeout=30)
    assert len([m for m in fake.channel_messages(thread) if m.get("nonce") == first]) == 1


def buttons_of(fake, channel: int) -> list[int]:
    """The state versions of every message in the channel that still carries a prompt's options."""
    now = [fake.message_or_none(m["_message_id"]) for m in fake.channel_messages(channel)]
    return [prompt_version(m) for m in now if m is not None and option_components(m)]


async def test_a_post_that_went_out_just_before_a_kill_is_not_left_behind_with_its_buttons(fake, tmp_path):
    """The bot killed (SIGKILL) after Discord took a prompt's post and before the store recorded it; the
    player it asks clicks it as soon as the bot is back, before its start-up catch-up.  The channel is
    brought up to date before that move (the post found again by its nonce, recorded, the prompt before
    it retired), so it ends with one prompt, the stored version's.  The move's post was planned from the
    record before the lost one: it edited the older prompt, and the lost one kept its buttons, newest in
    the channel, every click on it refused as stale (a game stopped in the soak, bench/soak.py)."""
    channel = fake.channel_id
    bot = BotProcess(fake, tmp_path / "games.sqlite3")
    await bot.start()
    await slash(fake, "new", ANN, {"players": 2})
    await slash(fake, "join", BOB)
    await slash(fake, "start", ANN)
    await eventually(lambda: latest_prompt(fake) is not None)
    users = {u.id: u for u in (ANN, BOB)}
    actor = None
    for _ in range(20):  # click until a move changes the player to act: its post is a new message
        prompt = latest_prompt(fake)
        mention = MENTION.search(fake.channel_messages()[-1]["content"]) or MENTION.search(prompt["content"])
        actor = users[int(mention[1])] if mention else actor
        posts = len(fake.channel_messages())
        released = fake.hold("POST", rf"/channels/{channel}/messages")
        await fake.response(click(fake, prompt, actor))
        await eventually(lambda p=prompt, n=posts: len(fake.channel_messages()) > n
                         or prompt_version(latest_prompt(fake)) > prompt_version(p))
        if len(fake.channel_messages()) > posts:
            break  # Discord has the new prompt; the bot waits for its answer
        released.set()
    await bot.kill()
    released.set()
    orphan = latest_prompt(fake)
    assert buttons_of(fake, channel) == [prompt_version(orphan) - 1, prompt_version(orphan)]
    await bot.start()
    mention = MENTION.search(orphan["content"])
    await fake.response(click(fake, fake.message(int(orphan["id"])), users[int(mention[1])]))
    version = lambda: stored(tmp_path / "games.sqlite3")[0]  # noqa: E731
    await eventually(lambda: version() > prompt_version(orphan) and buttons_of(fake, channel) == [version()],
                     timeout=20)
    assert await bot.stop() == 0


def click(fake, prompt: dict, user: FakeUser) -> str:
    component = option_components(prompt)[0]
    if component["type"] == 2:
        return fake.click(component["custom_id"], user=user, message_id=int(prompt["id"]))
    return fake.select(component["custom_id"], [component["options"][0]["value"]], user=user,
                       message_id=int(prompt["id"]))
