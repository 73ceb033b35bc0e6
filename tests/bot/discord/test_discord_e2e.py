"""End to end: ``python -m bot`` (the real discord.py client and start-up code) against a fake
Discord on 127.0.0.1, driven with INTERACTION_CREATE events as Discord sends them."""

import asyncio
import random
import sqlite3

from bot_process import (
    MENTION,
    is_ephemeral,
    latest_prompt,
    my_options,
    next_prompt,
    option_components,
    prompt_components,
    prompt_version,
    slash,
    text_of,
)
from command_limits import violations
from fake_discord import FakeUser

ANN, BOB, CY, DI = (FakeUser(9001, "ann"), FakeUser(9002, "bob"), FakeUser(9003, "cy"), FakeUser(9004, "di"))
MANAGE_CHANNELS = 1 << 4


def stored(db) -> tuple[int, int]:
    """(state version, moves) of the newest game: what a refusal must leave untouched."""
    conn = sqlite3.connect(db)
    try:
        version = conn.execute("SELECT coalesce(max(version), 0) FROM games").fetchone()[0]
        moves = conn.execute("SELECT count(*) FROM moves").fetchone()[0]
        return version, moves
    finally:
        conn.close()


async def open_game(fake, players: list[FakeUser]) -> None:
    response = await slash(fake, "new", players[0], {"players": len(players)})
    assert "lobby" in text_of(response) and not is_ephemeral(response)
    for user in players[1:]:
        assert "joins" in text_of(await slash(fake, "join", user))
    await slash(fake, "start", players[0])
    await fake.wait_channel_messages(1)


async def test_commands_are_registered_as_one_ds_group(fake, bot):
    commands = fake.registered_commands()
    assert [c["name"] for c in commands] == ["ds"]
    subs = {o["name"] for o in commands[0]["options"]}
    assert subs >= {"new", "join", "leave", "start", "play", "board", "status", "log", "rules",
                    "resign", "abandon", "undo"}
    # the tree as Discord received it keeps within Discord's limits, in every locale it carries
    locales = sorted({loc for node in _nodes(commands[0]) for loc in (node.get("name_localizations") or {})})
    assert "hu" in locales and violations(commands[0], locales) == []


def _nodes(node: dict) -> list[dict]:
    return [node, *(n for child in node.get("options") or [] for n in _nodes(child))]


# A whole game by autocomplete and /ds play: tests/bot/discord/test_computer_e2e.py (a person against a
# computer player, so the suite plays one whole game through the fake Discord, not two).


async def retired(fake, message_id: int, timeout: float = 10) -> None:
    """Wait until a replaced prompt message is deleted or has lost its buttons (that follows the new post)."""
    for _ in range(int(timeout / 0.05)):
        old = fake.message_or_none(message_id)
        if old is None or not prompt_components(old):
            return
        await asyncio.sleep(0.05)
    raise AssertionError(f"message {message_id} still offers its buttons")


async def test_a_four_player_stretch_by_buttons_and_selects(fake, bot):
    players = [ANN, BOB, CY, DI]
    by_id = {u.id: u for u in players}
    await open_game(fake, players)
    chooser = random.Random(8)
    actor = None
    kinds = set()
    prompt = await next_prompt(fake, 0)
    for _ in range(60):
        mention = MENTION.search(prompt["content"])
        actor = by_id[int(mention[1])] if mention else actor
        options = option_components(prompt)
        component = chooser.choice(options)
        if component["type"] == 2:
            iid = fake.click(component["custom_id"], user=actor, message_id=int(prompt["id"]))
        else:
            value = chooser.choice(component["options"])["value"]
            iid = fake.select(component["custom_id"], [value], user=actor, message_id=int(prompt["id"]))
        kinds.add(component["type"])
        assert (await fake.response(iid))["type"] == 6  # acknowledged; the prompt message itself changes
        answered = prompt
        prompt = await next_prompt(fake, prompt_version(prompt))
        assert not fake.followups(iid)  # a click that worked says nothing privately
        if int(answered["id"]) != int(prompt["id"]):  # a new prompt: the answered one loses its buttons
            await retired(fake, int(answered["id"]))
    assert kinds == {2, 3}  # both buttons and select menus were used
    assert stored(bot.database)[1] == 60
    live = [m for m in fake.channel_messages() if fake.message_or_none(m["_message_id"]) is not None
            and prompt_components(fake.message(m["_message_id"]))]
    assert len(live) == 1  # one live prompt in the channel, not one per decision


