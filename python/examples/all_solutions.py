"""Lists the solutions of a small puzzle one by one, and stops early when asked.

Usage: python3 python/examples/all_solutions.py [LIMIT]
numberlink.solutions() is a generator: each solution is checked and comes once, the next one is
searched for while the loop body runs, and leaving the loop stops the search. The example of
docs/python.md, "Every solution, one at a time"; tests/python/test_examples.py runs it.
"""
import sys

import numberlink

limit = int(sys.argv[1]) if len(sys.argv) > 1 else None
# Under nikoli rules cells may stay empty, so this board has several solutions.
puzzle = numberlink.Puzzle(["A.B", "...", "A.B"], rules="nikoli")
for number, solution in enumerate(numberlink.solutions(puzzle, limit=limit), start=1):
    print(f"solution {number}: {solution.length} cells, {solution.bends} bends")
    print(solution)
total = numberlink.count(puzzle)
print(f"count() says {total.count} in all ({'exact' if total.exact else 'a lower bound'})")
