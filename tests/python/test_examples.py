"""The example of docs/python.md (python/examples/unique_levels.py) runs and does what it says:
reads a level pack, proves each level unique, writes the unique ones back."""
import json
import os
import subprocess
import sys

import numberlink
from conftest import PUZZLES, REPO, cli, corpus

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
        assert numberlink.check(level)["valid"]
        assert numberlink.unique(level)["verdict"] == "unique"


def python_blocks():
    """The ```python blocks of docs/python.md, in order."""
    text = (REPO / "docs" / "python.md").read_text()
    return [block.split("\n", 1)[1] for block in text.split("```")[1::2] if block.startswith("python\n")]


def run_pasted(code, tmp_path):
    """Runs code as pasted into python3 in the repository root (puzzles/ linked, files written
    to a scratch directory)."""
    (tmp_path / "puzzles").symlink_to(PUZZLES)
    env = dict(os.environ, PYTHONPATH=os.path.dirname(numberlink.__file__))  # the module under test
    run = subprocess.run([sys.executable, "-"], input=code, capture_output=True, text=True, cwd=tmp_path, env=env)
    assert run.returncode == 0, run.stderr
    return run.stdout


def test_the_documented_example_is_the_script_and_works_pasted(tmp_path):
    example = python_blocks()[0]
    script = (REPO / "python" / "examples" / "unique_levels.py").read_text()
    assert script.endswith(example) and script[: -len(example)].rstrip().endswith('"""')
    printed = run_pasted(example, tmp_path)
    assert printed.endswith("2 of 2 levels unique, written to unique.txt\n")
    assert (tmp_path / "unique.txt").read_text() == (PUZZLES / "levelpack" / "pack.txt").read_text()


def test_the_documented_session_prints_what_its_comments_say(tmp_path):
    session = python_blocks()[1]
    printed = run_pasted(session, tmp_path).splitlines()
    assert printed[0] == "solved [[1, 2], [1, 3], [1, 4], [2, 4]]"
    assert printed[1:3] == ["True", "1"]
    assert printed[3:8] == (PUZZLES / "ascii" / "five.solution.txt").read_text().split()
