"""Reading and writing puzzles from Python: every format, round trips, errors with file and line."""
import pytest

import numberlink
from conftest import PUZZLES, cli_json, corpus

FILES = sorted(str(p.relative_to(PUZZLES)) for p in PUZZLES.rglob("*")
               if p.is_file() and "solution" not in p.name and "answer" not in p.name
               and p.name != "examples.txt" and not p.name.endswith(".paths.txt"))


@pytest.mark.parametrize("relative", FILES)
def test_reading_a_file_gives_what_the_cli_reads(relative):
    path = str(PUZZLES / relative)
    puzzles = numberlink.read(path)
    assert puzzles, path
    records = cli_json("info", path)
    assert [p.to_dict() for p in puzzles] == records


@pytest.mark.parametrize("relative", FILES)
def test_reading_text_equals_reading_the_file(relative):
    path = PUZZLES / relative
    from_file = numberlink.read(str(path))
    from_text = numberlink.read_text(path.read_text(), name=str(path))
    assert [p.to_dict() for p in from_text] == [p.to_dict() for p in from_file]


@pytest.mark.parametrize("fmt", ["ascii", "stream", "intgrid", "adc", "json"])
def test_puzzle_formats_round_trip(fmt):
    original = numberlink.read(str(PUZZLES / "ascii" / "five.txt"))[0]
    text = numberlink.write(original, fmt)
    again = numberlink.read_text(text, name="again", format=fmt, rules="flow")[0]
    assert again.width == original.width and again.height == original.height
    assert again.labels == original.labels or fmt in ("intgrid", "adc")  # numbered formats rename labels
    ends = lambda p: sorted(sorted(map(tuple, l["ends"])) for l in p.to_dict()["labels"])
    assert ends(again) == ends(original)
    assert sorted(map(sorted, again.ends.values())) == ends(original)  # the typed view says the same
    if fmt not in ("intgrid", "adc"):
        assert again == original  # the same problem: board, labels and rules


@pytest.mark.parametrize("fmt", ["levelpack", "json", "paths"])
def test_solution_formats_round_trip(fmt):
    puzzle = numberlink.read(str(PUZZLES / "ascii" / "five.txt"))[0]
    solved = numberlink.solve(puzzle)
    text = numberlink.write(puzzle, fmt, solved)
    # A Solution and the dict of its paths write the same text as the SolveResult.
    assert numberlink.write(puzzle, fmt, solved.solution) == text
    assert numberlink.write(puzzle, fmt, solved.solution.paths) == text
    if fmt == "paths":  # a solutions format: check it against the puzzle
        assert numberlink.check(puzzle, text).valid
        return
    again = numberlink.read_text(text, name="again", format=fmt)[0]
    assert again.solution is not None
    assert list(again.solution.paths.values()) == list(solved.solution.paths.values())  # levelpack numbers labels
    assert numberlink.check(again).valid
    rewritten = numberlink.write(again, fmt, again.solution)
    if fmt == "json":  # the name is the reader's ("again:1")
        import json
        strip = lambda t: {k: v for k, v in json.loads(t).items() if k != "name"}
        assert strip(rewritten) == strip(text)
    else:
        assert rewritten == text


def test_a_level_pack_round_trips_with_its_solutions():
    path = corpus("flow/levelpacks/levelpack_1.txt")
    levels = numberlink.read(path)
    text = numberlink.write(levels, "levelpack", [p.solution for p in levels])
    again = numberlink.read_text(text, name="again")
    assert len(again) == len(levels) == 150
    assert [p.solution.paths for p in again] == [p.solution.paths for p in levels]
    assert [p.solution for p in again] == [p.solution for p in levels]
    # The corpus lines as written, but for the level number (third field), which the writer
    # numbers itself: sizes and paths are unchanged.
    def essence(line):
        header, paths = line.split(";", 1)
        fields = header.split(",")
        return fields[0], fields[3], paths
    with open(path) as f:
        assert [essence(l) for l in text.split()] == [essence(l) for l in f.read().split()]


def test_several_puzzles_are_written_apart_and_read_back():
    five = numberlink.read(str(PUZZLES / "ascii" / "five.txt"))[0]
    corners = numberlink.read(str(PUZZLES / "ascii" / "corners.txt"))[0]
    text = numberlink.write([five, corners], "stream")
    again = numberlink.read_text(text, format="stream")
    assert [(p.width, p.height) for p in again] == [(5, 5), (3, 3)]


