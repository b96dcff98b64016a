"""numberlink: exact Numberlink / Flow Free solving, uniqueness, counting, checking, generating.

    >>> import numberlink
    >>> puzzle = numberlink.Puzzle(["R...G", ".....", ".Y...", "..B..", "B.YRG"])
    >>> result = numberlink.solve(puzzle)
    >>> result.status
    <Status.SOLVED: 'solved'>
    >>> result.solution.paths["Y"]
    [(1, 2), (1, 3), (1, 4), (2, 4)]
    >>> numberlink.unique(puzzle).status
    <Status.UNIQUE: 'unique'>

Puzzles: Puzzle(rows), Puzzle.from_url(url), read(path), read_text(text), generate(w, h).
Answers: solve() -> SolveResult, unique() -> UniqueResult, count() -> CountResult,
solutions() -> an iterator of Solution, check() -> CheckResult. Each result has a Status, its
Solution objects (paths, grid(), check(), length, bends) and the command line's JSON record
(to_dict(), to_json()).

Every solution returned has passed the independent checker; every negative verdict
(UNSOLVABLE, NONE, a count) comes from an exact method. Cells are (x, y) tuples, x the column,
0-based; (x, y, z) on boards of several layers. Long calls release the GIL and stop on Ctrl-C
(KeyboardInterrupt). Bad input raises InputError (a ValueError) naming the file and line; a
wrong argument type raises TypeError. See docs/python.md.
"""
from ._numberlink import InputError, InternalError, __version__
from ._puzzle import Cell, CheckResult, Paths, Puzzle, Solution
from ._results import CountResult, Encoding, Generated, SolveResult, Status, UniqueResult
from ._api import (check, count, decode, encode, generate, read, read_text, render_svg, solutions, solve, unique,
                   write)

# Shown as numberlink.InputError, not numberlink._numberlink.InputError.
InputError.__module__ = __name__
InternalError.__module__ = __name__

__all__ = [
    "Cell", "CheckResult", "CountResult", "Encoding", "Generated", "InputError", "InternalError", "Paths", "Puzzle",
    "Solution", "SolveResult", "Status", "UniqueResult", "__version__", "check", "count", "decode", "encode",
    "generate", "read", "read_text", "render_svg", "solutions", "solve", "unique", "write",
]
