"""Mass Exodus by position (engine/cards/mass_exodus.py)."""

from __future__ import annotations

from card_helpers import assert_resolved
from helpers import (
    act,
    assert_rejected,
    card_id,
    current,
    finished,
    fresh,
    hk,
    offer,
    option_ids,
    put_species,
    put_tile,
)


def test_mass_exodus_moves_every_species_off_the_tile_to_adjacent_tiles():
    state = fresh()
    put_species(state, "C3", "mammals", 2)
    put_species(state, "C3", "birds", 1)
    put_species(state, "E4", "reptiles", 1)
    put_species(state, "D2", "insects", 1)
    before = offer(state, "arachnids", "Mass Exodus")
    act(state, card_id("Mass Exodus"))
    p = current(state)
    assert (p.kind, p.animal, p.seat) == ("mass_exodus", "arachnids", state["animals"]["arachnids"]["seat"])
    assert sorted(option_ids(state)) == ["tile:C3", "tile:D2", "tile:E4"]
    assert_rejected(state, "tile:D3")  # no species there
    act(state, "tile:C3")
    # C3 touches C4, D2 and D3
    near = ("C4", "D2", "D3")
    assert set(option_ids(state)) == {f"{how}:mammals:{t}" for how in ("all", "one") for t in near} \
        | {f"all:birds:{t}" for t in near}
    assert_rejected(state, "all:mammals:E4")  # not adjacent
    assert_rejected(state, "one:birds:C4")  # only one bird: "all" it is
    act(state, "one:mammals:D2")
    assert set(option_ids(state)) == {f"all:{a}:{t}" for a in ("mammals", "birds") for t in near}
    act(state, "all:mammals:D3")
    assert not finished(state)
    act(state, "all:birds:C4")
    assert_resolved(state, before, "Mass Exodus", {
        ("tiles", hk("C3"), "species"): {},
        ("tiles", hk("D2"), "species"): {"insects": 1, "mammals": 1},
        ("tiles", hk("D3"), "species"): {"mammals": 1},
        ("tiles", hk("C4"), "species"): {"birds": 1},
    })


def test_mass_exodus_with_no_species_on_a_tile_with_neighbours_does_nothing():
    state = fresh()
    put_tile(state, "A1", "sea")  # no tile next to it
    put_species(state, "A1", "insects", 2)
    before = offer(state, "insects", "Mass Exodus")
    act(state, card_id("Mass Exodus"))
    assert_resolved(state, before, "Mass Exodus")
