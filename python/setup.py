"""Records, in the installed package, the tile-mlir build tree of the
checkout it was installed from, so that the tools, the runtime library and
the instruction table are found without environment variables."""

import os

from setuptools import setup
from setuptools.command.build_py import build_py


class BuildPy(build_py):
    def run(self):
        super().run()
        here = os.path.dirname(os.path.abspath(__file__))
        build = os.path.normpath(os.path.join(here, "..", "build"))
        target = os.path.join(self.build_lib, "tile_mlir", "_install_paths.py")
        with open(target, "w") as f:
            f.write('"""Written by pip install."""\n')
            f.write(f"BUILD_DIR = {build!r}\n")


setup(cmdclass={"build_py": BuildPy})
