"""Shared by the pytest suite of the Python module (tests/python/, docs/python.md).

Runs from ctest (the entry Python.pytest sets PYTHONPATH to the built module and
NUMBERLINK_BINARY to the command line) or by hand:
    PYTHONPATH=build/python python3 -m pytest tests/python
Corpus tests read ../shared/corpus beside the repository and skip when it is absent.
"""
import json
import os
import pathlib
import subprocess

import pytest

REPO = pathlib.Path(__file__).resolve().parents[2]
PUZZLES = REPO / "puzzles"
CORPUS = REPO.parent / "shared" / "corpus"
BINARY = os.environ.get("NUMBERLINK_BINARY", str(REPO / "build" / "numberlink"))

# How quickly Ctrl-C must stop a call, from the signal to KeyboardInterrupt in the caller: the
# README's promise for the CLI (0.1 s), plus the module's signal poll interval (50 ms,
# python/interruptible.hpp), plus the C++ tests' slack for a busy 2-core machine (1 s,
# tests/timing.hpp). The one place the Python tests state it.
SIGNAL_BOUND_SECONDS = 0.1 + 0.05 + 1.0
# How long a test waits for an event before failing: only turns a hang into a failure.
EVENT_GIVE_UP_SECONDS = 300


def corpus(relative):
    """A path in the reference corpus; skips the test when the corpus is absent."""
    if not CORPUS.is_dir():
        pytest.skip(f"reference corpus not found at {CORPUS}")
    return str(CORPUS / relative)


def cli(*args, check=True):
    """Runs the command line; returns its CompletedProcess (text)."""
    run = subprocess.run([BINARY, *args], capture_output=True, text=True, timeout=EVENT_GIVE_UP_SECONDS)
    if check:
        assert run.returncode in (0, 1), run.stderr
    return run


def cli_json(*args):
    """The JSON Lines records of a command run with --output json."""
    return [json.loads(line) for line in cli(*args, "--output", "json").stdout.splitlines() if line.strip()]
