#!/usr/bin/env bash
# Prints the path of the `oware` binary that `cargo test --workspace --all-targets` builds: the one
# the CLI's integration tests run (CARGO_BIN_EXE_oware). The browser, lichess and bench steps use
# it too, so that a test run builds the workspace once: `cargo build -p oware-cli` would resolve
# the crates' features for the CLI alone and compile every workspace crate a second time.
#
#   OWARE_BIN="$(bash scripts/oware-bin.sh)"
set -euo pipefail
cd "$(dirname "$0")/.."
cargo test --workspace --all-targets --no-run --quiet --message-format=json | python3 -c '
import json, sys
found = None
for line in sys.stdin:
    try:
        m = json.loads(line)
    except ValueError:
        continue
    t = m.get("target") or {}
    if (m.get("reason") == "compiler-artifact" and t.get("name") == "oware"
            and "bin" in t.get("kind", []) and not m["profile"]["test"] and m.get("executable")):
        found = m["executable"]
if not found:
    sys.exit("scripts/oware-bin.sh: cargo built no `oware` binary")
print(found)
'
