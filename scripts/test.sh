#!/usr/bin/env bash
# The project's test command: installs what the tests need on a fresh machine (Debian's chromium,
# the browser tests' npm packages), then runs every Rust test and the browser tests.
set -euo pipefail
cd "$(dirname "$0")/.."
# shellcheck source=scripts/net.sh
source scripts/net.sh
# Each group's start and the time since the script began, so a slow run shows where it went.
step() { echo "== [$(date -u +%H:%M:%S), ${SECONDS} s] $*"; }

step "prerequisites"
# --- browser test prerequisites (owned by the web game; see crates/oware-server/web-tests) ---
if [ -f crates/oware-server/web-tests/package.json ]; then
  if ! command -v chromium >/dev/null 2>&1; then
    echo "installing Debian's chromium for the browser tests"
    apt_install chromium
  fi
  (cd crates/oware-server/web-tests && { { [ -d node_modules/playwright-core ] && [ -d node_modules/jsqr ] && [ -d node_modules/typescript ] && [ -d node_modules/axe-core ]; } || net_retry npm ci --no-audit --no-fund --silent; })
fi

# --- terminal test prerequisite (owned by the terminal game; see crates/oware-cli/tests/play_tmux.rs) ---
if ! command -v tmux >/dev/null 2>&1; then
  echo "installing Debian's tmux for the terminal tests"
  { apt_install tmux; } ||
    echo "tmux could not be installed: the terminal tests of 'oware play' will skip (and fail under CI=true)" >&2
fi

# --- nginx: the reverse proxy of docs/deploy.md, run by a test of several instances ---
# (crates/oware-cli/tests/multi_instance.rs starts it with its own configuration). Debian's package
# would start a server on port 80 as it installs: policy-rc.d tells it not to.
if ! command -v nginx >/dev/null 2>&1 && [ ! -x /usr/sbin/nginx ]; then
  echo "installing Debian's nginx-light for the reverse-proxy test"
  no_start=0
  if [ ! -e /usr/sbin/policy-rc.d ]; then
    printf '#!/bin/sh\nexit 101\n' >/usr/sbin/policy-rc.d && chmod +x /usr/sbin/policy-rc.d && no_start=1
  fi
  apt_install nginx-light
  if [ "$no_start" = 1 ]; then rm -f /usr/sbin/policy-rc.d; fi
fi

# --- PostgreSQL: a throwaway cluster for the server's tests on its second backend ---
# (owned by the PostgreSQL storage; see docs/deploy.md). Debian's package puts the programs in
# /usr/lib/postgresql/VERSION/bin. The cluster lives in a temporary folder, listens on a free
# loopback port, and is stopped and removed when this script ends.
pg_bin() { ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -n 1; }
if [ -z "$(pg_bin)" ]; then
  echo "installing Debian's postgresql for the server's tests on PostgreSQL"
  apt_install postgresql
fi
PG_BIN="$(pg_bin)"
[ -x "$PG_BIN/initdb" ] || { echo "postgresql is missing: the PostgreSQL tests cannot run" >&2; exit 1; }
PG_DIR="$(mktemp -d /tmp/oware-pg.XXXXXX)"
PG_PORT="$(python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])')"
# initdb refuses to run as root: as root, the cluster belongs to the postgres user (made by
# Debian's package) or, failing that, to nobody.
as_pg() { "$@"; }
if [ "$(id -u)" = 0 ]; then
  PG_OWNER=postgres; id -u postgres >/dev/null 2>&1 || PG_OWNER=nobody
  chown "$PG_OWNER" "$PG_DIR"
  as_pg() { runuser -u "$PG_OWNER" -- "$@"; }
fi
stop_pg() {
  as_pg "$PG_BIN/pg_ctl" -D "$PG_DIR/data" -m immediate stop >/dev/null 2>&1 || true
  rm -rf "$PG_DIR"
}
trap stop_pg EXIT
as_pg "$PG_BIN/initdb" -D "$PG_DIR/data" -U oware --auth=trust -E UTF8 --no-sync >/dev/null
as_pg "$PG_BIN/pg_ctl" -D "$PG_DIR/data" -l "$PG_DIR/log" -w \
  -o "-p $PG_PORT -k $PG_DIR -c listen_addresses=127.0.0.1 -c fsync=off -c max_connections=400" \
  start >/dev/null || { cat "$PG_DIR/log" >&2; exit 1; }
export OWARE_TEST_PG_URL="postgres://oware@127.0.0.1:$PG_PORT/postgres"
export OWARE_TEST_PG_BIN="$PG_BIN"
# The browser test of several instances (web-tests/multi-instance.test.mjs) plays on a database of its own.
"$PG_BIN/psql" -q -X "$OWARE_TEST_PG_URL" -c "CREATE DATABASE oware_browser" >/dev/null
export OWARE_TEST_PG_BROWSER_URL="postgres://oware@127.0.0.1:$PG_PORT/oware_browser"
echo "PostgreSQL test cluster on 127.0.0.1:$PG_PORT ($PG_DIR)"

step "Rust tests (build and run)"
# --- Rust: unit, integration, vector, protocol, API, terminal (tmux) and browser tests ---
# (the server's API tests and the tests of several instances run on PostgreSQL too: below)
# The engine for the page, compiled to WebAssembly (crates/oware-wasm): the server embeds it and
# crates/oware-wasm/tests/agrees_with_native.rs runs it in Node against the native engine.
if command -v rustup >/dev/null 2>&1; then
  rustup target list --installed | grep -qx wasm32-unknown-unknown || rustup target add wasm32-unknown-unknown
fi
bash scripts/build-wasm.sh
cargo test --workspace --all-targets
# The `oware` binary that build made (the CLI's tests run it): the browser and lichess tests use it
# too, so the workspace is compiled once (scripts/oware-bin.sh says why).
OWARE_BIN="$(bash scripts/oware-bin.sh)"
export OWARE_BIN
step "doc tests"
cargo test --workspace --doc
step "the server's suites on PostgreSQL"
# The server's API suite again, every server on PostgreSQL (tests/common/mod.rs picks the backend).
# `--workspace`, not `-p oware-server`: the same features as the build above, so nothing is compiled again.
OWARE_TEST_BACKEND=postgres cargo test --workspace --test api --test online --test review --test hardening \
  --test accounts --test tournaments --test pool --test training --test bots --test house_bots --test learn --test classes \
  --test budgets --test search --test training_offline

step "browser tests"
# --- browser tests: Debian's chromium driven by playwright-core against the real `oware serve` ---
# (crates/oware-server/web-tests; screenshots in test-artifacts/). A missing chromium fails the run.
if [ -f crates/oware-server/web-tests/package.json ]; then
  command -v chromium >/dev/null 2>&1 || { echo "chromium is missing: the browser tests cannot run" >&2; exit 1; }
  OWARE_BIN="$OWARE_BIN" CHROMIUM="$(command -v chromium)" \
    node --test --test-concurrency=1 crates/oware-server/web-tests/*.test.mjs
fi

step "Python package"
# --- the Python package (crates/oware-py): its pytest suite in a virtual environment of its own ---
# (owned by the Python package; see docs/python.md). Needs only Python 3 with venv and pip.
bash scripts/test-python.sh

step "OpenAPI document"
# --- the OpenAPI document, checked by openapi-spec-validator (from the package index) ---
bash scripts/test-openapi.sh

step "lichess clients"
# --- lichess's Python client (berserk, from the package index) drives a bot on the site ---
# (crates/oware-server/tests/lichess; docs/bots.md, "lichess's clients").
bash scripts/test-lichess.sh
step "all tests passed"
