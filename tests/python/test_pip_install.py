"""`pip install --no-build-isolation .` from the checkout, offline, into a fresh virtual
environment (python3 -m venv --system-site-packages, as docs/python.md says): the installed
package imports from the environment, not the build tree, carries its types, and runs every
example of docs/python.md, the README and python/examples/.

The CMake build inside pip runs in the tree ctest built (NUMBERLINK_BUILD_DIR, which setup.py
takes as an already configured tree), so the test compiles nothing new; a clean checkout's
`pip install` configures build/pip itself, which is the same setup.py path but its configure."""
import os
import subprocess
import sys

import pytest

from conftest import EVENT_GIVE_UP_SECONDS, PUZZLES, REPO
from test_examples import python_blocks

BUILD = os.environ.get("NUMBERLINK_BUILD_DIR")
BUILD = os.path.abspath(BUILD) if BUILD else None


def run(command, **options):
    done = subprocess.run(command, capture_output=True, text=True, timeout=EVENT_GIVE_UP_SECONDS, **options)
    assert done.returncode == 0, f"{command}\n{done.stdout}\n{done.stderr}"
    return done.stdout


@pytest.fixture(scope="module")
def venv_python(tmp_path_factory):
    if not BUILD:
        pytest.skip("NUMBERLINK_BUILD_DIR not set (ctest sets it)")
    if subprocess.run([sys.executable, "-c", "import ensurepip, setuptools, wheel"], capture_output=True).returncode:
        pytest.skip("venv, setuptools or wheel missing (Debian: python3-venv python3-setuptools python3-wheel)")
    env_dir = tmp_path_factory.mktemp("venv")
    run([sys.executable, "-m", "venv", "--system-site-packages", str(env_dir)])
    python = str(env_dir / "bin" / "python")
    clean = {k: v for k, v in os.environ.items() if k not in ("PYTHONPATH", "PIP_FIND_LINKS")}
    run([python, "-m", "pip", "install", "--no-build-isolation", "--no-index", "--quiet", str(REPO)],
        env=dict(clean, NUMBERLINK_BUILD_DIR=BUILD), cwd=env_dir)
    return python, clean


def test_the_installed_package_is_the_environments_and_typed(venv_python, tmp_path):
    python, env = venv_python
    where = run([python, "-c", "import numberlink, os; print(os.path.dirname(numberlink.__file__))"],
                env=env, cwd=tmp_path).strip()
    assert where.startswith(os.path.dirname(os.path.dirname(python))), where  # inside the venv
    files = set(os.listdir(where))
    assert {"__init__.py", "py.typed", "_numberlink.pyi"} <= files, files
    assert any(f.startswith("_numberlink.") and f.endswith(".so") for f in files), files


def test_the_documented_examples_run_in_the_environment(venv_python, tmp_path):
    python, env = venv_python
    (tmp_path / "puzzles").symlink_to(PUZZLES)
    blocks = python_blocks() + python_blocks(REPO / "README.md")
    assert len(blocks) >= 5
    for block in blocks:
        run([python, "-"], input=block, env=env, cwd=tmp_path)
    for example in sorted((REPO / "python" / "examples").glob("*.py")):
        run([python, str(example)], env=env, cwd=tmp_path)
