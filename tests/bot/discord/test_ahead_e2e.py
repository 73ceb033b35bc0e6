"""Answers ahead through the fake Discord and the real bot process (issue 38): a player gives the
order for their AP in the private menus behind the live prompt's "Answer ahead" (each prompt its
action would ask, as the live prompt offers it), the other by /ds ahead orders; when those APs
act, their answers go in without a ping, marked (ordered), in the right order; nobody else sees
an order before it is used; bad input, a stale menu and a stranger are refused privately, and
nothing is stored."""

from __future__ import annotations

import asyncio
import sqlite3

from bot_process import eventually, is_ephemeral, latest_prompt, prompt_components, slash, text_of
from fake_discord import FakeUser

ANN, BOB = FakeUser(9811, "ann"), FakeUser(9812, "bob")


def query(db, sql: str, *args) -> list[tuple]:
    conn = sqlite3.connect(db)
    try:
        return list(conn.execute(sql, args))
    finally:
        conn.close()


def moves(db) -> list[tuple[str, str, str]]:
    return query(db, "SELECT user_id, option_id, made_by FROM moves WHERE undone = 0 ORDER BY version")


def pinged(message: dict) -> set[int]:
    return {int(u) for u in (message.get("allowed_mentions") or {}).get("users") or []}


def button(message: dict, prefix: str) -> str | None:
    return next((c["custom_id"] for c in prompt_components(message) if c["custom_id"].startswith(prefix)), None)


def selects(body: dict) -> list[dict]:
    return [c for row in body.get("components") or [] for c in row["components"] if c["type"] == 3]


async def to_act(fake) -> FakeUser:
    iid = fake.autocomplete("ds", "play", {"option": ""}, "option", user=ANN)
    return ANN if (await fake.response(iid))["data"]["choices"] else BOB


async def place(fake, db, user: FakeUser, space: str) -> None:
    before = len(moves(db))
    await slash(fake, "play", user, {"option": space})
    await eventually(lambda: len(moves(db)) > before)
    await asyncio.sleep(0.2)  # the post that follows


