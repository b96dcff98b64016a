"""The functions of the package: each checks its arguments' types, calls the compiled module
(which releases the GIL and stops on Ctrl-C) and turns its JSON record into a typed result."""
from __future__ import annotations

import os
import textwrap
from typing import Any, Iterator, List, Mapping, Optional, Sequence, Union

from . import _numberlink as _nl
from ._checks import require, require_number, require_optional_text, type_name
from ._puzzle import CheckResult, Puzzle, Solution, paths_to_record
from ._results import CountResult, Encoding, Generated, SolveResult, UniqueResult

PathLike = Union[str, "os.PathLike[str]"]
SolutionLike = Union[Solution, SolveResult, Mapping[str, Any], str]
"""A solution where one is taken: a Solution, a solved SolveResult, a dict {label: cells} (or a
record holding one under 'paths'), or the text of a solution file in any format (check only)."""


def _puzzle(function: str, puzzle: object) -> Puzzle:
    if isinstance(puzzle, Puzzle):
        return puzzle
    raise TypeError(f"{function}(): puzzle must be numberlink.Puzzle, not {type_name(puzzle)}")


def _solution_arg(function: str, solution: Any, text_allowed: bool = False) -> Any:
    """A solution as the compiled module takes it: a dict of lists, or a file's text."""
    if isinstance(solution, Solution):
        return paths_to_record(solution.paths)
    if isinstance(solution, SolveResult):
        if solution.solution is None:
            raise ValueError(f"{function}(): the result holds no solution (status {solution.status})")
        return paths_to_record(solution.solution.paths)
    if isinstance(solution, Mapping):
        paths = solution.get("paths", solution)
        return paths_to_record(paths)
    if text_allowed and isinstance(solution, str):
        return solution
    kinds = "numberlink.Solution, numberlink.SolveResult, dict" + (" or str" if text_allowed else "")
    raise TypeError(f"{function}(): solution must be {kinds}, not {type_name(solution)}")


def read(path: PathLike, format: Optional[str] = None, rules: Optional[str] = None) -> List[Puzzle]:
    """Every puzzle of a file ('-': standard input), or of a puzz.link URL given in its place.
    format: ascii, stream, levelpack, intgrid, adc, json, board, flowsolver or puzzlink (None:
    detected). rules: flow, nikoli, adc or strict (None: the format's default). Bad input raises
    InputError (a ValueError) naming the file and line."""
    require("read", "path", path, (str, os.PathLike))
    require_optional_text("read", "format", format)
    require_optional_text("read", "rules", rules)
    return [Puzzle._wrap(e) for e in _nl.read(os.fspath(path), format=format, rules=rules)]


def read_text(text: str, name: str = "<text>", format: Optional[str] = None,
              rules: Optional[str] = None) -> List[Puzzle]:
    """As read(), from a string; `name` stands for the file in puzzle names and errors."""
    require("read_text", "text", text, str)
    require("read_text", "name", name, str)
    require_optional_text("read_text", "format", format)
    require_optional_text("read_text", "rules", rules)
    return [Puzzle._wrap(e) for e in _nl.read_text(text, name=name, format=format, rules=rules)]


def write(puzzles: Union[Puzzle, Sequence[Puzzle]], format: str = "ascii",
          solutions: Union[None, SolutionLike, Sequence[Optional[SolutionLike]]] = None) -> str:
    """The text of one puzzle or a list in a format: ascii, stream, intgrid, adc, json, board,
    flowsolver, puzzlink, levelpack, paths or grid (the last three need solutions). solutions:
    for one puzzle a solution, for a list a list of them (None: none). InputError when the
    format cannot hold a puzzle."""
    require("write", "format", format, str)
    if isinstance(puzzles, Puzzle):
        given = None if solutions is None else _solution_arg("write", solutions)
        return _nl.write(puzzles._entry, format, given)
    require("write", "puzzles", puzzles, (list, tuple))
    entries = [_puzzle("write", p)._entry for p in puzzles]
    if solutions is None:
        return _nl.write(entries, format, None)
    require("write", "solutions", solutions, (list, tuple))
    given_list = [None if s is None else _solution_arg("write", s) for s in solutions]  # type: ignore[union-attr]
    return _nl.write(entries, format, given_list)


def solve(puzzle: Puzzle, rules: Optional[str] = None, **options: Any) -> SolveResult:
    """Solves one puzzle, as `numberlink solve` does. options: solve's options as keywords, '-'
    written '_' (engine='auto', timeout, labels, dfs_nodes, optimize, cross_check, ...: each
    with its default below). The solution has passed the checker; UNSOLVABLE is proved. Ctrl-C
    raises KeyboardInterrupt."""
    p = _puzzle("solve", puzzle)
    require_optional_text("solve", "rules", rules)
    record = _nl.solve(p._entry, rules, **options)
    return SolveResult._from_record(_under(p, rules), record)


