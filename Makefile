# Assay: two commands on a fresh machine with Node and npm: `make run` and `make test`.
# Bun is pinned and bootstrapped from the npm registry into .tools/ when it is missing.
BUN_VERSION := 1.4.5
TOOLS := $(CURDIR)/.tools
BUN := $(shell if command -v bun >/dev/null 2>&1 && [ "$$(bun --version)" = "$(BUN_VERSION)" ]; then command -v bun; else echo $(TOOLS)/node_modules/.bin/bun; fi)
CONFIG ?= config/assay.yaml
# --splitting: every import() (the app and its libraries, the dashboard, each CLI command) becomes a
# chunk of its own inside the one executable, instantiated when first imported, not at every start
# (docs/benchmarks.md "Cold start", 2026-11-29; test/architecture/start-path.test.ts).
BUILD_FLAGS := --compile --splitting --minify --bytecode --format=esm --no-compile-autoload-dotenv --no-compile-autoload-bunfig

.PHONY: run test unit unit-postgres typecheck build smoke config-validation test-faults test-fuzz bench bench-quality bench-rules install install-bin clean
.DEFAULT_GOAL := run

$(TOOLS)/node_modules/.bin/bun:
	@echo "bootstrapping bun $(BUN_VERSION) from the npm registry into .tools/"
	@mkdir -p $(TOOLS)
	@npm install --no-save --no-audit --no-fund --loglevel=error --prefix $(TOOLS) bun@$(BUN_VERSION)
	@$(TOOLS)/node_modules/.bin/bun --version >/dev/null

node_modules/.installed: package.json bun.lock | $(BUN)
	$(BUN) install --frozen-lockfile --ignore-scripts
	@touch $@

install: node_modules/.installed

## install-bin: build, then copy dist/assay onto the PATH (PREFIX=DIR, else /usr/local/bin or ~/.local/bin)
install-bin: build
	dist/assay install $(if $(PREFIX),--prefix $(PREFIX))

## run: create what is missing of config, data folder and master key, then serve
run: install
	$(BUN) run src/main.ts init --config $(CONFIG)
	$(BUN) run src/main.ts serve --config $(CONFIG)

## test: typecheck, unit and end-to-end tests (the storage-dependent suites twice: SQLite, then
## PostgreSQL), then build the binary and smoke-test it
test: install typecheck unit unit-postgres build smoke

typecheck: install
	$(BUN) x tsc --noEmit -p tsconfig.json

unit: install
	$(BUN) test --timeout 60000

# The storage, API, alerts, reports and CLI suites again on PostgreSQL (a fresh database per test
# server, on ASSAY_TEST_PG_URL). Without a reachable server it is skipped, except under CI=true.
PG_SUITES := test/store test/http test/alerts test/reports test/cli
unit-postgres: install
	@if [ "$$CI" = "true" ] || $(BUN) run test/support/pg-reachable.ts; then \
	  echo "ASSAY_TEST_STORAGE=postgres: $(PG_SUITES)"; \
	  ASSAY_TEST_STORAGE=postgres $(BUN) test --timeout 60000 $(PG_SUITES); \
	else echo "PostgreSQL unreachable at $${ASSAY_TEST_PG_URL:-the default address}: postgres pass skipped (CI=true fails instead)"; fi

# The scan worker (reports.workers) is a second entry point: a compiled binary holds only the
# modules reachable from its entry points, and a worker is started by path, not imported. With
# --splitting the modules it shares with main.ts are one chunk, held once.
build: install
	@mkdir -p dist
	$(BUN) build src/main.ts src/analysis/parallel/scan-worker.ts $(BUILD_FLAGS) --outfile dist/assay

smoke: build
	$(BUN) run test/smoke/binary-smoke.ts dist/assay

## test-faults: kill -9 rounds under concurrent idempotent writes (FAULT_ROUNDS, default 30; on SQLite, then on PostgreSQL), SIGTERM
## under load, a full disk, against the built binary; then the start-up and storage fault tests (CI runs it)
test-faults: build
	ASSAY_BINARY=$(CURDIR)/dist/assay $(BUN) test --timeout 600000 ./test/faults/crash.faults.ts ./test/faults/storage.faults.ts
	ASSAY_TEST_STORAGE=postgres ASSAY_BINARY=$(CURDIR)/dist/assay $(BUN) test --timeout 600000 ./test/faults/crash.faults.ts
	$(BUN) test --timeout 120000 ./test/reliability

## test-fuzz: requests generated from the OpenAPI document, mutated, plus malformed HTTP (FUZZ_RUNS per operation; CI runs it)
test-fuzz: install
	$(BUN) test --timeout 600000 ./test/fuzz/api.fuzz.ts

## config-validation: rewrite src/config/validation.generated.ts (the config schema's defaults and
## check, written out for a cheap cold start) after changing the schema; a test fails until then
config-validation: install
	$(BUN) run src/config/generate-validation.ts

bench: install build
	$(BUN) run bench/run.ts

bench-quality: install
	$(BUN) run bench/quality.ts

bench-rules: install
	$(BUN) run bench/rules.ts

clean:
	rm -rf dist node_modules .tools
