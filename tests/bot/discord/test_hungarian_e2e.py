"""Magyarul is: the start of a game through the fake Discord with a Hungarian client on a
Hungarian server, and an English player at the same table.

The commands are registered with Hungarian names and descriptions; ``/ds new`` without
``language:`` opens a Hungarian game (the server is Hungarian); its public posts, buttons and
pictures are Hungarian; each player's private answers and refusals are in their own language.
"""

from __future__ import annotations

import io
import json
import shutil
import sqlite3
import subprocess

import pytest
from bot_process import (
    alt_texts,
    eventually,
    is_ephemeral,
    latest_prompt,
    my_options,
    prompt_components,
    slash,
    text_of,
)
from fake_discord import FakeDiscord, FakeUser
from PIL import Image

import engine
import words
from bot.store.models import decode_state
from renderers import render_turn

ANNA = FakeUser(9301, "anna", locale="hu")
BOB = FakeUser(9302, "bob", locale="en-US")


@pytest.fixture
async def fake():
    async with FakeDiscord() as f:
        f.guild_locales[f.guild_id] = "hu"
        yield f


def stored_state(db) -> tuple[dict | None, dict]:
    conn = sqlite3.connect(db)
    try:
        state, settings = conn.execute("SELECT state, settings FROM games ORDER BY id DESC").fetchone()
    finally:
        conn.close()
    return (decode_state(state) if state else None), json.loads(settings)




def ocr(png: bytes, lang: str) -> str:
    """The picture's text as tesseract reads it (the top: the header in large type)."""
    img = Image.open(io.BytesIO(png)).convert("L")
    img = img.crop((0, 0, img.width, 150)).resize((img.width * 2, 300))
    buf = io.BytesIO()
    img.save(buf, "PNG")
    out = subprocess.run(["tesseract", "stdin", "stdout", "-l", lang], input=buf.getvalue(), capture_output=True,
                         check=True, timeout=60)
    return out.stdout.decode()


def has_hungarian_ocr() -> bool:
    if shutil.which("tesseract") is None:
        return False
    langs = subprocess.run(["tesseract", "--list-langs"], capture_output=True, text=True).stdout.split()
    return "hun" in langs


async def test_a_hungarian_table_plays_in_hungarian_and_each_player_reads_their_own_language(fake, bot):
    # The commands carry their Hungarian names, descriptions and choices.
    (ds,) = [c for c in fake.registered_commands() if c["name"] == "ds"]
    assert ds["description_localizations"]["hu"] == words.gettext("cmd.ds.description", "hu")
    subs = {o["name"]: o for o in ds["options"]}
    assert subs["new"]["name_localizations"] == {"hu": "új"}
    assert subs["play"]["name_localizations"] == {"hu": "lépés"}
    assert subs["new"]["description_localizations"]["hu"].startswith("Új játszma")
    options = {o["name"]: o for o in subs["new"]["options"]}
    assert options["players"]["name_localizations"] == {"hu": "játékosok"}
    assert {c["value"]: c["name_localizations"]["hu"] for c in options["variant"]["choices"]} == {
        "standard": "alapjáték", "multi-animal": "több állatos (2–3 játékos)"}

    # /ds new without language: on a Hungarian server, a Hungarian game.
    opened = await slash(fake, "new", ANNA, {"players": 2})
    assert not is_ephemeral(opened)
    assert "várakozó" in text_of(opened) and "lobby" not in text_of(opened)
    _, settings = stored_state(bot.database)
    assert settings["language"] == "hu"

    # Bob (English client) joins: the public post is in the game's language ...
    joined = await slash(fake, "join", BOB)
    assert "csatlakozik" in text_of(joined)
    # ... but what is said to him alone is English, and to Anna Hungarian.
    refused = await slash(fake, "start", BOB)
    assert is_ephemeral(refused) and text_of(refused).startswith("Only the host, anna, can start the game")
    again = await slash(fake, "join", ANNA)
    assert is_ephemeral(again) and text_of(again) == "Már ülsz ennél a játszmánál."

    # The game starts: the public prompt, its buttons and its picture are Hungarian.
    await slash(fake, "start", ANNA)
    await eventually(lambda: latest_prompt(fake) is not None)
    prompt = latest_prompt(fake)
    assert "Most:" in prompt["content"] and "Now:" not in prompt["content"]
    labels = [c.get("label") or c.get("placeholder") for c in prompt_components(prompt)]
    assert words.gettext("bot.button.full_board", "hu") in labels
    state, _ = stored_state(bot.database)
    p = engine.prompt(state)
    hungarian = [words.option(o, "hu") for o in p.options]
    shown = {c.get("label") for c in prompt_components(prompt)} | {
        o["label"] for c in prompt_components(prompt) for o in c.get("options", [])}
    assert set(hungarian[:3]) <= shown

    (first,) = [m for m in fake.channel_messages() if m.get("files")][:1]
    png = first["files"][0].data
    alt = alt_texts(first)["board.png"]  # the picture's alt text: in the game's language too
    assert alt.startswith("A forduló képe. 1. forduló") and "következik" in alt and len(alt) <= 1024
    assert png == render_turn(state, lang="hu") != render_turn(state, lang="en")
    if has_hungarian_ocr():
        header = ocr(png, "hun")
        assert "kör" in header and "Fázis" in header, header

    # Whoever is not to act is refused privately, each in their own language.
    to_act = ANNA if await my_options(fake, ANNA) else BOB
    waiting = BOB if to_act is ANNA else ANNA
    ids = [o.id for o in p.options]
    not_yours = await slash(fake, "play", waiting, {"option": ids[0]})
    expected = "It is not your turn." if waiting is BOB else "Nem te következel."
    assert is_ephemeral(not_yours) and text_of(not_yours).startswith(expected)

    # The autocomplete offers the player's options in their own language.
    offered = [c["name"] for c in await my_options(fake, to_act)]
    lang = "hu" if to_act is ANNA else "en"
    assert offered[:3] == [words.option(o, lang) for o in p.options][:3]

    # A choice: the actor is answered in their language, the channel goes on in Hungarian.
    chosen = await slash(fake, "play", to_act, {"option": ids[0]})
    said = text_of(chosen)
    assert said.startswith("Választásod:" if to_act is ANNA else "You chose:"), said
    await eventually(lambda: "Most:" in (latest_prompt(fake) or {}).get("content", ""))
