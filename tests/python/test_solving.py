"""solve, count and unique from Python, against facts checked outside the code under test: the
solution file of puzzles/ascii/five.txt, the corpus facts (tests/test_corpus.cpp), and the
exhaustive search of the command line (`count --engine search`)."""
import pytest

import numberlink
from numberlink import Status
from conftest import PUZZLES, cli_json, corpus

FIVE = str(PUZZLES / "ascii" / "five.txt")


def grid_text(solution):
    return "\n".join("".join(row) for row in solution.grid())


def as_lists(paths):
    """Paths {label: [(x, y), ...]} as the command line's JSON holds them: {label: [[x, y], ...]}."""
    return {label: [list(cell) for cell in cells] for label, cells in paths.items()}


@pytest.mark.parametrize("engine", ["auto", "sat", "search", "dfs", "wall"])
def test_five_is_solved_as_its_solution_file_says(engine):
    puzzle = numberlink.read(FIVE)[0]
    result = numberlink.solve(puzzle, engine=engine)
    assert result.status is Status.SOLVED and result.status == "solved"
    assert result.to_dict()["name"] == puzzle.name
    assert result.solution.puzzle == puzzle
    expected = (PUZZLES / "ascii" / "five.solution.txt").read_text().split()
    assert grid_text(result.solution).split() == expected  # five has one solution, so any engine finds it
    assert result.solution.length == 25
    assert numberlink.check(puzzle, result).valid
    assert result.solution.check()


def test_the_layers_engine_solves_a_board_with_vias_as_the_cli_does():
    layers = str(PUZZLES / "adc" / "layers.txt")
    puzzle = numberlink.read(layers)[0]
    result = numberlink.solve(puzzle, engine="layers")
    assert result.status is Status.SOLVED
    assert result.engine == "layers"
    assert numberlink.check(puzzle, result).valid
    assert as_lists(result.solution.paths) == cli_json("solve", "--engine", "layers", layers)[0]["paths"]
    assert numberlink.solve(numberlink.read(FIVE)[0], engine="layers").status is Status.NOT_APPLICABLE


def test_solve_returns_the_cli_record_fields():
    puzzle = numberlink.read(FIVE)[0]
    result = numberlink.solve(puzzle, engine="sat")
    mine = result.to_dict()
    theirs = cli_json("solve", "--engine", "sat", FIVE)[0]
    assert set(mine) == set(theirs)  # same field names
    for key in ["name", "status", "engine", "paths", "grid", "length", "bends", "labels"]:
        assert mine[key] == theirs[key], key
    # The typed fields say what the record says.
    assert result.status == theirs["status"] and result.engine == theirs["engine"]
    assert as_lists(result.solution.paths) == theirs["paths"]
    assert result.solution.grid() == theirs["grid"]
    assert (result.solution.length, result.solution.bends) == (theirs["length"], theirs["bends"])


def test_an_impossible_puzzle_is_unsolvable():
    crossing = numberlink.read_text("A B\nB A\n".replace(" ", ""), name="cross")[0]  # the lines must cross
    for engine in ["auto", "sat", "search"]:
        result = numberlink.solve(crossing, engine=engine)
        assert result.status is Status.UNSOLVABLE, engine
        assert result.solution is None and "paths" not in result.to_dict()
        if engine != "search":  # the exhaustive search proves it without an argument to give
            assert "lines A and B would have to cross" in result.reason, engine
    assert numberlink.unique(crossing).status is Status.NONE
    counted = numberlink.count(crossing)
    assert counted.count == 0 and counted.exact


def test_the_corpus_unsolvable_cross_is_unsolvable():
    puzzle = numberlink.read(corpus("flow/mzucker/unsolvable_cross.txt"))[0]
    for rules in ["flow", "nikoli", "adc", "strict"]:
        assert numberlink.solve(puzzle, rules=rules).status is Status.UNSOLVABLE, rules


def test_every_mzucker_level_but_the_cross_is_solved_and_checks():
    import pathlib
    folder = pathlib.Path(corpus("flow/mzucker"))
    solved = 0
    for path in sorted(folder.glob("*.txt")):
        puzzle = numberlink.read(str(path))[0]
        result = numberlink.solve(puzzle, timeout=60)
        if path.name == "unsolvable_cross.txt":
            assert result.status is Status.UNSOLVABLE
            continue
        assert result.status is Status.SOLVED, path.name
        assert numberlink.check(puzzle, result).valid, path.name
        # The corpus's verified solution is also valid (the checker accepts what it should).
        assert numberlink.check(puzzle, (folder / "solutions" / path.name).read_text()).valid, path.name
        solved += 1
    assert solved == 29


@pytest.mark.parametrize("pack", ["levelpack_1.txt", "levelpack_2.txt"])
def test_level_packs_check_and_solve(pack):
    levels = numberlink.read(corpus("flow/levelpacks/" + pack))
    assert len(levels) == 150
    for level in levels:
        assert numberlink.check(level).valid, level.name  # the official solution
        result = numberlink.solve(level, timeout=60)
        assert result.status is Status.SOLVED, level.name
        assert numberlink.check(level, result).valid, level.name


