"""Compiling tile MLIR to PTX with the project's own tools."""

import hashlib
import os
import shutil
import subprocess

_HERE = os.path.dirname(os.path.abspath(__file__))
_BUILD = os.path.normpath(os.path.join(_HERE, "..", "..", "build"))


class TileError(Exception):
    """A diagnostic from the tile compiler (verifier, lowering, PTX)."""


def find_tool(name):
    """Path of a tile-mlir tool: $TILE_MLIR_TOOLS, the build tree, or PATH."""
    for d in (os.environ.get("TILE_MLIR_TOOLS"), os.path.join(_BUILD, "bin")):
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


def cache_key(*parts):
    return hashlib.sha256("\0".join(parts).encode()).hexdigest()[:32]
