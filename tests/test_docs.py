"""The documents keep up with the program: every command and option the bot syncs is in
docs/playing.md under its command, every setting and environment variable in
config.example.toml and docs/hosting.md, and every link between the documents leads somewhere."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
DOCS = ROOT / "docs"


def _sections(text: str) -> dict[str, str]:
    """Each heading's text (the heading itself, lower case) -> what stands under it, down to the
    next heading."""
    out: dict[str, str] = {}
    parts = re.split(r"^(#+ .*)$", text, flags=re.MULTILINE)
    for heading, body in zip(parts[1::2], parts[2::2], strict=True):
        out[heading.lstrip("#").strip().lower()] = body
    return out


def synced_commands() -> dict[str, list[str]]:
    """``/ds`` path (``new``, ``admin games``) -> its options, by their English names, as the
    command tree syncs them (the names are the catalogue's ``cmd.*.name`` texts)."""
    from bot.discord.commands import command_keys
    from words import catalog

    english = catalog.catalogue("en").messages
    names: dict[tuple[str, ...], str] = {}
    for key in command_keys():
        if key.endswith(".name"):
            names[tuple(key.removeprefix("cmd.").removesuffix(".name").split("."))] = str(english[key])
    groups = {path[0] for path in names if len(path) == 3}  # admin: a group of subcommands
    commands: dict[str, list[str]] = {}
    for path in sorted(names, key=len):
        if len(path) == 1 or (len(path) == 2 and path[0] in groups):
            commands[" ".join(names[path[:i + 1]] for i in range(len(path)))] = []
    for path, name in names.items():
        if (len(path) == 2 and path[0] not in groups) or len(path) == 3:
            command = " ".join(names[path[:i + 1]] for i in range(len(path) - 1))
            commands[command].append(name)
    return commands


def test_every_synced_command_and_option_is_in_playing_md():
    text = (DOCS / "playing.md").read_text()
    sections = _sections(text)
    commands = synced_commands()
    assert "play" in commands and "option" in commands["play"] and "admin games" in commands
    missing = []
    for command, options in commands.items():
        if f"/ds {command}" not in text:
            missing.append(f"/ds {command}")
            continue
        # options are told where the command is: its own section, or (a group's) its group's
        head = command.split()[0]
        body = sections.get(f"`/ds {command}`") or sections.get(f"`/ds {head}`", "")
        missing += [f"/ds {command} {o}:" for o in options if f"{o}:" not in body]
    assert missing == []


def test_every_setting_is_in_the_example_config_and_hosting_md():
    from bot.config import SETTINGS

    example = (ROOT / "config.example.toml").read_text()
    hosting = (DOCS / "hosting.md").read_text()
    for section, keys in SETTINGS.items():
        assert f"[{section}]" in example, section
        for key in keys:
            assert re.search(rf"^(# )?{key} = ", example, re.MULTILINE), (section, key)
            assert f"`[{section}] {key}`" in hosting, (section, key)
    read = set(re.findall(r'env\.get\("((?:DS|DISCORD)_[A-Z_]+)"\)', (ROOT / "bot" / "config.py").read_text()))
    assert read and {v for v in read if v not in hosting} == set()
    assert {v for v in read - {"DS_CONFIG"} if v not in example} == set()


@pytest.mark.parametrize("name", ["README.md", *(f"docs/{p.name}" for p in sorted(DOCS.glob("*.md")))])
def test_links_between_the_documents_lead_to_files(name):
    path = ROOT / name
    for target in re.findall(r"\]\(([^)#\s]+)(?:#[^)]*)?\)", path.read_text()):
        if "://" in target:
            continue
        assert (path.parent / target).exists(), f"{name}: {target}"


def test_the_record_formats_replay_example_is_what_the_program_prints(tmp_path, capsys):
    """docs/record-format.md's example record, replayed by ``python -m engine replay``, prints
    the line written under it."""
    import json

    from engine.cli import main

    text = (DOCS / "record-format.md").read_text()
    record = re.search(r"## Example.*?```json\n(.*?)```", text, re.DOTALL)
    printed = re.search(r"^\$ python -m engine replay game\.json\n(.*)$", text, re.MULTILINE)
    assert record and printed
    (tmp_path / "game.json").write_text(record.group(1))
    assert main(["replay", str(tmp_path / "game.json")]) == 0
    assert json.loads(capsys.readouterr().out) == json.loads(printed.group(1))
