#!/usr/bin/env bash
# The Python package's checks (issue 32): builds crates/oware-py into a fresh virtual environment
# with the one pip command of the README, then runs its pytest suite (rules replayed against the
# reference vectors, agreement with OpenSpiel's oware and OpenSpiel's own Python algorithms run
# on the game where open_spiel installs, pickling, Ctrl-C in long calls, bad input) and
# lints the PyO3 half (the workspace's own clippy builds the crate without its `python` feature).
#
# Needs only Rust, Python 3 (3.9+) with venv, and pip reaching PyPI. Exits non-zero on any
# failure, including a pytest run that collects no test.
#
#   scripts/test-python.sh            # venv under $CARGO_TARGET_DIR or target/, kept for reuse
#   OWARE_PY_VENV=/tmp/v scripts/test-python.sh
set -euo pipefail

# shellcheck source=scripts/python-env.sh
source "$(dirname "${BASH_SOURCE[0]}")/python-env.sh"
venv="${OWARE_PY_VENV:-$target/python-venv}"

echo "== python package: venv $venv"
venv_ready "$venv" "maturin>=1.5,<2" numpy pytest
# The maturin build hook runs `maturin` from PATH: the venv's own.
export PATH="$venv/bin:$PATH"
# open_spiel has wheels for some platforms only: without one the agreement test is skipped
# (with its reason in the pytest summary), never failed.
if ! pip_install "$venv" --quiet --only-binary=:all: open_spiel; then
    echo "open_spiel: no wheel for this platform; the OpenSpiel agreement test will be skipped"
fi

echo "== python package: build and install (pip install ./crates/oware-py)"
# The same command as the README's, without build isolation so that the maturin installed
# above is used (no second download).
(cd "$repo" && "$venv/bin/python" -m pip install --quiet --no-build-isolation --force-reinstall --no-deps ./crates/oware-py)

echo "== python package: clippy of the PyO3 half"
(cd "$repo" && cargo clippy --quiet -p oware-py --features python --all-targets -- -D warnings)

echo "== python package: pytest"
run_pytest "$venv" "$repo/crates/oware-py" tests
