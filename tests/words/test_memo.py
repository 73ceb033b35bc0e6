"""The memo of worded texts holds at most its bound in bytes (issue 40: it held 50,000 texts
whatever their size, each key's bytes 4 KB at least), the oldest out first, and counts its hits."""

from __future__ import annotations

import tracemalloc

import words


def forget() -> None:
    words._WORDED.clear()
    words._worded[0] = 0


def test_wording_many_long_texts_holds_at_most_the_memos_bound():
    forget()
    tracemalloc.start()
    try:
        before = tracemalloc.get_traced_memory()[0]
        for i in range(30_000):  # 1 KB options: 30 MB of texts, were they all kept
            words.gettext("bot.you_chose", "en", option=f"{i:06d}" + "x" * 1000)
        held = tracemalloc.get_traced_memory()[0] - before
    finally:
        tracemalloc.stop()
    assert words.caches()[0]["bytes"] <= words.WORDED_BYTES
    assert held <= 1.25 * words.WORDED_BYTES, held  # its own count is near what Python holds
    assert len(words._WORDED) < 30_000 / 4


def test_a_text_worded_again_is_a_hit_while_others_come_and_go():
    forget()
    hits, misses = (c := words.caches()[0])["hits"], c["misses"]
    first = words.gettext("bot.you_chose", "en", option="Wanderlust")
    for i in range(20_000):
        assert words.gettext("bot.you_chose", "en", option="Wanderlust") == first
        words.gettext("bot.you_chose", "hu", option=f"{i} " + "y" * 400)
    now = words.caches()[0]
    assert now["hits"] - hits >= 19_990  # out with the oldest now and then, worded again once
    assert now["hits"] - hits + now["misses"] - misses == 40_001
    assert now["bytes"] <= now["bound"] and now["entries"] < 20_000
    assert now["bytes"] == sum(words._entry_size(k, t) for k, t in words._WORDED.items())
