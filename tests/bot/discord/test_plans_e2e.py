"""Standing plans through the fake Discord and the real bot process (issues 32, 38): in a 3-player
game Bob keeps a plan typed into /ds ahead plan (with its autocomplete) and Cy one picked in the
"Plan ahead" menus; their placements go in without a ping, marked planned, in the plan's order as
Ann takes spaces from under them; Cy's plan, its last space taken by Ann, asks Cy as usual and
tells him privately what happened; nobody else sees a plan (the channel, its pictures' alt
texts, /ds status, Ann's own plan and menus)."""

from __future__ import annotations

import asyncio
import sqlite3

from bot_process import (
    alt_texts,
    eventually,
    is_ephemeral,
    latest_prompt,
    my_options,
    option_components,
    prompt_components,
    slash,
    text_of,
)
from fake_discord import FakeUser

ANN, BOB, CY = FakeUser(9801, "ann"), FakeUser(9802, "bob"), FakeUser(9803, "cy")
BOB_PLAN = ["wanderlust-1", "wanderlust-2", "wanderlust-3"]
CY_FIRST, CY_LAST = "domination-1", "domination-2"
PLANNED = set(BOB_PLAN) | {CY_FIRST, CY_LAST}


def query(db, sql: str, *args) -> list[tuple]:
    conn = sqlite3.connect(db)
    try:
        return list(conn.execute(sql, args))
    finally:
        conn.close()


def moves(db) -> list[tuple[str, str, str]]:
    """(user id, option, made by) of every move, oldest first."""
    return query(db, "SELECT user_id, option_id, made_by FROM moves WHERE undone = 0 ORDER BY version")


def planned_by(db, user: FakeUser) -> list[str]:
    return [option for who, option, by in moves(db) if who == str(user.id) and by == "planned"]


def pinged(message: dict) -> set[int]:
    return {int(u) for u in (message.get("allowed_mentions") or {}).get("users") or []}


def plan_ahead_id(message: dict) -> str | None:
    return next((c["custom_id"] for c in prompt_components(message) if c["custom_id"].startswith("ds:plan:")), None)


def options_of(message: dict) -> list[str]:
    """Every option a prompt offers (its buttons' and menus' values)."""
    found = []
    for c in option_components(message):
        found += [o["value"] for o in c["options"]] if c["type"] == 3 else [c["custom_id"].split(":", 4)[4]]
    return found


async def choose(fake, message: dict, user: FakeUser, option: str) -> None:
    """Click (or pick in a menu) ``option`` on the live prompt."""
    for c in option_components(message):
        if c["type"] == 2 and c["custom_id"].split(":", 4)[4] == option:
            iid = fake.click(c["custom_id"], user=user, message_id=int(message["id"]))
            break
        if c["type"] == 3 and option in [o["value"] for o in c["options"]]:
            iid = fake.select(c["custom_id"], [option], user=user, message_id=int(message["id"]))
            break
    else:
        raise AssertionError(f"{option} is not offered")
    assert (await fake.response(iid))["type"] == 6


