"""Rules by position: Initiative and the element actions (Adaptation, Regression, Abundance,
Wasteland, Depletion).  Rules reference: shared/rules/base-game.md §4, §5, §6.1-6.6.

Earth at setup (engine labels): tundra D3 (centre), wetland D2, savannah E3, desert E4,
mountain D4, forest C4, jungle C3.
"""

import pytest
from helpers import (
    act,
    assert_ok,
    assert_rejected,
    ck,
    clear_earth,
    current,
    english_log,
    finished,
    game,
    hk,
    make_tundra,
    option_ids,
    put_element,
    run_from_row,
    seat,
    set_added,
    set_box,
    start_action,
    wrong_seat,
)

from engine.display import place_ap
from engine.ecology import display_elements
from engine.geometry import CORNER_POINTS, corner_from_key, parse_corner_label

FREE = ("regression-3", "speciation-7", "competition-1")
# The six corners of the centre tundra, D3.
TUNDRA_CORNERS = [f"D3-{p}" for p in CORNER_POINTS]


# ---------------------------------------------------------------------------------------------
# Helpers


def corner_set(option_list):
    """Corner keys named by ``corner:...`` options (spelling-independent)."""
    result = set()
    for o in option_list:
        if o.startswith("corner:"):
            key = parse_corner_label(o.split(":", 1)[1])
            assert key is not None, o
            result.add(key)
    return result


def bag_total(state):
    return sum(state["bag"].values())


# ---------------------------------------------------------------------------------------------
# Initiative (§6.1)


def test_initiative_swaps_with_the_marker_to_the_left_and_replaces_the_ap():
    s = game()
    assert s["initiative"] == ["insects", "arachnids", "amphibians", "birds", "reptiles", "mammals"]
    place_ap(s, "mammals", "initiative", 0)
    place_ap(s, "birds", "adaptation", 0)
    set_box(s, "adaptation", ["sun", "grass", "sun", "meat"])
    run_from_row(s, "initiative")

    p = current(s)
    assert (p.animal, p.kind, p.seat) == ("mammals", "initiative", seat(s, "mammals"))
    assert option_ids(s) == ["advance", "forfeit"]
    # The AP is off the Initiative space while the action resolves.
    assert s["display"]["initiative"] == [None]
    act(s, "advance")
    assert s["initiative"] == ["insects", "arachnids", "amphibians", "birds", "mammals", "reptiles"]

    p = current(s)
    assert (p.animal, p.kind) == ("mammals", "initiative_place")
    places = option_ids(s)
    # 44 spaces - 3 animal-specific - Initiative itself - birds' Adaptation 1 = 39.
    assert len(places) == 39 == len(set(places))
    for bad in ("initiative-1", "adaptation-1", *FREE):
        assert bad not in places
    assert {"adaptation-2", "adaptation-3", "regression-1", "regression-2", "glaciation-4",
            "speciation-6", "competition-8", "domination-5"} <= set(places)
    act(s, "adaptation-3")
    assert s["animals"]["mammals"]["aps"] == 2

    # Later in the same turn: the birds' AP first (already off its space while it resolves),
    # then the replaced mammal AP executes.
    p = current(s)
    assert (p.animal, p.kind) == ("birds", "adaptation")
    assert s["display"]["adaptation"] == [None, None, "mammals"]
    act(s, "take:grass")
    p = current(s)
    assert (p.animal, p.kind) == ("mammals", "adaptation")
    act(s, "take:meat")
    assert s["animals"]["mammals"]["added"] == ["meat"]
    assert s["animals"]["birds"]["added"] == ["grass"]
    assert s["display"]["adaptation"] == [None, None, None]
    assert s["animals"]["mammals"]["aps"] == 3
    assert_ok(s)


def test_initiative_never_places_on_an_unused_animal_space():
    """Without reptiles, insects and arachnids their spaces stay empty but are not usable."""
    s = game(2, animals=[["mammals"], ["birds"]])
    assert s["display"]["regression"] == [None, None, None]
    place_ap(s, "birds", "initiative", 0)
    run_from_row(s, "initiative")
    act(s, "advance")
    assert s["initiative"] == ["birds", "mammals"]
    places = option_ids(s)
    assert len(places) == 40
    for bad in ("initiative-1", *FREE):
        assert bad not in places
        assert_rejected(s, bad)
    act(s, "regression-2")
    # The AP resolved later this turn (nothing to protect) and is back in supply.
    assert "T1 Birds: places the Initiative AP on Regression 2" in english_log(s)
    assert "T1 Birds: Regression AP has nothing to protect" in english_log(s)
    assert s["display"]["regression"] == [None, None, None]
    assert s["animals"]["birds"]["aps"] == 7
    assert_ok(s)


