"""What a process of the bot holds: its resident memory and each cache of ours, with its bound,
its size and its hits, for the host's metrics (``/metrics``) and ``bench/memory.py``.  The bot
process reports its own; each render worker reports its own with every answer
(``render_pool``)."""

from __future__ import annotations

import asyncio
import contextlib
import ctypes
import os
import sys
from pathlib import Path
from typing import TYPE_CHECKING, Any, Protocol

import words
from bot.game import asked

if TYPE_CHECKING:
    from bot.game.service import GameService

class Workers(Protocol):
    """The render pool as the census reads it (``render_pool.RenderPool``, which imports this module)."""

    def reports(self) -> list[dict[str, Any]]: ...


#: What a state kept by the service holds (60-110 KB of objects, measured): its entries' bytes.
STATE_BYTES = 110 * 1024


def resident_bytes(pid: int | None = None) -> int:
    """The resident memory (VmRSS) of a process, this one by default; 0 where it cannot be read."""
    with contextlib.suppress(OSError, ValueError, IndexError):
        for line in Path(f"/proc/{pid or 'self'}/status").read_text().splitlines():
            if line.startswith("VmRSS:"):
                return int(line.split()[1]) * 1024
    return 0


def give_back() -> None:
    """Return to the system the memory freed pictures left in the C heap (glibc's ``malloc_trim``:
    1-2 ms, 15-20 MB of a render worker that drew a thousand pictures); nothing where there is none."""
    with contextlib.suppress(OSError, AttributeError):
        ctypes.CDLL(None).malloc_trim(0)


async def give_back_often(every: float = 60.0) -> None:
    """``give_back`` every ``every`` seconds, for as long as the process runs (the bot's own: the
    states it decodes and the replays it makes leave freed memory in the C heap too)."""
    while True:
        await asyncio.sleep(every)
        give_back()


def _drawing_caches() -> list[dict[str, Any]]:
    """The renderers' and the AI's caches, where this process has drawn or thought (those it never
    read are left out: the bot process imports the renderers and draws in its workers)."""
    out: list[dict[str, Any]] = []
    if "renderers.caches" in sys.modules or "renderers.turn" in sys.modules:
        from renderers.caches import caches

        out += caches()
    if "engine.ai.planning" in sys.modules:
        from engine.ai.planning import memo_report

        out.append(memo_report())
    return [c for c in out if c["hits"] or c["misses"]]


def worker_report(*, caches: bool = True) -> dict[str, Any]:
    """A render worker's: its process id, its memory and (``caches``) its caches."""
    report: dict[str, Any] = {"pid": os.getpid(), "rss": resident_bytes()}
    if caches:
        report["caches"] = [*words.caches(), *_drawing_caches()]
    return report


def service_caches(service: GameService) -> list[dict[str, Any]]:
    """The caches of the bot process: the words, the asked prompts, the saved states, the replays,
    and the renderers' and the AI's where they work in this process."""
    from bot.game.table import SAVED_KEPT  # here: a render worker imports this module, not the service

    saved = service.tables.saved
    chronicle = service.chronicle
    replays = chronicle._cache
    return [
        *words.caches(), *asked.caches(),
        {"name": "service.saved", "entries": len(saved), "bytes": len(saved) * STATE_BYTES,
         "bound": SAVED_KEPT * STATE_BYTES, "hits": saved.hits, "misses": saved.misses},
        {"name": "chronicle.replays", "entries": len(replays), "bytes": replays.currsize, "bound": replays.maxsize,
         "hits": chronicle.reads - chronicle.builds, "misses": chronicle.builds},
        *_drawing_caches(),
    ]


def census(service: GameService, pool: Workers | None) -> list[tuple[str, int, list[dict[str, Any]]]]:
    """Each process of this bot (``bot``, ``worker 1``...): its memory now and its caches (a
    worker's as of its last report)."""
    out = [("bot", resident_bytes(), service_caches(service))]
    if pool is not None:
        for i, report in enumerate(pool.reports(), 1):
            out.append((f"worker {i}", resident_bytes(report["pid"]) or report["rss"], report.get("caches", [])))
    return out
