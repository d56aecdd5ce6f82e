#!/usr/bin/env bash
# lichess's own Python client drives a bot on the site (issue 53, docs/bots.md "lichess's
# clients"): installs berserk and pytest from the package index into a virtual environment,
# builds `oware`, and runs crates/oware-server/tests/lichess against it.
#
# Needs only Rust, Python 3 (3.9+) with venv, and pip reaching PyPI. Exits non-zero on any
# failure, including a pytest run that collects no test.
#
#   scripts/test-lichess.sh            # venv under $CARGO_TARGET_DIR or target/, kept for reuse
#   OWARE_LICHESS_VENV=/tmp/v scripts/test-lichess.sh
set -euo pipefail

# shellcheck source=scripts/python-env.sh
source "$(dirname "${BASH_SOURCE[0]}")/python-env.sh"
venv="${OWARE_LICHESS_VENV:-$target/lichess-venv}"

echo "== lichess clients: venv $venv"
# berserk 0.14 is the version the test was written against; a newer one must pass too.
venv_ready "$venv" "berserk>=0.14,<1" pytest requests

# scripts/test.sh passes the binary its Rust tests built; run alone, this builds it the same way.
if [ -z "${OWARE_BIN:-}" ]; then
  echo "== lichess clients: build oware"
  OWARE_BIN="$(bash "$repo/scripts/oware-bin.sh")"
fi
export OWARE_BIN

echo "== lichess clients: pytest"
run_pytest "$venv" "$repo" "$repo/crates/oware-server/tests/lichess"
