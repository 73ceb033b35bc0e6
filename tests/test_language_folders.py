"""A language is a folder: the English folder of ``words/locale/`` copied as another (here German,
in a temporary copy of the project) is offered everywhere a language is chosen, and the
playground plays in it, with nothing else written."""

from __future__ import annotations

import json
import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]

#: Run inside the copy: every place a language is chosen, as it offers the languages.
PROBE = r'''
import asyncio, json
import discord
from discord import app_commands
import words
from bot.__main__ import LANGUAGES as COMMAND_LINE, parse_args
from bot.discord.commands import build_commands
from bot.discord.commands_lobby import language_choices
from bot.discord.commands_admin import VALUES
from bot.discord.translator import CatalogueTranslator
from bot.game.lobby import Lobby
from bot.game.texts import GAME_LANGUAGES, default_game_language, lang_of
from bot.store.models import Game
from renderers.cli import command_line

ds = build_commands(None)
def offered(command, param):
    found = ds.get_command(command)
    return [c.value for c in next(p for p in found.parameters if p.name == param).choices]

Lobby.check_new(4, "standard", "de")  # refused if the service did not know it
game = Game.__new__(Game)
game.settings = {"language": "de"}

async def translated():
    context = app_commands.TranslationContext(app_commands.TranslationContextLocation.other, None)
    string = app_commands.locale_str("English", key="bot.language.en")
    return await CatalogueTranslator().translate(string, discord.Locale.german, context)

print(json.dumps({
    "words": list(words.LANGUAGES),
    "new": offered("new", "language"),
    "new_names": [str(c.name) for c in language_choices()],
    "settings": offered("settings", "language"),
    "admin_defaults": [value for value, _ in VALUES["language"]],
    "admin_names": [worded("en") for _, worded in VALUES["language"]],
    "command_line": list(COMMAND_LINE),
    "playground": parse_args(["--lang", "de"]).lang,
    "renderers": command_line().parse_args(["demo", "--lang", "de"]).lang,
    "game_languages": list(GAME_LANGUAGES),
    "server_default": default_game_language("de"),
    "game": lang_of(game),
    "discord_locale": words.pick_language("de"),
    "translated": asyncio.run(translated()),
    "decimal": words.decimal(1.5, "de", signed=True),
}))
'''


def _copy_with_german(tmp: Path) -> Path:
    """The project's packages in ``tmp`` (words copied, the rest linked), with a German folder: the
    English one copied whole (its catalogue and its glossary), the catalogue's header language and
    its own name changed."""
    for package in ("engine", "renderers", "bot"):
        (tmp / package).symlink_to(ROOT / package)
    shutil.copytree(ROOT / "words", tmp / "words", ignore=shutil.ignore_patterns("__pycache__"))
    shutil.copytree(tmp / "words/locale/en", tmp / "words/locale/de")
    catalogue = tmp / "words/locale/de/LC_MESSAGES/ds.po"
    german = catalogue.read_text().replace('"Language: en\\n"', '"Language: de\\n"')
    german = re.sub(r'(msgid "language.name"\nmsgstr )"[^"]*"', r'\1"Deutsch"', german)
    german = re.sub(r'(msgid "bot.language.en"\nmsgstr )"[^"]*"', r'\1"Englisch"', german)
    catalogue.write_text(german)
    return tmp


def test_a_catalogue_folder_is_offered_everywhere_a_language_is_chosen(tmp_path):
    copy = _copy_with_german(tmp_path)
    env = {**os.environ, "PYTHONPATH": str(copy)}
    done = subprocess.run([sys.executable, "-c", PROBE], cwd=copy, env=env, capture_output=True, text=True,
                          timeout=120)
    assert done.returncode == 0, done.stderr
    seen = json.loads(done.stdout)
    everywhere = ["en", "de", "hu"]  # English first (the default), then the folders by name
    for place in ("words", "new", "settings", "admin_defaults", "command_line", "game_languages"):
        assert seen[place] == everywhere, place
    assert seen["new_names"] == ["English", "Deutsch", "magyar"]  # each by its own name
    assert seen["admin_names"] == ["English", "Deutsch", "Hungarian"]  # named in English where English can
    for place in ("playground", "renderers", "server_default", "game", "discord_locale"):
        assert seen[place] == "de", place
    assert seen["translated"] == "Englisch"  # the commands are synced in German too
    assert seen["decimal"] == "+1,5"  # Babel writes German numbers


def test_the_playground_plays_in_a_copied_folder(tmp_path):
    (tmp_path / "project").mkdir()
    copy = _copy_with_german(tmp_path / "project")
    env = {k: v for k, v in os.environ.items() if k != "DISCORD_TOKEN"}
    env.update(PYTHONPATH=str(copy), DS_DATABASE=str(tmp_path / "play.sqlite3"), DS_CONFIG=os.devnull)
    done = subprocess.run([sys.executable, "-m", "bot", "--players", "Ann", "Bob", "--lang", "de", "--board",
                           str(tmp_path / "board.png")], input="1\n" * 20 + "status\nboard\nquit\n", cwd=copy,
                          env=env, capture_output=True, text=True, timeout=300)
    assert done.returncode == 0, done.stderr
    assert "Game #1 begins. Ann: " in done.stdout and "places an AP" in done.stdout
    assert "Bye; the game is saved" in done.stdout


def test_without_the_folder_the_languages_are_english_and_hungarian():
    import words
    from bot.__main__ import LANGUAGES

    assert words.LANGUAGES == LANGUAGES == ("en", "hu")
