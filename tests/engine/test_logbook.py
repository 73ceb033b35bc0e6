"""Log helpers: turns, filters, pages and recaps over a game's log lines."""

from __future__ import annotations

from played import played

from engine import logbook

LOG = [
    "T1 Setup: Birds, Insects; initiative Insects, Birds.",
    "T1 Insects: places an AP on Speciation 6 (grass)",
    "T1 Birds: places an AP on Wanderlust 1",
    "T1 Execution phase begins.",
    "T1 Insects: speciates around the grass at D3-E",
    "T1 Birds: forfeits Wanderlust",
    "T1 Reset phase begins.",
    "T1 Extinction: Birds 1 on C4 forest.",
    "T2 Planning phase begins.",
    "T2 Insects: places an AP on Domination 1",
    "T2 Insects: scores the desert at E4: Insects +4, Birds +2; Insects dominate it and choose a card",
    "T12 Birds: forfeits Migration",
]


def test_turns_and_lines_of_a_turn():
    assert logbook.turns(LOG) == [1, 2, 12]
    assert logbook.lines_of_turn(LOG, 2) == LOG[8:11]
    assert logbook.lines_of_turn(LOG, 1) == LOG[:8]  # T12 is not T1
    assert logbook.lines_of_turn(LOG, 5) == []
    assert logbook.turn_of(LOG[-1]) == 12 and logbook.turn_of("no prefix") is None
    assert logbook.text_of(LOG[1]) == "Insects: places an AP on Speciation 6 (grass)"
    assert logbook.lines_since(LOG, 10) == LOG[10:] and logbook.lines_since(LOG, 99) == []


def test_lines_about_an_animal_include_what_befell_it():
    birds = logbook.lines_about(LOG, ["birds"])
    assert birds == [LOG[0], LOG[2], LOG[5], LOG[7], LOG[10], LOG[11]]
    assert logbook.lines_about(LOG, ["mammals"]) == []


def test_a_recap_is_what_the_others_did_since_my_last_decision():
    r = logbook.recap(LOG[:11], ["birds"])
    assert r.omitted == 0
    assert r.lines == ["Extinction: Birds 1 on C4 forest.", "Insects: places an AP on Domination 1",
                       "Insects: scores the desert at E4: Insects +4, Birds +2; Insects dominate it and "
                       "choose a card"]
    assert logbook.recap(LOG[:3], ["insects"]).lines == ["Birds: places an AP on Wanderlust 1"]
    assert logbook.recap(LOG, ["birds"]).lines == []  # the birds acted last


def test_a_recap_is_never_a_wall():
    state, _ = played(6, 4)
    lines = state["log"]
    mine = state["seats"][0]["animals"]
    for cut in range(200, len(lines), 97):
        r = logbook.recap(lines[:cut], mine, limit=5)
        assert len(r.lines) <= 5 and all(len(x) <= 160 for x in r.lines)
        assert len(r.text().splitlines()) <= 6
        assert not any(x.startswith(f"{mine[0].capitalize()}: ") for x in r.lines)


def test_pages_cover_the_whole_log_by_turn_within_the_size():
    state, _ = played(6, 4)
    lines = state["log"]
    pages = logbook.pages(lines, max_chars=1000)
    assert [ln for p in pages for ln in p.lines] == [logbook.text_of(x) for x in lines]
    assert all(len("\n".join(p.lines)) <= 1000 for p in pages)
    assert [p.turn for p in pages] == sorted(p.turn for p in pages)
    assert {p.turn for p in pages} == set(range(1, state["turn"] + 1))
    long = [p for p in pages if p.parts > 1]
    assert long and all(1 <= p.part <= p.parts for p in long)
    mine = logbook.pages(logbook.lines_about(lines, ["birds"]))
    assert all("birds" in ln.lower() for p in mine for ln in p.lines)
