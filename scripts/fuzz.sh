#!/usr/bin/env bash
# Runs every cargo-fuzz target for SECONDS each (default 60), one after another, then minimises
# each corpus in place. Needs the nightly toolchain and cargo-fuzz (`cargo install cargo-fuzz`);
# nothing else in the build or the tests does. A crash stops the script with the input under
# fuzz/artifacts/TARGET/: copy it to fuzz/regressions/TARGET/, fix the defect, and the ordinary
# `cargo test` replays it from then on. See docs/hardening.md.
#
#   scripts/fuzz.sh [SECONDS] [TARGET...]
set -euo pipefail
cd "$(dirname "$0")/../fuzz"
seconds="${1:-60}"
shift || true
targets=("$@")
if [ ${#targets[@]} -eq 0 ]; then
    targets=(fen movetext ogn uci api_json api_requests egdb_header forwarded_for tui_server_input chat_text names)
fi
if ! cargo +nightly fuzz --version >/dev/null 2>&1; then
    echo "scripts/fuzz.sh needs the nightly toolchain and cargo-fuzz: rustup toolchain install nightly; cargo install cargo-fuzz" >&2
    exit 1
fi
target_dir="${CARGO_TARGET_DIR:-target}"
log="$(mktemp)"
trap 'rm -f "$log"' EXIT
for t in "${targets[@]}"; do
    echo "== $t: ${seconds}s"
    mkdir -p "corpus/$t"
    # -max_len keeps inputs small enough to replay fast in `cargo test`; -timeout flags a hang.
    status=0
    cargo +nightly fuzz run --target-dir "$target_dir" "$t" "corpus/$t" -- \
        -max_total_time="$seconds" -max_len=4096 -timeout=10 -print_final_stats=1 >"$log" 2>&1 || status=$?
    grep -E "^(#[0-9]+ +DONE|stat::number_of_executed_units|stat::peak_rss|SUMMARY)" "$log" || true
    if [ "$status" -ne 0 ]; then
        tail -n 40 "$log" >&2
        echo "$t: the fuzzer stopped with status $status; the input is under fuzz/artifacts/$t/" >&2
        exit "$status"
    fi
    # Keep the corpus small: only inputs that add coverage.
    cargo +nightly fuzz cmin --target-dir "$target_dir" "$t" "corpus/$t" -- -max_len=4096 >"$log" 2>&1 ||
        { tail -n 20 "$log" >&2; exit 1; }
    echo "$t: $(ls "corpus/$t" | wc -l) inputs kept"
done
