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
  (cd crates/oware-server/web-tests && { [ -d node_modules ] || npm ci --no-audit --no-fund --silent; })
fi

# --- Rust: unit, integration, vector, protocol, API and browser tests ---
cargo test --workspace --all-targets
cargo test --workspace --doc
