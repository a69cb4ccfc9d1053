#!/usr/bin/env python3
"""Throughput of the special functions on the GPU (ex2 and tanh, the
multifunction unit), tile-mlir against nvcc, in one run.

Two steps, because the GPU machine has no MLIR:

  bench/mufu_throughput.py prepare --tools-dir build/bin --out .carry/mufu
      writes, per opcode (the table's ex2 and tanh approximations of f32,
      f16x2 and bf16x2), the tile kernel's PTX (tile-translate) and the
      nvcc kernel's PTX (nvcc -ptx -O3, the same instruction as inline asm),
      here;
  bench/mufu_throughput.py run --dir .carry/mufu
      on the GPU machine: loads both with cupy, launches each on 1056 blocks
      (8 per SM) of 256 threads, and prints a Markdown table of results per
      second (lanes: two per packed instruction) and the ratio tile/nvcc.

Both kernels of a pair do the same work: CHAINS independent chains
`x = op(x)` per thread (a register tile of chains x 1 in tile-mlir, an
array in CUDA C), started from a runtime scalar, in a loop of ITERS
iterations fixed in the kernel, then one store per chain.
"""
import os
import subprocess
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from benchcli import median_rates, nvcc_pair_main, tile_chain_store  # noqa: E402

BLOCKS, THREADS = 1056, 256
# 8x the 4096 iterations of the first runs: a launch timed from an idle
# GPU includes the host's issue of it, which cupy does about 2 us slower
# for the tile kernel (6 arguments with its memref descriptor, against 2),
# 0.1% of a 2 ms kernel; at 16 ms it no longer decides a ratio.
CHAINS, ITERS = 8, 32768
# Launches timed back to back (benchcli.median_rates): the host's issue of
# each hides behind the one before.
LAUNCHES = 5
SEMANTICS = ("ex2", "tanh")
TYPES = ("f32", "f16x2", "bf16x2")


def opcodes():
    """(opcode, PTX type, lanes, MLIR container, store opcode) of every
    approximation of SEMANTICS on TYPES, from the instruction table."""
    sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(
        __file__)), "..", "utils"))
    import instr_table
    out = []
    for form in instr_table.forms():
        t = form["types"]
        if form["semantics"] not in SEMANTICS or t[0] not in TYPES:
            continue
        info = instr_table.types()[t[0]]
        c = (info["float_containers"][0] if info["float_containers"]
             else f"i{info['bits']}")
        for inst in form["instances"]:
            out.append((inst["opcode"], t[0], info["lanes"], c,
                        instr_table.move_opcode("st", c)))
    return out


TILE = """module attributes {{gpu.container_module}} {{
  gpu.module @m [#nvvm.target<chip = "sm_90">] {{
    gpu.func @bench(%Out: memref<?x{c}>, %a: {c}) kernel
        attributes {{known_block_size = array<i32: 256, 1, 1>}} {{
      %c0 = arith.constant 0 : index
      %c1 = arith.constant 1 : index
      %cn = arith.constant {n} : index
      %c256 = arith.constant 256 : index
      %trips = arith.constant {iters} : index
      %r = tile.alloc_local : memref<{n}x1x{c}, #tile.reg>
      tile.apply "{mov}" (%r, %a) scope(thread) : memref<{n}x1x{c}, #tile.reg>, {c}
      scf.for %i = %c0 to %trips step %c1 {{
        tile.apply "{op}" (%r, %r) scope(thread) : memref<{n}x1x{c}, #tile.reg>, memref<{n}x1x{c}, #tile.reg>
      }}
{store}      gpu.return
    }}
  }}
}}
"""

CUDA = """extern "C" __global__ void __launch_bounds__(256)
bench({t} *__restrict__ Out, {t} a) {{
  {t} r[{n}];
#pragma unroll
  for (int j = 0; j < {n}; ++j) r[j] = a;
  for (int i = 0; i < {iters}; ++i) {{
#pragma unroll
    for (int j = 0; j < {n}; ++j)
      asm volatile("{op} %0, %0;" : "+{k}"(r[j]));
  }}
  long t = (long)blockIdx.x * 256 + threadIdx.x;
#pragma unroll
  for (int j = 0; j < {n}; ++j) Out[t * {n} + j] = r[j];
}}
"""