def test_initiative_already_first_stays_first():
    s = game()
    place_ap(s, "insects", "initiative", 0)
    run_from_row(s, "initiative")
    assert current(s).animal == "insects"
    assert option_ids(s) == ["advance", "forfeit"]
    act(s, "advance")
    assert s["initiative"] == ["insects", "arachnids", "amphibians", "birds", "reptiles", "mammals"]
    assert current(s).kind == "initiative_place"
    act(s, "domination-5")
    assert s["display"]["domination"] == [None, None, None, None, "insects"]
    assert s["animals"]["insects"]["aps"] == 2
    assert_ok(s)


def test_initiative_swap_from_second_place():
    s = game()
    place_ap(s, "arachnids", "initiative", 0)
    run_from_row(s, "initiative")
    act(s, "advance")
    assert s["initiative"] == ["arachnids", "insects", "amphibians", "birds", "reptiles", "mammals"]
    assert_ok(s)


def test_initiative_forfeit_returns_the_ap_to_supply():
    s = game()
    place_ap(s, "birds", "initiative", 0)
    assert s["animals"]["birds"]["aps"] == 2
    run_from_row(s, "initiative")
    act(s, "forfeit")
    assert s["initiative"] == ["insects", "arachnids", "amphibians", "birds", "reptiles", "mammals"]
    assert s["animals"]["birds"]["aps"] == 3
    assert all(o != "birds" for row in s["display"].values() for o in row)
    # Execution went on: the next AP is the insects' free Speciation.
    p = current(s)
    assert (p.animal, p.kind) == ("insects", "speciation_free")
    assert_ok(s)


def test_initiative_illegal_choices_change_nothing():
    s = game()
    place_ap(s, "mammals", "initiative", 0)
    place_ap(s, "birds", "glaciation", 0)
    run_from_row(s, "initiative")
    assert_rejected(s, "initiative-1")
    assert_rejected(s, "stay")
    assert_rejected(s, "advance", seat_no=wrong_seat(s))
    act(s, "advance")
    for bad in ("initiative-1", "glaciation-1", "adaptation-4", "forfeit", "advance", *FREE):
        assert_rejected(s, bad)
    assert_rejected(s, "adaptation-1", seat_no=wrong_seat(s))
    assert s["initiative"][-2:] == ["mammals", "reptiles"]
    assert_ok(s)


# ---------------------------------------------------------------------------------------------
# Adaptation (§6.2)


def test_adaptation_offers_distinct_types_and_moves_one_to_the_display():
    s = game()
    set_box(s, "adaptation", ["sun", "grass", "sun", "meat"])
    bag = dict(s["bag"])
    start_action(s, "adaptation", "reptiles")
    p = current(s)
    assert (p.animal, p.kind, p.seat) == ("reptiles", "adaptation", seat(s, "reptiles"))
    assert option_ids(s) == ["take:grass", "take:meat", "take:sun", "forfeit"]
    act(s, "take:sun")
    assert finished(s)
    assert s["animals"]["reptiles"]["added"] == ["sun"]
    assert display_elements(s, "reptiles") == ["sun", "sun", "sun"]
    assert sorted(s["boxes"]["adaptation"]) == ["grass", "meat", "sun"]
    assert s["bag"] == bag
    assert_ok(s)


def test_adaptation_forfeit_changes_nothing_but_the_log():
    s = game()
    set_box(s, "adaptation", ["water"])
    start_action(s, "adaptation", "birds")
    assert option_ids(s) == ["take:water", "forfeit"]
    act(s, "forfeit")
    assert finished(s)
    assert s["boxes"]["adaptation"] == ["water"]
    assert s["animals"]["birds"]["added"] == []
    assert_ok(s)


