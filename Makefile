# Two commands on a fresh machine with python3 and make: `make play` and `make test`.
PYTHON ?= python3
VENV   := .venv
BIN    := $(VENV)/bin
PY     := $(BIN)/python
# Every install takes the exact versions of constraints.txt (the ranges are in pyproject.toml).
PIP_INSTALL := $(PY) -m pip install --quiet --constraint constraints.txt

.PHONY: play test test-latest lint typecheck unit bench screenshots selfplay mutate fit dist lock venv clean FORCE
# A bare `make` installs the game without starting it.
.DEFAULT_GOAL := $(VENV)/.play-installed

# The venv belongs to one interpreter: tools/venv.sh checks the Python version first (one
# line when it is too old) and makes the venv anew when PYTHON names another interpreter.
# It rewrites $(VENV)/.interpreter only then, so the installs below rerun only then.
$(VENV)/.interpreter: FORCE
	@sh tools/venv.sh "$(PYTHON)" $(VENV) "$(firstword $(MAKECMDGOALS))"

venv: $(VENV)/.interpreter

# The runtime install (for playing) and the test install (adds the dev and release tools).
$(VENV)/.play-installed: pyproject.toml constraints.txt $(VENV)/.interpreter
	$(PY) -m pip install --quiet --upgrade pip
	$(PIP_INSTALL) -e .
	touch $@

$(VENV)/.test-installed: pyproject.toml constraints.txt $(VENV)/.interpreter
	$(PY) -m pip install --quiet --upgrade pip
	$(PIP_INSTALL) -e ".[test,release]"
	touch $@ $(VENV)/.play-installed

play: $(VENV)/.play-installed
	$(BIN)/cold-war-tui $(ARGS)

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

# The whole test suite against the newest versions pyproject.toml's ranges allow: what
# `pip install cold-war-tui` gives a user today, not constraints.txt's pins. A scratch venv
# made anew each time (the same interpreter check as .venv), its versions printed, then
# pytest. The screen snapshot tests and the check of the pinned versions are skipped
# there (they belong to constraints.txt's exact Textual and Rich), and pytest says so.
LATEST := $(VENV)-latest
test-latest:
	rm -rf $(LATEST)
	@sh tools/venv.sh "$(PYTHON)" $(LATEST) test-latest
	$(LATEST)/bin/python -m pip install --quiet --upgrade pip
	$(LATEST)/bin/python -m pip install --quiet -e ".[test,release]"
	@echo "make test-latest: the newest versions the ranges allow:"
	@$(LATEST)/bin/python -m pip list --format=freeze --exclude-editable \
	  | grep -iE '^(textual|rich|pydantic|pyyaml|platformdirs|pytest)=' | sed 's/^/  /'
	@echo "make test-latest: screen snapshots and the pinned-versions check are skipped"
	COLD_WAR_TUI_LATEST=1 $(LATEST)/bin/python -m pytest -rs

# Mutation testing of the rules modules (not part of `make test`: about 5,800 mutants at
# about one a second on 2 cores, so 1.5-2 hours). mutmut mutates operations.py, scoring.py,
# restrictions.py and the events of issue 17 (docs/engine.md), runs the rule tests that
# reach each mutant, and the report gives the kill rate (target 95%; exit status 1 below it).
$(VENV)/.mutate-installed: pyproject.toml constraints.txt $(VENV)/.interpreter
	$(PY) -m pip install --quiet --upgrade pip
	$(PIP_INSTALL) -e ".[test,release,mutate]"
	touch $@ $(VENV)/.test-installed $(VENV)/.play-installed

mutate: $(VENV)/.mutate-installed
	$(PY) tools/mutation_copy.py build/mutate
	cd build/mutate && $(CURDIR)/$(BIN)/mutmut run --max-children 2
	$(PY) tools/mutation_report.py build/mutate

# BASE=<commit>: the engine's protocol games A/B against that commit first (alternating rounds).
# The bots' prior fitted again on the real games of ../shared/games (GAMES=<folder> for
# another), written to cold_war_tui/bots/prior.json; needs the `fit` extra (numpy, scipy).
$(VENV)/.fit-installed: pyproject.toml constraints.txt $(VENV)/.interpreter
	$(PY) -m pip install --quiet --upgrade pip
	$(PIP_INSTALL) -e ".[test,release,fit]"
	touch $@ $(VENV)/.test-installed $(VENV)/.play-installed

fit: $(VENV)/.fit-installed
	$(PY) tools/fit_prior.py $(GAMES)

bench: $(VENV)/.test-installed
	$(PY) benchmarks/bench_engine.py $(if $(BASE),--base $(BASE))
	$(PY) benchmarks/bench_tui.py
	$(PY) benchmarks/bench_hostile.py
	$(PY) benchmarks/bench_bots.py
	$(PY) benchmarks/bench_duel_bots.py

# Regenerates screenshots/*.svg (and PNG copies) by driving the apps with Textual's Pilot.
screenshots: $(VENV)/.test-installed
	$(PY) tools/screenshots.py
	$(PY) tools/duel_screenshots.py

selfplay: $(VENV)/.play-installed
	$(BIN)/cold-war-tui selfplay --games 200 --seed 1

# The wheel and the sdist in dist/, their metadata and README checked as a package index would.
dist: $(VENV)/.test-installed
	rm -rf dist
	$(PY) -m build --outdir dist .
	$(PY) -m twine check --strict dist/*

# Pins constraints.txt anew: the newest versions pyproject.toml's ranges allow, resolved
# in a scratch venv. Run `make test` after it (the screen snapshots may need a look).
lock: $(VENV)/.interpreter
	rm -rf $(VENV)-lock
	$(PYTHON) -m venv $(VENV)-lock
	$(VENV)-lock/bin/python -m pip install --quiet --upgrade pip
	$(VENV)-lock/bin/python -m pip install --quiet ".[test,release]"
	{ grep '^#' constraints.txt; $(VENV)-lock/bin/python -m pip freeze --exclude cold-war-tui; } \
	  > constraints.txt.new
	mv constraints.txt.new constraints.txt
	rm -rf $(VENV)-lock

FORCE:

clean:
	rm -rf $(VENV) $(VENV)-latest .mypy_cache .pytest_cache .ruff_cache build dist
