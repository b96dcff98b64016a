"""Puzzle as a Python value: made from rows, equal and hashable by content, picklable (also
through a process pool), copyable, with a repr that evaluates back; wrong types raise TypeError
in our words. The facts compared with come from the repository's puzzle files and the command
line, not from the code under test."""
import copy
import pathlib
import pickle
from concurrent.futures import ProcessPoolExecutor

import pytest

import numberlink
from numberlink import Puzzle
from conftest import PUZZLES, cli, cli_json

FIVE_ROWS = ["R...G", ".....", ".Y...", "..B..", "B.YRG"]
FIVE = PUZZLES / "ascii" / "five.txt"


def every_repository_puzzle():
    """Every puzzle file of puzzles/ that reads as puzzles: all formats, variants, layers."""
    found = []
    for path in sorted(PUZZLES.rglob("*")):
        if not path.is_file() or "solution" in path.name or "answer" in path.name or path.name == "examples.txt":
            continue
        try:
            found.extend(numberlink.read(str(path)))
        except numberlink.InputError:
            continue  # a solution-only file (paths format)
    assert len(found) >= 20
    return found


def test_rows_make_the_same_puzzle_as_its_file():
    made = Puzzle(FIVE_ROWS)
    read = numberlink.read(str(FIVE))[0]
    assert made == read and hash(made) == hash(read)
    assert made.name == "<rows>" and read.name.endswith("five.txt:1")
    assert Puzzle(FIVE_ROWS, name="level 3").name == "level 3"
    assert (made.width, made.height, made.layers, made.rules) == (5, 5, 1, "flow")
    assert made.labels == ("R", "G", "Y", "B")
    assert made.ends["R"] == ((0, 0), (3, 4))


def test_rows_of_numbers_and_a_text_in_any_format():
    numbers = Puzzle([[1, 0, 0, 0, 2], [0, 0, 0, 0, 0], [0, 4, 0, 0, 0], [0, 0, 3, 0, 0], [3, 0, 4, 1, 2]])
    assert numbers == numberlink.read(str(PUZZLES / "intgrid" / "five.in"))[0]
    stream = (PUZZLES / "stream" / "nine.txt").read_text()
    assert Puzzle(stream) == numberlink.read(str(PUZZLES / "stream" / "nine.txt"))[0]
    assert Puzzle("\n".join(FIVE_ROWS), rules="strict").rules == "strict"


def test_the_order_labels_were_written_in_is_not_part_of_the_puzzle():
    puzzle = Puzzle(["A.B", "...", "A.B"])
    record = puzzle.to_dict()
    record["labels"].reverse()
    for label in record["labels"]:
        label["ends"].reverse()
    assert Puzzle.from_dict(record) == puzzle
    assert Puzzle(["A.B", "...", "B.A"]) != puzzle


def test_rules_are_part_of_the_puzzle_and_the_name_is_not():
    flow = Puzzle(FIVE_ROWS)
    assert flow != Puzzle(FIVE_ROWS, rules="nikoli")
    assert flow.with_rules("nikoli") == Puzzle(FIVE_ROWS, rules="nikoli")
    assert flow.with_rules("nikoli").name == flow.name
    assert Puzzle(FIVE_ROWS, name="a") == Puzzle(FIVE_ROWS, name="b")
    assert len({Puzzle(FIVE_ROWS, name=str(k)) for k in range(5)}) == 1
    assert flow != "R...G" and flow != None  # noqa: E711 (== with other types is False, not an error)


def test_bad_rows_name_the_line():
    with pytest.raises(numberlink.InputError) as error:
        Puzzle(["A.B", "...", "A.."])  # B has one end
    assert "B" in str(error.value) and error.value.line >= 1
    with pytest.raises(ValueError, match="holds 2 puzzles"):
        Puzzle("A.A\n\nB.B\n")
    with pytest.raises(ValueError, match="same number of cells"):
        Puzzle([[1, 0, 1], [0, 0]])


