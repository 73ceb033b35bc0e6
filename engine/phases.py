"""The three phases of a turn: Planning, Execution and Reset, and the end of the game."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from engine import data, ecology, reseed
from engine.data import FOOD_CHAIN, MAMMAL_EXTINCTION_SAVES, ROW_NAMES
from engine.display import place_ap, space_id, take_ap, vacant_spaces
from engine.flow import Ask, Option, push, register, replace
from engine.geometry import hex_from_key, hex_label
from engine.state import animals_in_play, gain_vp, log, protected_species, remove_species
from engine.text import Msg, msg, tile_ref

State = dict[str, Any]
Step = dict[str, Any]


def start(state: State) -> State:
    """Begin the first Planning phase of a freshly set-up game."""
    from engine.flow import advance

    log(state, "setup", animals=animals_in_play(state), initiative=list(state["initiative"]))
    begin_planning(state)
    advance(state)
    return state


# ---------------------------------------------------------------------------------------------
# Planning


def begin_planning(state: State) -> None:
    state["phase"] = "planning"
    state["steps"] = [{"name": "planning", "next": 0}]


def _planner(state: State, step: Step) -> tuple[int, str] | None:
    order = state["initiative"]
    if not vacant_spaces(state):
        return None
    for k in range(len(order)):
        i = (step["next"] + k) % len(order)
        if state["animals"][order[i]]["aps"] > 0:
            return i, order[i]
    return None


def planning_ask(state: State, step: Step) -> Ask | None:
    found = _planner(state, step)
    if found is None:
        return None
    _, animal = found
    left = state["animals"][animal]["aps"]
    return Ask(
        animal, "place_ap", msg("place_ap", n=left),
        [Option(space_id(r, i), msg("space", space=space_id(r, i))) for r, i in vacant_spaces(state)],
    )


def planning_choose(state: State, step: Step, option_id: str) -> Msg:
    found = _planner(state, step)
    assert found is not None, step  # a choice answers the prompt, which found this planner
    i, animal = found
    row, _, number = option_id.rpartition("-")
    index = int(number) - 1
    place_ap(state, animal, row, index)
    step["next"] = (i + 1) % len(state["initiative"])
    return msg("ap_placed", space=option_id)


def planning_auto(state: State, step: Step) -> None:
    state["phase"] = "execution"
    log(state, "phase.execution")
    replace(state, "execution", row=0, space=0, entered=False)


register("planning", planning_ask, planning_choose, planning_auto)


# ---------------------------------------------------------------------------------------------
# Execution: take APs off the display top to bottom, left to right


def _enter_row(state: State, row: str) -> None:
    state["row_scratch"] = {}


def _exit_row(state: State, row: str) -> None:
    hook = ROW_EXIT.get(row)
    if hook is not None:
        hook(state)
    state.pop("row_scratch", None)


def execution_auto(state: State, step: Step) -> None:
    while step["row"] < len(ROW_NAMES):
        row = ROW_NAMES[step["row"]]
        if not step["entered"]:
            step["entered"] = True
            _enter_row(state, row)
        spaces = state["display"][row]
        j = step["space"]
        while j < len(spaces) and spaces[j] is None:
            j += 1
        if j < len(spaces):
            # Glaciation: only the left-most AP acts; the others wait for later turns.
            step["space"] = len(spaces) if row == "glaciation" else j + 1
            animal = take_ap(state, row, j)
            # the AP whose action the steps above this one resolve (``resolving``): its space
            # is gone from the display once taken, and some actions replace their own step
            step["resolving"] = [space_id(row, j), animal]
            push(state, row, animal=animal, space=j)
            return
        _exit_row(state, row)
        step["row"] += 1
        step["space"] = 0
        step["entered"] = False
    replace(state, "reset", stage="extinction")


register("execution", lambda state, step: None, auto=execution_auto)


def resolving(state: State) -> tuple[str, str] | None:
    """The AP being resolved now, as (its space, its animal): while an Execution AP's action
    asks, every step above the Execution step is that AP's (its action, the card it won, the
    moves onto a new tile).  ``None`` outside an AP's resolution."""
    steps = state["steps"]
    if len(steps) < 2 or steps[0]["name"] != "execution" or "resolving" not in steps[0]:
        return None
    space, animal = steps[0]["resolving"]
    return space, animal