def test_adaptation_with_five_elements_still_takes_the_sixth():
    s = game()
    set_added(s, "amphibians", ["sun", "meat"])
    set_box(s, "adaptation", ["grub", "grub"])
    start_action(s, "adaptation", "amphibians")
    assert option_ids(s) == ["take:grub", "forfeit"]
    act(s, "take:grub")
    assert display_elements(s, "amphibians") == ["water", "water", "water", "sun", "meat", "grub"]
    assert s["boxes"]["adaptation"] == ["grub"]
    assert_ok(s)


def test_adaptation_skipped_when_display_full():
    s = game()
    set_added(s, "amphibians", ["sun", "meat", "grub"])  # 3 printed water + 3 added = 6
    set_box(s, "adaptation", ["seed", "grass"])
    start_action(s, "adaptation", "amphibians")
    assert finished(s)  # no prompt at all
    assert s["animals"]["amphibians"]["added"] == ["sun", "meat", "grub"]
    assert s["boxes"]["adaptation"] == ["seed", "grass"]
    assert s["log"][-1]["key"] == "adaptation.skipped.full"
    assert english_log(s)[-1].endswith("Amphibians: Adaptation skipped (the display is full)")
    assert_ok(s)


def test_adaptation_second_ap_skipped_when_box_runs_empty():
    s = game()
    set_box(s, "adaptation", ["seed"])
    place_ap(s, "birds", "adaptation", 0)
    place_ap(s, "mammals", "adaptation", 1)
    run_from_row(s, "adaptation")
    assert current(s).animal == "birds"
    act(s, "take:seed")
    # The mammals' AP comes off with nothing to take; next is the insects' free Speciation.
    p = current(s)
    assert (p.animal, p.kind) == ("insects", "speciation_free")
    assert s["animals"]["birds"]["added"] == ["seed"]
    assert s["animals"]["mammals"]["added"] == []
    assert s["animals"]["mammals"]["aps"] == 3
    assert s["boxes"]["adaptation"] == []
    assert_ok(s)


def test_adaptation_illegal_choices_change_nothing():
    s = game()
    set_box(s, "adaptation", ["sun", "grass"])
    start_action(s, "adaptation", "mammals")
    assert_rejected(s, "take:meat")
    assert_rejected(s, "take:")
    assert_rejected(s, "sun")
    assert_rejected(s, "take:sun", seat_no=wrong_seat(s))
    act(s, "take:grass")
    assert s["animals"]["mammals"]["added"] == ["grass"]
    assert_ok(s)


# ---------------------------------------------------------------------------------------------
# Regression (§6.3): automatic removal at the end of the row, APs protect


def test_regression_removes_one_added_element_per_box_type_and_aps_protect():
    s = game()
    set_box(s, "regression", ["sun", "water", "meat", "sun"])
    set_added(s, "birds", ["sun", "water", "meat"])
    set_added(s, "mammals", ["sun", "grass"])
    set_added(s, "reptiles", ["water", "meat", "sun"])
    set_added(s, "amphibians", ["grass", "water", "water"])
    set_added(s, "arachnids", ["meat", "meat"])
    place_ap(s, "birds", "regression", 0)
    place_ap(s, "birds", "regression", 1)
    bag = dict(s["bag"])
    run_from_row(s, "regression")

    p = current(s)
    assert (p.animal, p.kind, p.seat) == ("birds", "regression", seat(s, "birds"))
    assert option_ids(s) == ["protect:meat", "protect:sun", "protect:water", "forfeit"]
    act(s, "protect:sun")
    p = current(s)
    assert (p.animal, p.kind) == ("birds", "regression")
    assert option_ids(s) == ["protect:meat", "protect:water", "forfeit"]
    act(s, "protect:water")
    # The reptiles' free space (right-most) protects one type too.
    p = current(s)
    assert (p.animal, p.kind) == ("reptiles", "regression")
    assert option_ids(s) == ["protect:meat", "protect:sun", "protect:water", "forfeit"]
    act(s, "protect:water")

    # Row over: the removal has happened, execution moved on.
    assert current(s).kind == "speciation_free"
    assert s["animals"]["birds"]["added"] == ["sun", "water"]
    assert s["animals"]["mammals"]["added"] == ["grass"]
    assert s["animals"]["reptiles"]["added"] == ["water"]
    assert display_elements(s, "reptiles") == ["sun", "sun", "water"]  # printed sun immune
    assert s["animals"]["amphibians"]["added"] == ["grass", "water"]  # one water only
    assert s["animals"]["arachnids"]["added"] == ["meat"]  # one meat only
    assert s["animals"]["insects"]["added"] == []
    lost = {"meat": 3, "sun": 2, "water": 1}
    assert s["bag"] == {e: n + lost.get(e, 0) for e, n in bag.items()}
    assert sorted(s["boxes"]["regression"]) == ["meat", "sun", "sun", "water"]  # box stays
    assert s["display"]["regression"] == [None, None, "reptiles"]
    assert s["animals"]["birds"]["aps"] == 3
    assert_ok(s)


