"""Alt text (words.alt): every picture of a scripted game, in English and Hungarian, says the
turn, the phase, who acts on what, what changed and the scores; the end picture the winner and
each animal's VPs by source; never more than Discord's 1,024 characters."""

from __future__ import annotations

import pytest

import engine
import words
from engine import vp
from engine.history import replay
from engine.simulate import random_game
from words.alt import KINDS, LIMIT, alt_text

HEAD = {"en": "Turn {turn}", "hu": "{turn}. forduló"}


def scripted(players: int, seed: int) -> tuple[dict, list[tuple[int, str]], dict]:
    state, moves = random_game(players, seed)
    setup = {"players": players, "seed": seed, "multi_animal": False,
             "animals": [s["animals"] for s in state["seats"]]}
    return state, moves, setup


@pytest.mark.parametrize("lang", ["en", "hu"])
@pytest.mark.parametrize(("players", "seed"), [(2, 3), (6, 4)])
def test_every_picture_of_a_scripted_game_has_its_alt_text(players, seed, lang):
    final, moves, setup = scripted(players, seed)
    step = max(1, len(moves) // 12)
    before = None
    for k in range(0, len(moves), step):
        state = replay(setup, moves[:k])
        p = engine.prompt(state)
        tile = next(iter(state["tiles"]))
        for kind in ("turn", "board", "tile", "history"):
            text = alt_text(state, lang, kind=kind, before=before, tile=tile)
            assert len(text) <= LIMIT, (kind, k, len(text))
            assert HEAD[lang].format(turn=state["turn"]).lower() in text.lower()
            assert words.term(f"phase.{state['phase']}", lang).lower() in text.lower()
            assert f"{state['seats'][p.seat]['name']} ({words.term('animal.' + p.animal, lang)})" in text
            assert words.prompt_text(p, lang)[:40] in text
            for a, record in state["animals"].items():
                assert f"{words.term('animal.' + a, lang)} {record['vp']} VP" in text
        if before is not None:  # what changed since the picture before: its newest line at least
            newest = words.line(state["log"][-1], lang).rstrip(".")
            assert newest[:60] in alt_text(state, lang, kind="turn", before=before)
        assert words.tile(state, tile, lang, "short") in alt_text(state, lang, kind="tile", tile=tile)
        before = state
    text = alt_text(final, lang, kind="final")
    assert len(text) <= LIMIT
    res = final["result"]
    winner = final["seats"][res["winner_seat"]]["name"]
    assert f"{winner} ({words.term('animal.' + res['winner'], lang)}), {res['seat_scores'][res['winner_seat']]} VP" \
        in text
    best = max(final["animals"], key=lambda a: final["animals"][a]["vp"])
    sources = ", ".join(f"{words.vp_source(s, lang)} {n}" for s, n in vp.breakdown(final, best).items())
    assert f"{words.term('animal.' + best, lang)} {final['animals'][best]['vp']} VP: {sources}" in text


@pytest.mark.parametrize("lang", ["en", "hu"])
def test_alt_text_fits_by_construction_however_long_the_names_and_the_story(lang):
    final, moves, setup = scripted(6, 4)
    for seat in final["seats"]:
        seat["name"] = "W" * 32  # Discord's longest display name
    state = replay({**setup, "names": [s["name"] for s in final["seats"]]}, moves[:400])
    for seat in state["seats"]:
        seat["name"] = "Ö" * 300  # longer than any name can be: still cut, never refused
    start = replay(setup, [])
    for kind in KINDS:
        assert len(alt_text(state, lang, kind=kind, before=start, tile="0,0")) <= LIMIT
    told = alt_text(state, lang, kind="turn", before=start)  # 400 choices of story: the newest kept
    assert words.gettext("alt.changed", lang) in told and ("earlier line" in told or "korábbi sor" in told)
    final["seats"][final["result"]["winner_seat"]]["name"] = "Ü" * 3000
    assert len(alt_text(final, lang, kind="final")) <= LIMIT
    with pytest.raises(ValueError, match="unknown picture kind"):
        alt_text(state, lang, kind="poster")