def _keyword_help() -> str:
    """The list of solve's keywords with their defaults, from the compiled module's docstring
    (built from the command line's option table, so it cannot drift)."""
    text = _nl.solve.__doc__ or ""
    start = text.find("options: the keywords")
    return "" if start < 0 else "\n\n" + textwrap.indent(text[start:].rstrip(), "    ")


solve.__doc__ = (solve.__doc__ or "") + _keyword_help()


def unique(puzzle: Puzzle, timeout: float = 0, distinct: str = "paths", engine: str = "sat",
           rules: Optional[str] = None) -> UniqueResult:
    """Does the puzzle have exactly one solution? Every verdict but TIMEOUT / LIMIT is exact.
    timeout: seconds (0: none); distinct: paths or colours (what makes two solutions differ);
    engine: sat, search (exhaustive, small boards) or frontier (one-layer boards)."""
    p = _puzzle("unique", puzzle)
    seconds = require_number("unique", "timeout", timeout)
    require("unique", "distinct", distinct, str)
    require("unique", "engine", engine, str)
    require_optional_text("unique", "rules", rules)
    return UniqueResult._from_record(_under(p, rules), _nl.unique(p._entry, seconds, distinct, engine, rules))


def count(puzzle: Puzzle, max: int = 0, timeout: float = 0, distinct: str = "paths", engine: str = "sat",
          rules: Optional[str] = None, solutions: bool = False) -> CountResult:
    """Counts the distinct solutions exactly (max: stop at that many, 0 counts all). With
    solutions=True the result holds them. A count stopped early (max, timeout) is a lower bound:
    CountResult.exact says which. engine: sat, search or frontier (any count, one-layer boards)."""
    p = _puzzle("count", puzzle)
    require("count", "max", max, int)
    seconds = require_number("count", "timeout", timeout)
    require("count", "distinct", distinct, str)
    require("count", "engine", engine, str)
    require_optional_text("count", "rules", rules)
    require("count", "solutions", solutions, bool)
    record = _nl.count(p._entry, max, seconds, distinct, engine, rules, solutions)
    return CountResult._from_record(_under(p, rules), record)


def solutions(puzzle: Puzzle, rules: Optional[str] = None, limit: Optional[int] = None, distinct: str = "paths",
              timeout: float = 0) -> Iterator[Solution]:
    """The solutions one by one, each checked, every one exactly once (as count() counts them:
    distinct paths, or distinct colourings with distinct='colours'); like pycosat's itersolve.
    A generator: the next solution is searched for while you hold the current one, and leaving
    the loop (break, close(), garbage collection) stops the search. limit: at most that many
    (None: all). timeout: seconds for the whole enumeration (0: none); TimeoutError when it ran
    out before the last solution, MemoryError when the memory cap did. Ctrl-C raises
    KeyboardInterrupt.

        for solution in numberlink.solutions(puzzle, limit=10):
            print(solution)
    """
    p = _puzzle("solutions", puzzle)
    require_optional_text("solutions", "rules", rules)
    require("solutions", "limit", limit, (int, type(None)))
    require("solutions", "distinct", distinct, str)
    seconds = require_number("solutions", "timeout", timeout)
    if limit is not None and limit < 0:
        raise ValueError("solutions(): limit must be >= 0 (None: every solution)")
    if seconds < 0:
        raise ValueError("solutions(): timeout must be >= 0 (0: none)")
    if distinct not in ("paths", "colours", "colors"):  # now, not at the first next()
        raise ValueError(f"distinct must be paths or colours, not '{distinct}'")
    return _solution_iterator(_under(p, rules), p, rules, limit, distinct, seconds)


def _solution_iterator(under: Puzzle, puzzle: Puzzle, rules: Optional[str], limit: Optional[int], distinct: str,
                       timeout: float) -> Iterator[Solution]:
    if limit == 0:
        return
    stream = _nl.SolutionStream(puzzle._entry, rules, distinct, timeout, limit or 0)
    try:
        given = 0
        while True:
            paths = stream.next()
            if paths is None:
                break
            yield Solution(under, {label: [tuple(c) for c in cells] for label, cells in paths.items()})
            given += 1
            if limit is not None and given >= limit:
                return
        if stream.stop == "timeout":
            raise TimeoutError(f"solutions(): the time limit ran out after {given} solutions")
        if stream.stop == "memory":
            raise MemoryError(f"solutions(): the memory limit was reached after {given} solutions")
    finally:
        stream.close()