def test_regression_happens_with_no_ap_placed_and_spares_printed_elements():
    s = game()
    set_box(s, "regression", ["sun", "grub"])
    set_added(s, "insects", ["sun", "sun", "grub"])
    set_added(s, "arachnids", ["seed"])  # printed grub only
    run_from_row(s, "regression")
    # Reptiles have no added sun or grub: their free space gives them no prompt.
    p = current(s)
    assert (p.animal, p.kind) == ("insects", "speciation_free")
    assert s["animals"]["insects"]["added"] == ["sun"]
    assert display_elements(s, "arachnids") == ["grub", "grub", "seed"]
    assert display_elements(s, "reptiles") == ["sun", "sun"]
    assert_ok(s)


def test_regression_ap_with_nothing_to_protect_gets_no_prompt():
    s = game()
    set_box(s, "regression", ["grass"])
    set_added(s, "mammals", ["seed"])
    set_added(s, "birds", ["grass"])
    place_ap(s, "mammals", "regression", 0)
    place_ap(s, "birds", "regression", 1)
    run_from_row(s, "regression")
    p = current(s)
    assert (p.animal, p.kind) == ("birds", "regression")
    assert option_ids(s) == ["protect:grass", "forfeit"]
    assert any("Mammals: Regression AP has nothing to protect" in line for line in english_log(s))
    assert s["animals"]["mammals"]["aps"] == 3
    act(s, "forfeit")
    assert current(s).kind == "speciation_free"
    assert s["animals"]["birds"]["added"] == []
    assert s["animals"]["mammals"]["added"] == ["seed"]
    assert_ok(s)


def test_regression_reptile_free_space_protects():
    s = game()
    set_box(s, "regression", ["sun", "seed"])
    set_added(s, "reptiles", ["sun", "seed"])
    run_from_row(s, "regression")
    p = current(s)
    assert (p.animal, p.kind, p.seat) == ("reptiles", "regression", seat(s, "reptiles"))
    assert option_ids(s) == ["protect:seed", "protect:sun", "forfeit"]
    act(s, "protect:sun")
    assert current(s).kind == "speciation_free"
    assert display_elements(s, "reptiles") == ["sun", "sun", "sun"]
    assert s["animals"]["reptiles"]["aps"] == 3
    assert_ok(s)


def test_regression_protection_is_per_animal():
    """Birds protecting meat does not save the mammals' added meat."""
    s = game()
    set_box(s, "regression", ["meat"])
    set_added(s, "birds", ["meat"])
    set_added(s, "mammals", ["meat", "meat"])
    place_ap(s, "birds", "regression", 1)
    run_from_row(s, "regression")
    act(s, "protect:meat")
    assert s["animals"]["birds"]["added"] == ["meat"]
    assert s["animals"]["mammals"]["added"] == ["meat"]
    assert_ok(s)


def test_regression_illegal_choices_change_nothing():
    s = game()
    set_box(s, "regression", ["sun", "water"])
    set_added(s, "birds", ["sun"])
    place_ap(s, "birds", "regression", 0)
    run_from_row(s, "regression")
    assert option_ids(s) == ["protect:sun", "forfeit"]
    assert_rejected(s, "protect:water")  # in the box, but the birds have no added water
    assert_rejected(s, "protect:seed")
    assert_rejected(s, "protect:sun", seat_no=wrong_seat(s))
    act(s, "protect:sun")
    assert s["animals"]["birds"]["added"] == ["sun"]
    assert_ok(s)