async def test_two_players_plan_their_placements_and_a_plan_runs_out(fake, bot):
    db = bot.database
    assert "lobby" in text_of(await slash(fake, "new", ANN, {"players": 3}))
    for user in (BOB, CY):
        await slash(fake, "join", user)
    await slash(fake, "start", ANN)
    await fake.wait_channel_messages(1)
    await eventually(lambda: latest_prompt(fake) is not None)
    first = latest_prompt(fake)
    ann_animal = query(db, "SELECT animal FROM seats WHERE user_id = ?", str(ANN.id))[0][0]

    # Bob types his plan, helped by the autocomplete (it completes the last item after a comma)
    iid = fake.autocomplete("ds", "ahead plan", {"spaces": "wanderlust 1, wanderl"}, "spaces", user=BOB)
    offered = [c["value"] for c in (await fake.response(iid))["data"]["choices"]]
    assert "wanderlust 1, Wanderlust 2" in offered and all(v.startswith("wanderlust 1, ") for v in offered)
    kept = await slash(fake, "ahead plan", BOB, {"spaces": "wanderlust 1, Wanderlust 2, wanderlust-3"})
    assert is_ephemeral(kept) and "Wanderlust 1, Wanderlust 2, Wanderlust 3" in text_of(kept)

    # Cy uses "Plan ahead" on the live prompt: private menus, the message changed in place by a pick
    button = plan_ahead_id(first)
    assert button is not None  # Planning: the prompt offers it
    iid = fake.click(button, user=CY, message_id=int(first["id"]))
    menus = await fake.response(iid)
    assert menus["type"] == 4 and menus["data"]["flags"] & 64, menus
    assert "no plan" in menus["data"]["content"], bot.tail()
    selects = [c for row in menus["data"]["components"] for c in row["components"] if c["type"] == 3]
    (holding,) = [s for s in selects if CY_FIRST in [o["value"] for o in s["options"]]]
    message_id = int(fake.original_message(iid)["id"])
    pick = fake.select(holding["custom_id"], [CY_FIRST], user=CY, message_id=message_id)
    assert (await fake.response(pick))["type"] == 7  # the private menus' message itself shows the plan
    assert "Domination 1" in fake.message(message_id)["content"]

    # Nobody else sees a plan: Ann's status, her own plan and her menus show none of theirs
    status = await slash(fake, "status", ANN)
    mine = await slash(fake, "ahead plan", ANN)
    iid = fake.click(button, user=ANN, message_id=int(first["id"]))
    hers = (await fake.response(iid))["data"]["content"]
    for text in (text_of(status), text_of(mine), hers):
        assert "Wanderlust" not in text and "Domination" not in text

    # Play Planning out: whoever is asked chooses by hand; Ann takes Bob's second space and, once
    # Cy has placed from his plan and added one more space, that one first
    cy_added = ann_took_bob = ann_took_cy = False
    pings: list[tuple[int, str, int, int]] = []  # (user pinged, text, Bob's and Cy's planned moves then)
    seen = 0
    for _ in range(60):
        await eventually(lambda: latest_prompt(fake) is not None)
        posts = fake.channel_messages()
        for message in posts[seen:]:
            for user in pinged(message):
                pings.append((user, message.get("content") or "", len(planned_by(db, BOB)), len(planned_by(db, CY))))
        seen = len(posts)
        prompt = latest_prompt(fake)
        if plan_ahead_id(prompt) is None:
            break  # Planning is over
        (actor,) = [u for u in (ANN, BOB, CY) if await my_options(fake, u)]
        offered = options_of(prompt)
        version = len(moves(db))
        if planned_by(db, CY) == [CY_FIRST] and not cy_added:
            # Cy adds a space once his first wish is granted; Ann takes it before his next turn comes
            added = await slash(fake, "ahead plan", CY, {"spaces": "+ domination 2"})
            assert "Domination 2" in text_of(added)
            cy_added = True
        if actor is ANN and cy_added and not ann_took_cy:
            option, ann_took_cy = CY_LAST, True
        elif actor is ANN and not ann_took_bob and "wanderlust-2" in offered:
            option, ann_took_bob = "wanderlust-2", True
        else:
            option = next(o for o in offered if o not in PLANNED)
        await choose(fake, prompt, actor, option)
        await eventually(lambda v=version: len(moves(db)) > v)
        await asyncio.sleep(0.2)  # the post that follows
    else:
        raise AssertionError("Planning never ended")

    assert ann_took_bob and ann_took_cy
    # the planned placements, in the plan's order, the spaces Ann took skipped
    assert planned_by(db, BOB) == ["wanderlust-1", "wanderlust-3"]
    assert planned_by(db, CY) == [CY_FIRST]
    # Bob and Cy were pinged only before their plans or once those had nothing open for them
    for user, text, bob_planned, _ in pings:
        if user == BOB.id:
            assert bob_planned in (0, 2), (text, bob_planned)
    # Cy's first ping after his plan ran out only asks; he reads, privately, which planned space
    # went to whom when he looks (by direct message too, had he asked for them)
    ran_out, *_ = [text for user, text, _, cy_planned in pings if user == CY.id and cy_planned == 1]
    assert "went to" not in ran_out and "Domination 2" not in ran_out.splitlines()[-1], ran_out
    assert not any("went to" in text for _, text in fake.direct_messages)
    told = text_of(await slash(fake, "ahead plan", CY))
    assert "Domination 2 went to" in told and ann_animal.rstrip("s").lower() in told.lower(), told
    assert "went to" not in text_of(await slash(fake, "ahead plan", CY))  # told once
    # the channel tells the planned placements as moves, marked; no plan before it is used.  Told
    # in a new message or, while the same player goes on being asked, in an edit of the live one
    told = "\n".join((c.json or {}).get("content") or "" for c in fake.calls
                     if c.method in ("POST", "PATCH") and c.path.startswith("/channels/") and "/messages" in c.path)
    assert told.count("(planned)") >= 3
    alts = " ".join(a or "" for m in fake.channel_messages() for a in alt_texts(m).values())
    assert "planned" not in alts.lower()  # the pictures show the moves, never a plan
    # Bob looks: his plan keeps, and he is told where his second space went
    looked = text_of(await slash(fake, "ahead plan", BOB))
    assert "Wanderlust 1, Wanderlust 2, Wanderlust 3" in looked and "Wanderlust 2 went to" in looked, looked


