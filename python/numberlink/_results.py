"""The results of solve, unique, count, encode and generate: small frozen dataclasses with a
Status, built from the JSON records the command line prints with --output json (docs/json.md),
which each keeps: to_dict() gives the record, to_json() its line."""
from __future__ import annotations

import enum
import json
from dataclasses import dataclass, field
from typing import Any, Dict, List, Optional, Tuple

from ._puzzle import Cell, Puzzle, Solution, paths_from_record


class Status(str, enum.Enum):
    """How a call ended. solve: SOLVED, UNSOLVABLE (proved), TIMEOUT, LIMIT (a memory or size
    limit), UNKNOWN (the engine chosen could not tell), NOT_APPLICABLE (that engine does not take
    this board). unique: UNIQUE, MULTIPLE, NONE (proved: no solution), TIMEOUT, LIMIT.
    A Status is also its word: Status.SOLVED == 'solved'."""

    SOLVED = "solved"
    UNSOLVABLE = "unsolvable"
    UNIQUE = "unique"
    MULTIPLE = "multiple"
    NONE = "none"
    TIMEOUT = "timeout"
    LIMIT = "limit"
    UNKNOWN = "unknown"
    NOT_APPLICABLE = "not-applicable"
    INTERRUPTED = "interrupted"

    def __str__(self) -> str:
        return self.value


class _Record:
    """to_dict() and to_json() of a result that keeps its record."""

    record: Dict[str, Any]

    def to_dict(self) -> Dict[str, Any]:
        """The command line's JSON record (--output json) of this result."""
        return dict(self.record)

    def to_json(self) -> str:
        """That record as one line of JSON."""
        return json.dumps(self.record, separators=(",", ":"))


def _solution(puzzle: Puzzle, record: Dict[str, Any]) -> Optional[Solution]:
    raw = record.get("paths")
    return None if raw is None else Solution(puzzle, paths_from_record(raw))


@dataclass(frozen=True)
class SolveResult(_Record):
    """What solve() (and decode()) found. `solution` is set when status is SOLVED and has passed
    the checker; UNSOLVABLE is proved, and `reason` gives the argument where the engine states one
    (sat, parity: ..., lines A and B would have to cross: ...); for LIMIT it names the limit.
    `puzzle` is the puzzle solved, under the rules asked for."""

    puzzle: Puzzle = field(repr=False)
    status: Status
    solution: Optional[Solution]
    engine: Optional[str]
    seconds: float
    reason: Optional[str] = None
    stats: Dict[str, Any] = field(default_factory=dict, repr=False, compare=False)
    record: Dict[str, Any] = field(default_factory=dict, repr=False, compare=False)

    @property
    def solved(self) -> bool:
        return self.status is Status.SOLVED

    @classmethod
    def _from_record(cls, puzzle: Puzzle, record: Dict[str, Any]) -> "SolveResult":
        stats = record.get("stats") or {}
        reason = record.get("limit_reason") or stats.get("unsolvable_reason") or record.get("unsolvable_reason")
        return cls(puzzle=puzzle, status=Status(record["status"]), solution=_solution(puzzle, record),
                   engine=record.get("engine"),
                   seconds=float(record.get("seconds", 0.0)), reason=reason, stats=stats, record=record)


