"""Migration: move up to the space's number of your species, each to an adjacent tile
(birds up to two tiles, never across an empty hex); each species moves at most once."""

from __future__ import annotations

from engine.data import MIGRATION_LIMITS, MIGRATION_RANGE
from engine.flow import Ask, Option, pop, register, skip
from engine.geometry import hex_from_key, hex_key, hex_label, neighbour_keys, parse_hex_label
from engine.state import move_species, tile_short


def destinations(state, animal: str, src: str) -> list[str]:
    """Tiles a species of ``animal`` on ``src`` may reach, stepping only over tiles."""
    tiles = state["tiles"]
    reach = MIGRATION_RANGE.get(animal, 1)
    seen = {src}
    frontier = [src]
    for _ in range(reach):
        nxt = []
        for h in frontier:
            for k in neighbour_keys(h):
                if k in tiles and k not in seen:
                    seen.add(k)
                    nxt.append(k)
        frontier = nxt
    seen.discard(src)
    return sorted(seen)


def _left(step) -> int:
    return step.get("left", MIGRATION_LIMITS[step["space"]])


def _movable(state, step, hkey: str) -> int:
    arrived = step.get("arrived", {}).get(hkey, 0)
    return state["tiles"][hkey]["species"].get(step["animal"], 0) - arrived


def _moves(state, step) -> list[tuple[str, str]]:
    if _left(step) <= 0:
        return []
    return [(src, dst) for src in sorted(state["tiles"]) if _movable(state, step, src) > 0
            for dst in destinations(state, step["animal"], src)]


def _short(hkey: str) -> str:
    return hex_label(hex_from_key(hkey))


def ask(state, step):
    animal = step["animal"]
    if "src" in step:
        most = min(_left(step), _movable(state, step, step["src"]))
        options = [Option(f"count:{k}", f"Move {k}") for k in range(most, 0, -1)]
        return Ask(animal, "migration_count",
                   f"Migration: how many from {tile_short(state, step['src'])} "
                   f"to {tile_short(state, step['dst'])}?", options)
    moves = _moves(state, step)
    if not moves:
        return None
    # Each tile is named once, not once per move: this prompt is rebuilt after every move.
    names = {h: (_short(h), tile_short(state, h)) for h in {h for move in moves for h in move}}
    options = [Option(f"move:{names[s][0]}>{names[d][0]}", f"Move from {names[s][1]} to {names[d][1]}")
               for s, d in moves]
    done = "Forfeit Migration" if _left(step) == MIGRATION_LIMITS[step["space"]] else "Stop migrating"
    return Ask(animal, "migration", f"Migration: move a species ({_left(step)} moves left)",
               [*options, Option("done", done)])


def _move(state, step, src, dst, k):
    move_species(state, step["animal"], src, dst, k)
    arrived = step.setdefault("arrived", {})
    arrived[dst] = arrived.get(dst, 0) + k
    step["left"] = _left(step) - k
    return f"migrates {k} from {tile_short(state, src)} to {tile_short(state, dst)}"


def choose(state, step, option_id):
    if option_id == "done":
        pop(state)
        return "stops migrating" if _left(step) < MIGRATION_LIMITS[step["space"]] else "forfeits Migration"
    if option_id.startswith("count:"):
        src, dst = step.pop("src"), step.pop("dst")
        return _move(state, step, src, dst, int(option_id.split(":", 1)[1]))
    a, b = option_id.split(":", 1)[1].split(">")
    src, dst = hex_key(parse_hex_label(a)), hex_key(parse_hex_label(b))  # type: ignore[arg-type]
    if min(_left(step), _movable(state, step, src)) == 1:
        return _move(state, step, src, dst, 1)
    step["src"], step["dst"] = src, dst
    return f"chooses to migrate from {tile_short(state, src)} to {tile_short(state, dst)}"


def auto(state, step):
    if _left(step) == MIGRATION_LIMITS[step["space"]]:
        skip(state, step, f"{step['animal'].capitalize()}: Migration skipped (no species can move).")
    else:
        pop(state)


register("migration", ask, choose, auto)
