"""The caches a process that draws keeps, each bounded by the bytes it holds, with its size and
hits (``bench/memory.py`` and the host's metrics read them; a render worker reports its own)."""

from __future__ import annotations

from typing import Any

from renderers import animals, fonts, turn


def caches() -> list[dict[str, Any]]:
    zooms = turn._empty_zoom.cache_info()
    return [*fonts.caches(), *animals.caches(),
            {"name": "turn.zooms", "entries": len(turn._ZOOMS), "bytes": turn._ZOOMS.currsize,
             "bound": turn._ZOOMS.maxsize, "hits": zooms.hits, "misses": zooms.misses}]
