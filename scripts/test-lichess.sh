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

repo="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
target="${CARGO_TARGET_DIR:-$repo/target}"
venv="${OWARE_LICHESS_VENV:-$target/lichess-venv}"
python="${PYTHON:-python3}"
# shellcheck source=scripts/net.sh
source "$repo/scripts/net.sh"

echo "== lichess clients: venv $venv"
if [ ! -x "$venv/bin/python" ]; then
    "$python" -m venv "$venv"
fi
pip_install "$venv" --quiet --upgrade pip
# berserk 0.14 is the version the test was written against; a newer one must pass too.
pip_install "$venv" --quiet "berserk>=0.14,<1" pytest requests

echo "== lichess clients: build oware"
(cd "$repo" && cargo build --quiet -p oware-cli)

echo "== lichess clients: pytest"
status=0
OWARE_BIN="${OWARE_BIN:-$target/debug/oware}" \
    "$venv/bin/python" -m pytest -q -rs "$repo/crates/oware-server/tests/lichess" || status=$?
if [ "$status" -eq 5 ]; then
    echo "pytest collected no test: counted as a failure" >&2
    exit 1
fi
exit "$status"
