"""tile-mlir from Python: compile tile programs to PTX and run them.

The package talks to the project's tools (`tile-translate`) and to the CUDA
runtime's C API (`libtile_cuda_runtime.so`, through ctypes); it needs neither
MLIR's Python bindings nor a compiled extension, so the same code runs on any
Python 3. Where the tools and the library are is found from the environment
(`TILE_MLIR_TOOLS`, `TILE_MLIR_RUNTIME`) or from the build tree next to this
package (`build/bin`, `build/lib`).
"""

__version__ = "0.2.0"

from .compiler import (TileError, TileTypeError, TileValueError,  # noqa: F401
                       compile_to_ptx, find_tool)
from .runtime import CudaRuntime, CudaError  # noqa: F401