def test_five_has_exactly_one_solution():
    puzzle = numberlink.read(FIVE)[0]
    verdict = numberlink.unique(puzzle)
    assert verdict.status is Status.UNIQUE and verdict.unique
    expected = (PUZZLES / "ascii" / "five.solution.txt").read_text()
    assert numberlink.check(puzzle, verdict.solution).valid
    assert grid_text(verdict.solution).split() == expected.split()
    assert numberlink.check(puzzle, expected).valid
    counted = numberlink.count(puzzle)
    assert counted.count == 1 and counted.exact and not counted.at_least
    assert "at_least" not in counted.to_dict()


def test_two_solutions_make_multiple_with_the_differing_cells():
    touch = numberlink.read(str(PUZZLES / "ascii" / "touch.txt"), rules="nikoli")[0]
    verdict = numberlink.unique(touch)
    assert verdict.status is Status.MULTIPLE
    first, second = verdict.solutions
    assert first.paths != second.paths
    assert numberlink.check(touch, first).valid and numberlink.check(touch, second).valid
    # The differing cells are where the two grids differ.
    assert verdict.differing_cells
    for x, y in verdict.differing_cells:
        assert first.grid()[y][x] != second.grid()[y][x], (x, y)
    capped = numberlink.count(touch, max=2)
    assert capped.count == 2 and capped.at_least is True and not capped.exact


def test_a_capped_count_says_how_many_solutions_have_no_u_turn():
    # A from corner to corner of a 3x3 board under flow rules fills it by rows or by columns,
    # and both turn back beside themselves: no solution is without a U-turn.
    corners = numberlink.read(str(PUZZLES / "ascii" / "corners.txt"), rules="flow")[0]
    capped = numberlink.count(corners, max=1)
    assert capped.count == 1 and capped.at_least is True
    assert capped.uturn_free_solutions == 0
    exact = numberlink.count(corners)
    assert exact.uturn_free_solutions is None  # exact: nothing to add
    assert "uturn_free_solutions" not in exact.to_dict()


# Small boards whose counts the command line's exhaustive search gives independently of the SAT
# enumeration; (file, rules).
SMALL = [("ascii/touch.txt", "nikoli"), ("ascii/touch.txt", "flow"), ("ascii/corners.txt", "flow"),
         ("ascii/corners.txt", "nikoli"), ("ascii/five.txt", "nikoli"), ("ascii/blocked.txt", "nikoli")]


@pytest.mark.parametrize("relative,rules", SMALL)
@pytest.mark.parametrize("distinct", ["paths", "colours"])
def test_counts_equal_the_exhaustive_search(relative, rules, distinct):
    path = str(PUZZLES / relative)
    oracle = cli_json("count", "--engine", "search", "--rules", rules, "--distinct", distinct, path)
    puzzles = numberlink.read(path, rules=rules)
    assert len(oracle) == len(puzzles)
    for puzzle, expected in zip(puzzles, oracle):
        for engine in ["sat", "search"]:
            counted = numberlink.count(puzzle, distinct=distinct, engine=engine)
            assert counted.count == expected["count"] and counted.exact, engine


def test_generated_boards_count_as_the_exhaustive_search_says():
    import tempfile
    for seed in [1, 2, 3]:
        for puzzle in numberlink.generate(4, 4, count=2, seed=seed):
            text = numberlink.write(puzzle, "ascii")
            with tempfile.NamedTemporaryFile("w", suffix=".txt") as f:
                f.write(text)
                f.flush()
                expected = cli_json("count", "--engine", "search", f.name)[0]["count"]
            assert numberlink.count(puzzle).count == expected, text


def test_count_with_solutions_lists_checked_solutions():
    touch = numberlink.read(str(PUZZLES / "ascii" / "touch.txt"), rules="nikoli")[0]
    result = numberlink.count(touch, solutions=True)
    assert len(result.solutions) == result.count
    assert all(numberlink.check(touch, s).valid for s in result.solutions)
    assert len({repr(sorted(s.paths.items())) for s in result.solutions}) == result.count


def test_frontier_counts_agree_with_sat():
    five = numberlink.read(FIVE, rules="nikoli")[0]
    assert numberlink.count(five, engine="frontier").count == numberlink.count(five).count


def test_a_timeout_is_reported_as_such():
    big = numberlink.read_text("A" + "." * 29 + "\n" + ("." * 30 + "\n") * 28 + "." * 29 + "A\n", name="big")[0]
    result = numberlink.count(big, rules="nikoli", timeout=0.2)
    assert result.stopped == "timeout" and not result.exact and not result.at_least
    record = result.to_dict()
    assert record.get("timed_out") is True and "at_least" not in record


