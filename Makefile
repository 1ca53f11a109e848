# 2048 in Rust/WebAssembly. The two commands a person needs: `make run` and `make test`.
# Every target installs what it needs and skips what is already there.

SHELL := /bin/bash
PORT ?= 8080
# The address `make run` listens on: the loopback one, or 0.0.0.0 to open the page from a phone
# on the same network (it then prints the URLs to use).
HOST ?= 127.0.0.1
WASM_TARGET := wasm32-unknown-unknown
PKG := www/pkg
# Three modules from the one crate, named by what they hold, as their Cargo features:
#   play     (no features)   the rules and the game: new games, moves, undo, saving, the strategy
#                            catalogue. The page's first module, on a visit with no saved game.
#   records  (`records`)     play, and reading saved games and records back (Game.fromJSON,
#                            fromRecord, Replay, positionProblem). The page loads it when a saved
#                            game is there, and for records on demand.
#   ai       (default: `ai`) records, and the search and the learner (bestMove, Trainer): the
#                            workers, Node tests and tools.
# The three are built one after another in one target dir, where they share every dependency
# and proc macro (most of a build: each crate itself takes seconds); cargo writes each to the same
# game2048.wasm, so each is copied out under its name as it is built (only when it changed, so
# that the bindings' rules see what changed), and only when a source changed, since cargo
# rebuilds the crate at every switch of features. The page's modules are built for size
# (opt-level "z", the smallest of "z", "s" and 3; `make size` prints what a visit downloads); nothing in
# them is a hot loop (a move takes microseconds, a 20,000-move record replays in milliseconds).
CARGO_WASM := target/$(WASM_TARGET)/release/game2048.wasm
WASM_OUT := target/wasm
WASM_AI := $(WASM_OUT)/game2048_ai.wasm
WASM_RECORDS := $(WASM_OUT)/game2048_records.wasm
WASM_PLAY := $(WASM_OUT)/game2048_play.wasm
RUST_SOURCES := $(shell find src -type f) Cargo.toml Cargo.lock
# The native tests, their lint and the parity check's arena: Cargo.toml's test-native profile
# (release's optimisation in a fraction of its build time; target/test-native/).
TEST_PROFILE := test-native
# The page's two builds (play, records) are built for size.
PAGE_OPT := --config 'profile.release.opt-level="z"'
# The page's modules (play, records) shrink a little more under binaryen's wasm-opt -Oz (npm
# devDependency: about 1.1 KB gzipped each, 3%); the ai one stays as rustc made it (opt-level 3).
# The features are those rustc's wasm32 target enables.
WASM_OPT := node_modules/.bin/wasm-opt -Oz --enable-bulk-memory --enable-nontrapping-float-to-int --enable-sign-ext --enable-mutable-globals --enable-reference-types --enable-multivalue
# The ai module (the package's "./engine") gets wasm-bindgen's TypeScript declarations
# (game2048_ai.d.ts); the page's two modules are not part of the package's API and get none.
# The bindings are made by tools/build/bindgen, wasm-bindgen's own library at the crate's
# version (Cargo.lock holds them equal): `wasm-bindgen --target web --remove-name-section
# --remove-producers-section`, byte for byte, built in cargo's dev profile without debug info
# (about 52 CPU s; 68 with it, for the same files) beside the wasm builds, into a target dir of
# its own outside the clone, as an installed tool is: once a machine, and a second clone only
# checks it (cargo rebuilds it for another version).
BINDGEN_DIR := $(HOME)/.cache/game2048-bindgen
BINDGEN_BIN := $(BINDGEN_DIR)/debug/game2048-bindgen
BINDGEN := $(BINDGEN_BIN) --out-dir $(PKG)
SUDO := $(shell [ "$$(id -u)" = 0 ] || echo sudo)

.PHONY: all build run test test-native-side test-web-side test-rust test-parity test-wasm test-e2e screenshots lint lint-tools wasm-tools wasm-target node-deps chromium size size-check bench dist package figures figures-embed figures-page figures-learn clean

all: build

## --- tools -----------------------------------------------------------------

# The wasm32 target (rustup), for the wasm builds and their lint.
wasm-target:
	@rustup target list --installed 2>/dev/null | grep -qx $(WASM_TARGET) || rustup target add $(WASM_TARGET)

# The bindings' maker (see BINDGEN).
$(BINDGEN_BIN): tools/build/bindgen/Cargo.toml tools/build/bindgen/src/main.rs Cargo.lock
	CARGO_PROFILE_DEV_DEBUG=0 cargo build --manifest-path tools/build/bindgen/Cargo.toml --target-dir $(BINDGEN_DIR)
	@touch $@

wasm-tools: wasm-target $(BINDGEN_BIN)

node-deps: node_modules/.package-lock.json

node_modules/.package-lock.json: package.json package-lock.json
	npm ci --no-audit --no-fund
	@touch $@

