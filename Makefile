SHELL := /bin/bash
# ChainKit and ChainTUI. `make run` and `make test` install what is missing, then do their job.
SWIFT       ?= swift
TSAN_PATH   ?= .build-tsan
ASAN_PATH   ?= .build-asan
SYMBOLS_DIR ?= .build/symbol-graphs
DOCS_DIR    ?= .build/docs
# Where `make run` keeps the build's output; the tests name a file of their own, so that runs
# side by side (theirs, or a user's in the same clone) never read each other's log.
RUN_LOG     ?= .build-run-log.txt
# `make install`: where chaintui goes ($(PREFIX)/bin) and which build (debug or release).
PREFIX      ?= $(HOME)/.local
CONFIG      ?= debug
# `make run`'s progress line: auto (drawn when standard error is a terminal), line or plain.
RUN_PROGRESS ?= auto
export LANG ?= C.UTF-8

.PHONY: all setup build run install scripts examples test test-unit test-tsan test-asan fuzz lint format bench bench-publish bench-callgrind docs clean

all: build

## setup: install the system pieces the build and the tests need (ncursesw headers, tmux).
setup:
	@scripts/setup.sh

## build: debug build of every target; fails on any compiler or SwiftPM warning.
build: setup
	@$(SWIFT) build 2>&1 | tee .build-log.txt; status=$${PIPESTATUS[0]}; \
	  if [ $$status -ne 0 ]; then exit $$status; fi; \
	  if grep -E "warning:" .build-log.txt; then echo "error: the build printed warnings" >&2; exit 1; fi

## run: start the interactive explorer.
# The build's output goes to RUN_LOG, shown only when the build fails, so the explorer is the
# first thing on the screen; meanwhile one line shows the latest build step. scripts/run.sh
# turns Ctrl-C (during the build or in the explorer) into a clean exit.
run: setup
	@SWIFT="$(SWIFT)" RUN_LOG="$(RUN_LOG)" RUN_PROGRESS="$(RUN_PROGRESS)" bash scripts/run.sh $(ARGS)

## install: build chaintui and copy it to $(PREFIX)/bin (PREFIX=~/.local, CONFIG=debug|release).
install: setup
	@SWIFT="$(SWIFT)" PREFIX="$(PREFIX)" CONFIG="$(CONFIG)" bash scripts/install.sh

