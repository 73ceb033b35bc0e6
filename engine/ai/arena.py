"""The arena: AI levels play each other; wins, VP and decision times per level.

Games come in blocks of ``players`` games on one seed (so one deal of the animals): within
a block the levels move one seat on from game to game, so every level plays every seat
position, and with it every animal, of that deal.  Win shares ignore the rules' food-chain
tie-break: two seats on the same top score share the win, so no level gains by the animals
it happened to be dealt.
"""

from __future__ import annotations

import math
import time
from concurrent.futures import ProcessPoolExecutor
from typing import Any

from engine.ai import DEFAULT_BUDGET_MS, LEVELS, choose
from engine.flow import apply, prompt
from engine.phases import start
from engine.simulate import MAX_DECISIONS
from engine.state import new_game


def game_plan(players: int, games: int, seed: int, seats: list[str]) -> list[dict[str, Any]]:
    """Game ``g`` of a run: its seed and the level at each seat position."""
    plan = []
    for g in range(games):
        shift = g % players
        at = [seats[(i - shift) % players] for i in range(players)]
        plan.append({"index": g, "seed": seed + g // players, "levels": at})
    return plan


def play(players: int, seed: int, levels: list[str], *, ai_seed: int = 0,
         multi_animal: bool = False, budget_ms: int = DEFAULT_BUDGET_MS) -> dict[str, Any]:
    """One game with ``levels[i]`` at seat ``i``: seat scores, win shares, decision times
    (``ms``: wall clock; ``cpu_ms``: this process's CPU time, what a budget is counted in)."""
    clock, cpu = time.perf_counter, time.process_time
    began = clock()
    state = start(new_game(players, seed, multi_animal=multi_animal))
    times: list[list[float]] = [[] for _ in range(players)]
    cpu_times: list[list[float]] = [[] for _ in range(players)]
    while (p := prompt(state)) is not None:
        if state["decisions"] >= MAX_DECISIONS:
            raise RuntimeError(f"game {seed} did not end within {MAX_DECISIONS} decisions")
        t0, c0 = clock(), cpu()
        option = choose(state, levels[p.seat], ai_seed * 1_000_003 + state["decisions"], budget_ms)
        times[p.seat].append((clock() - t0) * 1000)
        cpu_times[p.seat].append((cpu() - c0) * 1000)
        apply(state, p.seat, option)
    scores = state["result"]["seat_scores"]
    top = max(scores)
    winners = [i for i, s in enumerate(scores) if s == top]
    return {
        "seed": seed,
        "levels": levels,
        "scores": scores,
        "shares": [1 / len(winners) if i in winners else 0.0 for i in range(players)],
        "turns": state["turn"],
        "ms": times,
        "cpu_ms": cpu_times,
        "seconds": clock() - began,
    }


def _play_planned(args: tuple[int, dict[str, Any], int, bool, int]) -> dict[str, Any]:
    players, game, base_seed, multi, budget_ms = args
    return play(players, game["seed"], game["levels"], ai_seed=base_seed * 7919 + game["index"],
                multi_animal=multi, budget_ms=budget_ms)


def wilson(wins: float, n: int, z: float = 1.96) -> tuple[float, float]:
    """The Wilson score interval of a win rate (a tie counts as a fraction of a win)."""
    if n == 0:
        return 0.0, 1.0
    p = wins / n
    denom = 1 + z * z / n
    centre = (p + z * z / (2 * n)) / denom
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / denom
    return max(0.0, centre - half), min(1.0, centre + half)


def percentile(values: list[float], q: float) -> float:
    if not values:
        return 0.0
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))]


def summarise(players: int, seed: int, seats: list[str], results: list[dict[str, Any]]
              ) -> dict[str, Any]:
    levels: dict[str, dict[str, Any]] = {}
    for level in dict.fromkeys(seats):
        levels[level] = {"seats": seats.count(level), "games": 0, "wins": 0.0, "vp": [], "ms": [], "cpu": []}
    for r in results:
        for level in dict.fromkeys(r["levels"]):
            levels[level]["games"] += 1
        for i, level in enumerate(r["levels"]):
            row = levels[level]
            row["wins"] += r["shares"][i]
            row["vp"].append(r["scores"][i])
            row["ms"].extend(r["ms"][i])
            row["cpu"].extend(r.get("cpu_ms", r["ms"])[i])
    out = {}
    for level, row in levels.items():
        out[level] = {
            "seats": row["seats"],
            "games": row["games"],
            "wins": round(row["wins"], 3),
            "win_rate": round(row["wins"] / row["games"], 4) if row["games"] else 0.0,
            "mean_vp": round(sum(row["vp"]) / len(row["vp"]), 2) if row["vp"] else 0.0,
            "decisions": len(row["ms"]),
            "ms_p50": round(percentile(row["ms"], 0.5), 2),
            "ms_p95": round(percentile(row["ms"], 0.95), 2),
            "ms_max": round(max(row["ms"], default=0.0), 2),
            "cpu_ms_p50": round(percentile(row["cpu"], 0.5), 2),
            "cpu_ms_p95": round(percentile(row["cpu"], 0.95), 2),
        }
    return {"players": players, "games": len(results), "seed": seed, "seats": seats, "levels": out}


def run(players: int, games: int, seed: int, seats: list[str], *, workers: int = 1,
        multi_animal: bool = False, budget_ms: int = DEFAULT_BUDGET_MS) -> dict[str, Any]:
    """Play ``games`` games and summarise them per level (see the module docstring)."""
    unknown = [s for s in seats if s not in LEVELS]
    if unknown:
        raise ValueError(f"unknown level {unknown[0]!r}; choose from {', '.join(LEVELS)}")
    if len(seats) != players:
        raise ValueError(f"give {players} levels (one per seat), not {len(seats)}")
    jobs = [(players, g, seed, multi_animal, budget_ms) for g in game_plan(players, games, seed, seats)]
    if workers > 1:
        with ProcessPoolExecutor(workers) as pool:
            results = list(pool.map(_play_planned, jobs))
    else:
        results = [_play_planned(j) for j in jobs]
    summary = summarise(players, seed, seats, results)
    summary["budget_ms"] = budget_ms
    n = max(1, len(results))
    summary["turns_mean"] = round(sum(r["turns"] for r in results) / n, 2)
    summary["game_seconds_mean"] = round(sum(r["seconds"] for r in results) / n, 2)
    summary["game_seconds_max"] = round(max((r["seconds"] for r in results), default=0.0), 2)
    return summary
