"""``rules [topic]`` (the playground) and ``/ds rules topic:`` (Discord): every action, phase,
animal, card and term, in either language, and a miss that says what may be asked."""

from __future__ import annotations

import pytest

import words
from bot.game.rules_help import explain
from engine.data import FOOD_CHAIN


@pytest.mark.parametrize("lang", words.LANGUAGES)
def test_the_phases_and_the_animals_are_topics(lang):
    miss = explain("no such thing", "en")
    for kind, ids in (("phase", ("planning", "execution", "reset")), ("animal", FOOD_CHAIN)):
        for ident in ids:
            name = words.term(f"{kind}.{ident}", lang)
            said = explain(name.upper(), lang)
            assert said.startswith(f"**{name}**: ") and len(said) > 60, said
            assert words.term(f"{kind}.{ident}", "en") in miss  # a miss lists them


def test_a_miss_lists_what_may_be_asked():
    for lang, head in (("en", "No rules topic 'xyzzy'. Ask about an action"), ("hu", "Nincs ilyen szabálytéma")):
        said = explain("xyzzy", lang)
        assert said.startswith(head) and words.term("action.speciation", lang) in said, said
        assert words.term("animal.birds", lang) in said and words.term("phase.reset", lang) in said
