"""`cmake --install` puts the module where the docs say (PREFIX/lib/python3.X/site-packages), and
the installed copy works without the build tree on the path."""
import os
import subprocess
import sys

import pytest

from conftest import PUZZLES

BUILD = os.environ.get("NUMBERLINK_BUILD_DIR")


@pytest.mark.skipif(not BUILD, reason="NUMBERLINK_BUILD_DIR not set (ctest sets it)")
def test_the_installed_module_imports_and_solves(tmp_path):
    prefix = tmp_path / "prefix"
    subprocess.run(["cmake", "--install", BUILD, "--prefix", str(prefix)], check=True, capture_output=True)
    site = prefix / "lib" / f"python{sys.version_info.major}.{sys.version_info.minor}" / "site-packages"
    assert list(site.glob("numberlink.*.so")), list(prefix.rglob("*"))
    code = ("import numberlink; p = numberlink.read(%r)[0]; print(numberlink.__file__); "
            "print(numberlink.unique(p)['verdict'])" % str(PUZZLES / "ascii" / "five.txt"))
    env = {k: v for k, v in os.environ.items() if k != "PYTHONPATH"}
    env["PYTHONPATH"] = str(site)
    run = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, env=env, cwd=tmp_path)
    assert run.returncode == 0, run.stderr
    module_file, verdict = run.stdout.split()
    assert module_file.startswith(str(site)) and verdict == "unique"
