"""The fuzzer: many seeded random games; reports crashes, dead ends, over-long games and
broken invariants, each with what reproduces it, and counts how often each card was taken.

A few games can seat computer players (``engine.ai``) beside the random ones: they must
only ever pick a legal option and never leave a seat without one."""

from __future__ import annotations

import json
import random
import traceback
from collections import Counter
from concurrent.futures import ProcessPoolExecutor
from typing import Any

from engine import data, vp
from engine.data import DOMINANCE_CARDS
from engine.flow import Prompt, apply, prompt
from engine.invariants import violations
from engine.phases import start
from engine.simulate import MAX_DECISIONS, pick
from engine.state import new_game


def game_config(base_seed: int, index: int) -> dict[str, Any]:
    """Game ``index`` of a run: every player count, and the multi-animal variant for 2 and 3."""
    players = 2 + index % 5
    multi = players in (2, 3) and (index // 5) % 2 == 1
    return {"players": players, "seed": base_seed + index, "multi_animal": multi}


#: Seats of the AI games, cycled: cheap levels, so the fuzzer stays fast.
AI_GAMES: tuple[tuple[int, bool, tuple[str, ...]], ...] = (
    (2, False, ("easy", "random")),
    (3, True, ("random", "easy", "random")),
    (4, False, ("easy", "random", "easy", "random")),
)


def ai_game_config(base_seed: int, index: int) -> dict[str, Any]:
    """AI game ``index`` of a run: the player count, variant and levels of ``AI_GAMES``."""
    players, multi, levels = AI_GAMES[index % len(AI_GAMES)]
    return {"players": players, "seed": base_seed + 50_000 + index, "multi_animal": multi,
            "ai": list(levels)}


def _choice(config: dict[str, Any], state: dict[str, Any], p: Prompt, chooser: random.Random) -> str:
    levels = config.get("ai")
    if not levels or levels[p.seat] == "random":
        return pick(p.options, chooser).id
    from engine.ai import choose

    option = choose(state, levels[p.seat], config["seed"] * 100_003 + state["decisions"])
    if p.option(option) is None:
        raise AssertionError(f"AI level {levels[p.seat]} chose {option!r}, not an option of {p.kind}")
    return option


def play_one(config: dict[str, Any]) -> dict[str, Any]:
    """Play one game, checking every invariant after every decision."""
    moves: list[list[Any]] = []
    report: dict[str, Any] = {**config, "problem": None}
    try:
        state = start(new_game(config["players"], config["seed"], multi_animal=config["multi_animal"]))
        chooser = random.Random(config["seed"])
        last_turn = state["turn"]
        while (p := prompt(state)) is not None:
            if not p.options:
                report["problem"] = f"dead end: prompt {p.kind!r} has no options"
                break
            if len(moves) >= MAX_DECISIONS:
                report["problem"] = f"game longer than {MAX_DECISIONS} decisions"
                break
            seat, option = p.seat, _choice(config, state, p, chooser)
            apply(state, seat, option)
            moves.append([seat, option])
            bad = violations(state)
            if bad:
                report["problem"] = "invariant: " + "; ".join(bad[:3])
                break
            if state["turn"] != last_turn:
                last_turn = state["turn"]
                if json.loads(json.dumps(state)) != state:
                    report["problem"] = "state does not survive a JSON round trip"
                    break
        unbooked = [a for a, parts in vp.breakdowns(state).items() if vp.UNTRACKED in parts]
        if unbooked and not report["problem"]:
            report["problem"] = f"VPs not booked under a source: {', '.join(unbooked)}"
        report["turns"] = state["turn"]
        report["decisions"] = len(moves)
        report["cards"] = list(state["cards_taken"])
        report["ended_by"] = "ice age" if "Ice Age" in state["cards_taken"] else (
            "turn limit" if state["phase"] == "over" and state["turn"] >= data.TURN_LIMIT else state["phase"])
    except Exception:  # noqa: BLE001 - a crash is what the fuzzer reports
        report["problem"] = "crash: " + traceback.format_exc(limit=6)
    if report["problem"]:
        report["moves"] = moves
    return report


def run(games: int, seed: int, workers: int = 1, ai_games: int = 0) -> dict[str, Any]:
    configs = [game_config(seed, i) for i in range(games)]
    configs += [ai_game_config(seed, i) for i in range(ai_games)]
    if workers > 1:
        with ProcessPoolExecutor(workers) as pool:
            reports = list(pool.map(play_one, configs, chunksize=8))
    else:
        reports = [play_one(c) for c in configs]
    cards: Counter[str] = Counter({c: 0 for c in DOMINANCE_CARDS})
    ended: Counter[str] = Counter()
    for r in reports:
        cards.update(r.get("cards", []))
        ended[r.get("ended_by", "crash")] += 1
    failures = [r for r in reports if r["problem"]]
    turns = sorted(r.get("turns", 0) for r in reports)
    return {
        "games": len(configs),
        "ai_games": ai_games,
        "seed": seed,
        "failures": len(failures),
        "problems": [{k: r[k] for k in ("players", "seed", "multi_animal", "ai", "problem", "moves")
                      if k in r} for r in failures[:20]],
        "ended_by": dict(ended),
        "turns_median": turns[len(turns) // 2] if turns else 0,
        "turns_max": turns[-1] if turns else 0,
        "cards_taken": dict(sorted(cards.items())),
        "cards_never_taken": sorted(c for c, n in cards.items() if n == 0),
    }
