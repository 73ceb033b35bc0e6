"""The /ds tree as it is synced (the JSON discord.py sends to Discord's bulk-overwrite endpoint,
with every localisation the translator adds) is exactly the stored copy, ``synced_ds.json``:
how the commands are written in the shell never changes what Discord is told.

A command changed on purpose: write the copy anew with ``DS_WRITE_SYNCED=1`` and read the diff.
"""

from __future__ import annotations

import json
import os
from pathlib import Path

from test_command_limits import synced_payload

STORED = Path(__file__).with_name("synced_ds.json")


def _text(payload: dict) -> str:
    return json.dumps(payload, indent=1, sort_keys=True, ensure_ascii=False) + "\n"


async def test_the_synced_tree_is_the_stored_copy():
    now = _text(await synced_payload())
    if os.environ.get("DS_WRITE_SYNCED"):
        STORED.write_text(now)
    assert now == STORED.read_text()
