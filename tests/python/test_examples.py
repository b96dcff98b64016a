"""The example of docs/python.md (python/examples/unique_levels.py) runs and does what it says:
reads a level pack, proves each level unique, writes the unique ones back."""
import json
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