def test_bad_input_raises_input_error_with_file_and_line(tmp_path):
    bad = tmp_path / "bad.txt"
    bad.write_text("3 3\nA..\n.B.\n..A\n")  # B has one endpoint
    with pytest.raises(numberlink.InputError) as raised:
        numberlink.read(str(bad), format="stream")
    error = raised.value
    assert isinstance(error, ValueError)
    assert error.file == str(bad)
    assert error.line >= 1
    assert str(error).startswith(f"{bad}:{error.line}: ")
    # The command line names the same place.
    run = __import__("conftest").cli("info", "--format", "stream", str(bad), check=False)
    assert run.returncode == 2
    assert f"{bad}:{error.line}:" in run.stderr


def test_text_errors_name_the_given_name():
    with pytest.raises(numberlink.InputError) as raised:
        numberlink.read_text("5 5\nxx\n", name="mine.txt", format="stream")
    assert raised.value.file == "mine.txt" and raised.value.line == 2
    assert str(raised.value).startswith("mine.txt:2: ")


def test_a_missing_file_is_an_input_error():
    with pytest.raises(numberlink.InputError) as raised:
        numberlink.read("/nonexistent/puzzle.txt")
    assert raised.value.file == "/nonexistent/puzzle.txt"


def test_malformed_corpus_files_are_rejected_with_their_name():
    for name in ["15x15 2.in", "15x15 3.in", "15x15 8.in"]:
        path = corpus("intgrid/huy1711/" + name)
        with pytest.raises(numberlink.InputError) as raised:
            numberlink.read(path)
        assert raised.value.file == path and raised.value.line >= 1, str(raised.value)


def test_bad_names_are_value_errors():
    puzzle = numberlink.read(str(PUZZLES / "ascii" / "five.txt"))[0]
    for call in [lambda: numberlink.read(str(PUZZLES / "ascii" / "five.txt"), format="png"),
                 lambda: numberlink.read(str(PUZZLES / "ascii" / "five.txt"), rules="chess"),
                 lambda: numberlink.write(puzzle, "svg"),
                 lambda: numberlink.solve(puzzle, engine="magic")]:
        with pytest.raises(ValueError):
            call()
    # A bad rules name gets the library's message wherever it is given (not the JSON reader's).
    for call in [lambda: numberlink.solve(puzzle, rules="chess"), lambda: numberlink.unique(puzzle, rules="chess"),
                 lambda: numberlink.count(puzzle, rules="chess"), lambda: puzzle.with_rules("chess")]:
        with pytest.raises(ValueError, match=r"^rules must be one of flow\|nikoli\|adc\|strict, not 'chess'$"):
            call()


def test_a_level_pack_needs_solutions_to_be_written():
    puzzle = numberlink.read(str(PUZZLES / "ascii" / "five.txt"))[0]
    with pytest.raises(numberlink.InputError):
        numberlink.write(puzzle, "levelpack")


def test_svg_picture_is_xml_with_one_line_per_label():
    import xml.etree.ElementTree as ET
    puzzle = numberlink.read(str(PUZZLES / "ascii" / "five.txt"))[0]
    bare = ET.fromstring(numberlink.render_svg(puzzle))
    assert bare.tag.endswith("svg")
    solved = numberlink.solve(puzzle)
    picture = numberlink.render_svg(puzzle, solved, cell_size=20)
    assert ET.fromstring(picture).tag.endswith("svg")
    assert picture != numberlink.render_svg(puzzle)
    assert picture == numberlink.render_svg(puzzle, solved.solution, cell_size=20)
    broken = dict(solved.solution.paths)
    broken["R"] = broken["R"][:-1]
    with pytest.raises(ValueError):
        numberlink.render_svg(puzzle, broken)


def test_checking_a_puzzle_without_a_carried_solution_names_its_file_and_line():
    path = str(PUZZLES / "ascii" / "five.txt")
    puzzle = numberlink.read(path)[0]
    with pytest.raises(numberlink.InputError) as raised:
        numberlink.check(puzzle)
    assert (raised.value.file, raised.value.line) == (path, 1)
    unsolvable = numberlink.solve(numberlink.read_text("AB\nBA\n", name="cross")[0])
    with pytest.raises(ValueError, match="no solution"):
        numberlink.check(puzzle, unsolvable)