@dataclass(frozen=True)
class UniqueResult(_Record):
    """What unique() proved. UNIQUE: `solution` is the one. MULTIPLE: `solutions` holds two that
    differ, at `differing_cells`. NONE: proved unsolvable (`reason` the argument, when the SAT
    engine gives one). TIMEOUT / LIMIT: undecided; `solutions_found` (0 or 1) and then
    `solution`, and `uturn_free_solutions` when every solution without a U-turn was found.
    `puzzle` is the puzzle, under the rules asked for."""

    puzzle: Puzzle = field(repr=False)
    status: Status
    solution: Optional[Solution]
    solutions: Tuple[Solution, ...]
    differing_cells: Tuple[Cell, ...]
    engine: str
    distinct: str
    seconds: float
    reason: Optional[str] = None
    solutions_found: Optional[int] = None
    uturn_free_solutions: Optional[int] = None
    record: Dict[str, Any] = field(default_factory=dict, repr=False, compare=False)

    @property
    def unique(self) -> bool:
        return self.status is Status.UNIQUE

    @classmethod
    def _from_record(cls, puzzle: Puzzle, record: Dict[str, Any]) -> "UniqueResult":
        two = tuple(Solution(puzzle, paths_from_record(raw)) for raw in record.get("solutions", []))
        return cls(puzzle=puzzle, status=Status(record["verdict"]), solution=_solution(puzzle, record), solutions=two,
                   differing_cells=tuple(tuple(c) for c in record.get("differing_cells", [])),
                   engine=record["engine"], distinct=record["distinct"], seconds=float(record["seconds"]),
                   reason=record.get("unsolvable_reason"), solutions_found=record.get("solutions_found"),
                   uturn_free_solutions=record.get("uturn_free_solutions"), record=record)


@dataclass(frozen=True)
class CountResult(_Record):
    """What count() counted. `exact` when `count` is the number of solutions; otherwise it is a
    lower bound: `at_least` when it stopped at max, `stopped` (timeout, limit, interrupted) when
    it ran out first. `solutions` holds the solutions found when asked for. `puzzle` is the
    puzzle, under the rules asked for."""

    puzzle: Puzzle = field(repr=False)
    count: int
    exact: bool
    at_least: bool
    stopped: Optional[str]
    engine: str
    distinct: str
    seconds: float
    solutions: Tuple[Solution, ...] = ()
    uturn_free_solutions: Optional[int] = None
    record: Dict[str, Any] = field(default_factory=dict, repr=False, compare=False)

    def __int__(self) -> int:
        return self.count

    @classmethod
    def _from_record(cls, puzzle: Puzzle, record: Dict[str, Any]) -> "CountResult":
        stopped = next((word for word in ("timed_out", "limit", "interrupted") if record.get(word)), None)
        if stopped == "timed_out":
            stopped = "timeout"
        at_least = bool(record.get("at_least"))
        solutions = tuple(Solution(puzzle, paths_from_record(raw)) for raw in record.get("solutions", []))
        return cls(puzzle=puzzle, count=int(record["count"]), exact=not at_least and stopped is None, at_least=at_least,
                   stopped=stopped, engine=record["engine"], distinct=record["distinct"],
                   seconds=float(record["seconds"]), solutions=solutions,
                   uturn_free_solutions=record.get("uturn_free_solutions"), record=record)


@dataclass(frozen=True)
class Encoding(_Record):
    """The CNF of a puzzle (encode()): `dimacs` is the text, with its header; `edges` and `cells`
    map the variables to the board (docs/dimacs.md)."""

    dimacs: str = field(repr=False)
    variables: int
    clauses: int
    coding: str
    exact: str
    edges: List[Dict[str, Any]] = field(default_factory=list, repr=False)
    cells: List[Dict[str, Any]] = field(default_factory=list, repr=False)
    record: Dict[str, Any] = field(default_factory=dict, repr=False, compare=False)

    @classmethod
    def _from_record(cls, record: Dict[str, Any]) -> "Encoding":
        return cls(dimacs=record["dimacs"], variables=int(record["variables"]), clauses=int(record["clauses"]),
                   coding=record["coding"], exact=record["exact"], edges=record.get("edges", []),
                   cells=record.get("cells", []), record=record)


class Generated(List[Puzzle]):
    """The puzzles generate() made (a list), each carrying its checked solution, and the `seed`
    that makes them again: generate(..., seed=batch.seed) gives the same puzzles."""

    seed: int

    def __init__(self, puzzles: List[Puzzle], seed: int) -> None:
        super().__init__(puzzles)
        self.seed = seed

    def __repr__(self) -> str:
        return f"Generated({list.__repr__(self)}, seed={self.seed})"
