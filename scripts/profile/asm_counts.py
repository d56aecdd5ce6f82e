#!/usr/bin/env python3
"""Per-instruction execution counts of one function, from a callgrind profile.

usage: asm_counts.py CALLGRIND_OUT BINARY FUNCTION_SUBSTRING > counts.txt

The profile must come from `valgrind --tool=callgrind --dump-instr=yes`. Prints one line per
instruction of the matching functions: address (hex) and how many times it ran.
"""
import collections
import re
import subprocess
import sys

profile, binary, func = sys.argv[1], sys.argv[2], sys.argv[3]
counts = collections.Counter()
addr = 0
skip_next = False  # the line after `calls=` holds a call's inclusive cost, not the instruction's
for line in open(profile):
    line = line.rstrip("\n")
    if not line or line[0].isalpha():
        skip_next = line.startswith("calls=")
        continue
    parts = line.split()
    if len(parts) < 3:
        continue
    a = parts[0]
    if a.startswith("0x"):
        addr = int(a, 16)
    elif a.startswith("+"):
        addr += int(a[1:], 0)
    elif a.startswith("-"):
        addr -= int(a[1:], 0)
    elif a != "*":
        continue
    if skip_next:
        skip_next = False
        continue
    counts[addr] += int(parts[2])

dis = subprocess.run(["objdump", "-d", "--no-show-raw-insn", "-C", binary],
                     capture_output=True, text=True).stdout
current = None
for line in dis.splitlines():
    m = re.match(r"^([0-9a-f]+) <(.*)>:$", line)
    if m:
        current = m.group(2)
        continue
    m = re.match(r"^\s+([0-9a-f]+):", line)
    if m and current and func in current:
        a = int(m.group(1), 16)
        print(f"{a:x} {counts.get(a, 0)}")
