# Two entry points for a fresh machine with only Python 3.11+:
#   make run   - set up the virtualenv with the bot's dependencies and start it (local playground without a token)
#   make test  - set up the virtualenv with the developer tools too and run the whole test suite
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed
#: make run's: the bot's own dependencies only (python -m bot runs from this folder, so the project
#: itself is not installed: no build, no developer tools); make test installs those on top.
RUN_STAMP := $(VENV)/.installed-run
DEPENDENCIES := $(VENV)/dependencies.txt
# The suite runs on this many workers (pytest-xdist): an end-to-end test mostly waits on its bot process.
TEST_WORKERS ?= 2

.PHONY: run test lint typecheck bench coverage clean

$(STAMP): pyproject.toml
	$(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip
	$(BIN)/python -m pip install --quiet -e '.[dev]'
	touch $(STAMP)

$(RUN_STAMP): pyproject.toml
	$(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip
	$(BIN)/python -c "import tomllib; print(*tomllib.load(open('pyproject.toml', 'rb'))['project']['dependencies'], sep='\n')" > $(DEPENDENCIES)
	$(BIN)/python -m pip install --quiet -r $(DEPENDENCIES)
	touch $(RUN_STAMP)

run: $(RUN_STAMP)
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
