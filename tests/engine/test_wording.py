"""What the log and the options say, position by position (issue "a channel people can still
talk in", point 4): every line names what changed, every option what it does."""

from __future__ import annotations

import re

from helpers import (
    act,
    card_id,
    english_log,
    fresh,
    hk,
    offer,
    put_element,
    put_species,
    run_reset,
    start_action,
)

import engine
import words
from engine.geometry import corner_from_key, hex_key, hex_label, key_label
from engine.state import vacant_corners


def tile(label: str, terrain: str) -> dict:
    return {"hex": hk(label), "terrain": terrain}


def since(state: dict, n: int) -> tuple[list, list[str], list[str]]:
    """The entries after the first ``n``, in English and in Hungarian."""
    new = state["log"][n:]
    return new, words.lines(new, "en"), words.lines(new, "hu")


def test_catastrophe_lists_the_species_it_killed_per_tile():
    state = fresh()
    put_species(state, "D3", "reptiles", 3)
    put_species(state, "D3", "birds", 2)
    put_species(state, "D3", "mammals", 1)
    put_species(state, "C3", "insects", 2)  # alone: loses one without a question
    put_species(state, "D2", "arachnids", 1)
    put_species(state, "D2", "amphibians", 2)
    offer(state, "mammals", "Catastrophe")
    act(state, card_id("Catastrophe"))
    act(state, "tile:D3")
    n = len(state["log"])
    act(state, "keep:birds")
    new, en, hu = since(state, n)
    assert new[0] == {"turn": 1, "key": "catastrophe.spared", "animal": "mammals",
                      "args": {"victim": "birds", "tile": tile("D3", "tundra")}}
    assert new[1]["args"]["losses"] == [
        {"animal": "reptiles", "n": 3, "tile": tile("D3", "tundra")},
        {"animal": "birds", "n": 1, "tile": tile("D3", "tundra")},
        {"animal": "mammals", "n": 1, "tile": tile("D3", "tundra")},
    ]
    assert en[:2] == ["Mammals: spares one of the Birds on the tundra at D3",
                      "Catastrophe: Reptiles lose 3 on the tundra at D3; Birds lose 1 on the tundra at D3; "
                      "Mammals lose 1 on the tundra at D3."]
    assert en[2] == "Catastrophe: Insects lose 1 on the jungle at C3."  # the tile next door that needed no choice
    assert hu[1] == ("Katasztrófa: Hüllők −3 faj a tundrán (D3); Madarak −1 faj a tundrán (D3); "
                     "Emlősök −1 faj a tundrán (D3).")
    assert hu[2] == "Katasztrófa: Rovarok −1 faj a dzsungelben (C3)."
    p = engine.prompt(state)
    assert words.prompt_text(p) == "Catastrophe: choose who loses a species on D2 wetland"
    assert words.option(p.option("eliminate:amphibians"), "hu") == "Kétéltűek: 1 faj eltávolítása (D2 mocsár)"


def test_extinction_says_how_many_of_whom_died_where():
    state = fresh()  # no element on earth: every species is endangered
    put_species(state, "D2", "birds", 2)
    put_species(state, "D2", "amphibians", 3)
    put_species(state, "E3", "insects", 1)
    n = len(state["log"])
    run_reset(state)
    entry = next(e for e in state["log"][n:] if e["key"] == "extinction")
    assert sorted((x["animal"], x["n"], x["tile"]["hex"]) for x in entry["args"]["losses"]) == [
        ("amphibians", 3, hk("D2")), ("birds", 2, hk("D2")), ("insects", 1, hk("E3"))]
    en, hu = words.line(entry, "en"), words.line(entry, "hu")
    for part in ("Birds lose 2 on the wetland at D2", "Amphibians lose 3 on the wetland at D2",
                 "Insects lose 1 on the savannah at E3"):
        assert part in en
    for part in ("Madarak −2 faj a mocsárban (D2)", "Kétéltűek −3 faj a mocsárban (D2)",
                 "Rovarok −1 faj a szavannán (E3)"):
        assert part in hu
    assert en.startswith("Extinction: ") and hu.startswith("Kihalás: ")


