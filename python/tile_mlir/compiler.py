"""Compiling tile MLIR to PTX with the project's own tools."""

import hashlib
import os
import shutil
import subprocess

_HERE = os.path.dirname(os.path.abspath(__file__))
_BUILD = os.path.normpath(os.path.join(_HERE, "..", "..", "build"))
try:  # Written by `pip install`: the build tree of the checkout it came from.
    from ._install_paths import BUILD_DIR as _INSTALLED_BUILD
except ImportError:
    _INSTALLED_BUILD = None


def build_dirs():
    """The tile-mlir build trees to look in: beside the package (a
    checkout), then the one the installed package was built from."""
    return [d for d in (_BUILD, _INSTALLED_BUILD) if d]


class TileError(Exception):
    """A diagnostic from the tile compiler (verifier, lowering, PTX)."""


def find_tool(name):
    """Path of a tile-mlir tool: $TILE_MLIR_TOOLS, the build tree, or PATH."""
    dirs = [os.environ.get("TILE_MLIR_TOOLS")]
    dirs += [os.path.join(b, "bin") for b in build_dirs()]
    for d in dirs:
        if d and os.path.exists(os.path.join(d, name)):
            return os.path.join(d, name)
    found = shutil.which(name)
    if not found:
        raise TileError(f"cannot find {name}: build tile-mlir or set "
                        "TILE_MLIR_TOOLS")
    return found


def compile_to_ptx(mlir, chip=None, ptx_version=None):
    """Compiles the gpu.modules of `mlir` (text) to PTX and returns it.

    Raises TileError with the compiler's diagnostics on failure."""
    cmd = [find_tool("tile-translate"), "--mlir-to-ptx", "-"]
    if chip:
        cmd.append(f"--chip={chip}")
    if ptx_version:
        cmd.append(f"--ptx-version={ptx_version}")
    r = subprocess.run(cmd, input=mlir, capture_output=True, text=True)
    if r.returncode:
        raise TileError(r.stderr.strip() or "tile-translate failed")
    return r.stdout


def run_on_cpu(mlir):
    """Runs a whole program (host `main` + gpu.modules, MLIR text) with
    `tile-runner --backend=cpu` and returns what it printed.

    Raises TileError with the diagnostics on failure."""
    r = subprocess.run([find_tool("tile-runner"), "--backend=cpu", "-"],
                       input=mlir, capture_output=True, text=True)
    if r.returncode:
        raise TileError(r.stderr.strip() or "tile-runner failed")
    return r.stdout


def cache_key(*parts):
    return hashlib.sha256("\0".join(parts).encode()).hexdigest()[:32]