chromium:
	@command -v chromium >/dev/null || [ -x /usr/bin/chromium ] || \
	  { echo "Installing Debian chromium for the browser tests"; $(SUDO) apt-get -o DPkg::Lock::Timeout=300 update -qq && $(SUDO) apt-get -o DPkg::Lock::Timeout=300 install -y -qq chromium; }

## --- build -----------------------------------------------------------------

# The wasm modules, with the bindings' maker (when it is missing) building beside them.
build: wasm-target node-deps
	@$(MAKE) --no-print-directory -j2 $(WASM_OUT)/.built $(BINDGEN_BIN)
	@$(MAKE) --no-print-directory $(PKG)/game2048_ai_bg.wasm $(PKG)/game2048_ai.d.ts $(PKG)/game2048_records_bg.wasm $(PKG)/game2048_play_bg.wasm $(PKG)/strategy-texts

# cargo's output, copied out under `name` when it differs from what is there.
copy_wasm = @cmp -s $(CARGO_WASM) $(WASM_OUT)/$(1).wasm || cp $(CARGO_WASM) $(WASM_OUT)/$(1).wasm

$(WASM_OUT)/.built: $(RUST_SOURCES)
	@mkdir -p $(WASM_OUT)
	cargo rustc --lib --crate-type cdylib --target $(WASM_TARGET) --release
	$(call copy_wasm,game2048_ai)
	cargo $(PAGE_OPT) rustc --lib --crate-type cdylib --target $(WASM_TARGET) --release --no-default-features --features records
	$(call copy_wasm,game2048_records)
	cargo $(PAGE_OPT) rustc --lib --crate-type cdylib --target $(WASM_TARGET) --release --no-default-features
	$(call copy_wasm,game2048_play)
	@touch $@

$(WASM_AI) $(WASM_RECORDS) $(WASM_PLAY): $(WASM_OUT)/.built ;

# Bindings only when a wasm changed (a separate make run, so that it sees cargo's output).
$(PKG)/game2048_ai_bg.wasm: $(WASM_AI)
	$(BINDGEN) --out-name game2048_ai $<

# Its declarations, written with it; again when missing (bindings made before they were).
$(PKG)/game2048_ai.d.ts: $(PKG)/game2048_ai_bg.wasm
	@[ -f $@ ] || $(BINDGEN) --out-name game2048_ai $(WASM_AI)

$(PKG)/game2048_records_bg.wasm: $(WASM_RECORDS)
	$(BINDGEN) --no-typescript --out-name game2048_records $<
	$(WASM_OPT) $@ -o $@

$(PKG)/game2048_play_bg.wasm: $(WASM_PLAY)
	$(BINDGEN) --no-typescript --out-name game2048_play $<
	$(WASM_OPT) $@ -o $@

# The strategies' explanations, from the ai module, for the AI panel (the page's modules
# leave the catalogue's words out): one file per strategy, and the default player's
# (www/ai/best.js), in a folder written afresh.
$(PKG)/strategy-texts: $(PKG)/game2048_ai_bg.wasm tools/build/strategy-texts.mjs www/ai/best.js
	node tools/build/strategy-texts.mjs

run: build
	node tools/build/serve.mjs --port $(PORT) --host $(HOST)

## --- tests -----------------------------------------------------------------

# Two sides at once, since neither keeps both cores busy alone (docs/testing.md, "Where the
# time goes"): the native one (lint, then the Rust tests) and the web one (the wasm builds, then
# the parity check, the Node tests and the browser suite side by side, then the sizes), with
# Chromium's install beside them. A failure on either side fails the run once the other ends.
test: node-deps wasm-target lint-tools
	@$(MAKE) --no-print-directory -j8 -Oline test-native-side test-web-side chromium

# At a lower priority: the web side's builds are the longer road (the browser suite waits for
# them), and the native side fills the cores they leave idle.
test-native-side:
	@nice -n 10 $(MAKE) --no-print-directory lint
	@nice -n 10 $(MAKE) --no-print-directory test-rust

test-web-side:
	@$(MAKE) --no-print-directory build
	@$(MAKE) --no-print-directory -j3 test-parity test-wasm test-e2e
	@$(MAKE) --no-print-directory size-check

# Each build's features (play: none, records, ai) and the wasm-only bindings are linted too.
# rustfmt on every tracked file as well: cargo fmt only reaches modules it can see, not those
# behind a macro. The import-cycle check covers the library (src minus src/bin). The page's
# functions stay under 150 lines each (tools/check/function-lengths.mjs).
# The native clippy runs in the tests' profile and the wasm ones in the ai build's (release, in
# target/), so that the proc macros and build scripts they compile are those the tests and the
# ai build then find ready, not a dev-profile copy of each; the three wasm runs share their
# checked dependencies.
# clippy and rustfmt, which lint needs: rustup's components, added when missing.
lint-tools:
	@for c in clippy rustfmt; do rustup component list --installed 2>/dev/null | grep -q "^$$c" || rustup component add $$c; done

