"""What tesseract reads in the header of every prompt kind's turn picture at 550 px wide,
and of a few boards at 800 px (the check tests/renderers/test_ocr.py makes), as a table.

    .venv/bin/python bench/ocr.py
"""

from __future__ import annotations

import sys
import time
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path[:0] = [str(ROOT), str(ROOT / "tests" / "renderers")]

from ocr_helpers import prompt_states, read_board, read_turn, tesseract  # noqa: E402

BOARD_KINDS = ("place_ap", "speciation", "choose_card", "extinction_save", "game over")


def main() -> int:
    if tesseract() is None:
        print("tesseract not installed: apt-get install -y tesseract-ocr")
        return 1
    t0 = time.perf_counter()
    states = prompt_states()
    with ThreadPoolExecutor(2) as pool:
        turns = list(pool.map(read_turn, states, states.values()))
        boards = list(pool.map(read_board, BOARD_KINDS, [states[k] for k in BOARD_KINDS]))
    for title, readings in (("turn picture at 550 px", turns), ("board at 800 px", boards)):
        ok = sum(1 for r in readings if not r.missing)
        print(f"\n{title}: {ok} of {len(readings)} headers read back (turn, phase, player)")
        for r in readings:
            mark = "ok  " if not r.missing else "MISS"
            print(f"  {mark} {r.kind:22} expected {' | '.join(r.expected):40} read: {r.read[:70]}")
    print(f"\n{time.perf_counter() - t0:.1f} s")
    return 0 if all(not r.missing for r in turns + boards) else 1


if __name__ == "__main__":
    sys.exit(main())
