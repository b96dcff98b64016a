"""Proves generated puzzles unique on every core: Puzzle objects are picklable, so they cross
to worker processes, and so do the results.

Usage: python3 python/examples/parallel_unique.py [COUNT [SEED]]
generate() draws a seed unless one is given, and reports it as .seed, so a run can be made
again. The example of docs/python.md, "Many puzzles at once"; tests/python/test_examples.py
runs it.
"""
import sys
from concurrent.futures import ProcessPoolExecutor

import numberlink


def verdict(puzzle: numberlink.Puzzle) -> numberlink.UniqueResult:
    return numberlink.unique(puzzle, timeout=10)


if __name__ == "__main__":
    count = int(sys.argv[1]) if len(sys.argv) > 1 else 4
    seed = int(sys.argv[2]) if len(sys.argv) > 2 else None
    batch = numberlink.generate(7, 7, count=count, seed=seed)
    print(f"seed {batch.seed}")
    with ProcessPoolExecutor() as pool:
        for puzzle, result in zip(batch, pool.map(verdict, batch)):
            print(puzzle.name, result.status)