lint: wasm-target lint-tools
	cargo fmt --all -- --check
	rustfmt --edition 2021 --check $$(git ls-files '*.rs')
	node tools/check/import-cycles.mjs src $$(ls -d src/bin/*/)
	node tools/check/function-lengths.mjs
	cargo clippy --profile $(TEST_PROFILE) --all-targets -- -D warnings
	cargo clippy --profile $(TEST_PROFILE) --lib --no-default-features -- -D warnings
	cargo clippy --release --lib --target $(WASM_TARGET) -- -D warnings
	cargo clippy --release --lib --target $(WASM_TARGET) --no-default-features -- -D warnings
	cargo clippy --release --lib --target $(WASM_TARGET) --no-default-features --features records -- -D warnings

test-rust:
	cargo test --profile $(TEST_PROFILE)

# The wasm and the native build decide alike (move, values, nodes, depth) on the positions of
# one seeded game per size, a few hundred in all, and the learned search with the page's
# endgame set on 600 moves from each of four boards of its stage (where the set overrules the
# search on some: the check fails if on none); decisions only, no timing. About 45 s once both
# release builds exist.
test-parity: build
	node tools/check/wasm-vs-native.mjs --check --profile $(TEST_PROFILE) --sizes 3,4,8 --moves 150 --nodes 50000
	node tools/check/wasm-vs-native.mjs --check --profile $(TEST_PROFILE) --moves 150 --nodes 20000 --strategy expectimax-td
	node tools/check/wasm-vs-native.mjs --check --profile $(TEST_PROFILE) --moves 600 --nodes 20000 --strategy expectimax-td \
	    --page-endgame --start data/endgame/starts-16384-80.jsonl --games 4

# NATIVE_PROFILE: the native replay the record tests compare with is the Rust tests' build.
test-wasm: build
	NATIVE_PROFILE=$(TEST_PROFILE) node --test --test-concurrency=2 tests/node/

# Three files at a time: a browser test mostly waits (on workers, frames, events), and none
# waits a fixed time, so a busy machine makes a test slower, not wrong.
test-e2e: build node-deps chromium
	node --test --test-concurrency=3 tests/e2e/

# The docs' pictures (docs/screenshot.png, screenshot-phone.png, review.png), from the tests
# that draw them.
screenshots: build node-deps chromium
	SCREENSHOTS=1 DOC_SHOTS=1 node --test --test-concurrency=1 tests/e2e/layout.test.mjs tests/e2e/records.test.mjs

## --- figures ---------------------------------------------------------------

# The strength figures from the arena's game lines under data/ (data/index.json): writes
# docs/figures.md, the ladder in www/ai/strength-figures.js, the odds from a stage in
# www/ai/stage-odds.js and the README's players table.
# tests/node/figures-generated.test.mjs fails while any of them differs from what it writes.
figures:
	node tools/figures/figures.mjs

# `make size` also writes the sizes the docs quote (tools/build/size-quotes.mjs); `make test` checks them
# (size-check: exits 1 on a stale quote or a first visit over its budget).
size: build node-deps
	@node tools/build/size.mjs --write

size-check: build node-deps
	@node tools/build/size.mjs --budget --check

# The criterion benchmarks (benches/, a crate of their own: `make test` builds no criterion),
# linted first; `cargo bench -p game2048-benches --bench ai` for the AI's.
bench:
	cargo clippy -p game2048-benches --benches -- -D warnings
	cargo bench -p game2048-benches --bench moves

# A self-contained static folder: copy it under any path of any host. Every URL
# inside is relative (modules find their files from import.meta.url).
dist: build node-deps
	@node tools/build/dist.mjs dist

# The npm package `game2048-board` (version: Cargo.toml's): dist's embed, modules, stylesheets,
# wasm and learned network, without the site's pages, staged in target/npm/ with its
# package.json (tools/build/package.mjs), then packed by npm into target/game2048-board-<version>.tgz.
# Vite and webpack 5 bundle it as it is; esbuild and Rollup users name where its files are
# served (the `assets` attribute, docs/embed.md). tests/e2e/package.test.mjs installs and builds it.
package: build node-deps
	@node tools/build/package.mjs target/npm
	cd target && npm pack ./npm

# What a first visit to the demo downloads (gzipped, from Chromium's requests) and
# the time to its first drawn board (median of 10 loads).
figures-embed: dist node-deps chromium
	@node tools/figures/figures-embed.mjs

# How responsive the page stays, in headless Chromium: frames and 16 ms ticks per second
# while the AI plays at Max and while compare.html runs, and key-press latency (medians
# of 5 runs). The browser suite asserts outcomes; these speeds are only printed.
figures-page: build node-deps chromium
	@node tools/figures/figures-page.mjs --runs 5

# How far the learn page's network gets from nothing, in headless Chromium: games played,
# games/s, mean score and the share of games reaching 256..2048 (last 1,000 games) after 5
# and 10 minutes of training. About 11 minutes; not part of `make test`.
figures-learn: build node-deps chromium
	@node tools/figures/figures-learn.mjs

clean:
	cargo clean
	rm -rf $(PKG) dist node_modules
