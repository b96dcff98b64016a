"""encode / decode through an outside SAT solver (CryptoMiniSat's command line), and generate
against the command line's generator."""
import re
import shutil
import subprocess

import pytest

import numberlink
from numberlink import Status
from conftest import PUZZLES, cli, cli_json

FIVE = str(PUZZLES / "ascii" / "five.txt")


def run_solver(dimacs):
    solver = shutil.which("cryptominisat5")
    if solver is None:
        pytest.skip("cryptominisat5 (Debian cryptominisat, installed by scripts/setup) not found")
    return subprocess.run([solver, "--verb", "0"], input=dimacs, capture_output=True, text=True).stdout


def test_the_variable_map_matches_the_dimacs_header():
    puzzle = numberlink.read(FIVE)[0]
    encoded = numberlink.encode(puzzle)
    header = re.search(r"^p cnf (\d+) (\d+)$", encoded.dimacs, re.M)
    assert (int(header[1]), int(header[2])) == (encoded.variables, encoded.clauses)
    edges = [list(map(int, m.groups())) for m in
             re.finditer(r"^c numberlink edge (\d+) (\d+) (\d+) 0 (\d+) (\d+) 0$", encoded.dimacs, re.M)]
    assert edges == [[e["var"], *e["cells"][0], *e["cells"][1]] for e in encoded.edges]
    cells = re.findall(r"^c numberlink cell (\d+) (\d+) 0 (\d+)$", encoded.dimacs, re.M)
    assert len(edges) == len(encoded.edges) > 0 and len(cells) == 25
    assert [list(map(int, c)) for c in cells] == [[*c["cell"], c["first_var"]] for c in encoded.cells]
    assert encoded.dimacs == cli("encode", FIVE).stdout  # the command line's CNF


@pytest.mark.parametrize("labels", ["onehot", "binary"])
def test_an_outside_solvers_model_decodes_to_the_unique_solution(labels):
    puzzle = numberlink.read(FIVE)[0]
    encoded = numberlink.encode(puzzle, labels=labels)
    answer = run_solver(encoded.dimacs)
    assert "s SATISFIABLE" in answer
    decoded = numberlink.decode(puzzle, answer, labels=labels)
    assert decoded.status is Status.SOLVED
    assert decoded.solution.paths == numberlink.unique(puzzle).solution.paths  # five has one solution
    assert decoded.solution.check()
    # The same model as a list of literals.
    literals = [int(x) for line in answer.splitlines() if line.startswith("v") for x in line.split()[1:]]
    assert numberlink.decode(puzzle, literals, labels=labels).solution.paths == decoded.solution.paths


def test_an_unsatisfiable_cnf_decodes_to_unsolvable():
    crossing = numberlink.read_text("AB\nBA\n", name="cross")[0]
    answer = run_solver(numberlink.encode(crossing).dimacs)
    assert "s UNSATISFIABLE" in answer
    decoded = numberlink.decode(crossing, answer)
    assert decoded.status is Status.UNSOLVABLE and decoded.solution is None


def test_a_model_of_another_cnf_is_an_input_error():
    puzzle = numberlink.read(FIVE)[0]
    encoded = numberlink.encode(puzzle)
    with pytest.raises(numberlink.InputError, match="not a model of that CNF"):
        numberlink.decode(puzzle, [-v for v in range(1, encoded.variables + 1)])
    with pytest.raises(numberlink.InputError, match="<model>"):
        numberlink.decode(puzzle, "s SATISFIABLE\nv 1 x 0\n")


def test_generate_makes_what_the_command_line_makes():
    mine = numberlink.generate(6, 6, count=3, seed=5)
    assert mine.seed == 5
    theirs = cli_json("generate", "--size", "6x6", "-n", "3", "--seed", "5", "-q")
    assert len(mine) == len(theirs) == 3
    for puzzle, record in zip(mine, theirs):
        assert puzzle.to_dict() == {k: v for k, v in record.items() if k not in ("seed", "report")}
        assert numberlink.check(puzzle).valid
        assert puzzle.solution is not None and puzzle.solution.check()


def test_generated_unique_puzzles_are_unique():
    for puzzle in numberlink.generate(6, 6, count=3, seed=11, unique=True):
        verdict = numberlink.unique(puzzle)
        assert verdict.status is Status.UNIQUE, numberlink.write(puzzle, "ascii")
        assert numberlink.check(puzzle).valid
        assert verdict.solution.paths == puzzle.solution.paths  # the one solution is the one it carries


@pytest.mark.parametrize("variant", ["hex", "warp", "bridges", "shape"])
def test_generate_makes_the_variant_boards_of_the_command_line(variant):
    mine = numberlink.generate(6, 6, count=2, seed=3, unique=True, fill_all=True, variant=variant)
    theirs = cli_json("generate", "--size", "6x6", "-n", "2", "--seed", "3", "--unique", "--no-blocked",
                      "--variant", variant, "-q")
    assert len(mine) == len(theirs) == 2
    for puzzle, record in zip(mine, theirs):
        assert puzzle.to_dict() == {k: v for k, v in record.items() if k not in ("seed", "report")}
        assert numberlink.check(puzzle).valid
        assert numberlink.unique(puzzle).status is Status.UNIQUE


def test_generate_refuses_unknown_variants():
    with pytest.raises(ValueError, match="variant must be one of"):
        numberlink.generate(6, 6, variant="triangles")
    with pytest.raises(ValueError):
        numberlink.generate(2, 2, variant="bridges")
