import pytest

from words import render


@pytest.fixture(autouse=True)
def strict_words(monkeypatch):
    """A missing text or form fails the test instead of falling back."""
    monkeypatch.setattr(render, "STRICT", True)
