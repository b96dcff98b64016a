"""Puzzle and Solution: the values every function of the package takes and gives.

A Puzzle is immutable: it wraps the compiled module's entry (the puzzle as the C++ library holds
it, with the solution its file carried). Two puzzles are equal when they are the same problem:
the same board (size, layers, shape, blocked cells, variant), the same labels with the same ends
and the same rules. The name (where it was read from) and a carried solution are not part of
it, so a puzzle read from a file equals the same puzzle typed as rows or read from a URL.
Pickling goes through the JSON object of docs/json.md, which holds every board the library
reads, so a Puzzle crosses multiprocessing with its name, line and carried solution.
"""
from __future__ import annotations

import json
from dataclasses import dataclass, field
from typing import Any, Dict, List, Mapping, Optional, Sequence, Tuple, Union

from . import _numberlink as _nl
from ._checks import require, require_optional_text, type_name

Cell = Tuple[int, ...]
"""A cell: (x, y) on one layer (x = column, 0-based), (x, y, z) on boards of several layers."""

Paths = Dict[str, List[Cell]]
"""A solution's paths: label name -> its cells from one end to the other."""

# Boards up to this many cells print as Puzzle([...]) rows in repr(), which evaluates back.
_REPR_CELLS = 400


def _cells(raw: Sequence[Sequence[int]]) -> List[Cell]:
    return [tuple(cell) for cell in raw]


def paths_from_record(raw: Mapping[str, Sequence[Sequence[int]]]) -> Paths:
    """{label: [[x, y], ...]} as the JSON records hold it -> {label: [(x, y), ...]}."""
    return {label: _cells(cells) for label, cells in raw.items()}


def paths_to_record(paths: Mapping[str, Sequence[Sequence[int]]]) -> Dict[str, List[List[int]]]:
    return {label: [list(cell) for cell in cells] for label, cells in paths.items()}


def _text_of_rows(rows: Any) -> Tuple[str, Optional[str]]:
    """The text and format of Puzzle(rows): a str as it is (format detected), a sequence of str
    rows in the ascii format, or a sequence of rows of ints in the intgrid format (0 empty)."""
    if isinstance(rows, str):
        return rows, None
    if not isinstance(rows, Sequence) or isinstance(rows, (bytes, bytearray)):
        raise TypeError(f"Puzzle(): rows must be a str or a list of rows, not {type_name(rows)}")
    if not rows:
        raise ValueError("Puzzle(): rows is empty")
    if all(isinstance(row, str) for row in rows):
        return "\n".join(rows) + "\n", "ascii"
    for row in rows:
        if isinstance(row, str) or not isinstance(row, Sequence):
            raise TypeError("Puzzle(): rows must be all str (ascii rows) or all lists of int (0 empty), "
                            f"not a mix with {type_name(row)}")
        for value in row:
            if isinstance(value, bool) or not isinstance(value, int):
                raise TypeError(f"Puzzle(): a row of numbers holds ints (0 empty), not {type_name(value)}")
    width = max(len(row) for row in rows)
    if any(len(row) != width for row in rows):
        raise ValueError("Puzzle(): every row must have the same number of cells")
    body = "\n".join(" ".join(str(v) for v in row) for row in rows)
    return f"{len(rows)} {width}\n{body}\n", "intgrid"


