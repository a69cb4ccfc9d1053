#!/usr/bin/env python3
"""bf16 GEMM on the GPU: examples/gemm_bf16.mlir against the same design in
CUDA C++ (bench/gemm_bf16.cu, nvcc) and against cuBLAS, in one run.

Two steps, because the GPU machine has no MLIR:

  bench/gemm.py prepare --tools-dir build/bin --out .carry/gemm
      writes the tile kernel's PTX (tile-translate) and the CUDA kernel's
      PTX (nvcc -ptx -O3 -arch=sm_90) here;
  bench/gemm.py run --dir .carry/gemm
      on the GPU machine: C = A Bt^T for M = N = K in SIZES, A and Bt bf16
      with random entries, C f32. Checks that both kernels give the same
      bits and that they agree with torch's f32 product of the same
      operands, then times the two kernels and cuBLAS (torch.matmul of the
      bf16 operands, bf16 out) in alternating rounds and prints a Markdown
      table of TFLOP/s (2 M N K per GEMM).
"""
import functools
import json
import os
import subprocess
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from benchcli import median_rates, nvcc_pair_main  # noqa: E402

ROOT = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..")
SIZES = (4096, 8192)
# The kernels' fixed design: 128 x 128 CTA tiles of 256 threads, K in steps
# of 64, 3 stages of 2 x 128 rows of 144 bytes in dynamic shared memory.
TILE_MN, TILE_K, THREADS, SHARED_BYTES = 128, 64, 256, 3 * 2 * 128 * 144


def prepare(args):
    os.makedirs(args.out, exist_ok=True)
    subprocess.run([os.path.join(args.tools_dir, "tile-translate"),
                    "--mlir-to-ptx",
                    os.path.join(ROOT, "examples", "gemm_bf16.mlir"), "-o",
                    os.path.join(args.out, "tile.ptx")], check=True)
    subprocess.run([args.nvcc, "-ptx", "-O3", "-arch=sm_90",
                    os.path.join(ROOT, "bench", "gemm_bf16.cu"), "-o",
                    os.path.join(args.out, "nvcc.ptx")], check=True)
    print(f"prepared the tile and nvcc GEMM kernels in {args.out}")


def memref2d(t):
    """The 7 parameters of a memref<?x?x...> descriptor for torch tensor t:
    allocated and aligned pointer, offset, sizes, strides."""
    import numpy as np
    p = np.uint64(t.data_ptr())
    return (p, p, np.int64(0), np.int64(t.shape[0]), np.int64(t.shape[1]),
            np.int64(t.stride(0)), np.int64(1))


def kernels(args):
    import cupy as cp
    fns = {}
    for who in ("tile", "nvcc"):
        mod = cp.RawModule(path=os.path.join(args.dir, f"{who}.ptx"))
        fn = mod.get_function("gemm_bf16")
        fn.max_dynamic_shared_size_bytes = SHARED_BYTES
        fns[who] = functools.partial(fn, shared_mem=SHARED_BYTES)
    return fns


def operands(n):
    """A and Bt (n x n bf16, entries uniform in [-1, 1)), their word views
    and two f32 results."""
    import torch
    gen = torch.Generator(device="cuda").manual_seed(n)
    a = (torch.rand(n, n, device="cuda", generator=gen) * 2 - 1).bfloat16()
    bt = (torch.rand(n, n, device="cuda", generator=gen) * 2 - 1).bfloat16()
    return a, bt, a.view(torch.int32), bt.view(torch.int32)


def measure(fns, n, rounds):
    import numpy as np
    import torch
    if n % TILE_MN or n % TILE_K:
        raise ValueError(f"the kernels take M and N in multiples of {TILE_MN} "
                         f"and K in multiples of {TILE_K}, not {n}")
    a, bt, a32, bt32 = operands(n)
    outs = {w: torch.empty(n, n, device="cuda") for w in fns}
    params = {
        "tile": memref2d(a32) + memref2d(bt32) + memref2d(outs["tile"]),
        "nvcc": (np.uint64(a32.data_ptr()), np.uint64(bt32.data_ptr()),
                 np.uint64(outs["nvcc"].data_ptr()), np.int64(n),
                 np.int64(n // 2))}
    grid, block = (n // TILE_MN, n // TILE_MN), (THREADS,)
    for who, fn in fns.items():
        fn(grid, block, params[who])
    torch.cuda.synchronize()
    same = torch.equal(outs["tile"].view(torch.int32),
                       outs["nvcc"].view(torch.int32))
    torch.backends.cuda.matmul.allow_tf32 = False
    want = a.float() @ bt.float().t()
    err = ((outs["tile"] - want).abs().max() / want.abs().max()).item()
    cb = torch.empty(n, n, device="cuda", dtype=torch.bfloat16)
    timed = {w: (fns[w], params[w]) for w in fns}
    timed["cublas"] = (lambda g, b, p: torch.matmul(a, bt.t(), out=cb), ())
    rates = median_rates(timed, grid, block, rounds, 2.0 * n ** 3)
    return rates, same, err


def run(args):
    import torch
    fns = kernels(args)
    rows = [(n,) + measure(fns, n, args.rounds) for n in SIZES]
    print(f"GPU: {torch.cuda.get_device_name()}; median of {args.rounds} "
          "alternating rounds, best of 3 launches each\n")
    print("| M = N = K | tile-mlir TFLOP/s | nvcc TFLOP/s | cuBLAS TFLOP/s "
          "| tile / nvcc | tile / cuBLAS | same bits as nvcc "
          "| max error / max abs |")
    print("|---|---|---|---|---|---|---|---|")
    ok = True
    for n, r, same, err in rows:
        print(f"| {n} | {r['tile']:.1f} | {r['nvcc']:.1f} | {r['cublas']:.1f}"
              f" | {r['tile'] / r['nvcc']:.3f} | {r['tile'] / r['cublas']:.3f}"
              f" | {'yes' if same else 'no'} | {err:.2e} |")
        ok = ok and same and err < 1e-3
    print("\nGEMM " + ("PASS" if ok else "FAIL"))
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(nvcc_pair_main(__doc__, prepare, run))
