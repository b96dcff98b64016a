"""Reads a level pack, proves each level unique, and writes the unique ones back.

Usage: python3 python/examples/unique_levels.py [PACK [OUT]]
(default: puzzles/levelpack/pack.txt and unique.txt, so that it also works pasted into python3
started in the repository root with PYTHONPATH=build/python).
Every level is checked with numberlink.unique (exact: SAT enumeration capped at two solutions);
the levels with exactly one solution are written to OUT as a level pack, each with that solution.
The example of docs/python.md (its code is this file's, below the docstring);
tests/python/test_examples.py runs both.
"""
import sys

import numberlink

pack = sys.argv[1] if len(sys.argv) > 1 else "puzzles/levelpack/pack.txt"
out = sys.argv[2] if len(sys.argv) > 2 else "unique.txt"
levels = numberlink.read(pack)
unique_levels: list[numberlink.Puzzle] = []
solutions: list[numberlink.Solution] = []
for level in levels:
    result = numberlink.unique(level, timeout=10)
    print(level.name, result.status)
    if result.status is numberlink.Status.UNIQUE and result.solution is not None:
        unique_levels.append(level)
        solutions.append(result.solution)  # the one solution, checked
with open(out, "w") as f:
    f.write(numberlink.write(unique_levels, "levelpack", solutions))
print(f"{len(unique_levels)} of {len(levels)} levels unique, written to {out}")