# ---------------------------------------------------------------------------------------------
# Abundance (§6.4)


def test_abundance_element_then_vacant_corner():
    s = game()
    set_box(s, "abundance", ["sun", "water", "meat", "water"])
    bag = dict(s["bag"])
    elements_before = dict(s["elements"])
    start_action(s, "abundance", "arachnids")
    p = current(s)
    assert (p.animal, p.kind, p.seat) == ("arachnids", "abundance", seat(s, "arachnids"))
    assert option_ids(s) == ["element:meat", "element:sun", "element:water", "forfeit"]
    act(s, "element:water")
    assert current(s).kind == "abundance_corner"
    corners = corner_set(option_ids(s))
    # Setup earth: 24 corners on the seven tiles, 12 hold elements; the 12 vacant ones are
    # exactly the outer corners touching a single tile.
    assert len(option_ids(s)) == len(corners) == 12
    assert not corners & set(s["elements"])
    assert all(sum(1 for h in corner_from_key(c) if f"{h[0]},{h[1]}" in s["tiles"]) == 1 for c in corners)
    assert ck("E4-E") in corners and ck("D3-E") not in corners
    act(s, "corner:E4-E")
    assert finished(s)
    assert s["elements"] == {**elements_before, ck("E4-E"): "water"}
    assert sorted(s["boxes"]["abundance"]) == ["meat", "sun", "water"]
    assert s["bag"] == bag
    assert_ok(s)


def test_abundance_corners_on_a_one_tile_earth():
    s = game()
    clear_earth(s)
    for key in [k for k in s["tiles"] if k != hk("D3")]:
        del s["tiles"][key]
    put_element(s, "D3-NE", "grub")
    set_box(s, "abundance", ["seed"])
    start_action(s, "abundance", "mammals")
    act(s, "element:seed")
    assert corner_set(option_ids(s)) == {ck(c) for c in TUNDRA_CORNERS[1:]}
    assert len(option_ids(s)) == 5
    act(s, "corner:C3-E")  # = D3-NW
    assert s["elements"] == {ck("D3-NE"): "grub", ck("D3-NW"): "seed"}
    assert s["boxes"]["abundance"] == []
    assert_ok(s)


def test_abundance_forfeit_and_illegal_choices():
    s = game()
    set_box(s, "abundance", ["sun", "meat"])
    start_action(s, "abundance", "birds")
    assert_rejected(s, "element:grass")
    assert_rejected(s, "corner:E4-E")
    assert_rejected(s, "element:sun", seat_no=wrong_seat(s))
    act(s, "element:sun")
    assert_rejected(s, "corner:D3-E")  # occupied (grass)
    assert_rejected(s, "forfeit")
    assert_rejected(s, "element:meat")
    assert_rejected(s, "corner:E4-E", seat_no=wrong_seat(s))
    act(s, "corner:E4-SE")
    assert s["elements"][ck("E4-SE")] == "sun"
    assert s["boxes"]["abundance"] == ["meat"]

    s = game()
    set_box(s, "abundance", ["sun", "meat"])
    elements = dict(s["elements"])
    start_action(s, "abundance", "birds")
    act(s, "forfeit")
    assert finished(s)
    assert s["boxes"]["abundance"] == ["sun", "meat"]
    assert s["elements"] == elements
    assert_ok(s)


# ---------------------------------------------------------------------------------------------
# Wasteland (§6.5)


def _wasteland_earth(s):
    """Tundra corners: sun, water, meat, grass; elsewhere: sun, water, meat."""
    clear_earth(s)
    put_element(s, "D3-E", "sun")  # D3 tundra | savannah | desert
    put_element(s, "D3-SE", "water")  # D3 tundra | desert | mountain
    put_element(s, "C3-E", "meat")  # D3 tundra | jungle | wetland
    put_element(s, "C4-E", "grass")  # D3 tundra | forest | mountain
    put_element(s, "E3-SE", "sun")  # savannah | desert | empty
    put_element(s, "D2-E", "water")  # wetland | savannah | empty
    put_element(s, "B3-E", "meat")  # jungle | forest | empty


