"""Placing APs: what each space of the action display is worth to the animal placing.

A space is worth what its action would gain if it were carried out now: the action is
simulated on a copy (the placing seat plays it with ``engine.ai.search``; anyone else asked
during it declines), and the evaluation after it is compared with the evaluation without
it.  The earth does not change while APs are placed, so these values are computed once per
position and animal and remembered (``_memo``): the first placement of a Planning phase pays
for the simulations and the others reuse them.  The memo is keyed by the position itself
and the simulations are determinised from that key, never from the caller's seed, so the
memo cannot make two calls on the same state disagree.

Then the order of execution: a Domination AP acts after those left of it, which score the
best tiles first; only the left-most Glaciation AP acts this turn; a space in a row already
executed (Instinct) does nothing this turn.
"""

from __future__ import annotations

import json
import zlib
from collections import OrderedDict
from collections.abc import Callable
from dataclasses import replace
from typing import Any

from engine.ai.core import clone, determinise, step, tie_break
from engine.ai.search import Level, Search, ranked_options
from engine.data import LAST_CARD, MIGRATION_LIMITS, ROW_NAMES, SPECIATION_ELEMENTS
from engine.display import is_free_space, parse_space_id
from engine.flow import Prompt, advance, prompt_of
from engine.phases import ROW_EXIT
from engine.text import Msg

State = dict[str, Any]
#: Called with the simulated state after each step of a simulation.
Record = Callable[[State], None]

_DECLINE = ("forfeit", "done", "none", "place:0", "move:0")
_MEMO: OrderedDict[str, tuple[dict[str, Any], int]] = OrderedDict()
_MEMO_SIZE = 64  # a key is a position's JSON, some 5-10 KB: the memo holds well under 1 MB
_memo_asked = [0, 0]  # hits, misses


def memo_report() -> dict[str, Any]:
    """The memo's entries, bytes (its keys' and about 1 KB of values each), bound and hits."""
    return {"name": "ai.planning", "entries": len(_MEMO), "bytes": sum(len(k) + 1024 for k in _MEMO),
            "bound": _MEMO_SIZE * 11 * 1024, "hits": _memo_asked[0], "misses": _memo_asked[1]}

#: Rows whose spaces differ only in where they sit: one simulation serves them all.
_SAME_ACTION = frozenset({"adaptation", "regression", "abundance", "wanderlust", "domination"})


def _key(state: State, animal: str, level: Level) -> str:
    animals = {a: [r["vp"], r["added"], r["gene_pool"], r["eliminated"], r["aps_owned"]]
               for a, r in state["animals"].items()}
    return json.dumps([animal, level.name, state["turn"], state["tiles"], state["elements"], animals,
                       state["boxes"], state["cards"], len(state["deck"]), state["bag"],
                       [s["face_up"] for s in state["wanderlust"]], state["tundra_supply"],
                       state["initiative"], state["scored"], state["ending"]])


def _canonical(state: State) -> State:
    """A copy that depends only on what ``_key`` names: the simulations start from it, so a
    remembered value is exactly what a new computation would give."""
    c = clone(state)
    c["display"] = {row: [a if is_free_space(row, i) else None for i, a in enumerate(spaces)]
                    for row, spaces in state["display"].items()}
    c["deck"] = sorted(x for x in c["deck"] if x != LAST_CARD) + [x for x in c["deck"] if x == LAST_CARD]
    hidden = sorted(t for s in c["wanderlust"] for t in s["stack"])
    for s in c["wanderlust"]:
        n = len(s["stack"])
        s["stack"], hidden = hidden[:n], hidden[n:]
    c.pop("hibernating", None)
    return c


def _decline(p: Prompt) -> str:
    for o in p.options:
        if o.id in _DECLINE:
            return o.id
    return p.options[0].id


def _run(state: State, p: Prompt | None, seat: int, level: Level, seed: int,
         record: Record | None = None) -> int:
    """Play out the steps left: the seat searches, anyone else declines.  Returns the work
    units it took: its searches' steps, and one per step played."""
    n = units = 0
    while p is not None:
        if p.seat == seat and len(p.options) > 1:
            ranked, used = ranked_options(state, p, level, seed + n)
            choice, units = ranked[0][1], units + used
        else:
            choice = _decline(p)
        p = step(state, choice)
        n, units = n + 1, units + 1
        if record is not None:
            record(state)
    return units


def _start(state: State) -> Prompt | None:
    ask = advance(state)
    return None if ask is None else prompt_of(state, ask)


def _act(c: State, animal: str, seat: int, row: str, index: int, level: Level, seed: int,
         record: Record | None = None) -> int:
    """Carry out one action (and its row's automatic part) on ``c`` itself; the units it took."""
    c["phase"] = "execution"
    c["row_scratch"] = {}
    c["steps"] = [{"name": row, "animal": animal, "space": index}]
    units = _run(c, _start(c), seat, level, seed, record)
    hook = ROW_EXIT.get(row)
    if hook is not None:
        hook(c)
    return units


