#!/usr/bin/env bash
# Runs the hostile floods (crates/oware-server/examples/flood.rs) with the flooding client on CPU 1
# and each server it starts on CPU 0, so that the server's share of a delay shows apart from the
# client's (both on two cores otherwise). Needs taskset (util-linux) and root for the negative nice.
#
#   scripts/profile/flood-pinned.sh FLOOD_BIN --flood all --seconds 30
#
# FLOOD_BIN: e.g. target/release/examples/flood after
# `cargo build --release -p oware-server --example flood`.
set -euo pipefail
bin="$1"
shift
taskset -c 1 nice -n -5 "$bin" "$@" &
main=$!
# The example starts a fresh server (a child process of its own) for each flood: each child found
# is moved to CPU 0 with all its threads, and its threads get the client's priority.
(
  while kill -0 "$main" 2>/dev/null; do
    for child in $(pgrep -P "$main" || true); do
      taskset -a -p -c 0 "$child" >/dev/null 2>&1 || true
      for t in /proc/"$child"/task/*; do renice -n -5 -p "${t##*/}" >/dev/null 2>&1 || true; done
    done
    sleep 1
  done
) &
wait "$main"