def check(puzzle: Puzzle, solution: Optional[SolutionLike] = None, rules: Optional[str] = None,
          solution_format: Optional[str] = None) -> CheckResult:
    """Judges a solution with the independent checker (numberlink check): a Solution, a
    SolveResult, a dict, the text of a solution file in any format (solution_format None
    detects it), or None for the solution the puzzle's file carried. True when valid."""
    p = _puzzle("check", puzzle)
    require_optional_text("check", "rules", rules)
    require_optional_text("check", "solution_format", solution_format)
    given = None if solution is None else _solution_arg("check", solution, text_allowed=True)
    return CheckResult._from_record(_nl.check(p._entry, given, rules, solution_format))


def encode(puzzle: Puzzle, rules: Optional[str] = None, labels: str = "auto", exact: str = "answer") -> Encoding:
    """The exact CNF of the puzzle, as `numberlink encode` writes it (labels: auto, onehot or
    binary; exact: answer or models)."""
    p = _puzzle("encode", puzzle)
    require_optional_text("encode", "rules", rules)
    require("encode", "labels", labels, str)
    require("encode", "exact", exact, str)
    return Encoding._from_record(_nl.encode(p._entry, rules, labels, exact))


def decode(puzzle: Puzzle, model: Union[str, Sequence[int]], rules: Optional[str] = None, labels: str = "auto",
           exact: str = "answer") -> SolveResult:
    """A SAT solver's answer to encode()'s CNF (same rules, labels, exact) back to a solution:
    status SOLVED (checked), UNSOLVABLE or UNKNOWN. model: the solver's output text or a list of
    literals. InputError when it is not a model of that CNF."""
    p = _puzzle("decode", puzzle)
    require("decode", "model", model, (str, list, tuple))
    require_optional_text("decode", "rules", rules)
    require("decode", "labels", labels, str)
    require("decode", "exact", exact, str)
    record = _nl.decode(p._entry, model, rules, labels, exact)
    return SolveResult._from_record(_under(p, rules), record)


def generate(width: int, height: int, count: int = 1, seed: Optional[int] = None, rules: str = "flow",
             unique: bool = False, fill_all: bool = False, min_length: int = 3, min_paths: int = 1,
             max_paths: int = 0, timeout: float = 0, variant: str = "square", warps: int = 0,
             bridges: int = 0) -> Generated:
    """`count` distinct random puzzles, each carrying its checked solution (.solution), as
    `numberlink generate` makes them. seed: None draws one; the result's .seed makes the same
    puzzles again, here or on the command line (--seed). unique: only puzzles with exactly one
    solution; fill_all: no blocked cells; variant: square, hex, warp, bridges or shape.
    RuntimeError when it cannot make them all (timeout, impossible constraints)."""
    for name, value in (("width", width), ("height", height), ("count", count), ("min_length", min_length),
                        ("min_paths", min_paths), ("max_paths", max_paths), ("warps", warps), ("bridges", bridges)):
        require("generate", name, value, int)
    require("generate", "seed", seed, (int, type(None)))
    if seed is not None and not 0 <= seed < 2**64:
        raise ValueError("generate(): seed must be 0..2**64-1")
    require("generate", "rules", rules, str)
    require("generate", "unique", unique, bool)
    require("generate", "fill_all", fill_all, bool)
    seconds = require_number("generate", "timeout", timeout)
    require("generate", "variant", variant, str)
    used, entries = _nl.generate(width, height, count, seed, rules, unique, fill_all, min_length, min_paths, max_paths,
                                 seconds, variant, warps, bridges)
    return Generated([Puzzle._wrap(e) for e in entries], int(used))


def render_svg(puzzle: Puzzle, solution: Optional[SolutionLike] = None, cell_size: int = 40, labels: bool = False,
               coordinates: bool = False) -> str:
    """An SVG picture of the puzzle, or of a solution (checked first: ValueError if invalid), as
    `numberlink render` draws it."""
    p = _puzzle("render_svg", puzzle)
    require("render_svg", "cell_size", cell_size, int)
    require("render_svg", "labels", labels, bool)
    require("render_svg", "coordinates", coordinates, bool)
    given = None if solution is None else _solution_arg("render_svg", solution)
    return _nl.render_svg(p._entry, given, cell_size, labels, coordinates)


def _under(puzzle: Puzzle, rules: Optional[str]) -> Puzzle:
    """The puzzle a result's solutions belong to: under `rules` when given."""
    return puzzle if rules is None or rules == puzzle.rules else puzzle.with_rules(rules)
