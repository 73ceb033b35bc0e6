"""Log helpers: turns, filters, pages and recaps over a game's log entries, and over the
English lines of states saved before the log was structured."""

from __future__ import annotations

from played import played

import words
from engine import logbook


def english(entry) -> str:
    return words.line(entry, "en")


#: A log as states before schema 2 kept it: English lines.
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
    r = logbook.recap(LOG[:11], ["birds"], english)
    assert r.omitted == 0
    assert r.lines == ["Extinction: Birds 1 on C4 forest.", "Insects: places an AP on Domination 1",
                       "Insects: scores the desert at E4: Insects +4, Birds +2; Insects dominate it and "
                       "choose a card"]
    assert logbook.recap(LOG[:3], ["insects"], english).lines == ["Birds: places an AP on Wanderlust 1"]
    assert logbook.recap(LOG, ["birds"], english).lines == []  # the birds acted last


#: The same story as structured entries (schema 2).
ENTRIES = [
    {"turn": 1, "key": "setup", "args": {"animals": ["birds", "insects"], "initiative": ["insects", "birds"]}},
    {"turn": 1, "key": "ap_placed", "animal": "insects", "args": {"space": "speciation-6"}},
    {"turn": 1, "key": "ap_placed", "animal": "birds", "args": {"space": "wanderlust-1"}},
    {"turn": 1, "key": "phase.execution"},
    {"turn": 1, "key": "forfeits", "animal": "birds", "args": {"action": "wanderlust"}},
    {"turn": 1, "key": "phase.reset"},
    {"turn": 1, "key": "extinction",
     "args": {"losses": [{"animal": "birds", "n": 1, "tile": {"hex": "-1,1", "terrain": "forest"}}]}},
    {"turn": 2, "key": "phase.planning"},
    {"turn": 2, "key": "ap_placed", "animal": "insects", "args": {"space": "domination-1"}},
    {"turn": 12, "key": "forfeits", "animal": "birds", "args": {"action": "migration"}},
]


def test_structured_entries_and_old_lines_read_alike():
    assert logbook.turns(ENTRIES) == [1, 2, 12]
    assert logbook.lines_of_turn(ENTRIES, 2) == ENTRIES[7:9]
    assert [logbook.by(e) for e in ENTRIES[:3]] == [None, "insects", "birds"]
    assert [logbook.by(x) for x in LOG[:3]] == [None, "insects", "birds"]
    # the birds' own lines and the Extinction that struck them; never the insects' alone
    assert logbook.lines_about(ENTRIES, ["birds"]) == [ENTRIES[i] for i in (0, 2, 4, 6, 9)]
    r = logbook.recap(ENTRIES[:9], ["birds"], english)
    assert r.lines == ["Extinction: Birds lose 1 on the forest at C4.", "Insects: places an AP on Domination 1"]
    hu = logbook.recap(ENTRIES[:9], ["birds"], lambda e: words.line(e, "hu"))
    assert hu.lines == ["Kihalás: Madarak −1 faj az erdőben (C4).", "Rovarok: AP-t tesznek ide: Domináció 1"]
    # a state whose log began in English and went on structured reads as one log
    mixed = LOG[:8] + ENTRIES[7:]
    assert logbook.turns(mixed) == [1, 2, 12]
    assert words.lines(mixed, "en", turn=True)[7:9] == ["T1 Extinction: Birds 1 on C4 forest.",
                                                         "T2 Planning phase begins."]


def test_a_recap_is_never_a_wall():
    state, _ = played(6, 4)
    lines = state["log"]
    mine = state["seats"][0]["animals"]
    for cut in range(200, len(lines), 97):
        r = logbook.recap(lines[:cut], mine, english, limit=5)
        assert len(r.lines) <= 5 and all(len(x) <= 160 for x in r.lines)
        assert len(r.text().splitlines()) <= 6
        assert not any(x.startswith(f"{words.term('animal.' + mine[0])}: ") for x in r.lines)


def test_pages_cover_the_whole_log_by_turn_within_the_size():
    state, _ = played(6, 4)
    lines = state["log"]
    pages = logbook.pages(lines, english, max_chars=1000)
    assert [ln for p in pages for ln in p.lines] == [english(x) for x in lines]
    assert all(len("\n".join(p.lines)) <= 1000 for p in pages)
    assert [p.turn for p in pages] == sorted(p.turn for p in pages)
    assert {p.turn for p in pages} == set(range(1, state["turn"] + 1))
    long = [p for p in pages if p.parts > 1]
    assert long and all(1 <= p.part <= p.parts for p in long)
    mine = logbook.pages(logbook.lines_about(lines, ["birds"]), english)
    assert all("birds" in ln.lower() for p in mine for ln in p.lines)