@pytest.mark.parametrize("call, message", [
    (lambda: Puzzle(5), "Puzzle(): rows must be a str or a list of rows, not int"),
    (lambda: Puzzle([[1, "x"]]), "Puzzle(): a row of numbers holds ints (0 empty), not str"),
    (lambda: Puzzle(FIVE_ROWS, rules=3), "Puzzle(): rules must be str or None, not int"),
    (lambda: numberlink.solve("R...G"), "solve(): puzzle must be numberlink.Puzzle, not str"),
    (lambda: numberlink.unique(Puzzle(FIVE_ROWS), timeout="5"), "unique(): timeout must be int or float, not str"),
    (lambda: numberlink.count(Puzzle(FIVE_ROWS), max=2.5), "count(): max must be int, not float"),
    (lambda: numberlink.count(Puzzle(FIVE_ROWS), solutions=1), "count(): solutions must be bool, not int"),
    (lambda: numberlink.generate(5, 5, seed="7"), "generate(): seed must be int or None, not str"),
    (lambda: numberlink.check(Puzzle(FIVE_ROWS), 42),
     "check(): solution must be numberlink.Solution, numberlink.SolveResult, dict or str, not int"),
    (lambda: numberlink.read(3), "read(): path must be str or os.PathLike, not int"),
    (lambda: numberlink.solutions(Puzzle(FIVE_ROWS), limit="all"), "solutions(): limit must be int or None, not str"),
])
def test_a_wrong_type_is_a_type_error_in_our_words(call, message):
    with pytest.raises(TypeError) as error:
        call()
    assert str(error.value) == message


def test_every_repository_puzzle_pickles_with_its_name_line_and_solution():
    for puzzle in every_repository_puzzle():
        again = pickle.loads(pickle.dumps(puzzle))
        assert again == puzzle, puzzle.name
        assert (again.name, again.line, again.rules) == (puzzle.name, puzzle.line, puzzle.rules)
        assert again.to_dict() == puzzle.to_dict(), puzzle.name
        assert (again.solution is None) == (puzzle.solution is None)
        assert copy.copy(puzzle) == puzzle and copy.deepcopy(puzzle) == puzzle


def test_small_puzzles_repr_evaluates_back_and_large_ones_say_what_they_are():
    for puzzle in every_repository_puzzle():
        text = repr(puzzle)
        if text.startswith("Puzzle("):
            assert eval(text, {"Puzzle": Puzzle}) == puzzle, text  # noqa: S307 (our own repr)
        else:
            assert text.startswith("<numberlink.Puzzle ") and puzzle.name in text, text
    big = numberlink.read(str(PUZZLES / "adc" / "layers.txt"))[0]
    assert repr(big).startswith("<numberlink.Puzzle ") and "x" in repr(big)


def solve_in_worker(puzzle):
    return numberlink.solve(puzzle)


def test_puzzles_and_results_cross_a_process_pool():
    puzzles = numberlink.read(str(PUZZLES / "levelpack" / "pack.txt")) + [Puzzle(FIVE_ROWS)]
    with ProcessPoolExecutor(max_workers=2) as pool:
        results = list(pool.map(solve_in_worker, puzzles))
    for puzzle, result in zip(puzzles, results):
        assert result.status is numberlink.Status.SOLVED
        assert result.solution.puzzle == puzzle
        assert result.solution.check()  # checked again here, in this process
        # The same record as the command line's for that puzzle's file.
    five = cli_json("solve", str(FIVE))[0]
    assert results[-1].to_dict()["paths"] == five["paths"]


def test_str_is_the_board_text():
    assert str(Puzzle(FIVE_ROWS)) == FIVE.read_text().strip()
    assert str(numberlink.read(str(PUZZLES / "flowsolver" / "hex.txt"))[0]).startswith("board ")


def test_to_json_is_what_convert_writes():
    for path in [FIVE, PUZZLES / "adc" / "layers.txt", PUZZLES / "flowsolver" / "warps.txt"]:
        puzzle = numberlink.read(str(path))[0]
        assert puzzle.to_json() == cli("convert", "--to", "json", str(path)).stdout.strip(), path
        assert Puzzle.from_dict(puzzle.to_dict()) == puzzle


def test_path_like_arguments_are_read():
    assert numberlink.read(pathlib.Path(FIVE)) == [Puzzle(FIVE_ROWS)]