#: Automatic parts of a row, done after its last AP (filled in by the action modules).
ROW_EXIT: dict[str, Callable[[State], None]] = {}


# ---------------------------------------------------------------------------------------------
# Reset


#: What each Reset does right after Extinction: the Survival card (``engine.cards.survival``).
AFTER_EXTINCTION: list[Callable[[State], None]] = []


def _endangered_cubes(state: State) -> list[tuple[str, str, int]]:
    """(tile, animal, cubes) that Extinction would eliminate; Hibernation's species are safe."""
    result = []
    for hkey, tile in state["tiles"].items():
        for animal in ecology.endangered(state, hkey):
            n = tile["species"][animal] - protected_species(state, animal, hkey)
            if n > 0:
                result.append((hkey, animal, n))
    return result


def _mammal_save_tiles(state: State) -> list[str]:
    if "mammals" not in state["animals"] or MAMMAL_EXTINCTION_SAVES <= 0:
        return []
    return [h for h, a, _ in _endangered_cubes(state) if a == "mammals"]


def reset_ask(state: State, step: Step) -> Ask | None:
    if step["stage"] != "save":
        return None
    options = [
        Option(f"save:{_label(h)}", msg("extinction.save", n=MAMMAL_EXTINCTION_SAVES, tile=tile_ref(state, h)))
        for h in _mammal_save_tiles(state)
    ]
    options.append(Option("none", msg("extinction.save_none")))
    return Ask("mammals", "extinction_save", msg("extinction.save", n=MAMMAL_EXTINCTION_SAVES), options)


def _label(hkey: str) -> str:
    return hex_label(hex_from_key(hkey))


def reset_choose(state: State, step: Step, option_id: str) -> Msg:
    step["stage"] = "survival"
    if option_id == "none":
        _extinction(state, None)
        return msg("extinction.saved_none")
    label = option_id.split(":", 1)[1]
    hkey = next(h for h in _mammal_save_tiles(state) if _label(h) == label)
    _extinction(state, hkey)
    return msg("extinction.saved", n=MAMMAL_EXTINCTION_SAVES, tile=tile_ref(state, hkey))


def _extinction(state: State, saved_tile: str | None) -> None:
    """Eliminate every endangered species (but the one the mammals save); log what died."""
    losses = []
    for hkey, animal, n in _endangered_cubes(state):
        if animal == "mammals" and hkey == saved_tile:
            n -= MAMMAL_EXTINCTION_SAVES
        n = remove_species(state, animal, hkey, n)
        if n:
            losses.append({"animal": animal, "n": n, "tile": tile_ref(state, hkey)})
    if losses:
        log(state, "extinction", losses=losses)
    else:
        log(state, "extinction.none")


def reset_auto(state: State, step: Step) -> None:
    if step["stage"] == "extinction":
        state["phase"] = "reset"
        log(state, "phase.reset")
        if _mammal_save_tiles(state):
            step["stage"] = "save"
            return
        _extinction(state, None)
        step["stage"] = "survival"
        return
    state.pop("hibernating", None)  # Hibernation's protection lasts until this Extinction
    for scoring in AFTER_EXTINCTION:
        scoring(state)
    if not state["ending"] and state["turn"] >= data.TURN_LIMIT:
        state["ending"] = True
        log(state, "turn_limit", n=data.TURN_LIMIT)
    if state["ending"]:
        final_scoring(state)
        return
    reseed.reseed(state)
    state["turn"] += 1
    log(state, "phase.planning")
    begin_planning(state)


