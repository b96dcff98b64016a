"""The build behind pyproject.toml: the package's Python files come from python/numberlink/, its
compiled module numberlink._numberlink from the CMake build (target numberlink_python).

The CMake build tree is build/pip in the checkout, kept between installs so that a second
`pip install` compiles only what changed. NUMBERLINK_BUILD_DIR names another, already configured
tree to build the module in (its configuration is kept as it is: a developer's build/, say);
NUMBERLINK_CMAKE_ARGS adds arguments to the configure step of build/pip.
"""
import os
import pathlib
import re
import shlex
import shutil
import subprocess
import sys

from setuptools import Extension, setup
from setuptools.command.build_ext import build_ext

ROOT = pathlib.Path(__file__).resolve().parent
# setuptools' own scratch files go under build/ too, beside the CMake trees.
SCRATCH = ROOT / "build" / "pip-setuptools"


def version():
    """The project's version, from CMakeLists.txt's project() line (one place for it)."""
    found = re.search(r"project\(numberlink VERSION ([0-9.]+)", (ROOT / "CMakeLists.txt").read_text())
    if not found:
        sys.exit("setup.py: no project(numberlink VERSION ...) line in CMakeLists.txt")
    return found.group(1)


class CMakeBuild(build_ext):
    """Builds numberlink._numberlink with CMake and copies it where setuptools packs it."""

    def build_extension(self, ext):
        given = os.environ.get("NUMBERLINK_BUILD_DIR")
        tree = pathlib.Path(given).resolve() if given else ROOT / "build" / "pip"
        if given and not (tree / "CMakeCache.txt").is_file():
            sys.exit(f"setup.py: NUMBERLINK_BUILD_DIR={given} is not a configured CMake build tree")
        if not given:
            configure = ["cmake", "-S", str(ROOT), "-B", str(tree), "-DCMAKE_BUILD_TYPE=Release",
                         f"-DPython_EXECUTABLE={sys.executable}", "-DNUMBERLINK_PYTHON=ON", "-DNUMBERLINK_TESTS=OFF",
                         *shlex.split(os.environ.get("NUMBERLINK_CMAKE_ARGS", ""))]
            subprocess.run(configure, check=True)
        jobs = str(os.cpu_count() or 1)
        subprocess.run(["cmake", "--build", str(tree), "--target", "numberlink_python", "-j", jobs], check=True)
        built = sorted((tree / "python" / "numberlink").glob("_numberlink*.so"))
        if len(built) != 1:
            sys.exit(f"setup.py: expected one _numberlink module in {tree}/python/numberlink, found {built}")
        target = pathlib.Path(self.get_ext_fullpath(ext.name))
        target.parent.mkdir(parents=True, exist_ok=True)
        shutil.copyfile(built[0], target)


SCRATCH.mkdir(parents=True, exist_ok=True)
setup(
    version=version(),
    package_dir={"": "python"},
    packages=["numberlink"],
    package_data={"numberlink": ["py.typed", "*.pyi"]},
    ext_modules=[Extension("numberlink._numberlink", sources=[])],
    cmdclass={"build_ext": CMakeBuild},
    options={"build": {"build_base": str(SCRATCH)}, "egg_info": {"egg_base": str(SCRATCH)}},
    zip_safe=False,
)
