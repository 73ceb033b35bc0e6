"""The two commands of a fresh machine: ``make run`` installs what the bot needs and nothing of
the developer's (no project build: no setuptools banner), ``make test`` the developer tools too,
and CI runs exactly ``make test``."""

from __future__ import annotations

import os
import shlex
import subprocess
import sys
import tomllib
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def planned(target: str) -> list[str]:
    """The commands ``make TARGET`` runs on a fresh machine (every target out of date), not run."""
    # a fresh make, not one nested in `make test`'s (which would say where it enters and leaves)
    env = {k: v for k, v in os.environ.items() if k not in ("MAKEFLAGS", "MFLAGS", "MAKELEVEL")}
    done = subprocess.run(["make", "--no-print-directory", "-n", "-B", target], cwd=ROOT, capture_output=True,
                          text=True, check=True, env=env)
    return done.stdout.splitlines()


def test_make_run_installs_the_bots_dependencies_and_nothing_more():
    commands = planned("run")
    installs = [c for c in commands if " pip install" in c and "--upgrade pip" not in c]
    assert len(installs) == 1, commands
    arguments = shlex.split(installs[0])
    assert "-e" not in arguments and "." not in arguments and not any("[dev]" in a for a in arguments)  # no build
    # the list it installs from is the project's own dependencies, written by the line before
    (writer,) = [c for c in commands if "tomllib" in c]
    program = shlex.split(writer.split(" > ")[0])[2]
    listed = subprocess.run([sys.executable, "-c", program], cwd=ROOT, capture_output=True, text=True, check=True)
    project = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]
    assert listed.stdout.split("\n")[:-1] == project["dependencies"]
    assert commands[-1].endswith("python -m bot")


def test_make_test_installs_the_developer_tools_and_ci_runs_it():
    commands = planned("test")
    assert any(" pip install" in c and "'.[dev]'" in c for c in commands), commands
    ci = [line for line in (ROOT / ".ci" / "run").read_text().splitlines() if line and not line.startswith("#")]
    assert ci[-4:] == [".ci/install-system-packages", "make test", "make typecheck", ".venv/bin/ruff check ."]
