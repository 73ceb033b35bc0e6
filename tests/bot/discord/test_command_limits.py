"""The /ds command tree, as it is synced in every locale, keeps within Discord's limits
(``tests/bot/command_limits.py``): names, descriptions, option and choice counts, the 8,000
characters of one command, and room for more subcommands."""

from __future__ import annotations

import discord
from command_limits import MAX_CHILDREN, size, subcommands, violations
from discord import app_commands

from bot.discord.commands import build_commands
from bot.discord.translator import CatalogueTranslator

#: Subcommand slots /ds keeps free: room for the next command without another fold.
ROOM = 1
LOCALES = [locale.value for locale in discord.Locale]


async def synced_payload(group: app_commands.Group | None = None) -> dict:
    client = discord.Client(intents=discord.Intents.none())
    tree = app_commands.CommandTree(client)
    tree.add_command(group or build_commands(None))
    await tree.set_translator(CatalogueTranslator())
    return await tree.get_command("ds").get_translated_payload(tree, tree.translator)


async def test_the_synced_ds_tree_keeps_within_discords_limits_in_every_locale():
    payload = await synced_payload()
    assert violations(payload, LOCALES) == []
    assert len(subcommands(payload)) <= MAX_CHILDREN - ROOM, subcommands(payload)


def test_the_checker_sees_a_tree_that_breaks_the_limits():
    wide = {"name": "ds", "description": "x",
            "options": [{"name": f"c{i}", "description": "y" * 100, "type": 1,
                         "options": [{"name": f"o{k}", "description": "z" * 100, "type": 3} for k in range(3)]}
                        for i in range(26)]}
    found = violations(wide, LOCALES)
    assert any("26 options" in f for f in found) and any("in all (at most 8000)" in f for f in found)
    long = {"name": "ds", "description": "", "options": [
        {"name": "Bad Name", "description": "d" * 101, "type": 1, "choices": [{"name": "", "value": "v"}] * 26}]}
    found = " | ".join(violations(long, ["hu"]))
    for broken in ("description of 0", "name 'Bad Name'", "description of 101", "26 choices", "choice 'v' named"):
        assert broken in found


async def test_a_subcommand_group_is_worded_by_its_path_below_ds(monkeypatch):
    """``/ds admin games``: ``cmd.admin.name``, ``cmd.admin.games.name``, ``cmd.admin.games.<param>.name``."""
    from words import catalog

    wanted = {"cmd.admin.name": "adminisztráció", "cmd.admin.description": "Az üzemeltetőké",
              "cmd.admin.games.name": "játszmák", "cmd.admin.games.description": "Minden játszma",
              "cmd.admin.games.limit.name": "legfeljebb", "cmd.admin.games.limit.description": "Hány"}
    has, text = catalog.has, catalog.text
    monkeypatch.setattr(catalog, "has", lambda key, lang: key in wanted or has(key, lang))
    monkeypatch.setattr(catalog, "text", lambda key, lang: wanted[key] if key in wanted else text(key, lang))
    ds = build_commands(None)
    ds.remove_command("admin")  # the real group: this one stands in for it, with words of its own
    admin = app_commands.Group(name="admin", description="For the operators", parent=ds)

    @admin.command(name="games", description="Every game")
    async def games(interaction: discord.Interaction, limit: int = 10) -> None: ...

    payload = await synced_payload(ds)
    group = next(o for o in payload["options"] if o["name"] == "admin")
    assert group["name_localizations"]["hu"] == "adminisztráció"
    assert group["description_localizations"]["hu"] == "Az üzemeltetőké"
    (sub,) = group["options"]
    assert sub["name_localizations"]["hu"] == "játszmák" and sub["description_localizations"]["hu"] == "Minden játszma"
    assert sub["options"][0]["name_localizations"]["hu"] == "legfeljebb"
    from bot.discord.commands import command_keys

    assert set(wanted) <= command_keys(ds)
    assert violations(payload, LOCALES) == []


def test_the_tree_size_is_counted_by_the_longest_localisation():
    node = {"name": "ds", "name_localizations": {"hu": "dsx"}, "description": "ab",
            "options": [{"name": "c", "description": "d", "choices": [{"name": "e", "value": "fg"}]}]}
    assert size(node) == 3 + 2 + 1 + 1 + 1 + 2



async def test_a_family_is_shown_as_a_subgroup_by_leaving_it_out_of_flat():
    """``commands.FLAT`` decides: the story family as ``/ds story board`` ..., its commands worded
    in every locale as they were flat (``cmd.board.name``), /ds a slot lighter per command moved."""
    from bot.discord.commands import FLAT, ORDER, Ds
    from bot.discord.commands_story import Story

    story = [c.name for c in Story(None).commands]
    order = tuple(n for n in ORDER if n not in story[:-1])
    order = tuple("story" if n == story[-1] else n for n in order)
    grouped = await synced_payload(Ds(None, flat=FLAT - {Story}, order=order))
    flat = await synced_payload()
    assert [o["name"] for o in grouped["options"]] == list(order)
    group = next(o for o in grouped["options"] if o["name"] == "story")
    assert [o["name"] for o in group["options"]] == story
    was = {o["name"]: o for o in flat["options"]}
    for command in group["options"]:
        assert command["name_localizations"] == was[command["name"]]["name_localizations"]
        assert command["description_localizations"] == was[command["name"]]["description_localizations"]
        assert command["options"] == was[command["name"]]["options"]
    assert violations(grouped, LOCALES) == []
    assert len(subcommands(grouped)) == len(subcommands(flat)) - len(story) + 1


def test_ds_refuses_an_order_that_misses_a_family_or_a_command():
    import pytest

    from bot.discord.commands import FLAT, ORDER, Ds
    from bot.discord.commands_story import Story

    with pytest.raises(ValueError, match="story"):
        Ds(None, flat=FLAT - {Story}, order=ORDER)