async def test_bad_plans_are_refused_privately_and_store_nothing(fake, bot):
    await slash(fake, "new", ANN, {"players": 2})
    stranger = FakeUser(9809, "eve")
    early = await slash(fake, "ahead plan", BOB, {"spaces": "wanderlust 1"})
    assert is_ephemeral(early) or (early.get("followup") or {}).get("flags", 0) & 64
    await slash(fake, "join", BOB)
    await slash(fake, "start", ANN)
    await fake.wait_channel_messages(1)
    for user, spaces, says in ((BOB, "nowhere at all", "is not an action space"),
                               (BOB, "speciation meat, " * 400, "too long"),
                               (stranger, "wanderlust 1", "seat")):
        answer = await slash(fake, "ahead plan", user, {"spaces": spaces})
        assert is_ephemeral(answer) and says in text_of(answer), text_of(answer)
    assert query(bot.database, "SELECT count(*) FROM answers_ahead") == [(0,)]


async def test_a_plan_picked_from_the_autocomplete_with_competition_spaces_is_kept(fake, bot):
    await slash(fake, "new", ANN, {"players": 2})
    await slash(fake, "join", BOB)
    await slash(fake, "start", ANN)
    await fake.wait_channel_messages(1)

    async def offered(typed: str) -> list[str]:
        iid = fake.autocomplete("ds", "ahead plan", {"spaces": typed}, "spaces", user=BOB)
        return [c["value"] for c in (await fake.response(iid))["data"]["choices"]]

    typed = (await offered("wanderlust 1"))[0]
    labels: list[str] = []
    for _ in range(2):  # two Competition spaces whose labels have commas inside their brackets
        values = await offered(typed + ", competit")
        assert all(v.startswith(typed + ", ") for v in values)  # what was picked before is kept whole
        label = next(label for v in values if "," in (label := v[len(typed) + 2:]) and label not in labels)
        labels.append(label)
        typed = f"{typed}, {label}"
    kept = await slash(fake, "ahead plan", BOB, {"spaces": typed})
    assert is_ephemeral(kept) and "is not an action space" not in text_of(kept), text_of(kept)
    (stored,) = query(bot.database, "SELECT book FROM answers_ahead")
    assert stored[0].count("competition-") == 2 and "wanderlust-1" in stored[0], (typed, stored)
