#!/usr/bin/env python3
"""Every driver entry point the runtime uses fails once, through the fake
driver: the runtime check program and tile-runner must report a clean status
naming the failed call and exit 1 (never crash, hang or exit 0).

Usage: error_paths.py <fake-driver-dir> <tile-runner> <seed.mlir>
Prints PASS/FAIL lines and "N passed, N failed".
"""
import os
import subprocess
import sys
import tempfile

# (entry point, error code, the step of fake-driver-check that fails, the
# code's name). Steps follow the check program's order.
CASES = [
    ("cuInit", 100, "init", "CUDA_ERROR_NO_DEVICE"),
    # The driver version and the compute capability go into the cache key.
    ("cuDriverGetVersion", 999, "init", "CUDA_ERROR_UNKNOWN"),
    ("cuDeviceGetAttribute", 101, "init", "CUDA_ERROR_INVALID_DEVICE"),
    ("cuDeviceGetCount", 999, "init", "CUDA_ERROR_UNKNOWN"),
    ("cuDeviceGet", 101, "init", "CUDA_ERROR_INVALID_DEVICE"),
    ("cuDevicePrimaryCtxRetain", 2, "init", "CUDA_ERROR_OUT_OF_MEMORY"),
    ("cuCtxSetCurrent", 3, "init", "CUDA_ERROR_NOT_INITIALIZED"),
    ("cuModuleLoadDataEx", 218, "loadPtx", "CUDA_ERROR_INVALID_PTX"),
    ("cuModuleGetFunction", 500, "getFunction", "CUDA_ERROR_NOT_FOUND"),
    ("cuMemAlloc_v2", 2, "alloc", "CUDA_ERROR_OUT_OF_MEMORY"),
    ("cuMemcpyHtoD_v2", 1, "copyToDevice", "CUDA_ERROR_INVALID_VALUE"),
    ("cuStreamCreate", 999, "createStream", "CUDA_ERROR_UNKNOWN"),
    ("cuMemsetD32Async", 1, "memset32", "CUDA_ERROR_INVALID_VALUE"),
    ("cuEventCreate", 2, "createEvent", "CUDA_ERROR_OUT_OF_MEMORY"),
    ("cuEventRecord", 999, "recordEvent", "CUDA_ERROR_UNKNOWN"),
    ("cuLaunchKernel", 701, "launch", "CUDA_ERROR_LAUNCH_OUT_OF_RESOURCES"),
    ("cuEventSynchronize", 700, "synchronizeEvent",
     "CUDA_ERROR_ILLEGAL_ADDRESS"),
    ("cuEventElapsedTime", 1, "elapsedMs", "CUDA_ERROR_INVALID_VALUE"),
    ("cuStreamSynchronize", 700, "synchronizeStream",
     "CUDA_ERROR_ILLEGAL_ADDRESS"),
    ("cuCtxSynchronize", 700, "synchronize", "CUDA_ERROR_ILLEGAL_ADDRESS"),
    ("cuMemcpyDtoH_v2", 700, "copyToHost", "CUDA_ERROR_ILLEGAL_ADDRESS"),
    ("cuEventDestroy_v2", 1, "destroyEvent", "CUDA_ERROR_INVALID_VALUE"),
    ("cuStreamDestroy_v2", 1, "destroyStream", "CUDA_ERROR_INVALID_VALUE"),
    ("cuMemFree_v2", 1, "free", "CUDA_ERROR_INVALID_VALUE"),
    ("cuModuleUnload", 1, "unloadModule", "CUDA_ERROR_INVALID_VALUE"),
    # An error code the driver has no name for.
    ("cuLaunchKernel", 4242, "launch", "CUDA_ERROR_4242"),
]

