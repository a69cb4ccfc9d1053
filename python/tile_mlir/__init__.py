"""tile-mlir from Python: compile tile programs to PTX and run them.

The package compiles in this process through the tile C API
(`libTileCAPI.so`: MLIR's C API with the tile dialect and pipelines) and runs
kernels through the CUDA runtime's C API (`libtile_cuda_runtime.so`), both
through ctypes; it needs neither MLIR's Python bindings nor a compiled
extension, so the same code runs on any Python 3. The CPU backend runs in
the C API's CPU engine. Where there is no C API library, PTX comes from the
project's tools (`tile-translate`). Where they are is found from the environment
(`TILE_MLIR_CAPI`, `TILE_MLIR_TOOLS`, `TILE_MLIR_RUNTIME`), the package's own
`_lib` (a wheel) or the build tree next to this package.
"""

__version__ = "0.2.0"

from .compiler import (TileError, TileTypeError, TileValueError,  # noqa: F401
                       TileWarning, compile_to_ptx, find_tool)
from .runtime import CudaRuntime, CudaError  # noqa: F401