async def test_refusals_are_ephemeral_and_change_nothing(fake, bot):
    await open_game(fake, [ANN, BOB])
    prompt = latest_prompt(fake)
    actor = ANN if str(ANN.id) in prompt["content"] else BOB
    other = BOB if actor is ANN else ANN
    before = stored(bot.database)
    button = prompt_components(prompt)[0]
    refusals = [
        await slash(fake, "play", other, {"option": "initiative-1"}),  # wrong turn
        await slash(fake, "play", actor, {"option": "no-such-option"}),  # unknown option
        await slash(fake, "play", FakeUser(9999, "eve"), {"option": "initiative-1"}),  # not seated
        await slash(fake, "new", actor, {"players": 2}),  # a game is running here
        await slash(fake, "abandon", other if other is not ANN else BOB),  # not the host
        await slash(fake, "play", actor, {"option": "initiative-1"}, channel_id=fake.thread_id),  # no game here
        await slash(fake, "board", actor, channel_id=fake.thread_id),  # no game here: private, not public
    ]
    iid = fake.click(button["custom_id"], user=other, message_id=int(prompt["id"])) if button["type"] == 2 else \
        fake.select(button["custom_id"], [button["options"][0]["value"]], user=other, message_id=int(prompt["id"]))
    await fake.response(iid)
    refusals.append({"followup": (await fake.wait_followups(iid, 1))[0], "data": {"flags": 64}})
    for r in refusals:
        assert is_ephemeral(r), r
        assert text_of(r), r
    assert "not your turn" in text_of(refusals[0])
    assert "not a legal choice" in text_of(refusals[1])
    assert "no seat" in text_of(refusals[2])
    assert "already running" in text_of(refusals[3])
    assert "host" in text_of(refusals[4])
    assert "no game" in text_of(refusals[5]).lower()
    assert "no game" in text_of(refusals[6]).lower()
    assert "not your turn" in text_of(refusals[7])
    assert stored(bot.database) == before
    # a stale button: the actor moves on by /ds play, then clicks the old prompt
    choices = await my_options(fake, actor)
    await slash(fake, "play", actor, {"option": choices[0]["value"]})
    moved = stored(bot.database)
    # the click arrives from a client that had not yet seen the prompt change (message_id=None: the fake
    # builds the message as that client still shows it)
    iid = fake.click(button["custom_id"], user=actor) if button["type"] == 2 else \
        fake.select(button["custom_id"], [button["options"][0]["value"]], user=actor)
    await fake.response(iid)
    stale = (await fake.wait_followups(iid, 1))[0]
    assert stale["content"].startswith("The game moved on")
    assert stored(bot.database) == moved
    # abandon by someone who may manage the channel
    assert "abandoned" in text_of(await slash(fake, "abandon", FakeUser(9999, "mod"), permissions=MANAGE_CHANNELS))


async def test_discord_faults_lose_no_move_and_the_board_arrives_later(fake, bot):
    await open_game(fake, [ANN, BOB])
    posts = len(fake.channel_messages())
    fake.fail("POST", r"/channels/\d+/messages", 503, times=2)  # refused outright, twice
    actor = ANN if await my_options(fake, ANN) else BOB
    choice = (await my_options(fake, actor))[0]
    await slash(fake, "play", actor, {"option": choice["value"]})
    assert stored(bot.database)[1] == 1  # committed before anything was posted
    messages = await fake.wait_channel_messages(posts + 1, timeout=15)  # the retry delivers it
    assert prompt_components(messages[-1]) and prompt_version(messages[-1]) == stored(bot.database)[0]
    # a rate limit on the next post: discord.py waits it out and the post arrives
    fake.fail("POST", r"/channels/\d+/messages", 429, times=1, retry_after=0.3)
    actor = ANN if await my_options(fake, ANN) else BOB
    await slash(fake, "play", actor, {"option": (await my_options(fake, actor))[0]["value"]})
    latest = (await fake.wait_channel_messages(posts + 2, timeout=15))[-1]
    assert stored(bot.database)[1] == 2
    # the 429 met the new post (not the earlier one sent again), and no post was sent twice
    assert [c.json["nonce"] for c in fake.calls if c.status == 429] == [latest["nonce"]]
    assert latest["nonce"].endswith(f"-{stored(bot.database)[0]}") and fake.repeated_nonces == []
    # /ds board always works and posts the current board
    board = await slash(fake, "board", BOB)
    assert board["followup"]["files"][0].data[:4] == b"\x89PNG"