class Puzzle:
    """One Numberlink puzzle: a board, the two ends of each label, and the rules.

    Puzzle(rows, rules=None, *, name='<rows>', format=None) makes one from
      - a list of str rows in the ascii format: '.' empty, '#' blocked, any other character a
        label: Puzzle(['R...G', '.....', '.Y...', '..B..', 'B.YRG']);
      - a list of rows of ints: 0 empty, k the label k: Puzzle([[1, 0, 2], [0, 0, 0], [1, 0, 2]]);
      - a str holding one puzzle in any format numberlink reads (detected, or `format`).
    rules: flow, nikoli, adc or strict (None: the format's default, flow for rows). name: the
    puzzle's name, which errors also give as the file's.
    Puzzle.from_url() reads a puzz.link URL; read() and read_text() read files and texts of
    many puzzles. Bad input raises InputError (a ValueError) naming the line.

    A Puzzle is immutable, hashable, comparable (same board, labels and rules: the name and a
    carried solution do not count), copyable and picklable.
    """

    __slots__ = ("_entry", "_key")

    def __init__(self, rows: Union[str, Sequence[str], Sequence[Sequence[int]]], rules: Optional[str] = None, *,
                 name: str = "<rows>", format: Optional[str] = None) -> None:
        require_optional_text("Puzzle", "rules", rules)
        require("Puzzle", "name", name, str)
        require_optional_text("Puzzle", "format", format)
        text, detected = _text_of_rows(rows)
        entries = _nl.read_text(text, name=name, format=format or detected, rules=rules)
        if len(entries) != 1:
            raise ValueError(f"Puzzle(): the text holds {len(entries)} puzzles; read_text() reads several")
        self._entry = _nl.renamed(entries[0], name, entries[0].line)
        self._key: Optional[str] = None

    @classmethod
    def _wrap(cls, entry: Any) -> "Puzzle":
        puzzle = cls.__new__(cls)
        puzzle._entry = entry
        puzzle._key = None
        return puzzle

    @classmethod
    def from_url(cls, url: str, rules: Optional[str] = None) -> "Puzzle":
        """The puzzle of a puzz.link / pzprjs Numberlink URL (https://puzz.link/p?numlin/W/H/BODY,
        with or without the host, p? or p.html?), or of a pzprv3 file's text. rules: None keeps
        the format's default, nikoli (pzprjs's own rules)."""
        require("Puzzle.from_url", "url", url, str)
        require_optional_text("Puzzle.from_url", "rules", rules)
        entries = _nl.read_text(url.strip() + "\n", name="puzz.link", format="puzzlink", rules=rules)
        if len(entries) != 1:
            raise ValueError(f"Puzzle.from_url(): the text holds {len(entries)} puzzles; read_text() reads several")
        return cls._wrap(entries[0])

    @classmethod
    def from_dict(cls, record: Mapping[str, Any]) -> "Puzzle":
        """A puzzle from its JSON object (docs/json.md), as to_dict() gives it."""
        require("Puzzle.from_dict", "record", record, Mapping)
        entries = _nl.read_text(json.dumps(dict(record)) + "\n", name="<dict>", format="json")
        return cls._wrap(entries[0])

    # What it is.
    @property
    def name(self) -> str:
        """Where it comes from: 'file:index' (index 1-based), 'generated:k', or the name given
        to Puzzle() ('<rows>')."""
        return self._entry.name

    @property
    def width(self) -> int:
        return self._entry.width

    @property
    def height(self) -> int:
        return self._entry.height

    @property
    def layers(self) -> int:
        return self._entry.layers

    @property
    def rules(self) -> str:
        """flow, nikoli, adc or strict."""
        return self._entry.rules

    @property
    def line(self) -> int:
        """The line of its file where it starts (0 when made, not read)."""
        return self._entry.line

    @property
    def labels(self) -> Tuple[str, ...]:
        """The label names, in the file's order."""
        return tuple(self._entry.labels)

    @property
    def ends(self) -> Dict[str, Tuple[Cell, Cell]]:
        """label -> its two end cells."""
        out: Dict[str, Tuple[Cell, Cell]] = {}
        for label in self._entry.to_dict()["labels"]:
            first, second = label["ends"]
            out[label["name"]] = (tuple(first), tuple(second))
        return out

    @property
    def solution(self) -> Optional["Solution"]:
        """The solution its file carried (level packs, JSON) or the generator made; None when
        there is none. Not checked by reading: solution.check() does."""
        raw = self._entry.solution
        return None if raw is None else Solution(self, paths_from_record(raw))

    def with_rules(self, rules: str) -> "Puzzle":
        """The same puzzle under other rules."""
        require("Puzzle.with_rules", "rules", rules, str)
        record = self._entry.to_dict()
        record["rules"] = rules
        # rules= too, so that a bad name gets the library's message, not the JSON reader's.
        entry = _nl.read_text(json.dumps(record) + "\n", name="<dict>", format="json", rules=rules)[0]
        return Puzzle._wrap(_nl.renamed(entry, self.name, self.line))

    # Its texts.
    def to_dict(self) -> Dict[str, Any]:
        """The JSON object of docs/json.md (with the carried solution's paths, if any)."""
        return self._entry.to_dict()

    def to_json(self) -> str:
        """One line of JSON: what `numberlink convert --to json` writes."""
        return json.dumps(self.to_dict(), separators=(",", ":"))

    def to_url(self) -> str:
        """Its puzz.link URL (InputError when the format cannot hold it: layers, variants)."""
        return _nl.write(self._entry, "puzzlink").strip()

    def write(self, format: str = "ascii") -> str:
        """Its text in a format numberlink writes (ascii, stream, intgrid, adc, json, board,
        flowsolver, puzzlink)."""
        require("Puzzle.write", "format", format, str)
        return _nl.write(self._entry, format)

    # Value semantics.
    def _identity(self) -> str:
        if self._key is None:
            record = self._entry.to_dict()
            for volatile in ("name", "paths", "grid"):
                record.pop(volatile, None)
            # The order of the labels and of a label's two ends is how the text was written,
            # not what the puzzle is.
            for label in record.get("labels", []):
                label["ends"] = sorted(label["ends"])
            record["labels"] = sorted(record.get("labels", []), key=lambda label: str(label["name"]))
            self._key = json.dumps(record, sort_keys=True)
        return self._key

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Puzzle):
            return NotImplemented
        return self._identity() == other._identity()

    def __hash__(self) -> int:
        return hash(self._identity())

    def __reduce__(self) -> Tuple[Any, Tuple[str, str, int]]:
        return (_unpickle, (json.dumps(self._entry.to_dict()), self.name, self.line))

    def __copy__(self) -> "Puzzle":
        return self  # immutable

    def __deepcopy__(self, memo: Dict[int, Any]) -> "Puzzle":
        return self

    def __str__(self) -> str:
        """The board as text: ascii rows where the format can hold it, else our board format."""
        for format in ("ascii", "board", "json"):
            try:
                return self.write(format).rstrip("\n")
            except ValueError:
                continue
        return repr(self)

    def __repr__(self) -> str:
        shape = f"{self.width}x{self.height}" + (f"x{self.layers}" if self.layers > 1 else "")
        if self.layers == 1 and self.width * self.height <= _REPR_CELLS:
            try:
                rows = self.write("ascii").splitlines()
                return f"Puzzle({rows!r}, rules={self.rules!r}, name={self.name!r})"
            except ValueError:
                pass
        return f"<numberlink.Puzzle {self.name} {shape} {self.rules}, {len(self.labels)} labels>"


