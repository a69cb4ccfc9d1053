"""Calls of a Python kernel on the CPU backend: the first call (trace,
lowering, JIT) against the next ones (the CPU engine's compiled kernel,
each run in a forked child), and `tile-runner --backend=cpu` on the same
kernel as a program (what every call cost when each call compiled).

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


def seed():
    def affine_fma(A: T.Tensor((4, 1), "float32"),
                   Out: T.Tensor((4, 1), "float32")):
        T.device_entry(launch=T.cuda.LaunchConfig(grid=1, block=1))
        r = T.alloc_local((4, 1), "float32", layout="default")
        T.cuda.tile.apply(T.ptx["ld.global.f32"], r, A)
        T.cuda.tile.apply(T.ptx["fma.rn.f32"], r, r, T.float32(2),
                          T.float32(1))
        T.cuda.tile.apply(T.ptx["st.global.f32"], Out, r)
    return T.function(affine_fma)


def timed(fn):
    t = time.perf_counter()
    fn()
    return time.perf_counter() - t


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--calls", type=int, default=20)
    calls = ap.parse_args().calls
    k = seed()
    A = np.array([3, 5, 7, 11], np.float32).reshape(4, 1)
    Out = np.zeros_like(A)
    first = timed(lambda: k(A, Out, backend="cpu"))
    assert Out.ravel().tolist() == [7, 11, 15, 23]
    nexts = [timed(lambda: k(A, Out, backend="cpu")) for _ in range(calls)]
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
