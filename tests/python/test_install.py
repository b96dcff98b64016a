"""`cmake --install` puts the package where the docs say (PREFIX/lib/python3.X/site-packages/
numberlink/: the compiled _numberlink module beside the package's Python files), and the
installed copy works without the build tree on the path."""
import os
import subprocess
import sys

import pytest

from conftest import PUZZLES, REPO

BUILD = os.environ.get("NUMBERLINK_BUILD_DIR")


@pytest.mark.skipif(not BUILD, reason="NUMBERLINK_BUILD_DIR not set (ctest sets it)")
def test_the_installed_package_imports_and_solves(tmp_path):
    prefix = tmp_path / "prefix"
    subprocess.run(["cmake", "--install", BUILD, "--prefix", str(prefix)], check=True, capture_output=True)
    site = prefix / "lib" / f"python{sys.version_info.major}.{sys.version_info.minor}" / "site-packages"
    package = site / "numberlink"
    assert list(package.glob("_numberlink.cpython-*.so")), list(prefix.rglob("*"))
    sources = sorted(p.name for p in (REPO / "python" / "numberlink").iterdir() if p.is_file())
    assert "__init__.py" in sources and "py.typed" in sources
    for name in sources:  # the Python files, the stub and the typing marker, as in the checkout
        assert (package / name).read_bytes() == (REPO / "python" / "numberlink" / name).read_bytes(), name
    assert not list(site.glob("numberlink.*.so"))  # no single-file module beside the package
    code = ("import numberlink; p = numberlink.read(%r)[0]; print(numberlink.__file__); "
            "print(numberlink._numberlink.__file__); print(numberlink.unique(p).status)"
            % str(PUZZLES / "ascii" / "five.txt"))
    env = {k: v for k, v in os.environ.items() if k != "PYTHONPATH"}
    env["PYTHONPATH"] = str(site)
    run = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, env=env, cwd=tmp_path)
    assert run.returncode == 0, run.stderr
    package_file, compiled_file, status = run.stdout.split()
    assert package_file == str(package / "__init__.py")
    assert compiled_file.startswith(str(package) + os.sep) and status == "unique"
