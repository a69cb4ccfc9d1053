"""Calls of a Python kernel on the CPU backend: the first call (trace,
lowering, JIT) against the next ones with new scalars (the CPU engine's
compiled kernel, each run in a forked child), and `tile-runner
--backend=cpu` on the seed program, a kernel of the same size (about what
every call cost when each call compiled).

    python3 bench/python_cpu_calls.py [--calls 20]
"""

import argparse
import os
import statistics
import subprocess
import sys
import time

ROOT = os.path.normpath(os.path.join(os.path.dirname(__file__), ".."))
sys.path.insert(0, os.path.join(ROOT, "python"))

import numpy as np  # noqa: E402

from tile_mlir.script import tirx as T  # noqa: E402


def scaled():
    """Out = A * s + 1 over an 8 x 1 tile, s a scalar argument (new values
    of it recompile nothing)."""
    def scale_add(A: T.Tensor((8, 1), "float32"),
                  Out: T.Tensor((8, 1), "float32"), s: T.float32):
        T.device_entry(launch=T.cuda.LaunchConfig(grid=1, block=1))
        r = T.alloc_local((8, 1), "float32")
        T.cuda.tile.apply(T.ptx.ld.global_.f32, r, A)
        T.cuda.tile.apply(T.ptx.fma.rn.f32, r, r, s, T.float32(1))
        T.cuda.tile.apply(T.ptx.st.global_.f32, Out, r)
    return T.function(scale_add)


def timed(fn):
    t = time.perf_counter()
    fn()
    return time.perf_counter() - t


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--calls", type=int, default=20)
    calls = ap.parse_args().calls
    k = scaled()
    A = np.arange(8, dtype=np.float32).reshape(8, 1)
    Out = np.zeros_like(A)
    first = timed(lambda: k(A, Out, 2.0, backend="cpu"))
    assert Out.ravel().tolist() == [2 * i + 1 for i in range(8)]
    nexts = [timed(lambda: k(A, Out, float(i), backend="cpu"))
             for i in range(calls)]
    runner = os.path.join(ROOT, "build", "bin", "tile-runner")
    program = os.path.join(ROOT, "examples", "affine_fma.mlir")
    whole = [timed(lambda: subprocess.run(
        [runner, "--backend=cpu", program], check=True,
        capture_output=True)) for _ in range(calls)]
    print("| what | ms (median of %d) |" % calls)
    print("|---|---|")
    print(f"| first call from Python (trace, lowering, JIT) | {first * 1e3:.1f} |")
    print(f"| next calls from Python (CPU engine, fork per run) | "
          f"{statistics.median(nexts) * 1e3:.2f} |")
    print(f"| `tile-runner --backend=cpu` on the program (a compilation) | "
          f"{statistics.median(whole) * 1e3:.1f} |")


if __name__ == "__main__":
    main()