# With the cubin cache, the JIT goes through the driver's linker.
CACHE_CASES = [
    ("cuLinkCreate_v2", 2, "loadPtx", "CUDA_ERROR_OUT_OF_MEMORY"),
    ("cuLinkAddData_v2", 218, "loadPtx", "CUDA_ERROR_INVALID_PTX"),
    ("cuLinkComplete", 999, "loadPtx", "CUDA_ERROR_UNKNOWN"),
    ("cuModuleLoadData", 200, "loadPtx", "CUDA_ERROR_INVALID_IMAGE"),
]

# tile-runner on the seed example: the failure named, exit status 1.
RUNNER_CASES = ["cuInit", "cuDriverGetVersion", "cuDeviceGetAttribute",
                "cuDevicePrimaryCtxRetain", "cuModuleLoadDataEx",
                "cuModuleGetFunction", "cuMemAlloc_v2", "cuMemcpyAsync",
                "cuLaunchKernel", "cuStreamSynchronize", "cuStreamCreate",
                "cuMemFree_v2", "cuModuleUnload"]

# A driver that answers nonsense: init fails rather than keying the cache on
# it.
VALUE_CASES = [
    ("FAKE_CUDA_SM", "0",
     "cuDeviceGetAttribute reported compute capability 0.0"),
    ("FAKE_CUDA_SM", "-75",
     "cuDeviceGetAttribute reported compute capability -7.-5"),
    ("FAKE_CUDA_DRIVER_VERSION", "0",
     "cuDriverGetVersion reported driver version 0"),
]

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)),
                                "Inputs"))
from checks import Tally  # noqa: E402

tally = Tally()
report = tally.report


def run(cmd, env_extra, timeout=60):
    env = dict(os.environ, **env_extra)
    try:
        r = subprocess.run(cmd, env=env, capture_output=True, text=True,
                           timeout=timeout)
        return r.returncode, r.stdout + r.stderr
    except subprocess.TimeoutExpired:
        return None, "timed out"


def crashed(out):
    return "Stack dump" in out or "PLEASE submit" in out or "Sanitizer" in out