## scripts: run the explorer's scripts headlessly (`make scripts ARGS=--update-snapshots`).
scripts: setup
	@$(SWIFT) build --product chaintui 2>&1 | grep -E "error|warning:" || true
	@$$($(SWIFT) build --show-bin-path)/chaintui script Tests/ChainTUITests/Scripts/*.chaintui $(ARGS)

## examples: check the example trees and run the script beside each, as a user would.
examples: setup
	@$(SWIFT) build --product chaintui 2>&1 | grep -E "error|warning:" || true
	@$$($(SWIFT) build --show-bin-path)/chaintui check examples/*.tree
	@$$($(SWIFT) build --show-bin-path)/chaintui script examples/*.chaintui

## test: lint, the warning-free build, every test (the example trees' scripts among them, and
## once more through the binary), then the concurrency tests under TSan and ChainKit's own
## tests (unit, model, conformance) under ASan.
test: lint build test-unit examples test-tsan test-asan

# The concurrency tests hold the main actor for seconds at a time (800,000 posts from eight
# threads); they run once, in their own process under the thread sanitizer below, instead of
# twice (here too), which would only add minutes to the run.
# --disable-xctest: every test is Swift Testing; without it each run also printed an empty
# XCTest block ("Executed 0 tests").
test-unit: setup
	$(SWIFT) test --disable-xctest --skip ChainKitConcurrencyTests

# NB: gold, the default linker, warns once per sanitizer runtime symbol it cannot export
# ("Cannot export local symbol '__asan_report_load1_asm'", 141 lines per linked product, 564 in
# all); only those lines are dropped, everything else and the exit status pass through.
SANITIZER_LINK_NOISE := /ld\.gold: warning: Cannot export local symbol '__(a|t|ub)?san_/d

test-tsan: setup
	@set -o pipefail; TSAN_OPTIONS=suppressions=$(CURDIR)/scripts/tsan-suppressions.txt \
	  CHAINKIT_WITHOUT_MACROS=1 $(SWIFT) test --disable-xctest --sanitize=thread --scratch-path $(TSAN_PATH) \
	  --filter ChainKitConcurrencyTests 2>&1 | sed -E "$(SANITIZER_LINK_NOISE)"

# ChainKit reads its nodes and registrations through unretained references and frees raw
# buffers later: the address sanitizer checks every such read of the main-actor tests, the
# randomized programs included (their fixed budget, CHAINKIT_FUZZ_COUNT to change it).
# Its leak check runs at exit; scripts/lsan-suppressions.txt lists the reports that are not
# ChainKit leaking, each with its reason.
test-asan: setup
	@set -o pipefail; LSAN_OPTIONS=suppressions=$(CURDIR)/scripts/lsan-suppressions.txt \
	  CHAINKIT_WITHOUT_MACROS=1 $(SWIFT) test --disable-xctest --sanitize=address --scratch-path $(ASAN_PATH) \
	  --filter 'ChainKitTests|ChainKitModelTests|ChainKitConformanceTests' 2>&1 \
	  | sed -E "$(SANITIZER_LINK_NOISE)"

## fuzz: ChainKit against its reference model on 100,000 seeded programs (`COUNT=n`), or on one
## (`make fuzz SEED=n` prints its program and both logs); `make test` runs 2,000.
fuzz: setup
	CHAINKIT_FUZZ_COUNT=$(or $(COUNT),100000) CHAINKIT_FUZZ_SEED=$(SEED) \
	  $(SWIFT) test --disable-xctest --filter ChainKitModelTests.DifferentialTests

## lint: swift-format in strict mode against the checked-in .swift-format.
lint:
	$(SWIFT) format lint --strict --recursive Package.swift Sources Tests Benchmarks/Package.swift Benchmarks/Sources

## format: rewrite the sources in place with the checked-in .swift-format.
format:
	$(SWIFT) format format --in-place --recursive Package.swift Sources Tests Benchmarks/Package.swift Benchmarks/Sources

## bench: release-built benchmarks of ChainKit against the floor and its peers, in one run:
## wall clock, then instruction counts under callgrind; every gate judged on both, the scaling
## tables, and whether the load allowed a publishable run.
bench: setup
	$(SWIFT) run -c release --package-path Benchmarks chainkit-bench $(ARGS)

## bench-publish: `make bench`, then BENCHMARKS.md's generated section rewritten from that run;
## refused (exit 3) when other processes' load average is 1 or more.
bench-publish: setup
	$(SWIFT) run -c release --package-path Benchmarks chainkit-bench --write BENCHMARKS.md $(ARGS)

## bench-callgrind: instruction counts only (repeatable, independent of the load).
bench-callgrind: setup
	@scripts/bench-callgrind.sh $(ARGS)

## docs: build the DocC archives of ChainKit, ChainKitTracing, ChainTUI and ChainEvents into .build/docs.
docs: setup
	$(SWIFT) build -Xswiftc -emit-symbol-graph -Xswiftc -emit-symbol-graph-dir -Xswiftc $(SYMBOLS_DIR)
	@mkdir -p $(DOCS_DIR)
	docc convert Sources/ChainKit/ChainKit.docc --fallback-display-name ChainKit \
	  --fallback-bundle-identifier org.chainkit.ChainKit \
	  --additional-symbol-graph-dir $(SYMBOLS_DIR) --output-path $(DOCS_DIR)/ChainKit.doccarchive
	docc convert Sources/ChainKitTracing/ChainKitTracing.docc --fallback-display-name ChainKitTracing \
	  --fallback-bundle-identifier org.chainkit.ChainKitTracing \
	  --additional-symbol-graph-dir $(SYMBOLS_DIR) --output-path $(DOCS_DIR)/ChainKitTracing.doccarchive
	docc convert Sources/ChainTUI/ChainTUI.docc --fallback-display-name ChainTUI \
	  --fallback-bundle-identifier org.chainkit.ChainTUI \
	  --additional-symbol-graph-dir $(SYMBOLS_DIR) --output-path $(DOCS_DIR)/ChainTUI.doccarchive
	docc convert Sources/ChainEvents/ChainEvents.docc --fallback-display-name ChainEvents \
	  --fallback-bundle-identifier org.chainkit.ChainEvents \
	  --additional-symbol-graph-dir $(SYMBOLS_DIR) --output-path $(DOCS_DIR)/ChainEvents.doccarchive

clean:
	rm -rf .build $(TSAN_PATH) $(ASAN_PATH) Benchmarks/.build .build-log.txt .build-run-log.txt
