"""Discord's limits on a chat-input command, checked on the JSON that is synced (the payload
discord.py builds with our translator, or what the fake Discord received).

The limits (Discord's documentation on application commands):

* a name: 1-32 characters, letters of any script, digits, ``-`` and ``_``, lowercase where a
  letter has a case; names unique among siblings (in every locale);
* a description (of a command, a group or an option): 1-100 characters;
* at most 25 options on a command, 25 subcommands or groups on a command or group;
* at most 25 choices on an option, each choice's name 1-100 characters, a string value at most 100;
* the whole command at most 8,000 characters of names, descriptions and choice values, counting
  for each field only its longest localisation (the default included).
"""

from __future__ import annotations

import re
from typing import Any

JSON = dict[str, Any]
NAME = re.compile(r"^[-_\w]{1,32}$")
MAX_CHILDREN = 25
MAX_CHOICES = 25
MAX_DESCRIPTION = 100
MAX_TOTAL = 8000
SUB_COMMAND, SUB_COMMAND_GROUP = 1, 2


def _texts(node: JSON, field: str) -> dict[str | None, str]:
    """A field's text per locale (None: the default)."""
    out: dict[str | None, str] = {None: node.get(field, "")}
    out.update((node.get(f"{field}_localizations") or {}).items())
    return out


def _in(node: JSON, field: str, locale: str | None) -> str:
    texts = _texts(node, field)
    return texts.get(locale) or texts[None]


def violations(command: JSON, locales: list[str]) -> list[str]:
    """Every way ``command`` (a top-level chat-input command as synced) breaks Discord's limits."""
    found: list[str] = []
    total = 0

    def longest(node: JSON, field: str) -> int:
        return max(len(t) for t in _texts(node, field).values())

    def visit(node: JSON, path: str, *, is_option: bool) -> None:
        nonlocal total
        total += longest(node, "name") + longest(node, "description")
        for locale in [None, *locales]:
            name, description = _in(node, "name", locale), _in(node, "description", locale)
            if not NAME.match(name) or name != name.lower():
                found.append(f"{path} [{locale}]: name {name!r}")
            if not 1 <= len(description) <= MAX_DESCRIPTION:
                found.append(f"{path} [{locale}]: description of {len(description)} characters")
        children = node.get("options") or []
        if len(children) > MAX_CHILDREN:
            found.append(f"{path}: {len(children)} options (at most {MAX_CHILDREN})")
        for locale in [None, *locales]:
            names = [_in(c, "name", locale) for c in children]
            if len(names) != len(set(names)):
                found.append(f"{path} [{locale}]: options named alike {sorted(names)}")
        choices = node.get("choices") or []
        if len(choices) > MAX_CHOICES:
            found.append(f"{path}: {len(choices)} choices (at most {MAX_CHOICES})")
        for c in choices:
            total += longest(c, "name") + len(str(c["value"]))
            for locale in [None, *locales]:
                if not 1 <= len(_in(c, "name", locale)) <= 100:
                    found.append(f"{path} [{locale}]: choice {c['value']!r} named {_in(c, 'name', locale)!r}")
            if isinstance(c["value"], str) and len(c["value"]) > 100:
                found.append(f"{path}: choice value {c['value']!r}")
        for child in children:
            visit(child, f"{path} {child['name']}", is_option=True)

    visit(command, command["name"], is_option=False)
    if total > MAX_TOTAL:
        found.append(f"{command['name']}: {total} characters in all (at most {MAX_TOTAL})")
    return found


def subcommands(command: JSON) -> list[str]:
    """The subcommands and groups directly under ``command`` (the entries Discord counts toward 25)."""
    return [o["name"] for o in command.get("options") or [] if o.get("type") in (SUB_COMMAND, SUB_COMMAND_GROUP)]


def size(command: JSON) -> int:
    """The characters Discord counts toward the 8,000 of one command (the longest localisation of each field)."""
    def longest(node: JSON, field: str) -> int:
        return max(len(t) for t in _texts(node, field).values())

    def count(node: JSON) -> int:
        n = longest(node, "name") + longest(node, "description")
        n += sum(longest(c, "name") + len(str(c["value"])) for c in node.get("choices") or [])
        return n + sum(count(c) for c in node.get("options") or [])

    return count(command)
