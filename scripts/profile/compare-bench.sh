#!/bin/bash
# Compares `oware bench` between two binaries on this noisy shared host: runs them in turn, pinned
# to one core, N times each, and prints the best and median nodes/s of each and the median of the
# pairs' ratios (B/A). The host's load moves single runs by a third, so only interleaved pairs
# and many of them (20 or more) tell a change of 1–2 % from noise.
#
# usage: scripts/profile/compare-bench.sh OLD_BINARY NEW_BINARY [PAIRS] [DEPTH]
set -euo pipefail
A=$1; B=$2; N=${3:-20}; D=${4:-12}
CPU=${CPU:-1}
OUT=$(mktemp); trap 'rm -f "$OUT"' EXIT
for _ in $(seq "$N"); do
  a=$(taskset -c "$CPU" "$A" bench "$D" | awk '{print $3}')
  b=$(taskset -c "$CPU" "$B" bench "$D" | awk '{print $3}')
  echo "$a $b"
done > "$OUT"
python3 - "$OUT" <<'PY'
import statistics, sys
rows = [tuple(map(float, l.split())) for l in open(sys.argv[1])]
a = [r[0] for r in rows]; b = [r[1] for r in rows]
print(f"A best {max(a)/1e6:.2f} M median {statistics.median(a)/1e6:.2f} M | "
      f"B best {max(b)/1e6:.2f} M median {statistics.median(b)/1e6:.2f} M | "
      f"best ratio {max(b)/max(a):.3f}, median pair ratio {statistics.median([y/x for x, y in rows]):.3f} "
      f"({len(rows)} pairs)")
PY
