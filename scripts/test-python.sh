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

repo="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
target="${CARGO_TARGET_DIR:-$repo/target}"
venv="${OWARE_PY_VENV:-$target/python-venv}"
python="${PYTHON:-python3}"
# shellcheck source=scripts/net.sh
source "$repo/scripts/net.sh"

echo "== python package: venv $venv"
if [ ! -x "$venv/bin/python" ]; then
    "$python" -m venv "$venv"
fi
# The maturin build hook runs `maturin` from PATH: the venv's own.
export PATH="$venv/bin:$PATH"
pip_install "$venv" --quiet --upgrade pip
pip_install "$venv" --quiet "maturin>=1.5,<2" numpy pytest
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
status=0
(cd "$repo/crates/oware-py" && "$venv/bin/python" -m pytest -q -rs tests) || status=$?
if [ "$status" -eq 5 ]; then
    echo "pytest collected no test: counted as a failure" >&2
    exit 1
fi
exit "$status"
