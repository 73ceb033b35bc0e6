"""``python -m words cards [--json] [--lang hu]``: every card's rules text and short effect;
``python -m words glossary``: every game term in every language (a Markdown table)."""

from __future__ import annotations

import argparse
import json

import words
from engine.data import DOMINANCE_CARDS
from words.glossary import PLAIN, glossary, term


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m words", description=__doc__)
    sub = parser.add_subparsers(dest="command", required=True)
    cd = sub.add_parser("cards", help="every card's rules text")
    cd.add_argument("--json", action="store_true")
    cd.add_argument("--lang", choices=words.LANGUAGES, default=words.DEFAULT)
    sub.add_parser("glossary", help="every game term in every language")
    args = parser.parse_args(argv)
    if args.command == "glossary":
        print("| kind | " + " | ".join(words.own_name(lang) for lang in words.LANGUAGES) + " |")
        print("|---|" + "---|" * len(words.LANGUAGES))
        for kind, entries in glossary().items():
            for ident, entry in entries.items():
                named = [entry[PLAIN]] + [term(f"{kind}.{ident}", lang) for lang in words.LANGUAGES[1:]]
                print(f"| {kind} | " + " | ".join(named) + " |")
        return 0
    cards = [{"id": c, "name": words.card_name(c, args.lang), "effect": words.card_effect(c, args.lang),
              "text": words.card_text(c, args.lang)} for c in (*sorted(DOMINANCE_CARDS), "Survival")]
    if args.json:
        print(json.dumps(cards, ensure_ascii=False))
    else:
        for c in cards:
            print(f"{c['name']}: {c['effect']}\n  {c['text']}\n")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
