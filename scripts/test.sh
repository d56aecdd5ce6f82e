#!/usr/bin/env bash
# The project's test command: installs what the tests need on a fresh machine (Debian's chromium,
# the browser tests' npm packages), then runs every Rust test and the browser tests.
set -euo pipefail
cd "$(dirname "$0")/.."

# --- browser test prerequisites (owned by the web game; see crates/oware-server/web-tests) ---
if [ -f crates/oware-server/web-tests/package.json ]; then
  if ! command -v chromium >/dev/null 2>&1; then
    echo "installing Debian's chromium for the browser tests"
    apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium >/dev/null
  fi
  (cd crates/oware-server/web-tests && { { [ -d node_modules/playwright-core ] && [ -d node_modules/jsqr ]; } || npm ci --no-audit --no-fund --silent; })
fi

# --- terminal test prerequisite (owned by the terminal game; see crates/oware-cli/tests/play_tmux.rs) ---
if ! command -v tmux >/dev/null 2>&1; then
  echo "installing Debian's tmux for the terminal tests"
  { apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq tmux >/dev/null; } ||
    echo "tmux could not be installed: the terminal tests of 'oware play' will skip" >&2
fi

# --- Rust: unit, integration, vector, protocol, API, terminal (tmux) and browser tests ---
cargo test --workspace --all-targets
cargo test --workspace --doc

# --- browser tests: Debian's chromium driven by playwright-core against the real `oware serve` ---
# (crates/oware-server/web-tests; screenshots in test-artifacts/). A missing chromium fails the run.
if [ -f crates/oware-server/web-tests/package.json ]; then
  command -v chromium >/dev/null 2>&1 || { echo "chromium is missing: the browser tests cannot run" >&2; exit 1; }
  cargo build -p oware-cli --quiet
  OWARE_BIN="${CARGO_TARGET_DIR:-target}/debug/oware" CHROMIUM="$(command -v chromium)" \
    node --test --test-concurrency=1 crates/oware-server/web-tests/*.test.mjs
fi
