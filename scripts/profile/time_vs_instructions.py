#!/usr/bin/env python3
"""Sets time samples beside instruction counts, by source statement (the outermost inlined
call site, as addr2line reports it), to find statements that cost more time than instructions.

usage: time_vs_instructions.py BINARY SOURCE_FILE INSTR_COUNTS TIME_SAMPLES [LINES]

INSTR_COUNTS and TIME_SAMPLES hold "address count" lines (hex addresses in BINARY).
"""
import collections
import subprocess
import sys

binary, source, instr_file, samples_file = sys.argv[1:5]
limit = int(sys.argv[5]) if len(sys.argv) > 5 else 30


def load(path):
    return {int(a, 16): int(c) for a, c in (l.split() for l in open(path) if l.strip())}


instr, samples = load(instr_file), load(samples_file)
addrs = sorted(set(instr) | set(samples))
out = subprocess.run(["addr2line", "-a", "-i", "-e", binary] + [f"0x{a:x}" for a in addrs],
                     capture_output=True, text=True).stdout.split("\n")
chains, current = [], None
for line in out:
    if line.startswith("0x"):
        if current is not None:
            chains.append(current)
        current = []
    elif line.strip():
        current.append(line.strip())
chains.append(current)
by_instr, by_time = collections.Counter(), collections.Counter()
for a, chain in zip(addrs, chains):
    where = (chain[-1] if chain else "?").split("/")[-1].split(" ")[0]
    by_instr[where] += instr.get(a, 0)
    by_time[where] += samples.get(a, 0)
total_i, total_t = max(sum(by_instr.values()), 1), max(sum(by_time.values()), 1)
lines = open(source).read().split("\n")
name = source.split("/")[-1]
print(f"instructions {total_i}, time samples {total_t}")
for k in sorted(by_instr.keys() | by_time.keys(), key=lambda k: -by_time[k])[:limit]:
    text = ""
    if k.startswith(name + ":") and k[len(name) + 1:].isdigit():
        text = lines[int(k[len(name) + 1:]) - 1].strip()[:60]
    pi, pt = 100 * by_instr[k] / total_i, 100 * by_time[k] / total_t
    ratio = pt / pi if pi else 0
    print(f"{pi:5.1f}% instr {pt:5.1f}% time  x{ratio:4.1f} {k:18} {text}")