def test_a_stopped_unique_returns_the_solution_it_found():
    # arukone inputs9 #16 under flow rules: a first solution at once, no verdict in minutes
    # (docs/counting.md); LIMIT is the time the first solution must be found in on a busy machine.
    LIMIT = 5
    puzzle = numberlink.read(str(corpus("arukone/inputs9.txt")))[15]
    result = numberlink.unique(puzzle, timeout=LIMIT, rules="flow")
    assert result.status is Status.TIMEOUT
    assert result.solutions_found == 1
    assert result.solution is not None and result.solution.puzzle.rules == "flow"
    assert numberlink.check(puzzle, result.solution, rules="flow").valid


def test_threads_solve_at_once_and_each_answer_checks():
    from concurrent.futures import ThreadPoolExecutor
    levels = numberlink.read(corpus("flow/levelpacks/levelpack_2.txt"))[:40]
    with ThreadPoolExecutor(max_workers=2) as pool:
        results = list(pool.map(numberlink.solve, levels))
    for level, result in zip(levels, results):
        assert result.to_dict()["name"] == level.name and result.status is Status.SOLVED
        assert numberlink.check(level, result).valid


def test_solve_takes_the_command_lines_options_as_keywords():
    """The keywords are solve's option rows for Python: what the command line gives with the
    same options, the same refusals (named as keywords), and nothing the module does not take."""
    puzzle = numberlink.read(FIVE)[0]
    mine = numberlink.solve(puzzle, engine="sat", labels="binary", acyclic="order", touch_clauses="eager",
                            no_speculate=True, dfs_nodes=0, scan_nodes=0, route_seed=3, timeout=30)
    theirs = cli_json("solve", "--engine", "sat", "--labels", "binary", "--acyclic", "order",
                      "--touch-clauses", "eager", "--no-speculate", FIVE)[0]
    assert mine.status is Status.SOLVED
    assert mine.stats["vars"] == theirs["stats"]["vars"]  # the same encoding
    assert as_lists(mine.solution.paths) == theirs["paths"]
    with pytest.raises(ValueError, match=r"^labels takes auto, onehot or binary, not 'ternary'$"):
        numberlink.solve(puzzle, labels="ternary")
    with pytest.raises(ValueError, match=r"^dfs_nodes must be at least 0$"):
        numberlink.solve(puzzle, dfs_nodes=-1)
    with pytest.raises(ValueError, match=r"^timeout takes seconds from 0"):
        numberlink.solve(puzzle, timeout=-1)
    with pytest.raises(ValueError, match="engine takes auto, sat"):
        numberlink.solve(puzzle, engine="magic")
    with pytest.raises(TypeError, match="dfs_nodes takes an int, not str"):
        numberlink.solve(puzzle, dfs_nodes="10")
    with pytest.raises(TypeError, match="cross_check takes True or False"):
        numberlink.solve(puzzle, cross_check=1)
    # Options of the command line that are not a call's to set, and spellings that are not keywords.
    for keyword in ["jobs", "output_file", "animate", "stats", "frobnicate", "dfs-nodes"]:
        with pytest.raises(TypeError, match="unexpected keyword argument '" + keyword + "'"):
            numberlink.solve(puzzle, **{keyword: 1})
    for keyword in ["engine=", "labels=", "dfs_nodes=", "optimize=", "cross_check="]:
        assert keyword in numberlink.solve.__doc__


def test_solve_chooses_the_sat_solver_by_keyword():
    """sat= is --sat: each solver, or both at once, gives a checked answer and names itself."""
    puzzle = numberlink.read(FIVE)[0]
    for sat, named in [("cms", {"cms"}), ("cadical", {"cadical"}), ("portfolio", {"cms", "cadical"})]:
        result = numberlink.solve(puzzle, engine="sat", sat=sat)
        assert result.status is Status.SOLVED
        assert numberlink.check(puzzle, result).valid
        assert result.to_dict()["attempts"][0]["stats"]["backend"] in named
    with pytest.raises(ValueError, match="sat takes auto, cms, cadical or portfolio"):
        numberlink.solve(puzzle, sat="minisat")


def test_solve_optimizes_and_cross_checks_like_the_command_line():
    puzzle = numberlink.read(FIVE)[0]
    checked = numberlink.solve(puzzle, cross_check=True)
    assert checked.to_dict()["cross_check"] == cli_json("solve", "--cross-check", FIVE)[0]["cross_check"]
    with pytest.raises(ValueError, match="optimize applies to no-fill rules only"):
        numberlink.solve(puzzle, optimize="length")
    shorter = numberlink.solve(puzzle, rules="nikoli", optimize="length", optimize_seconds=1)
    assert shorter.status is Status.SOLVED and numberlink.check(puzzle, shorter, rules="nikoli").valid
    assert shorter.solution.puzzle.rules == "nikoli"
    assert shorter.solution.length == cli_json("solve", "--rules", "nikoli", "--optimize", "length", FIVE)[0]["length"]