def _unpickle(record: str, name: str, line: int) -> Puzzle:
    entry = _nl.read_text(record + "\n", name="<pickle>", format="json")[0]
    return Puzzle._wrap(_nl.renamed(entry, name, line))


@dataclass(frozen=True)
class CheckResult:
    """What the independent checker says of a solution (numberlink check). True when valid;
    else `rule` names the rule broken, `message` says how, `label` and `cell` where."""

    valid: bool
    rule: Optional[str] = None
    message: Optional[str] = None
    label: Optional[str] = None
    cell: Optional[Cell] = None
    record: Dict[str, Any] = field(default_factory=dict, repr=False, compare=False)

    def __bool__(self) -> bool:
        return self.valid

    def to_dict(self) -> Dict[str, Any]:
        """`numberlink check --output json`'s record."""
        return dict(self.record)

    @classmethod
    def _from_record(cls, record: Dict[str, Any]) -> "CheckResult":
        cell = record.get("cell")
        return cls(valid=bool(record["valid"]), rule=record.get("rule"), message=record.get("message"),
                   label=record.get("label"), cell=None if cell is None else tuple(cell), record=record)


@dataclass(frozen=True)
class Solution:
    """A solution of `puzzle`: `paths` maps each label to its cells, end to end. Every Solution
    the package returns has passed the independent checker; one you build does when you call
    check()."""

    puzzle: Puzzle = field(repr=False)
    paths: Paths

    def __post_init__(self) -> None:
        require("Solution", "puzzle", self.puzzle, Puzzle)
        require("Solution", "paths", self.paths, Mapping)
        # Cells as tuples whatever was given ([x, y] lists from JSON), so that equal solutions
        # compare equal and hash.
        object.__setattr__(self, "paths", {str(label): _cells(cells) for label, cells in self.paths.items()})

    def check(self, rules: Optional[str] = None) -> CheckResult:
        """The checker's verdict on it (rules: None, the puzzle's)."""
        require_optional_text("Solution.check", "rules", rules)
        return CheckResult._from_record(_nl.check(self.puzzle._entry, self._record(), rules))

    def grid(self, layer: int = 0) -> List[List[str]]:
        """The labels of one layer's cells by row: '.' empty, '#' blocked, ' ' off the board."""
        require("Solution.grid", "layer", layer, int)
        if not 0 <= layer < self.puzzle.layers:
            raise ValueError(f"Solution.grid(): layer must be 0..{self.puzzle.layers - 1}, not {layer}")
        grid: List[Any] = self.to_dict()["grid"]
        rows: List[List[str]] = grid[layer] if self.puzzle.layers > 1 else grid
        return rows

    @property
    def length(self) -> int:
        """Cells on the paths, ends included."""
        return int(_nl.solution_quality(self.puzzle._entry, self._record())[0])

    @property
    def bends(self) -> int:
        """Cells where a path turns (a layer change counts as one): the ADC measure."""
        return int(_nl.solution_quality(self.puzzle._entry, self._record())[1])

    def _record(self) -> Dict[str, List[List[int]]]:
        return paths_to_record(self.paths)

    def to_dict(self) -> Dict[str, Any]:
        """The puzzle's JSON object with these paths and their grid (docs/json.md)."""
        record: Dict[str, Any] = json.loads(_nl.write(self.puzzle._entry, "json", self._record()))
        return record

    def to_json(self) -> str:
        return json.dumps(self.to_dict(), separators=(",", ":"))

    def __hash__(self) -> int:
        return hash((self.puzzle, tuple(sorted((label, tuple(cells)) for label, cells in self.paths.items()))))

    def __str__(self) -> str:
        """The solution as a grid of labels, for people."""
        return _nl.write(self.puzzle._entry, "grid", self._record()).rstrip("\n")
