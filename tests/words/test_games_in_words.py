"""Whole seeded games worded in both languages: every log entry, prompt and option, with no
missing text, no option over Discord's 100 characters and none of the old slips."""

from __future__ import annotations

import re

import pytest
from games import GAMES, game

import words
from engine.geometry import key_label
from words import render

LANGS = words.LANGUAGES
#: Slips the old English texts made: a count of one with a plural noun, "?." endings.
SLIPS = [re.compile(p) for p in (
    r"\b1 (moves|tiles|elements|APs|cards|species \w+s)\b",
    r"\?\.", r"\{|\}", r"\(s\)",
)]


def _check(text: str) -> None:
    assert text.strip() and text == text.strip(), repr(text)
    for slip in SLIPS:
        assert not slip.search(text), text


@pytest.mark.parametrize("players,seed,multi", GAMES)
@pytest.mark.parametrize("lang", LANGS)
def test_the_whole_log_reads_in_each_language(players, seed, multi, lang):
    state, _ = game(players, seed, multi)
    lines = words.lines(state["log"], lang, turn=True)
    assert len(lines) == len(state["log"]) > 200
    for text in lines:
        _check(text)
    assert lines[-1].startswith(("T", "[")) and state["result"] is not None


@pytest.mark.parametrize("players,seed,multi", GAMES)
@pytest.mark.parametrize("lang", LANGS)
def test_every_prompt_and_option_reads_and_fits(players, seed, multi, lang):
    _, prompts = game(players, seed, multi)
    for p in prompts:
        text = words.prompt_text(p, lang)
        _check(text)
        # the bot ends "Now: Ann (birds) - <prompt>." with its own full stop
        assert not text.endswith((".", "?", "!", ":")), text
        for o in p.options:
            full = render.render("opt." + o.text.key, o.text.args, lang)  # unclipped
            assert len(full) <= words.MAX_LABEL, full
            _check(full)
            assert words.option(o, lang) == full
            described = words.option_description(o, lang)
            assert described is None or 0 < len(described) <= words.MAX_LABEL
            if "corner" in o.text.args:  # a corner by the tag the turn picture draws on it
                assert key_label(o.text.args["corner"]["corner"]) in full, full


@pytest.mark.parametrize("lang", LANGS)
def test_the_two_languages_say_different_things_in_the_same_shape(lang):
    state, prompts = game(4, 1, False)
    other = "hu" if lang == "en" else "en"
    assert words.lines(state["log"], lang) != words.lines(state["log"], other)
    # a decision's line starts with who chose, in the language's name for the animal
    entry = next(e for e in state["log"] if e.get("animal"))
    assert words.line(entry, lang).startswith(words.term("animal." + entry["animal"], lang) + ": ")


def test_card_choices_carry_their_effect():
    seen = set()
    for g in GAMES:
        for p in game(*g)[1]:
            if p.kind != "choose_card":
                continue
            for o in p.options:
                card = o.text.args["card"]
                seen.add(card)
                for lang in LANGS:
                    assert words.option(o, lang) == words.card_name(card, lang)
                    assert words.option_description(o, lang) == words.card_effect(card, lang)
    assert len(seen) >= 20
    for card in seen | {"Survival"}:
        for lang in LANGS:
            assert 10 < len(words.card_effect(card, lang)) <= 100
            assert len(words.card_text(card, lang)) > len(words.card_effect(card, lang)) * 0.9


def test_old_english_lines_are_shown_as_they_are():
    old = "T3 Birds: speciates 2 species onto the savannah at C4"
    assert words.line(old, "hu", turn=True) == old
    assert words.line(old, "en") == "Birds: speciates 2 species onto the savannah at C4"


def test_pick_language_from_a_discord_locale():
    assert [words.pick_language(x) for x in ("hu", "en-US", "en-GB", "de", None, "", "HU")] == \
        ["hu", "en", "en", "en", "en", "en", "hu"]
    with pytest.raises(ValueError):
        words.line({"turn": 1, "key": "phase.planning"}, "de")


def test_plural_forms_follow_the_count():
    one = {"turn": 2, "key": "survival", "args": {"holder": "birds", "n": 1, "vp": 1}}
    three = {"turn": 2, "key": "survival", "args": {"holder": "birds", "n": 3, "vp": 6}}
    assert words.line(one) == "Survival: Birds occupy 1 tundra tile, +1 VP."
    assert words.line(three) == "Survival: Birds occupy 3 tundra tiles, +6 VP."
    assert words.line(one, "hu") == "Túlélés: Madarak 1 tundra mezőn vannak jelen, +1 VP."
    assert words.line(three, "hu") == "Túlélés: Madarak 3 tundra mezőn vannak jelen, +6 VP."
    ask = {"text": {"key": "migration", "args": {"n": 1}}}
    assert words.prompt_text(ask) == "Migration: move a species (1 move left)"
    assert words.prompt_text({"text": {"key": "migration", "args": {"n": 4}}}) == \
        "Migration: move a species (4 moves left)"
    placed = {"key": "species_placed", "args": {"n": 1, "tile": {"hex": "0,0", "terrain": "tundra"}}}
    assert words.line({"turn": 1, "animal": "insects", **placed}, "hu") == "Rovarok: 1 fajt tesznek a tundrára (D3)"
    assert words.ngettext("log.species_placed", 3, "en", tile={"hex": "0,0", "terrain": "tundra"}) == \
        "places 3 species on the tundra at D3"


def test_a_text_that_cannot_be_worded_never_fails_a_player(monkeypatch):
    monkeypatch.setattr(render, "STRICT", False)
    odd = {"turn": 1, "key": "no.such.key", "animal": "birds", "args": {"n": 2}}
    assert words.line(odd, "hu").startswith("Madarak: log.no.such.key")


def test_a_text_that_cannot_be_worded_is_logged_once_as_an_error(monkeypatch, caplog):
    monkeypatch.setattr(render, "STRICT", False)
    monkeypatch.setattr(words, "_MISSED", set())
    for _ in range(3):
        assert words.gettext("pic.tile.scores", "hu", wrong="8 / 4").startswith("pic.tile.scores")
    errors = [r for r in caplog.records if r.levelname == "ERROR"]
    assert len(errors) == 1 and "pic.tile.scores" in errors[0].getMessage() and "hu" in errors[0].getMessage()