def main():
    fake_dir, runner, seed = sys.argv[1:4]
    check = os.path.join(fake_dir, "tile-fake-driver-check")
    full = os.path.join(fake_dir, "full", "libcuda.so.1")
    partial = os.path.join(fake_dir, "partial", "libcuda.so.1")
    drv = {"TILE_CUDA_DRIVER": full}

    rc, out = run([check, "-"], drv)
    report(rc == 0 and "all steps ok" in out and
           "memset result: 7 7 7 7" in out, "no failure: every step ok", out)

    with tempfile.TemporaryDirectory() as tmp:
        cache = os.path.join(tmp, "cache")
        rc, out = run([check, cache], drv)
        report(rc == 0 and "second load from cache: yes" in out and
               len(os.listdir(cache)) == 1,
               "cache: the second load is a hit, one entry", out)

        rc, out = run([check, "-"], {"TILE_CUDA_DRIVER":
                                     os.path.join(tmp, "missing.so.1")})
        report(rc == 1 and "FAILED init: TILE_NO_CUDA_DRIVER: " in out and
               "cannot load" in out, "no driver library", out)
        rc, out = run([check, "-"], {"TILE_CUDA_DRIVER": partial})
        report(rc == 1 and "FAILED init: TILE_NO_CUDA_DRIVER: " in out and
               "the driver lacks cuLaunchKernel" in out,
               "a driver without cuLaunchKernel", out)
        rc, out = run([check, "-"], dict(drv, FAKE_CUDA_DEVICES="0"))
        report(rc == 1 and "FAILED init: CUDA_ERROR_INVALID_DEVICE: device 0 "
               "does not exist (0 devices)" in out, "no device", out)

        for symbol, code, stage, name in CASES:
            rc, out = run([check, "-"],
                          dict(drv, FAKE_CUDA_FAIL=f"{symbol}:{code}"))
            report(rc == 1 and f"FAILED {stage}: {name}: " in out and
                   f": {symbol.replace('_v2', '')}" in out and
                   not crashed(out), f"{symbol} fails -> {stage}: {name}",
                   out)
        for var, value, message in VALUE_CASES:
            rc, out = run([check, "-"], dict(drv, **{var: value}))
            report(rc == 1 and f"FAILED init: CUDA_ERROR_UNKNOWN: {message}"
                   in out and not crashed(out),
                   f"{var}={value} -> init fails: {message}", out)
        rc, out = run([check, "-"], dict(drv, FAKE_CUDA_FAIL="cuModuleLoadDataEx:218"))
        report("fake JIT error log" in out, "the JIT error log comes back",
               out)

        for symbol, code, stage, name in CACHE_CASES:
            cache = os.path.join(tmp, f"cache-{symbol}")
            rc, out = run([check, cache],
                          dict(drv, FAKE_CUDA_FAIL=f"{symbol}:{code}"))
            left = os.listdir(cache) if os.path.isdir(cache) else []
            report(rc == 1 and f"FAILED {stage}: {name}: " in out and
                   not crashed(out) and not left,
                   f"cache on, {symbol} fails -> {stage}: {name}, "
                   "nothing left in the cache", out + f"\nleft: {left}")

        for symbol in RUNNER_CASES:
            rc, out = run([runner, "--backend=cuda", "--no-cache", seed],
                          dict(drv, FAKE_CUDA_FAIL=symbol))
            report(rc == 1 and "tile-runner: " in out and
                   symbol.replace("_v2", "") in out and not crashed(out),
                   f"tile-runner: {symbol} fails -> exit 1 naming it", out)
        # A driver without cuTensorMapEncodeTiled or cuTensorMapEncodeIm2col
        # (the fake has neither): a tensor map cannot be made, and
        # tile-runner says so and exits 1.
        tensor = os.path.join(os.path.dirname(os.path.dirname(seed)), "test",
                              "Integration", "CUDA", "tensor-copy.mlir")
        im2col = os.path.join(os.path.dirname(tensor), "tensor-im2col.mlir")
        for program, entry in ((tensor, "cuTensorMapEncodeTiled"),
                               (im2col, "cuTensorMapEncodeIm2col")):
            rc, out = run([runner, "--backend=cuda", "--no-cache", program],
                          drv)
            report(rc == 1 and "TILE_NO_TENSOR_MAP" in out and
                   f"the driver lacks {entry}" in out and not crashed(out),
                   f"tile-runner: no {entry} -> exit 1 naming it", out)
        # A box size that does not fit the driver's 32 bits is refused
        # before the driver is asked (it would wrap to a valid one).
        wide = os.path.join(tmp, "tensor-copy-wide.mlir")
        with open(tensor) as f, open(wide, "w") as g:
            g.write(f.read().replace("%cols = arith.constant 32 : i64",
                                     "%cols = arith.constant 4294967328 : i64"))
        rc, out = run([runner, "--backend=cuda", "--no-cache", wide], drv)
        report(rc == 1 and "TILE_BAD_TENSOR_MAP: a box size 4294967328 is "
               "out of range" in out and not crashed(out),
               "tileTensorMapEncodeTiled: a box size past 32 bits -> exit 1",
               out)
        # A driver without cuLaunchKernelEx (the fake has none): a launch
        # with cluster dimensions says so and exits 1; a grid that is not a
        # whole number of clusters is refused before the driver is asked.
        inputs = os.path.join(os.path.dirname(os.path.abspath(__file__)),
                              "Inputs")
        clusters = os.path.join(os.path.dirname(os.path.dirname(seed)),
                                "test", "Integration", "CUDA",
                                "cluster-launch.mlir")
        rc, out = run([runner, "--backend=cuda", "--no-cache", clusters], drv)
        report(rc == 1 and "TILE_NO_CLUSTER_LAUNCH" in out and
               "the driver lacks cuLaunchKernelEx" in out and
               not crashed(out),
               "tile-runner: no cuLaunchKernelEx -> exit 1 naming it", out)
        # A kernel that synchronizes its grid is launched cooperatively
        # (its PTX has the grid synchronization's code): through
        # cuLaunchKernelEx too.
        grid_sync = os.path.join(os.path.dirname(clusters), "grid-sync.mlir")
        rc, out = run([runner, "--backend=cuda", "--no-cache", grid_sync], drv)
        report(rc == 1 and "TILE_NO_COOPERATIVE_LAUNCH" in out and
               "the driver lacks cuLaunchKernelEx (CUDA 12.0 or newer), "
               "which launches cooperatively" in out and not crashed(out),
               "tile-runner: a grid sync, no cuLaunchKernelEx -> exit 1", out)
        # The same as an executable: its module is unloaded at exit, after
        # the runtime's function-local statics are gone (a double free
        # once).
        exe = os.path.join(tmp, "grid-sync-exe")
        rc, out = run([runner, grid_sync, "--emit-exe=" + exe], {})
        if rc == 0:
            rc, out = run([exe], drv)
        report(rc == 1 and "TILE_NO_COOPERATIVE_LAUNCH" in out and
               "free()" not in out and not crashed(out),
               "tile-runner --emit-exe: a grid sync, no cuLaunchKernelEx -> "
               "exit 1", out)
        rc, out = run([runner, "--backend=cuda", "--no-cache",
                       os.path.join(inputs, "cluster-grid.mlir")], drv)
        report(rc == 1 and "the grid (3, 1, 1) is not a whole number of "
               "clusters (2, 1, 1)" in out and not crashed(out),
               "tile-runner: a grid of partial clusters -> exit 1", out)
        # tile.tensor_map_encode: what only the run time knows is checked
        # before the driver is asked; a good tensor reaches the driver's
        # encoder (which the fake lacks).
        for name, message, what in (
                ("tensor-map-stride.mlir", "TILE_BAD_TENSOR_MAP: the tensor's "
                 "innermost stride must be 1, got 2", "a strided column"),
                ("tensor-map-rows.mlir", "TILE_BAD_TENSOR_MAP: the tensor must "
                 "be row-major with rows of at least its columns, got 64 x 64 "
                 "with row stride 32", "overlapping rows"),
                ("tensor-map.mlir", "tileTensorMapEncode2D: TILE_NO_TENSOR_MAP",
                 "no cuTensorMapEncodeTiled")):
            rc, out = run([runner, "--backend=cuda", "--no-cache",
                           os.path.join(inputs, name)], drv)
            report(rc == 1 and message in out and not crashed(out),
                   f"tile.tensor_map_encode: {what} -> exit 1 naming it", out)
        # A map passed by value (tile.grid_constant) is copied from its
        # buffer at the launch; a failed copy stops the program, naming it.
        gc = os.path.join(inputs, "grid-constant.mlir")
        rc, out = run([runner, "--backend=cuda", "--no-cache", gc], drv)
        report(rc == 0 and not crashed(out),
               "tile-runner: a grid-constant map copied, launched", out)
        rc, out = run([runner, "--backend=cuda", "--no-cache", gc],
                      dict(drv, FAKE_CUDA_FAIL="cuMemcpyAsync:1"))
        report(rc == 1 and "tileTensorMapToHost" in out and
               "cuMemcpyAsync" in out and not crashed(out),
               "tile-runner: a grid-constant map that cannot be copied -> "
               "exit 1 naming it", out)
        # The default backend falls back to the CPU when the driver fails
        # to initialize, and says why.
        rc, out = run([runner, seed], dict(drv, FAKE_CUDA_FAIL="cuInit:100"))
        report(rc == 0 and "CUDA_ERROR_NO_DEVICE: cuInit failed" in out and
               "running the kernels on the CPU backend" in out and
               "[23]]" in out, "tile-runner: cuInit fails -> CPU backend",
               out)
    return tally.close()


if __name__ == "__main__":
    sys.exit(main())