async def test_orders_go_in_without_a_ping_and_bad_input_is_refused_privately(fake, bot):
    db = bot.database
    await slash(fake, "new", ANN, {"players": 2})
    await slash(fake, "join", BOB)
    await slash(fake, "start", ANN)
    await fake.wait_channel_messages(1)
    await eventually(lambda: latest_prompt(fake) is not None)
    first = await to_act(fake)
    second = BOB if first is ANN else ANN
    await place(fake, db, first, "abundance-1")
    await place(fake, db, second, "abundance-2")

    # the first player: "Answer ahead" on the live prompt, then the menus, privately
    prompt = latest_prompt(fake)
    ahead = button(prompt, "ds:ahead:")
    assert ahead is not None
    iid = fake.click(ahead, user=first, message_id=int(prompt["id"]))
    menus = await fake.response(iid)
    assert menus["type"] == 4 and menus["data"]["flags"] & 64, menus
    (aps,) = selects(menus["data"])
    assert "abundance-1" in [o["value"] for o in aps["options"]]  # their APs still to act (their own space too)
    assert "abundance-2" not in [o["value"] for o in aps["options"]]
    menu_id = int(fake.original_message(iid)["id"])
    pick = fake.select(aps["custom_id"], ["abundance-1"], user=first, message_id=menu_id)
    assert (await fake.response(pick))["type"] == 7  # the menus' own message, changed in place
    for _ in range(6):  # each prompt the action would ask, its first option, until it asks no more
        step = fake.message(menu_id)
        found = selects(step)
        if not found:
            break
        pick = fake.select(found[0]["custom_id"], ["0"], user=first, message_id=menu_id)
        assert (await fake.response(pick))["type"] == 7
    keep = next(c["custom_id"] for row in fake.message(menu_id)["components"] for c in row["components"]
                if c["custom_id"].startswith("ds:ak:"))
    done = fake.click(keep, user=first, message_id=menu_id)
    assert (await fake.response(done))["type"] == 7
    assert "is kept" in fake.message(menu_id)["content"]

    # the second player types theirs, helped by the autocomplete (its values parse back)
    iid = fake.autocomplete("ds", "ahead orders", {"space": "abundance-2", "answers": ""}, "answers", user=second)
    offered = [c["value"] for c in (await fake.response(iid))["data"]["choices"]]
    assert offered, offered
    kept = await slash(fake, "ahead orders", second, {"space": "abundance-2", "answers": offered[0]})
    assert is_ephemeral(kept) and "is kept" in text_of(kept), text_of(kept)

    # bad input: refused privately, nothing stored
    stored = query(db, "SELECT animal, book FROM answers_ahead ORDER BY animal")
    stranger = FakeUser(9819, "eve")
    for user, options, says in (
            (first, {"space": "abundance-2", "answers": "forfeit"}, "have no AP on"),
            (first, {"space": "abundance-1", "answers": "%%% nonsense"}, "not"),
            (first, {"space": "abundance-1", "answers": "x" * 5000}, "too long"),
            (first, {"space": "nowhere 9", "answers": "forfeit"}, "not a space"),
            (stranger, {"space": "abundance-1", "answers": "forfeit"}, "seat")):
        refused = await slash(fake, "ahead orders", user, options)
        assert is_ephemeral(refused) and says in text_of(refused), (options, text_of(refused))
    assert query(db, "SELECT animal, book FROM answers_ahead ORDER BY animal") == stored

    # nobody else sees an order: the channel and the other's own view
    hers = text_of(await slash(fake, "ahead orders", second))
    assert hers.count("Order for the") == 1  # their own only
    channel = " ".join((m.get("content") or "") for m in fake.channel_messages())
    assert "Order for" not in channel and "kept" not in channel

    # the second opens "Answer ahead" too, and leaves its menus as they are
    prompt = latest_prompt(fake)
    iid = fake.click(button(prompt, "ds:ahead:"), user=second, message_id=int(prompt["id"]))
    (left_open,) = selects((await fake.response(iid))["data"])
    left_id = int(fake.original_message(iid)["id"])

    # Planning played out by hand away from Abundance; the orders answer when their APs act
    def second_took() -> bool:
        return any(who == str(second.id) and option.startswith("element:") for who, option, _ in moves(db))

    asked: list[tuple[FakeUser, str]] = []  # the element prompts someone was asked by hand
    for _ in range(40):
        if second_took():
            break
        actor = await to_act(fake)
        iid = fake.autocomplete("ds", "play", {"option": ""}, "option", user=actor)
        choices = [c["value"].split("|")[-1] for c in (await fake.response(iid))["data"]["choices"]]
        asked += [(actor, c) for c in choices[:1] if c.startswith("element:")]
        options = [c for c in choices if "abundance" not in c and "element" not in c] or choices
        await place(fake, db, actor, options[0])
    made = moves(db)
    mine = [option for who, option, by in made if who == str(first.id) and by == "ordered"]
    assert mine and mine[0].startswith("element:"), made  # the whole order, applied, never asked
    assert first not in [who for who, _ in asked]
    theirs = [option for who, option, by in made if who == str(second.id) and by == "ordered"]
    view = text_of(await slash(fake, "ahead orders", second))
    if theirs:  # the element they ordered was still there: applied without asking
        assert theirs[0] == offered[0] and second not in [who for who, _ in asked]
    else:  # the first's order took the last of it: the second's stopped, they were asked, told privately
        assert second in [who for who, _ in asked] and "no longer offered" in view, (made, view)
    assert "(ordered)" not in view
    await asyncio.sleep(0.5)
    told = "\n".join((c.json or {}).get("content") or "" for c in fake.calls
                     if c.method in ("POST", "PATCH") and c.path.startswith("/channels/") and "/messages" in c.path)
    assert "(ordered)" in told and "no longer offered" not in told  # marked moves; a stop only privately
    first_pings = [m for m in fake.channel_messages() if first.id in pinged(m)]
    assert not any("Abundance 1" in (m.get("content") or "").splitlines()[-1] for m in first_pings)

    # a menu from before those moves is stale: refused privately
    iid = fake.select(left_open["custom_id"], [left_open["options"][0]["value"]], user=second, message_id=left_id)
    stale = await fake.response(iid)
    assert stale["data"]["flags"] & 64 and "moved on" in stale["data"]["content"], stale
