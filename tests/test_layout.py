"""The house rules, read from the code's own imports (lazy and type-only ones included):
arrows run down (docs/architecture.md) and no module imports itself round a circle."""

from __future__ import annotations

import ast
import io
import re
import tokenize
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
PACKAGES = ("engine", "words", "renderers", "bot")

#: room -> the rooms (module prefixes of ours) it may import besides itself
ALLOWED: dict[str, tuple[str, ...]] = {
    "engine": (),
    "words": ("engine",),
    "renderers": ("words", "engine"),
    "bot.store": (),
    "bot.game": ("bot.store", "renderers", "words", "engine"),
    "bot.discord": ("bot.game", "bot.store.api", "bot.store.models", "bot.store.shards", "renderers", "words",
                    "engine"),
    "bot.playground": ("bot.game", "bot.store", "bot.compose", "renderers", "words", "engine"),
    "bot": ("bot", "renderers", "words", "engine"),  # the top: entry points and the composition root
}


def module_name(path: Path) -> str:
    parts = list(path.relative_to(ROOT).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


def modules() -> dict[str, Path]:
    return {module_name(p): p for package in PACKAGES for p in (ROOT / package).rglob("*.py")}


def imports_of(path: Path, name: str, known: set[str]) -> set[str]:
    """The modules of ours that ``path`` imports anywhere in it."""
    package = name if path.name == "__init__.py" else name.rpartition(".")[0]
    found: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(), str(path))):
        if isinstance(node, ast.Import):
            targets = [alias.name for alias in node.names]
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                anchor = package.split(".")[: len(package.split(".")) - node.level + 1]
                base = ".".join([*anchor, base] if base else anchor)
            # "from bot.game import pace" imports the module bot.game.pace
            targets = [f"{base}.{alias.name}" if f"{base}.{alias.name}" in known else base for alias in node.names]
        else:
            continue
        for target in targets:
            while target and target not in known:
                target = target.rpartition(".")[0]
            if target and target != name:
                found.add(target)
    return found


def graph() -> dict[str, set[str]]:
    found = modules()
    known = set(found)
    return {name: imports_of(path, name, known) for name, path in found.items()}


def room_of(module: str) -> str:
    for room in sorted(ALLOWED, key=len, reverse=True):
        if module == room or module.startswith(room + "."):
            return room
    raise AssertionError(f"{module} is in no room")


def allowed(source: str, target: str) -> bool:
    room = room_of(source)
    if target == room or target.startswith(room + ".") or room_of(target) == room:
        return True
    return any(target == r or target.startswith(r + ".") for r in ALLOWED[room])


def test_every_import_runs_down():
    upward = sorted(f"{s} -> {t}" for s, targets in graph().items() for t in targets if not allowed(s, t))
    assert not upward, "imports that run up:\n" + "\n".join(upward)


def test_no_import_circle():
    edges = graph()
    # Tarjan's strongly connected components: any component of two or more modules is a circle.
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    circles: list[list[str]] = []

    def visit(v: str) -> None:
        index[v] = low[v] = len(index)
        stack.append(v)
        on_stack.add(v)
        for w in edges[v]:
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in on_stack:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            component = []
            while True:
                w = stack.pop()
                on_stack.discard(w)
                component.append(w)
                if w == v:
                    break
            if len(component) > 1:
                circles.append(sorted(component))

    for v in sorted(edges):
        if v not in index:
            visit(v)
    assert not circles, f"import circles: {circles}"


def test_the_checks_see_a_circle_and_an_upward_import(tmp_path):
    """The checks themselves can fail: a made-up upward import and circle are caught."""
    assert not allowed("bot.game.service", "bot.discord.client")
    assert not allowed("bot.store.sqlite", "bot.game.service")
    assert not allowed("engine.flow", "words")
    assert allowed("bot.discord.client", "bot.game.service")
    (tmp_path / "a.py").write_text("import b\n")
    (tmp_path / "b.py").write_text("def f():\n    from a import x\n")
    known = {"a", "b"}
    assert imports_of(tmp_path / "a.py", "a", known) == {"b"}
    assert imports_of(tmp_path / "b.py", "b", known) == {"a"}  # a lazy import counts


#: ``# type: ignore[code, ...]  # why``: the codes it silences, and the reason on the same line.
_IGNORE = re.compile(r"#\s*type:\s*ignore(?P<codes>\[[a-z-]+(?:,\s*[a-z-]+)*\])?(?P<rest>.*)")


def unexplained_ignores(text: str) -> list[str]:
    """The ``type: ignore`` comments in ``text`` that name no error code or give no reason."""
    bad = []
    for token in tokenize.generate_tokens(io.StringIO(text).readline):
        match = _IGNORE.search(token.string) if token.type == tokenize.COMMENT else None
        if match and (not match["codes"] or not re.match(r"\s+#\s*\S", match["rest"])):
            bad.append(f"line {token.start[0]}: {token.string}")
    return bad


def test_every_type_ignore_names_its_code_and_says_why():
    """The type checker is silenced only line by line, for a named error, with the reason beside it."""
    bad = {name: found for name, path in modules().items() if (found := unexplained_ignores(path.read_text()))}
    assert not bad, f"type: ignore without [code] and  # reason: {bad}"
    assert unexplained_ignores("x = f()  # type: ignore\n")
    assert unexplained_ignores("x = f()  # type: ignore[arg-type]\n")
    assert unexplained_ignores("x = f()  # type: ignore[arg-type] - old style\n")
    assert not unexplained_ignores("x = f()  # type: ignore[arg-type]  # f takes None too\n")


#: bot/'s top floor: entry points, configuration and the composition root; a concern with modules
#: of its own (the playground) is a room below it.
TOP_FLOOR_MOST = 6
LINES_MOST = 400


def test_the_bots_top_floor_is_small_and_its_modules_short():
    top = sorted(p.name for p in (ROOT / "bot").glob("*.py"))
    assert len(top) <= TOP_FLOOR_MOST, f"bot/ holds {len(top)} modules at its top: {top}"
    long = {name: n for name, path in modules().items()
            if name.startswith("bot.") and (n := len(path.read_text().splitlines())) > LINES_MOST}
    assert not long, f"modules of bot/ over {LINES_MOST} lines: {long}"
