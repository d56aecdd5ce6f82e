#!/bin/bash
# Where a function of the search spends time against where it spends instructions, by source
# statement: `perf record -e cpu-clock` (works without hardware counters, e.g. in a VM) over
# repeated `oware bench` runs, beside callgrind's per-instruction counts of one bench run.
#
# usage: scripts/profile/time-by-statement.sh OWARE_BINARY [FUNCTION] [RUNS] [LINES]
#   FUNCTION: a symbol suffix, default Worker::interior (others: Worker::leaf, Worker::captures)
# Needs perf (Debian: linux-perf), valgrind, binutils, python3. The binary should carry debug
# line info (the release profile has `debug = 1`).
set -euo pipefail
BIN=$(realpath "$1"); FUNC=${2:-Worker::interior}; RUNS=${3:-20}; LINES=${4:-25}
HERE=$(cd "$(dirname "$0")" && pwd); SRC=$HERE/../../crates/oware-engine/src/search.rs
TMP=$(mktemp -d); trap 'rm -rf "$TMP"' EXIT
perf record -q -e cpu-clock -F 25000 -o "$TMP/perf.data" -- \
  bash -c "for i in \$(seq $RUNS); do taskset -c 1 '$BIN' bench >/dev/null; done" 2>/dev/null
# Samples by address: symbols as perf names them (mangled: the search's two instances of a
# function share one demangled name), placed at their addresses from nm.
perf script --no-demangle -i "$TMP/perf.data" -F ip,sym,symoff 2>/dev/null > "$TMP/syms.txt"
python3 - "$BIN" "$FUNC" "$TMP/syms.txt" > "$TMP/samples.txt" <<'PY'
import collections, re, subprocess, sys
binary, func, syms = sys.argv[1:4]
mangled = subprocess.run(["nm", binary], capture_output=True, text=True).stdout.splitlines()
demangled = subprocess.run(["nm", "-C", binary], capture_output=True, text=True).stdout.splitlines()
base = {}
for m, d in zip(mangled, demangled):
    pm, pd = m.split(None, 2), d.split(None, 2)
    if len(pm) == 3 and len(pd) == 3 and pd[2].endswith("::" + func):
        base[pm[2]] = int(pm[0], 16)
counts = collections.Counter()
for line in open(syms):
    m = re.search(r"(\S+)\+0x([0-9a-f]+)\s*$", line)
    if m and m.group(1) in base:
        counts[base[m.group(1)] + int(m.group(2), 16)] += 1
for a, v in sorted(counts.items()):
    print(f"{a:x} {v}")
PY
valgrind --tool=callgrind --dump-instr=yes --callgrind-out-file="$TMP/cg.out" "$BIN" bench >/dev/null 2>&1
python3 "$HERE/asm_counts.py" "$TMP/cg.out" "$BIN" "::$FUNC" > "$TMP/instr.txt"
python3 "$HERE/time_vs_instructions.py" "$BIN" "$SRC" "$TMP/instr.txt" "$TMP/samples.txt" "$LINES"
