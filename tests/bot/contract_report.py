"""The Discord contract's report at the end of a test session: the requests each operation
of Discord's API got, and the violations, summed over pytest-xdist's workers (a worker hands
its tally to the controller).  Registered by tests/conftest.py (or ``-p contract_report``)."""

from __future__ import annotations

import json
import sys
from collections import Counter
from typing import Any

#: What the contract check saw, summed over the session's pytest-xdist workers (or this process).
_SEEN: dict[str, Any] = {"seen": Counter(), "seconds": 0.0, "violations": 0, "expected": 0}


def _tally(discord_contract: Any) -> dict[str, Any]:
    seen = discord_contract.contract()
    return {"seen": dict(seen.seen), "seconds": seen.seconds, "violations": seen.violations,
            "expected": seen.expected}


def _add(tally: dict[str, Any]) -> None:
    _SEEN["seen"].update(tally["seen"])
    for key in ("seconds", "violations", "expected"):
        _SEEN[key] += tally[key]


def pytest_sessionfinish(session):
    """A worker hands its tally to the controller (``pytest_testnodedown``); alone, it is kept here."""
    discord_contract = sys.modules.get("discord_contract")  # loaded once a test imported the fake
    if discord_contract is None or discord_contract.contract.cache_info().currsize == 0:
        return  # no test talked to the fake Discord
    workeroutput = getattr(session.config, "workeroutput", None)
    if workeroutput is not None:
        workeroutput["discord_contract"] = json.dumps(_tally(discord_contract))
    else:
        _add(_tally(discord_contract))


def pytest_testnodedown(node, error):
    tally = getattr(node, "workeroutput", {}).get("discord_contract")
    if tally:
        _add(json.loads(tally))


def pytest_terminal_summary(terminalreporter):
    """What the contract check saw in this session: requests per operation, and the violations."""
    if not _SEEN["seen"]:
        return
    terminalreporter.section("Discord contract")
    for operation, count in sorted(_SEEN["seen"].items(), key=lambda item: item[0].split(" ", 1)[::-1]):
        terminalreporter.write_line(f"{count:6d}  {operation}")
    terminalreporter.write_line(f"{sum(_SEEN['seen'].values()):6d}  requests, checked in {_SEEN['seconds']:.1f} s of "
                                f"CPU; violations: {_SEEN['violations']} ({_SEEN['expected']} of them sent on purpose "
                                f"by tests and asserted there)")