def _simulate(base: State, animal: str, seat: int, row: str, index: int, level: Level,
              seed: int, record: Record | None = None) -> tuple[State, int]:
    """The position after the action, and the units it took (its copy and valuation included)."""
    c = clone(base)
    return c, _act(c, animal, seat, row, index, level, seed, record) + 2


def action_values(state: State, animal: str, seat: int, level: Level) -> dict[str, Any]:
    """Row -> value (or space index -> value) of carrying out each action now."""
    return valued(state, animal, seat, level)[0]


def valued(state: State, animal: str, seat: int, level: Level) -> tuple[dict[str, Any], int]:
    """``action_values`` and the work units they take to compute, the same whether they are
    remembered or not (a budget that paid only for what is not remembered would make a
    choice depend on what the process did before)."""
    key = _key(state, animal, level)
    hit = _MEMO.get(key)
    if hit is not None:
        _MEMO.move_to_end(key)
        _memo_asked[0] += 1
        return hit
    _memo_asked[1] += 1
    seed = zlib.crc32(key.encode())
    base = _canonical(state)
    determinise(base, seed)
    sim = replace(level, budget=level.budget // 4, settle_depth=level.plan_depth, chain=0)
    # a stand-in for the placement being valued: a search reads only its seat and kind
    search = Search(base, Prompt(seat, animal, "", Msg("place_ap"), ()), sim)

    units = len(ROW_NAMES)  # the baselines: a copy and a valuation each

    def gain(row: str, index: int) -> float:
        nonlocal units
        after, used = _simulate(base, animal, seat, row, index, sim, seed)
        units += used
        return search.value(after) - baseline[row]

    baseline = {}
    for row in ROW_NAMES:
        c = clone(base)
        c["phase"], c["steps"], c["row_scratch"] = "execution", [], {}
        hook = ROW_EXIT.get(row)
        if hook is not None:
            hook(c)
        baseline[row] = search.value(c)
    values: dict[str, Any] = {}
    for row in ("adaptation", "regression", "abundance", "wasteland", "depletion", "glaciation",
                "wanderlust"):
        values[row] = gain(row, 0)
    # The animal-only free spaces are never vacant, so never valued.
    values["speciation"] = [gain("speciation", i) for i in range(len(SPECIATION_ELEMENTS))]
    values["competition"] = [0.0] + [gain("competition", i)
                                     for i in range(1, len(base["display"]["competition"]))]
    values["migration"], used = _migration(base, animal, seat, sim, seed, search, baseline["migration"])
    values["domination"], more = _domination(base, animal, seat, sim, seed, search, baseline["domination"])
    _MEMO[key] = (values, units + used + more)
    if len(_MEMO) > _MEMO_SIZE:
        _MEMO.popitem(last=False)
    return _MEMO[key]


def _migration(base: State, animal: str, seat: int, sim: Level, seed: int, search: Search,
               baseline: float) -> tuple[list[float], int]:
    """One simulation on the 7-move space, read after each move for the shorter spaces (and
    the units it took)."""
    best_at: dict[int, float] = {0: 0.0}

    def record(c: State) -> None:
        top = c["steps"][-1] if c["steps"] else None
        if top is not None and top["name"] == "migration" and "src" not in top:
            used = MIGRATION_LIMITS[0] - top.get("left", MIGRATION_LIMITS[0])
            best_at[used] = max(best_at.get(used, -1e9), search.value(c) - baseline)

    _, units = _simulate(base, animal, seat, "migration", 0, sim, seed, record)
    values = []
    for limit in MIGRATION_LIMITS:
        values.append(max(v for used, v in best_at.items() if used <= limit))
    return values, units + len(best_at)


def _domination(base: State, animal: str, seat: int, sim: Level, seed: int, search: Search,
                baseline: float) -> tuple[list[float], int]:
    """The value of scoring each candidate tile, best first (and the units it took)."""
    c = clone(base)
    c["phase"], c["row_scratch"] = "execution", {}
    c["steps"] = [{"name": "domination", "animal": animal, "space": 0}]
    p = _start(c)
    units = 1
    if p is None:
        return [0.0], units
    out = []
    for o in p.options:
        if o.id == "forfeit":
            continue
        cc = clone(c)
        units += _run(cc, step(cc, o.id), seat, sim, seed) + 3  # the copy, its first step, its valuation
        out.append(search.value(cc) - baseline)
    out.sort(reverse=True)
    return [max(0.0, v) for v in out] or [0.0], units


def _executed(state: State, row: str, index: int) -> bool:
    """Whether that space's turn to act has passed in this Execution phase."""
    bottom = state["steps"][0] if state["steps"] else None
    if state["phase"] != "execution" or bottom is None or bottom.get("name") != "execution":
        return False
    r = ROW_NAMES.index(row)
    row_now: int = bottom["row"]
    space_now: int = bottom["space"]
    return r < row_now or (r == row_now and index < space_now)


def space_value(state: State, values: dict[str, Any], animal: str, row: str, index: int,
                level: Level) -> float:
    """What an AP on (row, index) is worth, given the APs already placed."""
    if _executed(state, row, index):
        return -1.0
    spaces = state["display"][row]
    before = sum(1 for i in range(index) if spaces[i] is not None and not is_free_space(row, i))
    if row == "initiative":
        first = state["initiative"][0] == animal
        adaptation: float = values["adaptation"]
        wanderlust: float = values["wanderlust"]
        return (0.5 if first else 2.0) + 0.5 * max(adaptation, wanderlust, 0.0)
    if row in ("speciation", "competition", "migration"):
        by_space: list[float] = values[row]
        return by_space[index]
    if row == "domination":
        tiles: list[float] = values["domination"]
        return tiles[min(before, len(tiles) - 1)] if level.plan_order else tiles[0]
    v: float = values[row]
    if row == "glaciation" and index > 0 and level.plan_order:
        return 0.25 * v - 1.0  # it waits for a later turn, and holds the AP until then
    return v


def _placed(state: State, animal: str) -> list[tuple[str, int]]:
    """The animal's APs that will act this turn, in execution order (Initiative aside: it
    only moves the AP)."""
    out = []
    for row in ROW_NAMES:
        spaces = state["display"][row]
        for i, a in enumerate(spaces):
            if a != animal or row == "initiative":
                continue
            if row == "glaciation" and any(x is not None for x in spaces[:i]):
                continue  # only the left-most Glaciation AP acts
            out.append((row, i))
    return out


def _sequenced(state: State, p: Prompt, level: Level, values: dict[str, Any],
               spaces: list[tuple[str, int] | None], worth: list[float],
               allowance: int | None = None) -> tuple[list[float], int]:
    """The best few spaces valued again, after the actions of the seat's APs already on the
    display this turn (a second Speciation is worth less where the first already went; a
    Domination more where a Speciation comes first), and the work units that took.  Within
    ``allowance`` units (by default the level's ``plan_budget``): once they are spent, the
    spaces not yet valued again keep their first value, as the spaces beyond the best few do."""
    animal, seat = p.animal, p.seat
    mine = _placed(state, animal)
    if not mine:
        return worth, 0
    allowance = level.plan_budget if allowance is None else allowance
    key = _key(state, animal, level) + json.dumps(mine)
    seed = zlib.crc32(key.encode())
    # Many spaces to revalue at every placement: the cheaper settling of ``normal``.
    sim = replace(level, budget=level.budget // 12, settle_depth=0, chain=0)
    projected = _canonical(state)
    determinise(projected, seed)
    units = 2  # the copy, and its valuation below
    for row, i in mine:
        units += _act(projected, animal, seat, row, i, sim, seed)
    search = Search(projected, p, sim)
    before = search.value(projected)
    order = sorted(range(len(worth)), key=lambda j: worth[j], reverse=True)
    out = list(worth)
    gains: dict[tuple[str, int], float] = {}  # spaces of one action share a simulation
    for j in order[:level.sequence]:
        space = spaces[j]
        if space is None or space[0] in ("initiative", "glaciation") or worth[j] <= 0:
            continue
        row, i = space
        sig = (row, 0) if row in _SAME_ACTION else space
        if sig not in gains:
            if units >= allowance:
                continue
            after, used = _simulate(projected, animal, seat, *sig, sim, seed)
            gains[sig], units = search.value(after) - before, units + used
        gain = gains[sig]
        if row == "domination":  # scale as the order of the Domination APs does
            best = values["domination"][0]
            gain *= worth[j] / best if best > 0 else 1.0
        out[j] = gain
    return out, units


def space_worths(state: State, p: Prompt, level: Level, seed: int,
                 allowance: int | None = None) -> tuple[list[tuple[float, float]], int]:
    """What each option of a placement prompt is worth, with its seeded tie-break key, and the
    work units that took: the action values' (the same whether remembered or not) and their
    revaluation's, within ``allowance`` units (``_sequenced``)."""
    values, units = valued(state, p.animal, p.seat, level)
    keys = tie_break(seed, len(p.options))
    spaces = [parse_space_id(o.id) for o in p.options]
    worth = [space_value(state, values, p.animal, *s, level) if s else 0.0 for s in spaces]
    if level.sequence and state["phase"] == "planning":
        worth, more = _sequenced(state, p, level, values, spaces, worth, allowance)
        units += more
    return list(zip(worth, keys, strict=True)), units


def choose_space(state: State, p: Prompt, level: Level, seed: int) -> str:
    """The placement with the best value (ties broken by the seed)."""
    worths, _ = space_worths(state, p, level, seed)
    best = max(range(len(p.options)), key=lambda i: worths[i])
    return p.options[best].id
