"""Reads a level pack, proves each level unique, and writes the unique ones back.

Usage: python3 python/examples/unique_levels.py PACK OUT
Every level is checked with numberlink.unique (exact: SAT enumeration capped at two solutions);
the levels with exactly one solution are written to OUT as a level pack, each with that solution.
The example of docs/python.md; tests/python/test_examples.py runs it.
"""
import sys

import numberlink

pack, out = sys.argv[1], sys.argv[2]
levels = numberlink.read(pack)
unique_levels, solutions = [], []
for level in levels:
    result = numberlink.unique(level, timeout=10)
    print(level.name, result["verdict"])
    if result["verdict"] == "unique":
        unique_levels.append(level)
        solutions.append(result["paths"])  # the one solution, checked
with open(out, "w") as f:
    f.write(numberlink.write(unique_levels, "levelpack", solutions))
print(f"{len(unique_levels)} of {len(levels)} levels unique, written to {out}")
