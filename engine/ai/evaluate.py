"""The heuristic evaluation of a position: what each animal can expect to end the game with.

An animal's value is its VP plus an estimate of what its position will still score:

* tiles: its rank on every tile, valued at the tile-scoring table times the number of times
  the tile is still expected to be scored (once at the end, plus its share of the
  Dominations still to come);
* species an Extinction would take this turn (endangered) count only in part;
* dominance: a card whenever a dominated tile is scored, and the Ice Age bonus at the end;
* Survival (most species on tundra), APs owned, added elements, gene pool.

A seat is worth its animals' values (its lowest, in the multi-animal variant, as the game
scores it); ``relative`` is the seat's value against its opponents'.  Weights were set by
arena games (see ``engine.ai.search``).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from engine.ai.facts import RANK, display, dominant_of, matching
from engine.data import TILE_SCORING, TURN_LIMIT, bonus_vps

State = dict[str, Any]


@dataclass(frozen=True)
class Weights:
    species: float = 0.4        # a species on earth, beyond its tile rank
    dominance: float = 2.0      # a dominated tile (cards when it is scored)
    ice_age: float = 0.3        # share of the Ice Age bonus counted before Ice Age is near
    ap: float = 2.0             # an AP owned, per turn still to play
    added: float = 1.0          # an element added to the display
    pool: float = 0.35          # a species in the gene pool (a cube lost is lost for good)
    doomed: float = 0.85        # share of an endangered species Extinction will take
    contest: float = 0.3        # share of a rank's worth at stake when level with the next
    dominations_per_turn: float = 3.0
    future_scoring: float = 0.7  # weight of the expected Dominations still to come
    leader: float = 0.6         # opponents: weight of the best one (the rest: their mean)
    win: float = 30.0           # a finished game: a win is worth this many VP of margin


DEFAULT = Weights()


def turns_left(state: State) -> float:
    """Turns still to play after this one, from the cards left and the pace they go."""
    if state["ending"] or state["phase"] == "over":
        return 0.0
    cards_left = len(state["cards"]) + len(state["deck"])
    played = max(1, state["turn"] - 1)
    pace = max(1.5, (len(state["cards_taken"]) + 3.0) / (played + 1))
    return float(max(0.0, min(TURN_LIMIT - state["turn"], cards_left / pace)))


def _dominations_this_turn(state: State) -> int:
    """Domination APs still to act this turn (all of the row while planning)."""
    if state["phase"] == "planning":
        return len(state["display"]["domination"])
    if state["phase"] == "execution":
        return sum(1 for a in state["display"]["domination"] if a is not None)
    return 0


def animal_values(state: State, w: Weights = DEFAULT) -> dict[str, float]:
    animals = state["animals"]
    value = {a: float(r["vp"]) for a, r in animals.items()}
    if state["phase"] == "over":
        return value
    left = turns_left(state)
    disp = display(state)
    match = matching(state, disp)
    extinction_ahead = state["phase"] in ("planning", "execution")
    n_tiles = max(1, len(match))
    scorings = 1.0 + w.future_scoring * min(
        3.0, (_dominations_this_turn(state) + w.dominations_per_turn * left) / n_tiles)
    contest_scale = min(1.0, 0.5 + left / 4)
    dominated: dict[str, int] = {}
    for hkey, m in match.items():
        species = state["tiles"][hkey]["species"]
        table = TILE_SCORING[state["tiles"][hkey]["terrain"]]
        counts = {}
        for a, n in species.items():
            if extinction_ahead and m[a] == 0:
                # Likely to die this turn: no rank, a small chance of surviving.
                value[a] += (1.0 - w.doomed) * (w.species * n + table[0] * scorings / (len(species) + 1))
            else:
                counts[a] = n
                value[a] += w.species * n
        ranked = sorted(counts, key=lambda a: (-counts[a], RANK[a]))
        for i, a in enumerate(ranked[:len(table)]):
            # A thin lead is not yet a rank: part of the step down to the next rank goes to
            # whoever is close behind (or is lost, if nobody is).
            here, down = table[i], table[i + 1] if i + 1 < len(table) else 0
            behind = counts[ranked[i + 1]] if i + 1 < len(ranked) else 0
            risk = w.contest * contest_scale * max(0.0, 1.0 - (counts[a] - behind) / 3.0) * (here - down)
            value[a] += (here - risk) * scorings
            if i + 1 < len(ranked):
                value[ranked[i + 1]] += risk * scorings
        d = dominant_of(m)
        if d is not None:
            dominated[d] = dominated.get(d, 0) + 1
    ice_near = "Ice Age" in state["cards"] or state["ending"]
    ice_weight = 1.0 if ice_near else w.ice_age
    for a, tiles in dominated.items():
        value[a] += w.dominance * tiles * min(1.0, left / 2 + 0.25) + ice_weight * bonus_vps(tiles)
    holder = _survival_holder(state)
    if holder is not None:
        occupied = sum(1 for t in state["tiles"].values()
                       if t["terrain"] == "tundra" and t["species"].get(holder, 0) > 0)
        value[holder] += bonus_vps(occupied) * min(left + 1.0, 3.0) * 0.6
    for a, r in animals.items():
        value[a] += w.ap * r["aps_owned"] * min(left, 6.0) / 6.0 * 3.0
        value[a] += w.added * len(r["added"]) + w.pool * r["gene_pool"] * min(1.0, left / 3 + 0.2)
    return value


def _survival_holder(state: State) -> str | None:
    counts: dict[str, int] = {}
    for t in state["tiles"].values():
        if t["terrain"] == "tundra":
            for a, n in t["species"].items():
                counts[a] = counts.get(a, 0) + n
    if not counts:
        return None
    best = max(counts.values())
    leaders = [a for a, n in counts.items() if n == best]
    return leaders[0] if len(leaders) == 1 and best > 0 else None


def seat_values(state: State, w: Weights = DEFAULT) -> list[float]:
    """Each seat's value: its animal's, or (multi-animal) its lowest animal's plus a little
    of the others', as the game scores a seat by its lowest animal."""
    if state["phase"] == "over":
        return [float(s) for s in state["result"]["seat_scores"]]
    values = animal_values(state, w)
    out = []
    for seat in state["seats"]:
        v = [values[a] for a in seat["animals"]]
        out.append(min(v) + (0.1 * (sum(v) - min(v)) / (len(v) - 1) if len(v) > 1 else 0.0))
    return out


def relative(state: State, seat: int, w: Weights = DEFAULT) -> float:
    """The seat's value against its opponents' (a blend of the best one and their mean)."""
    values = seat_values(state, w)
    others = [v for i, v in enumerate(values) if i != seat]
    margin = values[seat] - (w.leader * max(others) + (1 - w.leader) * sum(others) / len(others))
    if state["phase"] == "over":
        top = max(values)
        if values[seat] == top:
            margin += w.win / sum(1 for v in values if v == top)
    return margin