def test_wasteland_ap_removes_one_then_tundra_elements_of_box_types_go():
    s = game()
    _wasteland_earth(s)
    set_box(s, "wasteland", ["sun", "water", "meat"])
    place_ap(s, "mammals", "wasteland", 0)
    bag = dict(s["bag"])
    run_from_row(s, "wasteland")
    p = current(s)
    assert (p.animal, p.kind, p.seat) == ("mammals", "wasteland", seat(s, "mammals"))
    assert option_ids(s) == ["remove:meat", "remove:sun", "remove:water", "forfeit"]
    act(s, "remove:meat")
    # Row over: automatic removal done, execution went on.
    assert current(s).kind == "speciation_free"
    assert s["boxes"]["wasteland"] == ["sun", "water"]
    assert s["elements"] == {
        ck("C3-E"): "meat",  # meat left the box: safe
        ck("C4-E"): "grass",  # grass never in the box
        ck("E3-SE"): "sun",  # no tundra at this corner
        ck("D2-E"): "water",
        ck("B3-E"): "meat",
    }
    assert s["bag"] == {**bag, "meat": bag["meat"] + 1, "sun": bag["sun"] + 1, "water": bag["water"] + 1}
    assert s["animals"]["mammals"]["aps"] == 3
    assert_ok(s)


def test_wasteland_without_an_ap_still_lays_waste():
    s = game()
    _wasteland_earth(s)
    set_box(s, "wasteland", ["meat", "grass"])
    run_from_row(s, "wasteland")
    assert current(s).kind == "speciation_free"
    assert s["boxes"]["wasteland"] == ["meat", "grass"]
    assert s["elements"] == {
        ck("D3-E"): "sun",
        ck("D3-SE"): "water",
        ck("E3-SE"): "sun",
        ck("D2-E"): "water",
        ck("B3-E"): "meat",
    }
    assert_ok(s)


def test_wasteland_forfeit_keeps_the_whole_box_and_duplicates_count():
    s = game()
    _wasteland_earth(s)
    set_box(s, "wasteland", ["water", "water"])
    place_ap(s, "birds", "wasteland", 0)
    run_from_row(s, "wasteland")
    assert option_ids(s) == ["remove:water", "forfeit"]
    act(s, "forfeit")
    assert s["boxes"]["wasteland"] == ["water", "water"]
    assert ck("D3-SE") not in s["elements"]
    assert s["elements"][ck("D2-E")] == "water"
    assert len(s["elements"]) == 6
    assert_ok(s)


def test_wasteland_removing_one_of_two_duplicates_leaves_the_type():
    s = game()
    _wasteland_earth(s)
    set_box(s, "wasteland", ["water", "water"])
    place_ap(s, "birds", "wasteland", 0)
    run_from_row(s, "wasteland")
    act(s, "remove:water")
    assert s["boxes"]["wasteland"] == ["water"]
    assert ck("D3-SE") not in s["elements"]
    assert len(s["elements"]) == 6
    assert_ok(s)


def test_wasteland_touching_any_glaciated_tile_counts():
    s = game()
    _wasteland_earth(s)
    make_tundra(s, "E4")
    set_box(s, "wasteland", ["sun"])
    run_from_row(s, "wasteland")
    # E3-SE (savannah | desert | empty) now touches tundra.
    assert ck("E3-SE") not in s["elements"] and ck("D3-E") not in s["elements"]
    assert s["elements"][ck("D3-SE")] == "water"
    assert len(s["elements"]) == 5
    assert_ok(s)


def test_wasteland_illegal_choices_change_nothing():
    s = game()
    _wasteland_earth(s)
    set_box(s, "wasteland", ["sun"])
    place_ap(s, "birds", "wasteland", 0)
    run_from_row(s, "wasteland")
    assert_rejected(s, "remove:water")
    assert_rejected(s, "remove:sun", seat_no=wrong_seat(s))
    act(s, "remove:sun")
    assert s["boxes"]["wasteland"] == []
    assert len(s["elements"]) == 7  # nothing left in the box, nothing laid waste
    assert_ok(s)


# ---------------------------------------------------------------------------------------------
# Depletion (§6.6)


