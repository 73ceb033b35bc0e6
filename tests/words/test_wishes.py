"""Standing plans as players type them (words/spaces.py): rows ("Domination", "any Domination",
"bármelyik Domináció"), spaces as before, "then the best open space" last; every label a player
is shown reads back as the same wish, in every language."""

import pytest

import words
from engine.data import ACTION_ROWS
from engine.plan import plannable
from engine.standing import Standing
from words import spaces

LANGS = words.LANGUAGES


@pytest.mark.parametrize("lang", LANGS)
def test_every_row_and_space_label_reads_back_as_its_wish(lang):
    rows = [row.name for row in ACTION_ROWS if spaces.wish_of(spaces.wish_label(row.name, lang), lang)]
    assert "domination" in rows and "speciation" in rows
    for wish in (*rows, *plannable()):
        label = spaces.wish_label(wish, lang)
        assert Standing((spaces.wish_of(label, lang) or "?",)).wishes == Standing((wish,)).wishes, (wish, label)
    best = spaces.best_label(lang)
    assert spaces.is_best(best, lang)
    typed = ", ".join([*(spaces.wish_label(w, lang) for w in ("speciation", "competition-8", "domination")), best])
    assert spaces.standing_of(typed, lang) == spaces.Typed(("speciation", "competition-8", "domination"), True)


def test_the_issues_example_in_english_and_hungarian():
    want = spaces.Typed(("speciation", "wanderlust-2", "domination"), False)
    assert spaces.standing_of("Speciation, wanderlust 2, any Domination", "en") == want
    assert spaces.standing_of("fajképződés, Wanderlust 2, bármelyik domináció", "hu") == want
    assert spaces.standing_of("Speciation, wanderlust 2, any Domination", "hu") == want  # English works everywhere
    with_best = spaces.standing_of("speciation meat; any migration; then the best open space", "en")
    assert with_best == spaces.Typed(("speciation-1", "migration"), True)
    hu_best = spaces.standing_of("fajképződés hús, aztán a legjobb szabad mező", "hu")
    assert hu_best == spaces.Typed(("speciation-1",), True)


def test_a_row_may_be_wished_twice_a_space_once_and_a_row_of_one_space_is_that_space():
    typed = spaces.standing_of("any domination, domination 1, domination, domination-1, initiative, any wasteland",
                               "en")
    assert typed.wishes == ("domination", "domination-1", "domination", "initiative-1", "wasteland-1")


@pytest.mark.parametrize("text,problem", [
    ("speciation, best, domination", (spaces.BEST_NOT_LAST, "best")),
    ("speciation, somewhere nice", (spaces.UNKNOWN, "somewhere nice")),
    ("regression 3", (spaces.OWN_SPACE, "regression 3")),
    (" , ;", (spaces.EMPTY, " , ;")),
    ("any", (spaces.UNKNOWN, "any")),
])
def test_what_is_not_understood_is_named(text, problem):
    typed = spaces.standing_of(text, "en")
    assert typed.problem == problem and not typed.best


def test_the_autocomplete_offers_rows_first_then_spaces():
    assert spaces.matching_wishes("domin", "en")[:3] == ["domination", "domination-1", "domination-2"]
    assert spaces.matching_wishes("bármelyik", "hu") == [row.name for row in ACTION_ROWS
                                                          if spaces.wish_label(row.name, "hu").startswith("bármelyik")]


def test_a_stop_and_a_refusal_are_worded_in_both_languages():
    from engine.text import msg

    seed = {"key": "abundance.element", "args": {"element": "seed"}}
    m = msg("stop.not_offered", choice=seed, prompt={"key": "speciation", "args": {"element": "seed"}})
    label = {lang: words.option({"text": seed}, lang) for lang in ("en", "hu")}
    assert label["en"] in words.reason(m, "en") and label["hu"] in words.reason(m, "hu")
    assert words.reason(m, "en") != words.reason(m, "hu")
