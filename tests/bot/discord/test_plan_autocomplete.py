"""Every value the plan's autocomplete offers is accepted as offered (issue 38's defect): a
Competition space's label has commas inside its brackets ("Competition 8 (sea, jungle, and
tundra)"), and the parser cut it there and refused it.  Checked for every space an animal may
plan, alone and between others, in every language."""

from __future__ import annotations

import pytest

import words
from bot.discord.plans import wish_choices
from bot.game.plans import parse_plan
from engine.plan import plannable
from words import spaces as spelled
from words.render import space_name

SPACES = plannable()
COMPETITION = [s for s in SPACES if s.startswith("competition")]


def pick(current: str, space: str, lang: str) -> str:
    """What a player has in the box after typing the start of ``space``'s label after
    ``current`` and picking the value the autocomplete offers for it."""
    label = space_name(space, lang)
    offered = [c.value for c in wish_choices(current + label[:7], lang)]
    offered += [c.value for c in wish_choices(current + label, lang)]
    chosen = [v for v in offered if v.endswith(label)]
    assert chosen, (current, label, offered)
    return chosen[0]


@pytest.mark.parametrize("lang", words.LANGUAGES)
def test_every_offered_space_parses_back_to_itself(lang):
    for space in SPACES:
        assert parse_plan(pick("", space, lang), lang).wishes == (space,)


@pytest.mark.parametrize("lang", words.LANGUAGES)
def test_offered_values_chained_with_competition_spaces_parse_in_order(lang):
    assert COMPETITION  # the labels with commas inside their brackets
    for space in SPACES:
        for other in COMPETITION:
            if other == space:
                continue
            first = pick("", other, lang)
            value = pick(first + ", ", space, lang)
            assert value.startswith(first + ", ")  # the label before is kept whole, commas and all
            assert parse_plan(value, lang).wishes == (other, space), value
            then = pick(pick("", space, lang) + ", ", other, lang)
            assert parse_plan(then, lang).wishes == (space, other), then


def test_commas_cut_only_outside_brackets():
    assert spelled.split("Competition 8 (sea, jungle, and tundra), wanderlust 2; speciation meat") == [
        "Competition 8 (sea, jungle, and tundra)", "wanderlust 2", "speciation meat"]
    # an unclosed bracket keeps the rest together: it is one item, refused as one
    assert spelled.split("wanderlust 1, competition 8 (sea, jungle") == ["wanderlust 1", "competition 8 (sea, jungle"]
    assert spelled.pieces("a, b,") == ["a", " b", ""]  # the last piece is the one being typed


@pytest.mark.parametrize("lang", words.LANGUAGES)
def test_offered_rows_and_the_best_open_space_parse_back(lang):
    rows = [c.value for c in wish_choices("wanderlust 1, dom", lang)]
    assert rows and all(v.startswith("wanderlust 1, ") for v in rows)
    for value in rows:
        assert parse_plan(value, lang).wishes[0] == "wanderlust-1", value
    best = spelled.best_label(lang)
    offered = [c.value for c in wish_choices("domination 1, " + best[:6], lang)]
    assert "domination 1, " + best in offered
    plan = parse_plan("domination 1, " + best, lang)
    assert plan.wishes == ("domination-1",) and plan.best