def test_depletion_removes_an_earth_element_of_a_box_type():
    s = game()
    set_box(s, "depletion", ["grub", "grub", "seed"])
    bag = dict(s["bag"])
    start_action(s, "depletion", "amphibians")
    p = current(s)
    assert (p.animal, p.kind, p.seat) == ("amphibians", "depletion", seat(s, "amphibians"))
    assert option_ids(s)[-1] == "forfeit"
    # Setup earth: grub at C3-E (inner) and B3-E (outer); seed at C3-SE and C4-SE.
    assert corner_set(option_ids(s)) == {ck("C3-E"), ck("B3-E"), ck("C3-SE"), ck("C4-SE")}
    assert len(option_ids(s)) == 5
    before = dict(s["elements"])
    act(s, "corner:B3-E")
    assert finished(s)
    del before[ck("B3-E")]
    assert s["elements"] == before
    assert s["bag"] == {**bag, "grub": bag["grub"] + 1}
    assert s["boxes"]["depletion"] == ["grub", "grub", "seed"]
    assert_ok(s)


def test_depletion_forfeit_and_nothing_to_remove():
    s = game()
    set_box(s, "depletion", ["meat"])
    elements = dict(s["elements"])
    start_action(s, "depletion", "insects")
    assert corner_set(option_ids(s)) == {ck("C4-E"), ck("D4-E")}
    act(s, "forfeit")
    assert finished(s)
    assert s["elements"] == elements

    s = game()
    clear_earth(s)
    put_element(s, "D3-E", "sun")
    set_box(s, "depletion", ["meat"])
    start_action(s, "depletion", "insects")
    assert finished(s)  # no meat on earth: no prompt
    assert s["elements"] == {ck("D3-E"): "sun"}
    assert s["boxes"]["depletion"] == ["meat"]
    assert_ok(s)


def test_depletion_illegal_choices_change_nothing():
    s = game()
    set_box(s, "depletion", ["seed"])
    start_action(s, "depletion", "birds")
    assert_rejected(s, "corner:C3-E")  # grub, not in the box
    assert_rejected(s, "corner:E4-E")  # empty
    assert_rejected(s, "corner:C3-SE", seat_no=wrong_seat(s))
    act(s, "corner:C3-SE")
    assert ck("C3-SE") not in s["elements"]
    assert_ok(s)


# ---------------------------------------------------------------------------------------------
# Common to every action: forfeit on the first prompt, illegal ids, wrong seats


def _first_prompt(action):
    s = game()
    if action == "initiative":
        place_ap(s, "birds", "initiative", 0)
        run_from_row(s, "initiative")
    elif action == "regression":
        set_box(s, "regression", ["seed"])
        set_added(s, "birds", ["seed"])
        place_ap(s, "birds", "regression", 0)
        run_from_row(s, "regression")
    elif action == "wasteland":
        set_box(s, "wasteland", ["seed"])
        place_ap(s, "birds", "wasteland", 0)
        run_from_row(s, "wasteland")
    else:
        set_box(s, action, ["seed"])
        start_action(s, action, "birds")
    return s


ACTIONS = ["initiative", "adaptation", "regression", "abundance", "wasteland", "depletion"]


@pytest.mark.parametrize("action", ACTIONS)
def test_first_prompt_offers_forfeit(action):
    s = _first_prompt(action)
    p = current(s)
    assert p.animal == "birds" and p.kind == action
    assert "forfeit" in option_ids(s)
    assert_ok(s)


@pytest.mark.parametrize("action", ACTIONS)
@pytest.mark.parametrize("bad", ["", "nonsense", "take:meat", "protect:meat", "element:meat",
                                 "remove:meat", "corner:Z9-NE", "FORFEIT", "adaptation-1"])
def test_illegal_option_raises_and_changes_nothing(action, bad):
    s = _first_prompt(action)
    assert bad not in option_ids(s)
    assert_rejected(s, bad)
    assert_ok(s)


@pytest.mark.parametrize("action", ACTIONS)
def test_wrong_seat_raises_and_changes_nothing(action):
    s = _first_prompt(action)
    p = current(s)
    assert p.seat == seat(s, "birds")
    for other in range(len(s["seats"])):
        if other != p.seat:
            assert_rejected(s, "forfeit", seat_no=other)
    assert_rejected(s, "forfeit", seat_no=-1)
    assert_rejected(s, "forfeit", seat_no=99)
    assert_ok(s)
