#!/usr/bin/env bash
# Installs from the network, retried: sourced by the test scripts. A package index or mirror that
# drops a connection mid-download (seen in CI: numpy cut at 10 of 16.9 MB six times in a row) must
# not fail a test run, so each install is tried up to four times, 20 s apart, with pip's and apt's
# own retries and timeouts raised.
#
#   source scripts/net.sh
#   pip_install "$venv" --quiet numpy          # "$venv/bin/python" -m pip install …
#   apt_install chromium tmux                  # apt-get update + install, non-interactive

export PIP_RETRIES="${PIP_RETRIES:-10}"
export PIP_TIMEOUT="${PIP_TIMEOUT:-60}"
export PIP_DISABLE_PIP_VERSION_CHECK=1

# Runs "$@" up to four times; the last failure's status is returned.
net_retry() {
  local try status=0
  for try in 1 2 3 4; do
    "$@" && return 0
    status=$?
    [ "$try" -lt 4 ] && { echo "network install failed (try $try of 4); retrying in 20 s: $*" >&2; sleep 20; }
  done
  return "$status"
}

pip_install() {
  local venv="$1"
  shift
  net_retry "$venv/bin/python" -m pip install "$@"
}

apt_install() {
  net_retry apt-get -o Acquire::Retries=5 update -qq &&
    DEBIAN_FRONTEND=noninteractive net_retry apt-get -o Acquire::Retries=5 install -y -qq "$@" >/dev/null
}
