"""A language's terms are in its folder; a term (or a form) it lacks is English's, logged once."""

from __future__ import annotations

import logging
import shutil

import pytest

from words import glossary as g
from words.catalog import LOCALE_DIR


@pytest.fixture
def locale(tmp_path, monkeypatch):
    """A locale folder with English's glossary and a half-translated ``xx`` one."""
    (tmp_path / "en").mkdir()
    shutil.copy(LOCALE_DIR / "en" / g.FILE, tmp_path / "en" / g.FILE)
    (tmp_path / "xx").mkdir()
    (tmp_path / "xx" / g.FILE).write_text('[animal.birds]\nplain = "Vögel"\n\n[terrain.sea]\nplain = "Meer"\n')
    monkeypatch.setattr(g, "LOCALE_DIR", tmp_path)
    g.glossary.cache_clear()
    g._FELL_BACK.clear()
    yield tmp_path
    g.glossary.cache_clear()
    g._FELL_BACK.clear()


def test_a_language_says_its_own_terms(locale):
    assert g.term("animal.birds", "xx") == "Vögel"
    assert g.term("terrain.sea", "xx") == "Meer"


def test_a_term_a_language_lacks_is_englishs_and_logged_once(locale, caplog):
    with caplog.at_level(logging.WARNING, logger="words.glossary"):
        assert g.term("animal.insects", "xx") == "Insects"
        assert g.term("animal.insects", "xx") == "Insects"
        assert g.term("tile.name", "xx", "short") == "{label} {terrain}"  # a form it lacks, too
    told = [r.getMessage() for r in caplog.records]
    assert len(told) == 2 and "animal.insects" in told[0] and "xx" in told[0]


def test_a_language_without_a_glossary_is_worded_in_english(locale):
    assert g.term("animal.mammals", "yy") == "Mammals"
    assert g.article("A1", "yy") == ""


def test_a_term_english_lacks_too_is_a_key_error(locale):
    with pytest.raises(KeyError):
        g.term("animal.dragons", "xx")


def test_the_hungarian_article_is_by_the_labels_letter():
    assert (g.article("A1", "hu"), g.article("B2", "hu"), g.article("A1", "en")) == ("az", "a", "")
