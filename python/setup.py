"""Installs the Python front-end.

From a checkout (`pip install ./python`), the installed package records the
checkout's build tree, so that the compiler, the tools, the runtime library
and the instruction table are found without environment variables. For a
wheel (utils/build-wheel.sh: TILE_MLIR_WHEEL_LIBS names a directory of the
compiler's files), they are copied into the package (`tile_mlir/_lib`) and
the wheel is a platform wheel (py3-none-linux_x86_64)."""

import os
import shutil

from setuptools import setup
from setuptools.command.build_py import build_py

try:
    from setuptools.command.bdist_wheel import bdist_wheel
except ImportError:  # setuptools < 70
    from wheel.bdist_wheel import bdist_wheel

WHEEL_LIBS = os.environ.get("TILE_MLIR_WHEEL_LIBS")


class BuildPy(build_py):
    def run(self):
        super().run()
        package = os.path.join(self.build_lib, "tile_mlir")
        if WHEEL_LIBS:
            stale = os.path.join(package, "_install_paths.py")
            if os.path.exists(stale):  # From an earlier checkout install.
                os.remove(stale)
            target = os.path.join(package, "_lib")
            shutil.rmtree(target, ignore_errors=True)
            shutil.copytree(WHEEL_LIBS, target)
            return
        here = os.path.dirname(os.path.abspath(__file__))
        build = os.path.normpath(os.path.join(here, "..", "build"))
        with open(os.path.join(package, "_install_paths.py"), "w") as f:
            f.write('"""Written by pip install."""\n')
            f.write(f"BUILD_DIR = {build!r}\n")


class BdistWheel(bdist_wheel):
    """A platform wheel where it carries the compiler (any Python 3: the
    package loads its libraries through ctypes)."""

    def finalize_options(self):
        super().finalize_options()
        if WHEEL_LIBS:
            self.root_is_pure = False

    def get_tag(self):
        tag = super().get_tag()
        return ("py3", "none", tag[2]) if WHEEL_LIBS else tag


setup(cmdclass={"build_py": BuildPy, "bdist_wheel": BdistWheel})
