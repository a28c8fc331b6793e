# Two commands on a fresh machine with python3 and make: `make play` and `make test`.
PYTHON ?= python3
VENV   := .venv
BIN    := $(VENV)/bin
PY     := $(BIN)/python

.PHONY: play test lint typecheck unit bench screenshots selfplay mutate clean

# The runtime install (for playing) and the test install (adds the dev tools).
$(VENV)/.play-installed: pyproject.toml
	$(PYTHON) -m venv $(VENV)
	$(PY) -m pip install --quiet --upgrade pip
	$(PY) -m pip install --quiet -e .
	touch $@

$(VENV)/.test-installed: pyproject.toml
	$(PYTHON) -m venv $(VENV)
	$(PY) -m pip install --quiet --upgrade pip
	$(PY) -m pip install --quiet -e ".[test]"
	touch $@ $(VENV)/.play-installed

play: $(VENV)/.play-installed
	$(BIN)/cold-war-tui

test: lint typecheck unit

lint: $(VENV)/.test-installed
	$(BIN)/ruff check .
	$(BIN)/ruff format --check .

# mypy --strict on the pure engines; the rest of the package at the default level.
typecheck: $(VENV)/.test-installed
	$(BIN)/mypy --strict cold_war_tui/engine
	$(BIN)/mypy cold_war_tui

# pytest exits 5 when it collects no test: make treats that as the failure it is.
unit: $(VENV)/.test-installed
	$(PY) -m pytest

# Mutation testing of the rules modules (not part of `make test`: about 15 minutes on 2
# cores). mutmut mutates operations.py, scoring.py, restrictions.py and the events of issue
# 17 (docs/engine.md), runs the rule tests that reach each mutant, and the report gives the
# kill rate (target 95%; exit status 1 below it).
$(VENV)/.mutate-installed: pyproject.toml
	$(PYTHON) -m venv $(VENV)
	$(PY) -m pip install --quiet --upgrade pip
	$(PY) -m pip install --quiet -e ".[test,mutate]"
	touch $@ $(VENV)/.test-installed $(VENV)/.play-installed

mutate: $(VENV)/.mutate-installed
	$(PY) tools/mutation_copy.py build/mutate
	cd build/mutate && $(CURDIR)/$(BIN)/mutmut run --max-children 2
	$(PY) tools/mutation_report.py build/mutate

bench: $(VENV)/.test-installed
	$(PY) benchmarks/bench_engine.py
	$(PY) benchmarks/bench_tui.py

# Regenerates screenshots/*.svg (and PNG copies) by driving the apps with Textual's Pilot.
screenshots: $(VENV)/.test-installed
	$(PY) tools/screenshots.py
	$(PY) tools/duel_screenshots.py

selfplay: $(VENV)/.play-installed
	$(BIN)/cold-war-tui selfplay --games 200 --seed 1

clean:
	rm -rf $(VENV) .mypy_cache .pytest_cache .ruff_cache build dist