async def test_restart_mid_game_and_click_an_old_button(fake, bot):
    await open_game(fake, [ANN, BOB])
    prompt = latest_prompt(fake)
    actor = ANN if str(ANN.id) in prompt["content"] else BOB
    assert await bot.stop() == 0  # SIGTERM: a clean exit
    conn = sqlite3.connect(bot.database)
    assert conn.execute("PRAGMA integrity_check").fetchone()[0] == "ok"
    conn.close()
    await bot.start()
    component = prompt_components(prompt)[0]
    if component["type"] == 2:
        iid = fake.click(component["custom_id"], user=actor, message_id=int(prompt["id"]))
    else:
        iid = fake.select(component["custom_id"], [component["options"][0]["value"]], user=actor,
                          message_id=int(prompt["id"]))
    await fake.response(iid)
    await next_prompt(fake, prompt_version(prompt))  # the button made before the restart still works
    assert not fake.followups(iid)
    assert stored(bot.database)[1] == 1


async def test_mentions_ping_only_the_player_to_act(fake, bot):
    sneaky = FakeUser(9005, "@everyone")
    await slash(fake, "new", sneaky, {"players": 2})
    await slash(fake, "join", BOB)
    await slash(fake, "start", sneaky)
    message = (await fake.wait_channel_messages(1))[0]
    allowed = message["allowed_mentions"]
    assert allowed["parse"] == [] and len(allowed["users"]) == 1
    assert str(allowed["users"][0]) in (str(sneaky.id), str(BOB.id))
    assert "@everyone" not in allowed.get("parse", [])


async def test_rules_help_and_autocomplete(fake, bot):
    iid = fake.autocomplete("ds", "rules", {"topic": "spec"}, "topic", user=ANN)
    choices = (await fake.response(iid))["data"]["choices"]
    assert choices[0]["value"] == "Speciation"
    answer = await slash(fake, "rules", ANN, {"topic": "Predator"})
    assert is_ephemeral(answer) and "eliminate one species" in text_of(answer)


async def test_the_autocompletes_offer_free_animals_the_boards_tiles_and_the_seats(fake, bot):
    async def offered(sub: str, options: dict, focused: str, user: FakeUser = ANN) -> list[dict]:
        iid = fake.autocomplete("ds", sub, options, focused, user=user)
        response = await fake.response(iid)
        assert response["type"] == 8
        return response["data"]["choices"]

    assert await offered("join", {"animal": ""}, "animal") == []  # no lobby yet: nothing to offer
    await slash(fake, "new", ANN, {"players": 2})
    animals = [c["value"] for c in await offered("join", {"animal": ""}, "animal", BOB)]
    assert len(animals) == 6 and "mammals" in animals
    assert [c["value"] for c in await offered("join", {"animal": "rept"}, "animal", BOB)] == ["reptiles"]
    await slash(fake, "join", BOB, {"animal": "reptiles"})
    assert "reptiles" not in [c["value"] for c in await offered("join", {"animal": ""}, "animal", BOB)]
    await slash(fake, "start", ANN)
    tiles = [c["value"] for c in await offered("board", {"at": ""}, "at")]
    assert tiles and all(len(t) >= 2 for t in tiles) and len(tiles) <= 25
    first = tiles[0]
    assert first in [c["value"] for c in await offered("board", {"at": first.lower()}, "at")]
    seats = await offered("replace", {"seat": ""}, "seat")
    assert [c["value"] for c in seats] == [1, 2]
    assert any("bob" in c["name"] for c in seats)


async def test_a_corner_is_offered_and_taken_by_any_of_its_tiles_labels(fake, bot):
    """The map tags a corner ``C2-SE``; a player may type that, or the corner seen from either
    other tile (``D2-NW``), in any case, with or without ``corner:``, in /ds play and its autocomplete."""
    from engine.flow import spellings

    await open_game(fake, [ANN, BOB])
    while True:  # APs to Abundance, until someone places its element on a corner
        for user in (ANN, BOB):
            if choices := await my_options(fake, user):
                break
        assert choices
        ids = [c["value"].partition("|")[2] or c["value"] for c in choices]
        if any(i.startswith("corner:") for i in ids):
            break
        pick = next((c for c, i in zip(choices, ids, strict=True) if i.startswith("abundance")), choices[0])
        await slash(fake, "play", user, {"option": pick["value"]})
    corner = next(i for i in ids if i.startswith("corner:"))
    tag, *_, other = spellings(corner)[1:4]
    label = next(c["name"] for c, i in zip(choices, ids, strict=True) if i == corner)
    assert tag in label, label  # the label names the tag drawn on the map
    iid = fake.autocomplete("ds", "play", {"option": other.lower()}, "option", user=user)
    offered = (await fake.response(iid))["data"]["choices"]
    assert corner in [c["value"].partition("|")[2] for c in offered]
    answer = await slash(fake, "play", user, {"option": f"Corner:{other.lower()}"})
    assert f"You chose: {label}" in text_of(answer), text_of(answer)
