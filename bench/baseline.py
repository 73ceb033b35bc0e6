"""A benchmark's baseline: another commit of this repository checked out beside it, measured in
the same run (``--baseline REF``), removed afterwards."""

from __future__ import annotations

import subprocess
import tempfile
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


@contextmanager
def baseline_tree(ref: str) -> Iterator[Path]:
    """A detached worktree of ``ref`` for as long as the block runs."""
    path = Path(tempfile.mkdtemp(prefix="ds-baseline-"))
    subprocess.run(["git", "-C", str(ROOT), "worktree", "add", "--detach", "-q", str(path), ref], check=True)
    try:
        yield path
    finally:
        subprocess.run(["git", "-C", str(ROOT), "worktree", "remove", "--force", str(path)], check=False)
