"""The package's types: `mypy --strict` passes on the package and on python/examples/, and it
rejects a misuse (so the types are seen, not Any); every public function has a signature that
inspect reads; help(numberlink) documents the API."""
import inspect
import os
import pathlib
import subprocess
import sys

import pytest

import numberlink
from conftest import EVENT_GIVE_UP_SECONDS, REPO

PACKAGE_ROOT = str(pathlib.Path(numberlink.__file__).resolve().parents[1])  # the directory holding numberlink/


def mypy(tmp_path, *targets):
    if subprocess.run([sys.executable, "-c", "import mypy"], capture_output=True).returncode != 0:
        pytest.skip("mypy is not installed (Debian: python3-mypy)")
    env = dict(os.environ, MYPYPATH=PACKAGE_ROOT)
    return subprocess.run([sys.executable, "-m", "mypy", "--strict", "--cache-dir", str(tmp_path / "cache"), *targets],
                          capture_output=True, text=True, env=env, cwd=tmp_path, timeout=EVENT_GIVE_UP_SECONDS)


def test_mypy_strict_passes_on_the_package_and_the_examples(tmp_path):
    # The package is checked where it is built or installed, with its stub and py.typed.
    package = pathlib.Path(numberlink.__file__).parent
    assert (package / "py.typed").exists() and (package / "_numberlink.pyi").exists()
    run = mypy(tmp_path, *sorted(str(p) for p in (REPO / "python" / "examples").glob("*.py")))
    assert run.returncode == 0, run.stdout + run.stderr
    run = mypy(tmp_path, "-p", "numberlink")
    assert run.returncode == 0, run.stdout + run.stderr


def test_mypy_sees_the_types(tmp_path):
    wrong = tmp_path / "wrong.py"
    wrong.write_text("import numberlink\n"
                     "result = numberlink.solve('R...G')\n"  # a str, not a Puzzle
                     "cells: int = result.solution\n")  # Optional[Solution], not int
    run = mypy(tmp_path, str(wrong))
    assert run.returncode == 1
    assert 'Argument 1 to "solve" has incompatible type "str"; expected "Puzzle"' in run.stdout, run.stdout
    assert 'Incompatible types in assignment (expression has type "Optional[Solution]"' in run.stdout, run.stdout


def test_every_public_function_has_a_signature_and_a_docstring():
    for name in numberlink.__all__:
        thing = getattr(numberlink, name)
        if inspect.isfunction(thing):
            signature = inspect.signature(thing)
            assert "puzzle" in signature.parameters or name in {"read", "read_text", "generate", "write"}, name
            assert thing.__doc__ and len(thing.__doc__) > 60, name
    assert str(inspect.signature(numberlink.solutions)) == (
        "(puzzle: 'Puzzle', rules: 'Optional[str]' = None, limit: 'Optional[int]' = None, "
        "distinct: 'str' = 'paths', timeout: 'float' = 0) -> 'Iterator[Solution]'")


def test_help_reads_as_a_guide():
    text = inspect.getdoc(numberlink)
    for word in ["Puzzle(", "solve()", "unique()", "solutions()", "Status", "checker", "InputError"]:
        assert word in text, word
    assert numberlink.InputError.__module__ == "numberlink"
    assert issubclass(numberlink.InputError, ValueError)
    assert repr(numberlink.Status.SOLVED) == "<Status.SOLVED: 'solved'>" and numberlink.Status.SOLVED == "solved"
