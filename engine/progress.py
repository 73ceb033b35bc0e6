"""What a stretch of play did, seen from outside: the milestones worth a picture, and whether
hidden information came to light (which ends what a player may take back).

Both compare two states of one game, before and after some choices; neither changes them.
"""

from __future__ import annotations

from typing import Any

from engine.data import ROW_NAMES

State = dict[str, Any]

#: Milestones, in the order a turn reaches them.
ACTION, PLANNING, RESET, OVER = "action", "planning", "reset", "over"


def current_action(state: State) -> tuple[int, str, int] | None:
    """(turn, row, space) of the action being resolved, or None outside one."""
    steps = state["steps"]
    if state["phase"] != "execution" or len(steps) < 2 or steps[0]["name"] != "execution":
        return None
    step = steps[1]
    if step["name"] not in ROW_NAMES:
        return None
    return state["turn"], step["name"], step.get("space", 0)


def snapshot(state: State) -> State:
    """What ``milestones`` and ``reveals`` read of a state, copied: a cheap "before" to compare
    with after some choices (a whole copy of a late game, its log included, costs ~100 times more)."""
    return {
        "phase": state["phase"], "turn": state["turn"],
        "steps": [dict(step) for step in state["steps"][:2]],
        "rng": state["rng"],  # an int: the engine's generator state
        "deck": list(state["deck"]),
        "wanderlust": [{"stack": list(s["stack"])} for s in state["wanderlust"]],
    }


def milestones(before: State, after: State) -> set[str]:
    """The milestones passed between two states: an action completed (all its steps), the
    Planning phase ended, a Reset happened (a new turn began), the game ended."""
    passed: set[str] = set()
    if after["phase"] == "over" and before["phase"] != "over":
        passed.add(OVER)
    if after["turn"] != before["turn"]:
        passed.update((RESET, PLANNING))
        if before["phase"] == "execution":
            passed.add(ACTION)
    if before["phase"] == "planning" and after["phase"] != "planning":
        passed.add(PLANNING)
    was = current_action(before)
    if was is not None and current_action(after) != was:
        passed.add(ACTION)
    return passed


def reveals(before: State, after: State) -> bool:
    """Whether going from ``before`` to ``after`` brought hidden information to light: a random
    draw (an element from the bag, a shuffle), a dominance card turned up from the deck, or a
    Wanderlust tile turned face up.  Taking such a choice back would let a player fish for a
    better draw, so it cannot be undone."""
    if after["rng"] != before["rng"]:
        return True
    if len(after["deck"]) != len(before["deck"]):
        return True
    return [len(s["stack"]) for s in after["wanderlust"]] != [len(s["stack"]) for s in before["wanderlust"]]
