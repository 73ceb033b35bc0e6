"""The order and early-answer menus behind "Answer ahead" page a prompt of more than 25 options
over several menus, as the live prompt does, within Discord's limits (five rows a message, 25
options a menu, 100 characters a custom id); every option offered is read back as itself."""

from __future__ import annotations

import sqlite3

import discord
from bot_process import eventually, is_ephemeral, latest_prompt, slash, text_of
from fake_discord import FakeUser
from service_helpers import start_game

from bot.discord.ahead import ROWS, SELECT_OPTIONS, EarlySelect, OrderKeepButton, OrderSelect, sheet_view, step_view
from bot.discord.limits import CUSTOM_ID
from bot.game.ahead import AheadSheet
from bot.game.replies import Choice
from engine import logbook
from tests.bot.game.test_ahead import place
from tests.engine.helpers import clear_earth, put_tile

ANN, BOB = FakeUser(9821, "ann"), FakeUser(9822, "bob")
#: Hexes beside the starting tiles: laid empty, their corners are vacant for Abundance.
MORE_TILES = ("B2", "B3", "B4", "C2", "C5", "D1", "D5", "E2", "E5", "F3", "F4")


def query(db, sql: str) -> list[tuple]:
    conn = sqlite3.connect(db)
    try:
        return list(conn.execute(sql))
    finally:
        conn.close()


async def many_corners(service, store) -> tuple[str, str]:
    """A game whose first player has an AP on Abundance 1 and an earth of empty tiles: the corner
    its element would go to is a prompt of more than 25 options."""
    await start_game(service, players=2)
    first = (await service.reads.status("chan")).to_act
    await place(service, store, first, "abundance-1")
    game = await store.live_game("chan")
    state = game.state
    clear_earth(state)
    for label in MORE_TILES:
        put_tile(state, label, "sea")
    async with store.transaction():
        await store.save_state(game.id, game.version, game.version + 1, logbook.kept(state))
    return first, (await service.ahead.rehearse("chan", first, "abundance-1")).choices[0].id


async def test_an_orders_menu_of_more_than_25_options_is_paged_and_reads_each_back(service, store):
    first, element = await many_corners(service, store)
    r = await service.ahead.rehearse("chan", first, "abundance-1", [element])
    assert len(r.choices) > SELECT_OPTIONS  # the corners
    view = step_view(r, "0", "en")
    rows = view.to_components()
    menus = [c for row in rows for c in row["components"] if c["type"] == 3]
    assert len(rows) <= ROWS and len(menus) == -(-len(r.choices) // SELECT_OPTIONS) > 1
    assert all(len(m["options"]) <= SELECT_OPTIONS for m in menus)
    ids = [c["custom_id"] for row in rows for c in row["components"]]
    assert len(set(ids)) == len(ids) and all(len(i) <= CUSTOM_ID for i in ids)
    assert isinstance(view.children[-1], OrderKeepButton)
    values = [int(o["value"]) for m in menus for o in m["options"]]
    assert values == list(range(len(r.choices)))  # every option, once, by its number in the prompt
    labels = [o["label"] for m in menus for o in m["options"]]
    assert labels == [c.label for c in r.choices]
    # each menu's custom id comes back to a menu for the same AP and answers (its page aside)
    for menu in menus:
        match = OrderSelect.__discord_ui_compiled_template__.fullmatch(menu["custom_id"])
        assert match is not None
        back = await OrderSelect.from_custom_id(None, discord.ui.Select(), match)
        assert (back.space, back.picks) == ("abundance-1", "0")
    # the last option, on the last page, is kept as picked
    last = values[-1]
    kept = await service.ahead.give_order("chan", first, "abundance-1", [0, last])
    assert not kept.public
    game = await store.live_game("chan")
    row = next(iter((await store.books(game.id)).values()))
    assert [a["option"] for a in row.book["orders"][0]["answers"]] == [element, r.choices[last].id]


def test_an_early_answers_menu_of_more_than_25_options_is_paged_beside_the_ap_menu():
    choices = [Choice(f"move:{n}", f"Move {n} species") for n in range(60, -1, -1)]
    sheet = AheadSheet(7, 12, "", (("birds", "wanderlust-1"),), (("birds", "Wanderlust: move species", choices),))
    rows = sheet_view(sheet, "en").to_components()
    menus = [c for row in rows for c in row["components"] if c["type"] == 3]
    assert len(rows) == len(menus) == 4  # the AP menu, then three pages of the 61 options
    assert [int(o["value"]) for m in menus[1:] for o in m["options"]] == list(range(61))
    ids = [m["custom_id"] for m in menus]
    assert len(set(ids)) == 4 and all(EarlySelect.__discord_ui_compiled_template__.fullmatch(i) for i in ids[1:])


async def test_ahead_orders_takes_clear_for_early_answers_and_a_label_for_an_answer(fake, bot):
    """Through the fake Discord and the bot process: ``answers:clear`` without ``space:`` clears
    early answers (not read as one); an answer typed as the label the reply lists is kept."""
    await slash(fake, "new", ANN, {"players": 2})
    await slash(fake, "join", BOB)
    await slash(fake, "start", ANN)
    await eventually(lambda: latest_prompt(fake) is not None)
    cleared = await slash(fake, "ahead orders", ANN, {"answers": "clear"})
    assert is_ephemeral(cleared) and "You have no early answers to clear." in text_of(cleared), text_of(cleared)
    iid = fake.autocomplete("ds", "play", {"option": ""}, "option", user=ANN)
    first = ANN if (await fake.response(iid))["data"]["choices"] else BOB
    await slash(fake, "play", first, {"option": "abundance-1"})
    await eventually(lambda: query(bot.database, "SELECT count(*) FROM moves")[0][0] == 1)
    shown = text_of(await slash(fake, "ahead orders", first, {"space": "abundance-1"}))
    label = shown.split("Its options: ")[1].split(" (", 1)[1].split(")")[0]  # the first option's label
    kept = await slash(fake, "ahead orders", first, {"space": "abundance-1", "answers": label.upper()})
    assert is_ephemeral(kept) and "is kept" in text_of(kept) and label in text_of(kept), text_of(kept)
