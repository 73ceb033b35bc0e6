"""How a phone reads the corner tags of corner choices: every corner choice of seeded games
(Abundance, Wanderlust's element, Speciation's corner, Depletion, the cards'), drawn as the bot
posts it; per kind, how many of its corners got a tag, the tags' letter height in the 960 px
picture and at a phone's 390 px (Discord shows the picture that wide), the picture's height,
and how many tags cover a species, a cone or an element (none may).

    .venv/bin/python bench/corner_tags.py [--games N]

Prints numbers; nothing is asserted (tests/renderers/test_render_turn.py checks the rules).
"""

from __future__ import annotations

import argparse
import random
import sys
from collections import defaultdict
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

import engine  # noqa: E402
from renderers import corners  # noqa: E402
from renderers.options import referenced  # noqa: E402
from renderers.turn import WIDTH, draw_turn  # noqa: E402

PHONE = 390
GAMES = ((2, 1), (3, 2), (4, 3), (5, 4), (6, 5), (4, 7), (6, 25), (3, 11))


def letters(img, box) -> int:
    plate = img.crop(box).convert("L")
    # the columns inside the plate's rounded ends (the picture shows through those)
    rows = [y for y in range(plate.height) if any(plate.getpixel((x, y)) > 200 for x in range(12, plate.width - 12))]
    return max(rows) - min(rows) + 1 if rows else 0


def covers(box, others) -> int:
    return sum(1 for o in others if box[0] < o[2] and o[0] < box[2] and box[1] < o[3] and o[1] < box[3])


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--games", type=int, default=len(GAMES))
    args = parser.parse_args()
    rows: dict[str, list[tuple[int, int, list[int], int, int]]] = defaultdict(list)
    for players, seed in GAMES[:args.games]:
        state = engine.new_game(players, seed)
        chooser = random.Random(seed)
        while (p := engine.prompt(state)) is not None:
            marks = referenced([o.id for o in p.options])
            if marks.corners:
                drawn = corners.zoom(state, None, marks, "en")
                kept = drawn.occupied.of("species", "cone", "element")
                heights = [letters(drawn.image, placed.box) for placed in drawn.placed]
                bad = sum(covers(placed.box, kept) for placed in drawn.placed)
                rows[p.kind].append((len(marks.corners), len(drawn.placed), heights, bad, draw_turn(state).height))
            engine.apply(state, p.seat, chooser.choice(p.options).id)
    print(f"{'kind':20} {'prompts':>7} {'corners':>7} {'tagged':>7} {'letters px':>10} {'at 390 px':>9} "
          f"{'covering':>8} {'height':>9}")
    for kind, found in sorted(rows.items()):
        corners_n = sum(r[0] for r in found)
        tagged = sum(r[1] for r in found)
        heights = [h for r in found for h in r[2]]
        low, high = min(heights), max(heights)
        print(f"{kind:20} {len(found):7} {corners_n:7} {100 * tagged / corners_n:6.0f}% {low:>4}-{high:<5} "
              f"{low * PHONE / WIDTH:4.1f}-{high * PHONE / WIDTH:<4.1f} {sum(r[3] for r in found):8} "
              f"{min(r[4] for r in found):>4}-{max(r[4] for r in found)}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
