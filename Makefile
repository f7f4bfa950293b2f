# Two commands on a fresh machine: `make run` and `make test`.
# Each creates the virtual environment and installs what it needs.

PY ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed
# The page's lint and unit-test tools (eslint), from package-lock.json; only for `make test`.
NODE_STAMP := node_modules/.installed
PYTEST_ARGS ?=

.PHONY: run test lint lint-js typecheck bench bench-quick bench-journal bench-table bench-first-load soak sysdeps clean demo serve loadtest crashtest docs-img screenshots

$(STAMP): pyproject.toml
	test -x $(BIN)/python || $(PY) -m venv $(VENV)
	$(BIN)/python -m pip install -q --upgrade pip
	$(BIN)/python -m pip install -q -e '.[dev]'
	touch $(STAMP)

$(NODE_STAMP): package.json package-lock.json
	npm ci --no-audit --no-fund --silent
	touch $(NODE_STAMP)

# The table page's ES modules: ESLint, then the unit tests of their pure parts (node's runner).
lint-js: $(NODE_STAMP)
	npx --no-install eslint src/ordnance/server/static tests/js eslint.config.js
	node --test tests/js/

# Debian packages the browser and PostgreSQL tests need (skipped when present).
# Best effort: without them (no root, no apt) those tests skip and say why.
sysdeps:
	bash scripts/ensure-system-deps.sh || echo "warning: could not install chromium/postgresql; browser and PostgreSQL tests will be skipped"

run: $(STAMP)
	$(BIN)/ordnance serve --host 127.0.0.1 --port 8000

demo: $(STAMP)
	$(BIN)/ordnance demo

lint: $(STAMP)
	$(BIN)/ruff check src tests scripts
	$(BIN)/ruff format --check src tests scripts

typecheck: $(STAMP)
	$(BIN)/mypy

test: $(STAMP) sysdeps lint-js
	$(BIN)/ruff check src tests scripts
	$(BIN)/mypy
	$(BIN)/python -m pytest -n 2 $(PYTEST_ARGS)

# Real ToI tables under load (loopback; bare FastAPI, SQLite, a throwaway PostgreSQL, interleaved).
loadtest: $(STAMP) sysdeps
	$(BIN)/python scripts/loadtest.py

# kill -9 the table under load, restart, check the journal against every acknowledgement.
crashtest: $(STAMP)
	$(BIN)/python scripts/crashtest.py

# docs/img/table-<game>-{desktop,phone}.png: each game mid-play, from the browser tests' scenarios.
screenshots: $(STAMP) sysdeps
	$(BIN)/python scripts/screenshots.py

bench: $(STAMP)
	$(BIN)/python -m ordnance.bench.run

bench-quick: $(STAMP)
	$(BIN)/python -m ordnance.bench.run --quick

# The plots of docs/asl.md's worked examples (AP, APCR, HEAT by range; the VASL PaK 40).
docs-img: $(STAMP)
	$(BIN)/python scripts/asl_shot_plot.py docs/img/asl-ap-apcr-heat.png
	$(BIN)/ordnance asl odds gun --gun 75L --notation 's7 A5^2^/4^3^/3^4^' --date 1944-06 --ammo AP \
	  --range 7 --target vehicle --af 11 --compare AP --compare APCR \
	  --plot docs/img/asl-vasl-pak40-ap-apcr.png > /dev/null

# The table's CPU per accepted action beside bare FastAPI (with and without a durable
# write), in one process, interleaved, same requests; SQLite and a throwaway PostgreSQL.
bench-table: $(STAMP)
	$(BIN)/python -m ordnance.bench.table

# The table page's first load in headless Chromium, cold and warm, at 1k and 20k events.
bench-first-load: $(STAMP) sysdeps
	$(BIN)/python scripts/bench_first_load.py

# RSS of a server process while many tables are opened and abandoned (30 minutes).
soak: $(STAMP)
	$(BIN)/python scripts/soak.py

# The journal at 1k/5k/20k/100k events: view, log since, odds, an action (one JSON line).
bench-journal: $(STAMP)
	$(BIN)/python -m ordnance.bench.journal

clean:
	rm -rf $(VENV) .mypy_cache .ruff_cache .pytest_cache .hypothesis
