"""The service's shape, read from the code: one unit of work (the table) owns the channels' locks
and the store's transactions, the service is a holder of parts, the shell shows what changed in
one place, and the composition root builds and never patches (docs/architecture.md)."""

from __future__ import annotations

import ast
import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
GAME = ROOT / "bot" / "game"
SHELL = ROOT / "bot" / "discord"


def _sources(folder: Path) -> dict[str, str]:
    return {p.name: p.read_text() for p in sorted(folder.glob("*.py"))}


def test_only_the_table_takes_a_channels_lock():
    found = [name for name, text in _sources(GAME).items() if "self._lock(" in text]
    assert found == ["table.py"]


def test_a_store_transaction_is_opened_by_the_table_and_what_runs_beside_the_service():
    """The table (and the start-up layout move and the record import, which run before or
    beside the service): every use case goes through ``tables.at`` or ``tables.transaction``."""
    found = [name for name, text in _sources(GAME).items() if re.search(r"\bstore\.transaction\(\)", text)]
    assert found == ["layout.py", "records.py", "table.py"]


def test_the_service_is_a_holder_of_parts():
    from bot.game.service import GameService

    assert GameService.__bases__ == (object,)
    assert not (GAME / "core.py").exists()
    methods = [n for n, v in vars(GameService).items() if callable(v) and not n.startswith("__")]
    assert methods == []  # no use case of its own: each is a part's


def test_the_composition_root_assigns_no_attribute():
    tree = ast.parse((ROOT / "bot" / "compose.py").read_text())
    assigned = [ast.unparse(target) for node in ast.walk(tree) if isinstance(node, (ast.Assign, ast.AugAssign))
                for target in (node.targets if isinstance(node, ast.Assign) else [node.target])
                if isinstance(target, ast.Attribute)]
    assert assigned == []


def test_the_shell_shows_changes_in_two_places():
    """``Responder.show`` (a reply's changes) and the outbox (a notice's): the live post brought
    up to date, a lobby card refreshed, a prompt disarmed."""
    calls = re.compile(r"announcer\.sync\(|\.refresh_lobby\(|\.disarm\(|on_lobby_closed\(")
    where = {(name, _function_at(text, m.start())) for name, text in _sources(SHELL).items()
             for m in calls.finditer(text)}
    assert where == {("responder.py", "show"), ("outbox.py", "send"), ("outbox.py", "_send_one")}


def _function_at(text: str, offset: int) -> str:
    """The name of the function whose body holds ``offset``."""
    line = text.count("\n", 0, offset) + 1
    best = ""
    for node in ast.walk(ast.parse(text)):
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)) and node.lineno <= line <= (node.end_lineno or 0):
            best = node.name  # the innermost one is met last: ast.walk goes outer to inner
    return best
