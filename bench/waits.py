"""Waits for a person, with and without plans of Planning placements (issue 32).

    .venv/bin/python bench/waits.py                          # 10 games per player count, easy
    .venv/bin/python bench/waits.py --games 20 --level normal --reply-hours 6
    .venv/bin/python bench/waits.py --players 4 --plans 0,3

Whole games of the engine's own players (``engine.ai``, one level at every seat).  With
plans of k, a seat asked to place an AP in Planning places the first space of its ranking
(``engine.ai.ranking``: what the level would choose) and keeps the next k as its plan; at its
next placements ``engine.plan.next_planned`` places from that plan without asking, dropping
the spaces others took meanwhile, until the plan has nothing open and the seat is asked
again.  A plan lives within one Planning phase: what is left when the phase ends is dropped
(the next turn's ranking is another), so every seat is asked for its first placement of a
turn.  k = 0 is the game without plans.

A *wait* is a decision a person is asked for when the one before it was not theirs: the seat
to act changed, or the seat's own previous decision was placed from its plan (nobody was
asked then).  The game's first prompt is not counted.  Days = waits x ``--reply-hours`` / 24.
Each player count plays the same seeds at every k, in the same run.  Nothing is asserted:
the table is printed, with the goal of the issue (plans of 3: >= 40 % fewer waits in a
4-player game).
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import engine  # noqa: E402
from engine.ai import choose  # noqa: E402
from engine.ai.ranking import RANKED, ranked  # noqa: E402
from engine.plan import PLANNING_KIND, next_planned  # noqa: E402
from engine.simulate import MAX_DECISIONS  # noqa: E402

#: The issue's goal: plans of this many spaces, in games of this many players...
GOAL_K, GOAL_PLAYERS = 3, 4
#: ... wait this much less than without plans.
GOAL_REDUCTION = 0.40


def play(players: int, seed: int, k: int, level: str) -> dict[str, Any]:
    """One game with plans of ``k`` spaces: its waits, turns and placements."""
    began = time.process_time()
    state = engine.new_game(players, seed)
    plans: dict[str, tuple[str, ...]] = {}
    waits = placing = lone = placements = planned = taken = 0
    last_seat: int | None = None
    last_planned = False
    while (p := engine.prompt(state)) is not None:
        if state["decisions"] >= MAX_DECISIONS:
            raise RuntimeError(f"game {seed} did not end within {MAX_DECISIONS} decisions")
        if state["phase"] != "planning":
            plans.clear()
        if p.kind == PLANNING_KIND:
            placements += 1
            out = next_planned(state, p.animal, plans.get(p.animal, ()))
            plans[p.animal] = out.rest
            taken += len(out.taken)
            if out.option is not None:
                engine.apply(state, p.seat, out.option)
                planned += 1
                last_seat, last_planned = p.seat, True
                continue
        if last_seat is not None and (p.seat != last_seat or last_planned):
            waits += 1
            placing += p.kind == PLANNING_KIND
            lone += len(p.options) == 1
        ai_seed = seed * 1_000_003 + state["decisions"]
        if k and p.kind == PLANNING_KIND:
            order = ranked(state, level, ai_seed)
            option, plans[p.animal] = order[0], order[1:k + 1]
        else:
            option = choose(state, level, ai_seed)
        engine.apply(state, p.seat, option)
        last_seat, last_planned = p.seat, False
    return {"players": players, "seed": seed, "k": k, "waits": waits, "placing": placing, "lone": lone,
            "turns": state["turn"],
            "decisions": state["decisions"], "placements": placements, "planned": planned,
            "taken": taken, "cpu_s": time.process_time() - began}


def _play(job: tuple[int, int, int, str]) -> dict[str, Any]:
    return play(*job)


def _mean(rows: list[dict[str, Any]], key: str) -> float:
    return float(statistics.mean(r[key] for r in rows))


def _rows(results: list[dict[str, Any]], players: int, k: int) -> list[dict[str, Any]]:
    return [r for r in results if r["players"] == players and r["k"] == k]


def _per_turn(rows: list[dict[str, Any]]) -> float:
    return float(statistics.mean(r["waits"] / r["turns"] for r in rows))


def _change(value: float, base: float | None) -> str:
    return "" if base is None else f"{(value - base) / base:+.0%}"


def table(results: list[dict[str, Any]], counts: list[int], ks: list[int], reply_hours: float) -> None:
    print(f"{'players':>7} {'k':>2} {'games':>5} {'waits/game':>10} {'vs k=0':>7} {'waits/turn':>10} "
          f"{'vs k=0':>7} {'days':>6} {'placing':>7} {'1 option':>8} {'turns':>5} {'placed':>6} "
          f"{'planned':>7} {'share':>6} {'taken':>6} {'cpu s':>6}")
    for players in counts:
        base = base_turn = None
        for k in ks:
            rows = _rows(results, players, k)
            waits, per_turn = _mean(rows, "waits"), _per_turn(rows)
            placed, planned = _mean(rows, "placements"), _mean(rows, "planned")
            print(f"{players:>7} {k:>2} {len(rows):>5} {waits:>10.1f} {_change(waits, base):>7} "
                  f"{per_turn:>10.1f} {_change(per_turn, base_turn):>7} "
                  f"{waits * reply_hours / 24:>6.1f} {_mean(rows, 'placing'):>7.1f} "
                  f"{_mean(rows, 'lone'):>8.1f} {_mean(rows, 'turns'):>5.1f} {placed:>6.1f} "
                  f"{planned:>7.1f} {planned / placed:>6.0%} {_mean(rows, 'taken'):>6.1f} "
                  f"{_mean(rows, 'cpu_s'):>6.1f}")
            if k == 0:
                base, base_turn = waits, per_turn
    print(f"Means per game.  vs k=0: against the same seeds without plans; days: at {reply_hours:g} h "
          "a reply; placing: the waits at a Planning placement; 1 option: the waits at a prompt with "
          "one option; placed: Planning placements; planned: of them placed from a plan (share: the "
          "fraction); taken: planned spaces found taken by others; cpu s: one game")


def goal(results: list[dict[str, Any]]) -> None:
    base, planned = _rows(results, GOAL_PLAYERS, 0), _rows(results, GOAL_PLAYERS, GOAL_K)
    if not base or not planned:
        return
    before, after = _mean(base, "waits"), _mean(planned, "waits")
    reduction = (before - after) / before
    per_turn = (_per_turn(base) - _per_turn(planned)) / _per_turn(base)
    # a seat is asked at least once every k+1 of its placements, and the other waits stay
    cap = (_mean(base, "placing") - _mean(base, "placements") / (GOAL_K + 1)) / before
    verdict = "met" if reduction >= GOAL_REDUCTION else "missed"
    print(f"goal: {GOAL_PLAYERS} players, plans of {GOAL_K}: {reduction:.0%} fewer waits per game "
          f"(goal >= {GOAL_REDUCTION:.0%}): {verdict}; {per_turn:.0%} fewer per turn.  In games as "
          f"long as without plans, plans of Planning placements alone remove at most about {cap:.0%}: "
          f"the placing waits, less one placement in {GOAL_K + 1} still asked")


def _numbers(text: str, name: str, low: int, high: int) -> list[int]:
    try:
        values = sorted({int(x) for x in text.split(",") if x.strip()})
    except ValueError:
        raise SystemExit(f"--{name}: give whole numbers separated by commas, not {text!r}") from None
    if not values or values[0] < low or values[-1] > high:
        raise SystemExit(f"--{name}: give numbers from {low} to {high}, not {text!r}")
    return values


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawTextHelpFormatter)
    parser.add_argument("--games", type=int, default=10, help="games per player count and k (default 10)")
    parser.add_argument("--players", default="2,3,4,5,6", help="player counts (default 2,3,4,5,6)")
    parser.add_argument("--plans", default="0,1,3,5", help="plan lengths k; 0 is added (default 0,1,3,5)")
    parser.add_argument("--level", default="easy", choices=RANKED[1:],
                        help="the AI level at every seat (default easy: hard takes about ten times as long)")
    parser.add_argument("--reply-hours", type=float, default=3.0, help="mean reply time of a person (default 3)")
    parser.add_argument("--seed", type=int, default=1, help="the first game's seed (default 1)")
    parser.add_argument("--workers", type=int, default=2)
    args = parser.parse_args()
    if args.games < 1 or args.workers < 1 or args.reply_hours <= 0:
        parser.error("--games and --workers must be at least 1, --reply-hours above 0")
    counts = _numbers(args.players, "players", 2, 6)
    ks = sorted({0, *_numbers(args.plans, "plans", 0, 50)})
    jobs = [(players, args.seed + g, k, args.level) for players in counts for k in ks for g in range(args.games)]
    print(f"Waits for a person: {args.games} game(s) per player count and k, seeds {args.seed}-"
          f"{args.seed + args.games - 1}, every seat at {args.level}, {args.workers} at once")
    began = time.perf_counter()
    with ProcessPoolExecutor(args.workers) as pool:
        # the biggest games first, so the pool is not left waiting on one at the end
        results = list(pool.map(_play, sorted(jobs, key=lambda j: -j[0])))
    table(results, counts, ks, args.reply_hours)
    goal(results)
    print(f"{len(results)} games in {time.perf_counter() - began:.0f} s")


if __name__ == "__main__":
    main()
