"""The /ds commands in Hungarian: every name, description and choice from the catalogue, and
each Hungarian name one Discord accepts."""

from __future__ import annotations

import re

import discord
import pytest
from discord import app_commands

from bot.discord.commands import build_commands, command_keys
from bot.discord.translator import CatalogueTranslator, command_path
from words import catalog

#: Discord's rule for a chat command or option name: letters of any script, digits, - and _,
#: 1 to 32 characters, lowercase where the letter has a case.
DISCORD_NAME = re.compile(r"^[-_\w]{1,32}$")


@pytest.mark.parametrize("lang", ["en", "hu"])
def test_every_command_text_is_in_the_catalogue_and_fits(lang):
    for key in command_keys():
        text = catalog.text(key, lang)
        if key.startswith("cmd.") and key.endswith(".name"):
            assert DISCORD_NAME.match(text) and text == text.lower(), (key, text)
        else:
            assert 1 <= len(text) <= 100, (key, text)


def test_hungarian_names_are_unique_among_siblings():
    group = build_commands(None)
    names = [catalog.text(f"cmd.{command_path(c)}.name", "hu") for c in group.commands]
    assert len(names) == len(set(names))
    for c in group.walk_commands():
        if isinstance(c, app_commands.Group):
            continue
        params = [catalog.text(f"cmd.{command_path(c)}.{p.name}.name", "hu") for p in c.parameters]
        assert len(params) == len(set(params)), c.name


async def test_the_payload_carries_hungarian_localisations():
    client = discord.Client(intents=discord.Intents.none())
    tree = app_commands.CommandTree(client)
    tree.add_command(build_commands(None))
    await tree.set_translator(CatalogueTranslator())
    group = tree.get_command("ds")
    payload = await group.get_translated_payload(tree, tree.translator)
    assert payload["description_localizations"]["hu"] == catalog.text("cmd.ds.description", "hu")
    new = next(o for o in payload["options"] if o["name"] == "new")
    assert new["name_localizations"] == {"hu": "új"}
    language = next(o for o in new["options"] if o["name"] == "language")
    assert language["name_localizations"] == {"hu": "nyelv"}
    variant = next(o for o in new["options"] if o["name"] == "variant")
    assert {c["value"]: c["name_localizations"].get("hu") for c in variant["choices"]} == {
        "standard": "alapjáték", "multi-animal": "több állatos (2–3 játékos)"}
    assert "en-US" not in new["name_localizations"]  # English is the commands' own text
