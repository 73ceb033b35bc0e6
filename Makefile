# Two entry points for a fresh machine with only Python 3.11+:
#   make run   - set up the virtualenv and start the bot (local playground without a token)
#   make test  - set up the virtualenv and run the whole test suite
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed
# The suite runs on this many workers (pytest-xdist): an end-to-end test mostly waits on its bot process.
TEST_WORKERS ?= 2

.PHONY: run test lint typecheck bench coverage clean

$(STAMP): pyproject.toml
	$(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip
	$(BIN)/python -m pip install --quiet -e '.[dev]'
	touch $(STAMP)

run: $(STAMP)
	$(BIN)/python -m bot

test: $(STAMP)
	$(BIN)/python -m pytest -n $(TEST_WORKERS)

# Line and branch coverage of bot/, the `python -m bot` processes of the e2e tests included
coverage: $(STAMP)
	rm -rf .coverage && mkdir -p .coverage
	$(BIN)/coverage run -m pytest -n $(TEST_WORKERS)
	$(BIN)/coverage combine -q
	$(BIN)/coverage report --sort=cover

lint: $(STAMP)
	$(BIN)/ruff check .

typecheck: $(STAMP)
	$(BIN)/mypy

bench: $(STAMP)
	$(BIN)/python bench/engine.py

clean:
	rm -rf $(VENV)