def test_the_mammals_save_names_the_tile():
    state = fresh()
    put_species(state, "D4", "mammals", 2)
    run_reset(state)
    p = engine.prompt(state)
    assert p.kind == "extinction_save"
    assert words.option(p.option("save:D4")) == "Save 1 mammal species on D4 mountain"
    n = len(state["log"])
    act(state, "save:D4")
    _, en, hu = since(state, n)
    assert en[:2] == ["Mammals: saves 1 species on the mountain at D4 from Extinction",
                      "Extinction: Mammals lose 1 on the mountain at D4."]
    assert hu[1] == "Kihalás: Emlősök −1 faj a hegyen (D4)."


def test_reseed_names_the_new_cards_and_elements():
    state = fresh()
    gone = state["cards"].pop(0)
    state["cards_taken"].append(gone)
    dealt = state["deck"][0]
    n = len(state["log"])
    run_reset(state)
    new = state["log"][n:]
    cards = next(e for e in new if e["key"] == "reseed.cards")
    assert cards["args"]["cards"] == [dealt]
    boxes = next(e for e in new if e["key"] == "reseed.boxes")["args"]["boxes"]
    assert {b["action"]: b["elements"] for b in boxes} == {k: sorted(v) for k, v in state["boxes"].items()}
    en = words.line(cards, "en")
    assert en == f"Reseed, cards dealt: {dealt}."
    assert words.line(cards, "hu") == f"Utánpótlás, felcsapott kártyák: {words.card_name(dealt, 'hu')}."
    box_line = words.line(next(e for e in new if e["key"] == "reseed.boxes"))
    adaptation = sorted(state["boxes"]["adaptation"])
    assert f"Adaptation: {', '.join(adaptation[:-1])}, and {adaptation[-1]}" in box_line


def test_the_reseed_says_no_card_is_left_only_when_the_deck_is_empty():
    state = fresh()  # every card of the row still face up: none is dealt, and none is missing
    n = len(state["log"])
    run_reset(state)
    assert "reseed.no_cards" not in [e["key"] for e in state["log"][n:]]
    state = fresh()
    state["cards_taken"].append(state["cards"].pop(0))
    state["deck"].clear()
    n = len(state["log"])
    run_reset(state)
    assert "reseed.no_cards" in [e["key"] for e in state["log"][n:]]


def test_a_corner_is_named_after_the_tiles_around_it():
    state = fresh()
    put_element(state, "D3-NE", "grub")  # D2, D3 and E3 meet there
    put_species(state, "D3", "arachnids", 1)
    start_action(state, "speciation", "arachnids", 4)  # the grub space
    p = engine.prompt(state)
    corner = next(o for o in p.options if o.id.startswith("corner:"))
    assert words.option(corner) == "grub at D2-SE (between D2, D3 and E3)"  # the tag the picture draws
    assert words.option(corner, "hu") == "lárva a D2-SE sarkon (D2, D3 és E3 között)"


def test_a_corner_is_never_named_after_an_empty_hex():
    state = fresh()
    earth = {hex_label(tuple(map(int, k.split(",")))) for k in state["tiles"]}
    corners = vacant_corners(state)
    assert corners
    for ckey in corners:
        around = [hex_key(h) for h in corner_from_key(ckey)]
        on_earth = [k for k in around if k in state["tiles"]]
        ref = {"corner": ckey, "tiles": sorted(on_earth)}
        for lang in ("en", "hu"):
            text = words.gettext("opt.place_element", lang, element="sun", corner=ref)
            tag = key_label(ckey)  # the corner's own label (it may start from an empty hex)
            assert tag in text, text
            named = set(re.findall(r"\b[A-G][1-6]\b", text.replace(tag, "")))
            assert named <= earth, text
            assert len(named) == len(on_earth), text


def test_no_old_slips_in_counts_and_questions():
    state = fresh()
    put_species(state, "D3", "birds", 2)
    start_action(state, "migration", "birds", 4)  # the space that moves 3
    p = engine.prompt(state)
    assert words.prompt_text(p) == "Migration: move a species (3 moves left)"
    act(state, next(o.id for o in p.options if o.id != "done"))
    assert [words.option(o) for o in engine.prompt(state).options] == ["Move 2 species", "Move 1 species"]
    act(state, "count:1")
    assert english_log(state)[-1].startswith("T1 Birds: migrates 1 species from the tundra at D3 to")
    assert words.prompt_text(engine.prompt(state)) == "Migration: move a species (2 moves left)"
    assert words.prompt_text(engine.prompt(state), "hu") == "Migráció: mozgass egy fajt (még 2 lépés)"
