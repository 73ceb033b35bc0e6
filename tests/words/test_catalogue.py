"""The catalogues are complete: every language found (each compared with English), every key the
engine can say, the same placeholders, all plural forms, no unused message, and every glossary
form a text asks for."""

from __future__ import annotations

import ast
import string
from pathlib import Path

import pytest

import words
from engine import data
from engine.data import DOMINANCE_CARDS, ROW_NAMES
from engine.geometry import corner_keys_of
from words import catalog, render
from words.glossary import PLAIN, glossary

ROOT = Path(__file__).resolve().parents[2]
NAMESPACES = ("log.", "opt.", "ask.", "err.")
#: Calls whose n-th argument is a message key in engine code.
KEY_ARG = {"msg": 0, "Msg": 0, "RulesError": 0, "skip": 2, "log": 1, "tile_option": 2}


def engine_keys() -> set[str]:
    """Every message key written in the engine's source (also in both arms of an ``a if c else b``)."""
    keys = set()
    for path in (ROOT / "engine").rglob("*.py"):
        for node in ast.walk(ast.parse(path.read_text())):
            if not isinstance(node, ast.Call):
                continue
            name = node.func.id if isinstance(node.func, ast.Name) else getattr(node.func, "attr", "")
            pos = KEY_ARG.get(name)
            if pos is None or len(node.args) <= pos:
                continue
            arg = node.args[pos]
            arms = [arg.body, arg.orelse] if isinstance(arg, ast.IfExp) else [arg]
            for a in arms:
                if isinstance(a, ast.Name) and a.id == "key":
                    continue  # a helper handing on its caller's key
                assert isinstance(a, ast.Constant) and isinstance(a.value, str), \
                    f"{path.name}:{node.lineno}: a message key must be written out, not computed"
                keys.add(a.value)
    return keys


def fields(text: str) -> dict[str, set[str]]:
    """Placeholder name -> the format specs (forms) it is used with."""
    out: dict[str, set[str]] = {}
    for _, name, spec, _ in string.Formatter().parse(text):
        if name is not None:
            out.setdefault(name, set()).add(spec or "")
    return out


def forms(value) -> tuple[str, ...]:
    return value if isinstance(value, tuple) else (value,)


EN = catalog.catalogue("en").messages
#: Every language found but English: each is compared with English.
OTHERS = words.LANGUAGES[1:]


@pytest.mark.parametrize("lang", OTHERS)
def test_every_language_has_every_english_message_with_a_text(lang):
    msgs = catalog.catalogue(lang).messages
    assert set(EN) == set(msgs), f"{lang}: not as in English: {sorted(set(EN) ^ set(msgs))}"
    for one, ones in (("en", EN), (lang, msgs)):
        nplurals = catalog.catalogue(one).nplurals
        for key, value in ones.items():
            assert all(f.strip() for f in forms(value)), f"{one}: {key} has an empty text"
            if isinstance(value, tuple):
                assert len(value) == nplurals, f"{one}: {key} lacks plural forms"
                assert isinstance(EN[key], tuple) == isinstance(msgs[key], tuple), key


@pytest.mark.parametrize("lang", words.LANGUAGES)
def test_translations_have_the_english_placeholders(lang):
    msgs = catalog.catalogue(lang).messages
    for key, en in EN.items():
        want = set(fields(forms(en)[-1]))
        value = msgs[key]
        for text in forms(value):
            got = set(fields(text))
            # a singular form may leave its count out ("the single species")
            assert got == want or (isinstance(value, tuple) and got | {"n"} == want), \
                f"{lang}: {key}: placeholders {sorted(got)} differ from the English {sorted(want)}"


def test_a_plural_message_has_its_count():
    for key, value in EN.items():
        if isinstance(value, tuple):
            assert "n" in fields(value[-1]), f"{key} has plural forms but no {{n}}"


def test_every_key_the_engine_writes_is_in_the_catalogue():
    missing = [k for k in engine_keys() if not any(ns + k in EN for ns in NAMESPACES)]
    assert missing == []


def _words_families() -> set[str]:
    """Messages the words layer and the rules help ask for by name."""
    slugs = [c.lower().replace(" ", "_") for c in (*DOMINANCE_CARDS, "Survival")]
    from bot.game.rules_help import PHASES, TERMS
    from words.alt import KEYS as ALT_KEYS
    from words.review import KEYS as REVIEW_KEYS

    return {
        "log.by", "log.turn", "vp.card", "log.tie_break",
        *(f"item.{name}" for name in render.ITEMS),
        *(f"space.{s}" for s in ("plain", "element", "migration", "terrains", "any_terrain", "waits")),
        *(f"card.{s}.{part}" for s in slugs for part in ("text", "short")),
        *(f"action.{row}.short" for row in ROW_NAMES),
        *(f"rules.action.{row}" for row in ROW_NAMES),
        *(f"rules.term.{t}" for t in TERMS if t != "survival"),
        *(f"rules.phase.{p}" for p in PHASES), *(f"rules.animal.{a}" for a in data.FOOD_CHAIN),
        "rules.hint", "rules.topic", "rules.unknown", "rules.unknown_did_you_mean", "rules.card_topic",
        "language.name", *(f"bot.language.{lang}" for lang in words.LANGUAGES),
        "wish.any_words", "wish.row", "wish.best_words", "wish.best",  # words.spaces: standing plans
        *ALT_KEYS, *REVIEW_KEYS,
    }