register("reset", reset_ask, reset_choose, reset_auto)


# ---------------------------------------------------------------------------------------------
# End of the game


def score_tile(state: State, hkey: str, source: str) -> list[dict[str, Any]]:
    """Score one tile as Domination does; returns ``[{"animal", "vp"}]`` for the log."""
    scores = []
    for animal, vp in ecology.domination_score(state, hkey).items():
        if vp:
            gain_vp(state, animal, vp, source=source)
            scores.append({"animal": animal, "vp": vp})
    return scores


def final_scoring(state: State) -> None:
    for hkey in sorted(state["tiles"]):
        scores = score_tile(state, hkey, "final_scoring")
        if scores:
            log(state, "final_scoring", tile=tile_ref(state, hkey), scores=scores)
    state["result"] = result(state)
    state["phase"] = "over"
    state["steps"] = []
    res = state["result"]
    winner = res["winner_seat"]
    log(state, "game_over", player=state["seats"][winner]["name"], animal=res["winner"],
        vp=res["seat_scores"][winner])
    if res["tie_break"]:
        tie = res["tie_break"]
        log(state, "tie_break", animals=tie["animals"], vp=tie["score"], winner=res["winner"])


def how_it_ended(state: State) -> str | None:
    """Why a finished game ended: ``ice_age`` (the card was taken), ``turn_limit`` (turn
    ``data.TURN_LIMIT`` was over without it) or ``resignation``; None while it runs."""
    res = state.get("result")
    if state["phase"] != "over" or not res:
        return None
    if res.get("ended_by") == "resignation":
        return "resignation"
    return "ice_age" if "Ice Age" in state["cards_taken"] else "turn_limit"


def end_by_resignation(state: State, resigned_seat: int, winner_seat: int) -> None:
    """The game ends because ``resigned_seat`` resigned and ``winner_seat`` is the one player
    left: the scores stand as they are, and the winner is named whatever they are."""
    res = result(state)
    res.update(winner_seat=winner_seat, winner=res["scoring_animals"][winner_seat], tie_break=None,
               ended_by="resignation", resigned_seat=resigned_seat)
    state["result"] = res
    state["phase"] = "over"
    state["steps"] = []
    seats = state["seats"]
    log(state, "game_over_resigned", player=seats[resigned_seat]["name"], opponent=seats[winner_seat]["name"])


def result(state: State) -> dict[str, Any]:
    """Scores and the winner.  A seat scores its lowest animal (one animal: that animal);
    ties go to the seat whose scoring animal stands higher on the food chain."""
    scores = {a: state["animals"][a]["vp"] for a in animals_in_play(state)}
    scoring_animal = []
    for seat in state["seats"]:
        lowest = min(seat["animals"], key=lambda a: (scores[a], -FOOD_CHAIN.index(a)))
        scoring_animal.append(lowest)
    seat_scores = [scores[a] for a in scoring_animal]
    winner = min(
        range(len(state["seats"])),
        key=lambda s: (-seat_scores[s], FOOD_CHAIN.index(scoring_animal[s])),
    )
    return {
        "scores": scores,
        "seat_scores": seat_scores,
        "winner_seat": winner,
        "winner": scoring_animal[winner],
        "scoring_animals": scoring_animal,
        "tie_break": _tie_break(seat_scores, scoring_animal, winner),
    }


def _tie_break(seat_scores: list[int], scoring_animal: list[str], winner: int) -> dict[str, Any] | None:
    """What decided the winner when the best score is shared (rules §8: the food chain)."""
    tied = [s for s, v in enumerate(seat_scores) if v == seat_scores[winner]]
    if len(tied) < 2:
        return None
    return {
        "rule": "food_chain",
        "seats": tied,
        "animals": [scoring_animal[s] for s in tied],
        "score": seat_scores[winner],
    }
