"""The catalogue keys the bot and the renderers ask for, read from their source.

A key written out (``T("bot.joins", ...)``, ``words.gettext("bot.recap.head", lang)``) must be
in the catalogue; a key built from a prefix (``T(f"bot.cadence.{board}")``, ``"ask." + key``)
marks every message of that family as used and must have at least one.
"""

from __future__ import annotations

import ast
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
SOURCES = ("bot", "renderers")
#: Calls whose first argument is a catalogue key.
KEY_CALLS = {"T", "Text", "gettext", "ngettext", "say_key", "tr", "typed_words"}


def _key_of(arg: ast.expr) -> tuple[str, bool] | None:
    """(key, exact) for a written-out key, (prefix, False) for one built from a prefix."""
    if isinstance(arg, ast.Constant) and isinstance(arg.value, str):
        return arg.value, True
    if isinstance(arg, ast.JoinedStr) and arg.values and isinstance(arg.values[0], ast.Constant):
        return str(arg.values[0].value), False
    if isinstance(arg, ast.BinOp) and isinstance(arg.op, ast.Add) and isinstance(arg.left, ast.Constant):
        return str(arg.left.value), False
    return None


def bot_keys() -> tuple[set[str], set[str]]:
    """(exact keys, key prefixes) the bot's and the renderers' source ask the catalogue for."""
    exact: set[str] = set()
    prefixes: set[str] = set()
    for folder in SOURCES:
        for path in (ROOT / folder).rglob("*.py"):
            for node in ast.walk(ast.parse(path.read_text())):
                if not isinstance(node, ast.Call) or not node.args:
                    continue
                name = node.func.id if isinstance(node.func, ast.Name) else getattr(node.func, "attr", "")
                if name not in KEY_CALLS:
                    continue
                arg = node.args[0]
                arms = [arg.body, arg.orelse] if isinstance(arg, ast.IfExp) else [arg]
                for a in arms:
                    found = _key_of(a)
                    if found is None:
                        continue
                    key, is_exact = found
                    (exact if is_exact else prefixes).add(key)
    return exact, prefixes
