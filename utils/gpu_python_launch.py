#!/usr/bin/env python3
"""GPU checks of the Python front-end's launches with torch: asynchronous
launches on torch's current stream, a launch on another stream ordered by
events, `kernel[grid]` with a callable grid, CUDA-graph capture and replay,
and `do_bench`.

    python3 utils/gpu_python_launch.py prepare --out .carry/pylaunch  # here
    python3 utils/gpu_python_launch.py run --dir .carry/pylaunch      # GPU

`prepare` compiles the kernels into a PTX cache that `run` uses (the GPU
machine has no compiler). `run` ends with "N passed, N failed".
"""

import argparse
import os
import pathlib
import shutil
import sys
import warnings

ROOT = pathlib.Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "python"))

from tile_mlir.script import tirx as T  # noqa: E402

N = 1 << 16


def make_axpy():
    """The kernel (traced once the table is found: in `run`, after the
    environment names the carried one)."""
    @T.function
    def axpy(X: T.Tensor((N // 128, 128), "float32"),
             Y: T.Tensor((N // 128, 128), "float32"), a: T.float32):
        """Y = a * X + Y, one row of 128 per block of 32 threads (4 each)."""
        T.device_entry(launch=T.cuda.LaunchConfig(grid=N // 128, block=32))
        bx = T.cuda.block_idx("x")
        x = T.alloc_local((32, 4), "float32", layout=T.TileLayout(
            T.S[(32, 4):(1 @ T.cuda.Axis.laneid, 1)]))
        y = T.alloc_local((32, 4), "float32", layout=T.TileLayout(
            T.S[(32, 4):(1 @ T.cuda.Axis.laneid, 1)]))
        xs = X.view(N // 128, 32, 4)[bx:bx + 1, :, :].view(32, 4)
        ys = Y.view(N // 128, 32, 4)[bx:bx + 1, :, :].view(32, 4)
        T.cuda.tile.apply(T.ptx["ld.global.v4.f32"], x, xs, scope="warp")
        T.cuda.tile.apply(T.ptx["ld.global.v4.f32"], y, ys, scope="warp")
        T.cuda.tile.apply(T.ptx.fma.rn.f32, y.view(32, 4, 1), x.view(32, 4, 1),
                          a, y.view(32, 4, 1), scope="warp")
        T.cuda.tile.apply(T.ptx["st.global.v4.f32"], ys, y, scope="warp")
    return axpy


def prepare(args):
    out = pathlib.Path(args.out)
    out.mkdir(parents=True, exist_ok=True)
    os.environ["TILE_MLIR_PTX_CACHE"] = str(out / "ptx-cache")
    make_axpy().ptx("sm_90")
    shutil.copy(ROOT / "build" / "lib" / "libtile_cuda_runtime.so", out)
    sys.path.insert(0, str(ROOT / "utils"))
    import tirx_parity
    tirx_parity.write_table(out / "instr_table.json")
    print("prepared")


def expect(torch, name, got, want, results):
    ok = bool(torch.equal(got, want))
    results.append(ok)
    print(f"{'PASS' if ok else 'FAIL'} {name}")


def run(args):
    import torch
    from tile_mlir.testing import do_bench
    d = pathlib.Path(args.dir).resolve()
    os.environ["TILE_MLIR_PTX_CACHE"] = str(d / "ptx-cache")
    os.environ["TILE_MLIR_RUNTIME"] = str(d / "libtile_cuda_runtime.so")
    os.environ["TILE_INSTR_TABLE"] = str(d / "instr_table.json")
    warnings.simplefilter("ignore")
    axpy = make_axpy()
    results = []
    g = torch.Generator(device="cuda").manual_seed(0)
    X = torch.randn(N // 128, 128, device="cuda", generator=g)
    Y0 = torch.randn(N // 128, 128, device="cuda", generator=g)
    # fma rounds once: a * x is exact in float64, the sum is rounded there
    # and then to float32 (a double rounding that can differ only at a
    # float32 midpoint).
    want = (X.double() * 2.5 + Y0.double()).float()

    # 1. On torch's current stream, not waited for: the next torch
    # operation on that stream sees the result.
    s = torch.cuda.Stream()
    s.wait_stream(torch.cuda.current_stream())
    with torch.cuda.stream(s):
        Y = Y0.clone()
        axpy(X, Y, 2.5)
        Z = Y * 1.0
    s.synchronize()
    expect(torch, "current stream (torch.cuda.stream)", Z, want, results)

    # 2. kernel[grid] with a callable grid, arguments by name.
    Y = Y0.clone()
    axpy[lambda a: (a["X"].shape[0],)](X, Y=Y, a=2.5)
    torch.cuda.synchronize()
    expect(torch, "kernel[grid] with a callable grid", Y, want, results)

    # 3. CUDA graph: captured once, replayed twice on fresh data.
    Y = Y0.clone()
    axpy(X, Y, 2.5)  # Loads the module before the capture.
    graph = torch.cuda.CUDAGraph()
    Y.copy_(Y0)
    with torch.cuda.graph(graph):
        axpy(X, Y, 2.5)
    Y.copy_(Y0)
    graph.replay()
    torch.cuda.synchronize()
    expect(torch, "CUDA graph replay", Y, want, results)
    Y.copy_(Y0)
    graph.replay()
    graph.replay()
    torch.cuda.synchronize()
    twice = (want.double() + X.double() * 2.5).float()
    expect(torch, "CUDA graph replayed twice", Y, twice, results)

    # 4. do_bench: a median time, and the launches are asynchronous (many
    # queued launches take less host time than as many synchronized).
    Y = Y0.clone()
    ms = do_bench(lambda: axpy(X, Y, 2.5), synchronize=torch.cuda.synchronize)
    print(f"do_bench axpy {N} floats: {ms:.4f} ms")
    results.append(ms > 0)
    passed = sum(results)
    print(f"{passed} passed, {len(results) - passed} failed")


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    sub = ap.add_subparsers(dest="cmd", required=True)
    p = sub.add_parser("prepare")
    p.add_argument("--out", required=True)
    r = sub.add_parser("run")
    r.add_argument("--dir", required=True)
    args = ap.parse_args()
    (prepare if args.cmd == "prepare" else run)(args)


if __name__ == "__main__":
    main()
