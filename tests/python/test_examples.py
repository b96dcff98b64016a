"""The examples of docs/python.md run and do what they say: the level-pack example
(python/examples/unique_levels.py) reads a level pack, proves each level unique and writes the
unique ones back; the first session prints what its comments say."""
import json
import os
import subprocess
import sys

import numberlink
from conftest import PUZZLES, REPO, cli, cli_json, corpus

EXAMPLE = str(REPO / "python" / "examples" / "unique_levels.py")


def run_example(pack, out):
    run = subprocess.run([sys.executable, EXAMPLE, pack, str(out)], capture_output=True, text=True)
    assert run.returncode == 0, run.stderr
    return run.stdout


def test_the_example_keeps_the_unique_levels_of_the_repository_pack(tmp_path):
    pack = str(PUZZLES / "levelpack" / "pack.txt")
    out = tmp_path / "unique.txt"
    printed = run_example(pack, out)
    assert printed.endswith(f"2 of 2 levels unique, written to {out}\n")
    assert out.read_text() == (PUZZLES / "levelpack" / "pack.txt").read_text()


def test_the_example_agrees_with_the_command_line_on_a_corpus_pack(tmp_path):
    pack = corpus("flow/levelpacks/levelpack_1.txt")
    out = tmp_path / "unique.txt"
    run_example(pack, out)
    verdicts = [json.loads(l)["verdict"] for l in cli("unique", "--output", "json", pack).stdout.splitlines()]
    kept = numberlink.read(str(out))
    assert len(kept) == verdicts.count("unique") > 0
    for level in kept:  # written with their solutions, which pass the checker, and still unique
        assert numberlink.check(level).valid
        assert numberlink.unique(level).status is numberlink.Status.UNIQUE


def python_blocks(markdown=REPO / "docs" / "python.md"):
    """The ```python blocks of a Markdown file (docs/python.md unless given), in order."""
    text = markdown.read_text()
    return [block.split("\n", 1)[1] for block in text.split("```")[1::2] if block.startswith("python\n")]


def run_pasted(code, tmp_path):
    """Runs code as pasted into python3 in the repository root (puzzles/ linked, files written
    to a scratch directory)."""
    (tmp_path / "puzzles").symlink_to(PUZZLES)
    # The package under test: the directory holding numberlink/.
    env = dict(os.environ, PYTHONPATH=os.path.dirname(os.path.dirname(numberlink.__file__)))
    run = subprocess.run([sys.executable, "-"], input=code, capture_output=True, text=True, cwd=tmp_path, env=env)
    assert run.returncode == 0, run.stderr
    return run.stdout


def test_the_documented_example_is_the_script_and_works_pasted(tmp_path):
    script = (REPO / "python" / "examples" / "unique_levels.py").read_text()
    documented = [block for block in python_blocks() if script.endswith(block)]
    assert len(documented) == 1, "docs/python.md shows unique_levels.py's code once"
    example = documented[0]
    assert script[: -len(example)].rstrip().endswith('"""')
    printed = run_pasted(example, tmp_path)
    assert printed.endswith("2 of 2 levels unique, written to unique.txt\n")
    assert (tmp_path / "unique.txt").read_text() == (PUZZLES / "levelpack" / "pack.txt").read_text()


def test_the_documented_session_prints_what_its_comments_say(tmp_path):
    session = python_blocks()[0]
    assert session.startswith("import numberlink\n") and "Puzzle([" in session
    printed = run_pasted(session, tmp_path).splitlines()
    assert printed[0] == "solved [(1, 2), (1, 3), (1, 4), (2, 4)]"
    assert printed[1:6] == (PUZZLES / "ascii" / "five.solution.txt").read_text().split()
    assert printed[6:10] == ["25 4 True", "True", "1", "True"]
    assert printed[10] == cli("convert", "--to", "puzzlink", str(PUZZLES / "ascii" / "five.txt")).stdout.strip()
    assert printed[11] == '{"name":"<rows>","width":5,"height":'
    assert len(printed) == 12


def documented_script(name):
    """The block of docs/python.md that is python/examples/NAME's code below its docstring."""
    script = (REPO / "python" / "examples" / name).read_text()
    documented = [block for block in python_blocks() if script.endswith(block)]
    assert len(documented) == 1, f"docs/python.md shows {name}'s code once"
    assert script[: -len(documented[0])].rstrip().endswith('"""')
    return documented[0]


def test_the_solutions_example_prints_each_solution_once_and_the_count(tmp_path):
    printed = run_pasted(documented_script("all_solutions.py"), tmp_path).splitlines()
    heads = [line for line in printed if line.startswith("solution ")]
    grids = ["\n".join(printed[i + 1:i + 4]) for i, line in enumerate(printed) if line.startswith("solution ")]
    # The exhaustive search of the command line counts the same board's solutions.
    board = tmp_path / "board.txt"
    board.write_text("A.B\n...\nA.B\n")
    expected = cli_json("count", "--engine", "search", "--rules", "nikoli", str(board))[0]["count"]
    assert len(heads) == len(set(grids)) == expected == 7
    assert printed[-1] == f"count() says {expected} in all (exact)"


def test_the_parallel_example_gives_the_command_lines_verdicts_for_its_seed(tmp_path):
    printed = run_pasted(documented_script("parallel_unique.py"), tmp_path).splitlines()
    seed = printed[0].split()[1]
    assert printed[0] == f"seed {int(seed)}" and len(printed) == 5
    # The same seed gives the command line the same puzzles, and its unique the same verdicts.
    made = tmp_path / "made.jsonl"
    cli("generate", "--size", "7x7", "--count", "4", "--seed", seed, "--output", "json", "-o", str(made))
    verdicts = [record["verdict"] for record in cli_json("unique", "--timeout", "10", str(made))]
    assert [line.split()[1] for line in printed[1:]] == verdicts
