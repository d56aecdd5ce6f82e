#!/bin/bash
# Instructions a node of `oware bench` by callgrind: the same for the same binary whatever the
# host's load, so a change's effect on the instruction count is exact (its effect on time is not:
# see compare-bench.sh). The tables' emptying before each position (memset) is left out.
#
# usage: scripts/profile/instructions-per-node.sh OWARE_BINARY [DEPTH]
set -euo pipefail
BIN=$1; D=${2:-12}
OUT=$(mktemp); trap 'rm -f "$OUT"' EXIT
nodes=$(valgrind --tool=callgrind --callgrind-out-file="$OUT" "$BIN" bench "$D" 2>/dev/null | awk '{print $1}')
total=$(callgrind_annotate "$OUT" 2>/dev/null | awk '/PROGRAM TOTALS/ {gsub(",", "", $1); print $1}')
clearing=$(callgrind_annotate "$OUT" 2>/dev/null | awk '/memset|bench::run|Tt::clear|SmallTt::clear/ {gsub(",", "", $1); s += $1} END {print s + 0}')
echo "nodes $nodes, instructions $((total - clearing)), per node $(((total - clearing) / nodes))"
