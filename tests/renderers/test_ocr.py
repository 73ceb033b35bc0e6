"""The header of every turn picture reads back by OCR at 550 px wide (what Discord shows),
and the full board's at 800 px: turn number, phase and the player to act.  Skipped where
tesseract is missing (CI installs it: .ci/install-system-packages)."""

from __future__ import annotations

import copy
from concurrent.futures import ThreadPoolExecutor

import pytest
from ocr_helpers import prompt_states, read_board, read_turn, tesseract

pytestmark = pytest.mark.skipif(tesseract() is None, reason="tesseract not installed: apt-get install -y tesseract-ocr")

#: Prompt kinds a seeded game must reach, at the least, for the check to mean something.
CORE_KINDS = {"place_ap", "initiative", "initiative_place", "adaptation", "regression", "abundance",
              "abundance_corner", "wasteland", "depletion", "glaciation", "speciation", "speciation_place",
              "wanderlust", "wanderlust_hex", "wanderlust_corner", "wanderlust_move", "migration",
              "competition", "domination", "choose_card", "extinction_save", "game over"}


@pytest.fixture(scope="module")
def states():
    return prompt_states()


def test_the_seeded_games_reach_every_kind_of_prompt(states):
    assert set(states) >= CORE_KINDS, CORE_KINDS - set(states)
    assert len(states) >= 45


def test_every_turn_picture_header_reads_at_550_px(states):
    with ThreadPoolExecutor(2) as pool:
        readings = list(pool.map(read_turn, states, states.values()))
    failed = [(r.kind, r.missing, r.read) for r in readings if r.missing]
    assert not failed, failed


def test_the_board_header_reads_at_800_px(states):
    kinds = ["place_ap", "speciation", "choose_card", "extinction_save", "game over"]
    with ThreadPoolExecutor(2) as pool:
        readings = list(pool.map(read_board, kinds, [states[k] for k in kinds]))
    failed = [(r.kind, r.missing, r.read) for r in readings if r.missing]
    assert not failed, failed


def test_every_seat_name_reads_including_the_accented_ones():
    from ocr_helpers import NAMES

    import engine

    state = engine.new_game(6, 9, names=NAMES)
    seen: dict[int, dict] = {}
    while len(seen) < 6:  # planning: each seat places an AP in turn
        p = engine.prompt(state)
        seen.setdefault(p.seat, copy.deepcopy(state))
        engine.apply(state, p.seat, p.options[0].id)
    with ThreadPoolExecutor(2) as pool:
        readings = list(pool.map(read_turn, [NAMES[s] for s in seen], seen.values()))
    failed = [(r.kind, r.missing, r.read) for r in readings if r.missing]
    assert not failed, failed
