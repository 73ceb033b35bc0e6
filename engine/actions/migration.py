"""Migration: move up to the space's number of your species, each to an adjacent tile
(birds up to two tiles, never across an empty hex); each species moves at most once."""

from __future__ import annotations

from collections.abc import Collection
from functools import cache, lru_cache, partial

from engine.actions.common import hex_of_label
from engine.data import MIGRATION_LIMITS, MIGRATION_RANGE
from engine.flow import Ask, Option, State, Step, pop, register, skip
from engine.geometry import hex_from_key, hex_label, neighbour_keys
from engine.state import move_species
from engine.text import Msg, msg, tile_ref

#: The most recent earths whose routes are remembered (``_routes``).
_ROUTES_KEPT = 64


def destinations(state: State, animal: str, src: str) -> list[str]:
    """Tiles a species of ``animal`` on ``src`` may reach, stepping only over tiles."""
    return _reach(state["tiles"], src, MIGRATION_RANGE.get(animal, 1))


def _reach(tiles: Collection[str], src: str, reach: int) -> list[str]:
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


@lru_cache(maxsize=_ROUTES_KEPT)
def _routes(tiles: frozenset[str], reach: int) -> tuple[tuple[str, tuple[str, ...]], ...]:
    """Every tile of earth, sorted, with where a species moving ``reach`` tiles may go from it.
    Earth changes only when a tile is added, and a search asks for the moves thousands of
    times: they are worked out once per earth."""
    return tuple((src, tuple(_reach(tiles, src, reach))) for src in sorted(tiles))


def _left(step: Step) -> int:
    left: int = step.get("left", MIGRATION_LIMITS[step["space"]])
    return left


def _movable(state: State, step: Step, hkey: str) -> int:
    arrived: int = step.get("arrived", {}).get(hkey, 0)
    here: int = state["tiles"][hkey]["species"].get(step["animal"], 0)
    return here - arrived


def _moves(state: State, step: Step) -> list[tuple[str, str]]:
    if _left(step) <= 0:
        return []
    routes = _routes(frozenset(state["tiles"]), MIGRATION_RANGE.get(step["animal"], 1))
    return [(src, dst) for src, reachable in routes if _movable(state, step, src) > 0 for dst in reachable]


@cache
def _short(hkey: str) -> str:
    return hex_label(hex_from_key(hkey))


def ask(state: State, step: Step) -> Ask | None:
    animal = step["animal"]
    if "src" in step:
        most = min(_left(step), _movable(state, step, step["src"]))
        src, dst = tile_ref(state, step["src"]), tile_ref(state, step["dst"])
        options = [Option(f"count:{k}", msg("migration.count", n=k)) for k in range(most, 0, -1)]
        return Ask(animal, "migration_count", msg("migration.how_many", src=src, dst=dst), options)
    moves = _moves(state, step)
    if not moves:
        return None
    started = _left(step) < MIGRATION_LIMITS[step["space"]]
    # a search asks this thousands of times and reads few of the lists: each is made when
    # read, from the tiles as they are now
    refs = {k: tile_ref(state, k) for k in state["tiles"]}
    return Ask(animal, "migration", msg("migration", n=_left(step)), partial(_move_options, moves, refs, started))


def _move_options(moves: list[tuple[str, str]], refs: dict[str, dict[str, str]], started: bool) -> list[Option]:
    done = msg("migration.stop") if started else msg("forfeit", action="migration")
    moving = [Option(f"move:{_short(s)}>{_short(d)}", msg("migration.move", src=refs[s], dst=refs[d]))
              for s, d in moves]
    return [*moving, Option("done", done)]


def _move(state: State, step: Step, src: str, dst: str, k: int) -> Msg:
    move_species(state, step["animal"], src, dst, k)
    arrived = step.setdefault("arrived", {})
    arrived[dst] = arrived.get(dst, 0) + k
    step["left"] = _left(step) - k
    return msg("migration.moved", n=k, src=tile_ref(state, src), dst=tile_ref(state, dst))


def choose(state: State, step: Step, option_id: str) -> Msg:
    if option_id == "done":
        pop(state)
        started = _left(step) < MIGRATION_LIMITS[step["space"]]
        return msg("migration.stopped") if started else msg("forfeits", action="migration")
    if option_id.startswith("count:"):
        src, dst = step.pop("src"), step.pop("dst")
        return _move(state, step, src, dst, int(option_id.split(":", 1)[1]))
    a, b = option_id.split(":", 1)[1].split(">")
    src, dst = hex_of_label(a), hex_of_label(b)
    if min(_left(step), _movable(state, step, src)) == 1:
        return _move(state, step, src, dst, 1)
    step["src"], step["dst"] = src, dst
    return msg("migration.chosen", src=tile_ref(state, src), dst=tile_ref(state, dst))


def auto(state: State, step: Step) -> None:
    if _left(step) == MIGRATION_LIMITS[step["space"]]:
        skip(state, step, "migration.skipped")
    else:
        pop(state)


register("migration", ask, choose, auto)
