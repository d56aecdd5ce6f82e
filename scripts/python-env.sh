#!/usr/bin/env bash
# The Python side of the test scripts that run pytest in a virtual environment of their own
# (test-python.sh, test-lichess.sh): sourced, it sets `repo` (the checkout) and `target` (the
# build folder), sources net.sh for the retried installs, and defines:
#
#   source "$(dirname "${BASH_SOURCE[0]}")/python-env.sh"
#   venv_ready "$venv" PKG…        # the venv made if missing ($PYTHON or python3), pip upgraded,
#                                  # PKG… installed
#   run_pytest "$venv" DIR ARGS…   # pytest -q -rs ARGS… run in DIR; no test collected fails

repo="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
target="${CARGO_TARGET_DIR:-$repo/target}"
# shellcheck source=scripts/net.sh
source "$repo/scripts/net.sh"

venv_ready() {
  local venv="$1"
  shift
  if [ ! -x "$venv/bin/python" ]; then
    "${PYTHON:-python3}" -m venv "$venv"
  fi
  pip_install "$venv" --quiet --upgrade pip
  pip_install "$venv" --quiet "$@"
}

# pytest's status, but 1 where it collected no test (its status 5).
run_pytest() {
  local venv="$1" dir="$2" status=0
  shift 2
  (cd "$dir" && "$venv/bin/python" -m pytest -q -rs "$@") || status=$?
  if [ "$status" -eq 5 ]; then
    echo "pytest collected no test: counted as a failure" >&2
    return 1
  fi
  return "$status"
}
