"""The playground in-process: ``run_playground`` (what ``python -m bot`` runs after parsing its
command line) on a script, over a SQLite file that outlives it, so a second run is a restart."""

from __future__ import annotations

import io
from pathlib import Path
from typing import Any

from bot.playground.start import run_playground


async def play(tmp_path: Path, script: str, names: list[str] | tuple[str, ...] = (), **options: Any) -> tuple[int, str]:
    """The exit status and everything the terminal printed."""
    out = io.StringIO()
    status = await run_playground(str(tmp_path / "play.sqlite3"), list(names), board=str(tmp_path / "board.png"),
                                  stdin=io.StringIO(script), stdout=out, **options)
    return status, out.getvalue()
