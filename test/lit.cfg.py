# -*- Python -*-
# lit configuration of the tile-mlir regression suite.

import os
import shutil
import subprocess

import lit.formats
from lit.llvm import llvm_config
from lit.llvm.subst import ToolSubst

config.name = "TILE"
config.test_format = lit.formats.ShTest(not llvm_config.use_lit_shell)
config.suffixes = [".mlir", ".test"]
config.excludes = ["lit.cfg.py", "lit.site.cfg.py", "Inputs", "CMakeLists.txt",
                   "tile-capi.c", "tile-capi-cpu.c"]
config.test_source_root = os.path.dirname(__file__)
config.test_exec_root = os.path.join(config.tile_obj_root, "test")

config.substitutions.append(("%PATH%", config.environment["PATH"]))
config.substitutions.append(("%tile_src", config.tile_src_root))
config.substitutions.append(("%tile_tools", config.tile_tools_dir))
config.substitutions.append(("%tile_obj", config.tile_obj_root))
config.substitutions.append(("%python", config.python_executable or "python3"))
config.substitutions.append(("%mlir_cmake_dir", config.mlir_cmake_dir))
# Debian's own mlir-opt (not ours) and the plugin it loads.
config.substitutions.append(("%llc", os.path.join(config.llvm_tools_dir, "llc")))
config.substitutions.append(("%stock_mlir_opt",
                             os.path.join(config.llvm_tools_dir, "mlir-opt")))
config.substitutions.append(("%fake_cuda", os.path.join(
    config.tile_obj_root, "test", "Runtime", "FakeDriver")))
config.substitutions.append(("%tile_plugin", os.path.join(
    config.tile_obj_root, "lib", "libTilePlugin.so")))

llvm_config.use_default_substitutions()
llvm_config.with_system_environment(["HOME", "CUDA_HOME", "TMPDIR"])
llvm_config.with_environment("PATH", config.llvm_tools_dir, append_path=True)

tool_dirs = [config.tile_tools_dir, config.llvm_tools_dir]
tools = ["tile-opt", "tile-translate", "tile-ptx-forms", "tile-runner",
         "tile-runtime-check", "tile-mma-check", "FileCheck", "not",
         "count", "split-file"]
llvm_config.add_tool_substitutions(tools, tool_dirs)

# ptxas checks every PTX we emit; cuobjdump reads the SASS.
if config.ptxas and os.path.exists(config.ptxas):
    config.available_features.add("ptxas")
    config.substitutions.append(("%ptxas", config.ptxas))
    # nvcc beside it: the benchmarks' equivalent kernels.
    _nvcc = os.path.join(os.path.dirname(config.ptxas), "nvcc")
    if os.path.exists(_nvcc):
        config.available_features.add("nvcc")
        config.substitutions.append(("%nvcc", _nvcc))
def _find_cuobjdump():
    found = config.cuobjdump or shutil.which("cuobjdump")
    if found:
        return found
    # `pip install nvidia-cuda-cuobjdump` puts it under site-packages.
    try:
        out = subprocess.check_output(
            ["python3", "-c",
             "import site; print(chr(10).join(site.getsitepackages()))"],
            text=True)
    except (OSError, subprocess.CalledProcessError):
        return None
    for d in out.split():
        cand = os.path.join(d, "nvidia", "cu13", "bin", "cuobjdump")
        if os.path.exists(cand):
            return cand
    return None
cuobjdump = _find_cuobjdump()
if cuobjdump and os.path.exists(cuobjdump):
    config.available_features.add("cuobjdump")
    config.substitutions.append(("%cuobjdump_dir", os.path.dirname(cuobjdump)))
    config.substitutions.append(("%cuobjdump", cuobjdump))

# A sanitizer build (utils/sanitize.sh): tests that link or load our
# instrumented code into uninstrumented programs (Debian's mlir-opt, a
# consumer project, --emit-exe binaries) cannot run.
if getattr(config, "tile_sanitized", "OFF") in ("ON", "1", "TRUE"):
    config.available_features.add("asan")

# The runtime and tile-runner are built where cuda.h was found.
if config.tile_cuda_runtime in ("ON", "1", "TRUE"):
    config.available_features.add("cuda-runtime")

# A CUDA driver (a GPU machine) enables the execution tests.
def _has_cuda_driver():
    try:
        import ctypes
        lib = ctypes.CDLL("libcuda.so.1")
        return lib.cuInit(0) == 0
    except OSError:
        return False
if _has_cuda_driver():
    config.available_features.add("cuda-driver")