def _bot_side() -> set[str]:
    """Messages the bot and the renderers use: written-out keys, families by prefix, the commands."""
    from bot_keys import bot_keys

    from bot.discord.commands import command_keys

    exact, prefixes = bot_keys()
    return exact | {k for k in EN if k.startswith(tuple(prefixes))} | command_keys()


def test_every_key_the_bot_uses_is_in_every_catalogue():
    from bot_keys import bot_keys

    from bot.discord.commands import command_keys

    exact, prefixes = bot_keys()
    missing = sorted(k for k in exact | command_keys() for lang in words.LANGUAGES
                     if k not in catalog.catalogue(lang).messages)
    assert missing == []
    empty = sorted(p for p in prefixes if not any(k.startswith(p) for k in EN))
    assert empty == [], "a key family the bot builds has no message"


def test_no_message_is_unused():
    engine_side = {ns + k for k in engine_keys() for ns in NAMESPACES}
    unused = sorted(set(EN) - engine_side - _words_families() - _bot_side())
    assert unused == []


@pytest.mark.parametrize("lang", words.LANGUAGES)
def test_the_glossary_of_every_language_has_every_term(lang):
    g = glossary(lang)
    ids = {"animal": data.FOOD_CHAIN, "element": data.ELEMENTS, "terrain": data.TERRAINS, "action": ROW_NAMES,
           "card": (*DOMINANCE_CARDS, "Survival"), "point": ("NE", "E", "SE", "SW", "W", "NW")}
    for kind, want in ids.items():
        assert set(g[kind]) == set(want), kind
        for ident in want:
            assert g[kind][ident][PLAIN].strip(), (lang, kind, ident)
    assert set(g) == set(glossary("en")), f"{lang}: kinds of terms not as in English"
    for kind, entries in glossary("en").items():
        assert set(g[kind]) == set(entries), f"{lang}: {kind} terms not as in English"


@pytest.mark.parametrize("lang", words.LANGUAGES)
def test_every_form_a_text_asks_for_is_in_the_glossary(lang):
    """``{tile:onto}`` needs that form of every terrain; ``{card:the}`` of every card..."""
    g = glossary(lang)
    kinds_with_forms = {"animal", "element", "terrain", "action", "card"}
    msgs = catalog.catalogue(lang).messages
    for key, value in msgs.items():
        for text in forms(value):
            for name, specs in fields(text).items():
                kind = render.KINDS.get(name)
                for spec in specs - {""}:
                    if kind in kinds_with_forms:
                        for ident, entry in g[kind].items():
                            assert spec in entry, f"{lang}: {key}: {kind}.{ident} has no {spec} form"
                    elif kind == "tile":
                        assert spec in g["tile"]["name"], f"{lang}: {key}: no tile form {spec}"
                        if spec != "short":
                            assert all(spec in e for e in g["terrain"].values()), (lang, key, spec)
                    elif kind == "corner":
                        assert all(spec in e for e in g["corner"].values()), (lang, key, spec)
                    else:
                        pytest.fail(f"{lang}: {key}: {{{name}:{spec}}} asks a form of a kind without forms")


def test_every_parameter_name_the_engine_uses_has_a_kind():
    from games import GAMES, game

    known = set(render.KINDS) | set(render.ITEMS) | {"n", "vp", "stack", "number", "turn", "score"}

    def names(args):
        for k, v in args.items():
            yield k
            if k in render.ITEMS:
                for item in v:
                    yield from names(item)

    for g in GAMES:
        state, prompts = game(*g)
        seen = {k for e in state["log"] for k in names(e.get("args", {}))}
        seen |= {k for p in prompts for m in (p.text, *(o.text for o in p.options)) for k in names(m.args)}
        assert seen <= known, seen - known


def _example(name: str, spec: str, lang: str):
    """A value of the kind a parameter's name says (``render.KINDS``), for rendering a text."""
    if name in render.ITEMS:
        text = forms(catalog.catalogue(lang).messages[f"item.{name}"])[-1]
        return [{k: _example(k, next(iter(s)), lang) for k, s in fields(text).items()}]
    kind = render.KINDS.get(name)
    one = {
        "animal": "birds", "element": "grass", "terrain": "wetland", "card": "Ice Age", "action": "speciation",
        "tile": {"hex": "0,0", "terrain": "tundra"}, "space": "speciation-2", "phase": "planning",
        "corner": {"corner": corner_keys_of((0, 0))[0], "tiles": ["0,0"]},
        "prompt": {"key": "migration", "args": {"n": 2}},
        "choice": {"key": "adaptation.take", "args": {"element": "sun"}}, "raw": "Ann", "signed": 0.5, "language": "hu",
    }
    if kind is None:
        return 3  # a number, or a text its caller worded already
    if name.endswith("s") and name not in ("options",) and kind != "raw" or name == "initiative":
        return [one[kind], one[kind]]
    return [one[kind], "Bob"] if name == "options" else one[kind]


@pytest.mark.parametrize("lang", words.LANGUAGES)
def test_every_text_renders_with_parameters_of_its_kinds(lang):
    """Each message, worded strictly with an example of every placeholder's kind: a placeholder
    whose name says a kind its callers do not give, or a form the glossary lacks, is a miss."""
    msgs = catalog.catalogue(lang).messages
    for key, value in msgs.items():
        args = {name: _example(name, next(iter(specs)), lang)
                for text in forms(value) for name, specs in fields(text).items()}
        args.setdefault("n", 2)
        assert render.render(key, args, lang).strip(), key