def stem_of(opcode):
    return opcode.replace(".", "_")


def prepare(args):
    os.makedirs(args.out, exist_ok=True)
    names = []
    for op, ptx_type, lanes, c, st in opcodes():
        stem = stem_of(op)
        mov = "mov.b32" if c != "f32" else "mov.f32"
        mlir = os.path.join(args.out, f"tile_{stem}.mlir")
        with open(mlir, "w") as f:
            f.write(TILE.format(c=c, n=CHAINS, iters=ITERS, op=op, mov=mov,
                                store=tile_chain_store(CHAINS, c, st)))
        subprocess.run([os.path.join(args.tools_dir, "tile-translate"),
                        "--mlir-to-ptx", mlir, "-o",
                        os.path.join(args.out, f"tile_{stem}.ptx")],
                       check=True)
        cu = os.path.join(args.out, f"nvcc_{stem}.cu")
        t, k = ("float", "f") if c == "f32" else ("unsigned", "r")
        with open(cu, "w") as f:
            f.write(CUDA.format(t=t, k=k, n=CHAINS, iters=ITERS, op=op))
        subprocess.run([args.nvcc, "-ptx", "-O3", "-arch=sm_90", cu, "-o",
                        os.path.join(args.out, f"nvcc_{stem}.ptx")],
                       check=True)
        names.append(f"{op} {lanes} {c}")
    with open(os.path.join(args.out, "opcodes.txt"), "w") as f:
        f.write("\n".join(names) + "\n")
    print(f"prepared {len(names)} kernel pairs in {args.out}")


def run(args):
    import cupy as cp
    import numpy as np
    rows = []
    for line in open(os.path.join(args.dir, "opcodes.txt")).read().split(
            "\n"):
        if not line:
            continue
        op, lanes, c = line.split()
        # 0.5 as f32, or as two lanes of f16 / bf16.
        a = {"f32": np.float32(0.5)}.get(
            c, np.uint32(0x38003800 if ".f16" in op else 0x3F003F00))
        n = BLOCKS * THREADS * CHAINS
        out = cp.zeros(n, dtype=np.float32 if c == "f32" else np.uint32)
        results = BLOCKS * THREADS * CHAINS * ITERS * int(lanes)
        kernels, check = {}, {}
        for who in ("tile", "nvcc"):
            mod = cp.RawModule(path=os.path.join(
                args.dir, f"{who}_{stem_of(op)}.ptx"))
            fn = mod.get_function("bench")
            params = ((out, out, np.int64(0), np.int64(n), np.int64(1), a)
                      if who == "tile" else (out, a))
            fn((BLOCKS,), (THREADS,), params)
            cp.cuda.Device().synchronize()
            check[who] = bytes(out.view(np.uint8).get())
            kernels[who] = (fn, params)
        # The rates come back per 10^12; a result is a "flop" here.
        r = median_rates(kernels, (BLOCKS,), (THREADS,), args.rounds,
                         results, repeat=LAUNCHES)
        rows.append((op, r, check["tile"] == check["nvcc"]))
    props = cp.cuda.runtime.getDeviceProperties(0)
    print(f"GPU: {props['name'].decode()}; {BLOCKS} blocks x {THREADS} "
          f"threads, {CHAINS} chains x {ITERS} iterations; median of "
          f"{args.rounds} rounds (best of 3 timings of {LAUNCHES} launches "
          "back to back each, the two kernels alternating)\n")
    print("| opcode | tile-mlir Gresults/s | nvcc Gresults/s | ratio | "
          "same result |")
    print("|---|---|---|---|---|")
    for op, r, same in rows:
        print(f"| `{op}` | {r['tile'] * 1e3:.1f} | {r['nvcc'] * 1e3:.1f} | "
              f"{r['tile'] / r['nvcc']:.3f} | {'yes' if same else 'no'} |")


if __name__ == "__main__":
    sys.exit(nvcc_pair_main(__doc__, prepare, run))
