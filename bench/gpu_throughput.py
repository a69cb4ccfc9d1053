#!/usr/bin/env python3
"""FMA-bound throughput on the GPU, tile-mlir against nvcc, in one run.

Two steps, because the GPU machine has no MLIR:

  bench/gpu_throughput.py prepare --tools-dir build/bin --out .carry/bench
      writes, per loop shape and type (f32, f64, f16x2, bf16x2), the tile
      kernel's PTX (tile-translate) and the nvcc kernel's PTX (nvcc -ptx
      -O3), here;
  bench/gpu_throughput.py run --dir .carry/bench
      on the GPU machine: loads both with cupy, launches each on 1056 blocks
      (8 per SM) of 256 threads, and prints a Markdown table of TFLOP/s (2
      flops per fma lane) and the ratio tile/nvcc.

Both kernels of a pair do the same work: independent fma chains
`x = fma(x, a, b)` per thread (a register tile of chains x 1 in tile-mlir,
an array in CUDA C) with runtime scalars a and b, in a loop, then one
store per chain. The shapes (SHAPES):

  unroll4        8 chains, 4 tile ops (32 fmas) per iteration written out,
                 65536 iterations given at run time (nvcc: `#pragma unroll
                 1` on the loop, the 4 written out);
  chain8         8 chains, 1 tile op (8 fmas) per iteration, a loop of 32768
                 fixed in the kernel (each compiler unrolls it as it likes);
  chain8-runtime the same loop with its 32768 given at run time;
  chain16        16 chains, 1 tile op per iteration, 32768 fixed.

nvcc's loop counter is an `int` where the count is fixed in the kernel (a
`long` where it is an argument, as tile-mlir's index).

The kernels are timed in alternating rounds (median of 9 by default; each
round the best of 3 timings of LAUNCHES launches back to back). A launch
timed alone, from an idle GPU, includes the host's issue of it, and cupy
issues the tile kernel (8 arguments with its memref descriptor) about 2-3
us slower than nvcc's (4): 0.1-0.3% of the 0.5-2 ms the kernels ran with
8x fewer iterations, enough to read a kernel that runs at nvcc's rate as
0.995 (measured on an H100). Back to back, each issue hides behind the
launch before, and the loops are 8x that long, so that such fixed costs
do not decide a ratio.
"""
import json
import os
import subprocess
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from benchcli import median_rates, tile_chain_store, two_step_parser  # noqa: E402

BLOCKS, THREADS = 1056, 256
# Launches timed back to back (benchcli.median_rates): the host's issue of
# each hides behind the one before.
LAUNCHES = 5

# Loop shapes: chains per thread, tile ops (of `chains` fmas) per
# iteration, iterations, and whether the trip count is a kernel argument.
SHAPES = {
    "unroll4": {"chains": 8, "ops": 4, "iters": 65536, "runtime": True},
    "chain8": {"chains": 8, "ops": 1, "iters": 32768, "runtime": False},
    "chain8-runtime": {"chains": 8, "ops": 1, "iters": 32768, "runtime": True},
    "chain16": {"chains": 16, "ops": 1, "iters": 32768, "runtime": False},
}

# PTX type: (CUDA type, CUDA fma, CUDA header). The fma opcode, the register
# container, the lanes per fma, the store opcode and the peak rate come from
# the instruction table.
TYPES = {
    "f32": ("float", "__fmaf_rn(r[j], a, b)", ""),
    "f64": ("double", "__fma_rn(r[j], a, b)", ""),
    "f16x2": ("__half2", "__hfma2(r[j], a, b)", "#include <cuda_fp16.h>"),
    "bf16x2": ("__nv_bfloat162", "__hfma2(r[j], a, b)",
               "#include <cuda_bf16.h>"),
}


def table_facts(ptx_type):
    """For the fma on `ptx_type`, from the instruction table: its opcode (the
    first instance of the first fma form of that one type: the plain
    round-to-nearest fma), the MLIR element type that holds its destination
    (its float type where the table allows one, else the integer of its
    width), the table's st opcode for it, the lanes, and the peak rates by
    SM."""
    sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(
        __file__)), "..", "utils"))
    import instr_table
    for form, inst in instr_table.instances("fma"):
        if form["types"] == [ptx_type]:
            t = instr_table.types()[ptx_type]
            c = (t["float_containers"][0] if t["float_containers"]
                 else f"i{t['bits']}")
            return (inst["opcode"], c, instr_table.move_opcode("st", c),
                    t["lanes"], instr_table.peak_rates("fma", ptx_type))
    sys.exit(f"the instruction table has no fma on {ptx_type}")


TILE = """module attributes {{gpu.container_module}} {{
  gpu.module @m [#nvvm.target<chip = "sm_90">] {{
    gpu.func @bench(%Out: memref<?x{c}>, %a: {c}, %b: {c}, %iters: index) kernel
        attributes {{known_block_size = array<i32: 256, 1, 1>}} {{
      %c0 = arith.constant 0 : index
      %c1 = arith.constant 1 : index
      %cn = arith.constant {n} : index
      %c256 = arith.constant 256 : index
{trips}      %r = tile.alloc_local : memref<{n}x1x{c}, #tile.reg>
{init}
      scf.for %i = %c0 to {bound} step %c1 {{
{body}
      }}
{store}      gpu.return
    }}
  }}
}}
"""

CUDA = """{header}
extern "C" __global__ void __launch_bounds__(256)
bench({t} *__restrict__ Out, {t} a, {t} b, long iters) {{
  {t} r[{n}];
#pragma unroll
  for (int j = 0; j < {n}; ++j) r[j] = a;
{pragma}  for ({counter} i = 0; i < {bound}; ++i) {{
#pragma unroll
    for (int k = 0; k < {ops}; ++k) {{
#pragma unroll
      for (int j = 0; j < {n}; ++j) r[j] = {fma};
    }}
  }}
  long t = (long)blockIdx.x * 256 + threadIdx.x;
#pragma unroll
  for (int j = 0; j < {n}; ++j) Out[t * {n} + j] = r[j];
}}
"""


def write_pair(args, shape, name, facts):
    """Writes the tile and nvcc kernels of `shape` on type `name` and
    compiles them to PTX."""
    sh = SHAPES[shape]
    t, fma, header = TYPES[name]
    op, c, st, _, _ = facts
    n = sh["chains"]
    init = "\n".join(
        f"      %i{j} = arith.constant {j} : index\n"
        f"      memref.store %a, %r[%i{j}, %c0] : memref<{n}x1x{c}, #tile.reg>"
        for j in range(n))
    body = "\n".join(
        f'        tile.apply "{op}" (%r, %r, %a, %b) scope(thread) : '
        f"memref<{n}x1x{c}, #tile.reg>, memref<{n}x1x{c}, #tile.reg>, {c}, {c}"
        for _ in range(sh["ops"]))
    # The trip count: the kernel argument, or a constant in the kernel.
    bound = "%iters" if sh["runtime"] else "%trips"
    trips = ("" if sh["runtime"] else
             f"      %trips = arith.constant {sh['iters']} : index\n")
    stem = f"{shape}_{name}"
    mlir = os.path.join(args.out, f"tile_{stem}.mlir")
    with open(mlir, "w") as f:
        f.write(TILE.format(c=c, init=init, body=body, n=n, bound=bound,
                            trips=trips, store=tile_chain_store(n, c, st)))
    subprocess.run([os.path.join(args.tools_dir, "tile-translate"),
                    "--mlir-to-ptx", *args.tile_args, mlir, "-o",
                    os.path.join(args.out, f"tile_{stem}.ptx")], check=True)
    cu = os.path.join(args.out, f"nvcc_{stem}.cu")
    with open(cu, "w") as f:
        f.write(CUDA.format(
            header=header, t=t, fma=fma, n=n, ops=sh["ops"],
            bound="iters" if sh["runtime"] else sh["iters"],
            pragma="#pragma unroll 1\n" if shape == "unroll4" else "",
            counter="long" if sh["runtime"] else "int"))
    subprocess.run([args.nvcc, "-ptx", "-O3", "-arch=sm_90", cu, "-o",
                    os.path.join(args.out, f"nvcc_{stem}.ptx")], check=True)


def prepare(args):
    os.makedirs(args.out, exist_ok=True)
    meta = {"shapes": SHAPES, "kernels": {}}
    for name in TYPES:
        facts = table_facts(name)
        for shape in args.shapes:
            write_pair(args, shape, name, facts)
            meta["kernels"][f"{shape}_{name}"] = {
                "shape": shape, "type": name, "lanes": facts[3],
                "container": facts[1], "peak_rates": facts[4]}
    with open(os.path.join(args.out, "meta.json"), "w") as f:
        json.dump(meta, f)
    print(f"prepared {len(meta['kernels'])} kernel pairs in {args.out}")


def run(args):
    import cupy as cp
    import numpy as np
    with open(os.path.join(args.dir, "meta.json")) as f:
        meta = json.load(f)
    scalars = {"f32": (np.float32(1.0000001), np.float32(1e-7)),
               "f64": (np.float64(1.0000001), np.float64(1e-7)),
               # {1.0, 1.0} and {2^-14, 2^-14} as half2 / bf162 bits.
               "f16x2": (np.uint32(0x3C003C00), np.uint32(0x04000400)),
               "bf16x2": (np.uint32(0x3F803F80), np.uint32(0x38803880))}
    rows = []
    for stem, m in meta["kernels"].items():
        name, sh = m["type"], meta["shapes"][m["shape"]]
        a, b = scalars[name]
        n = BLOCKS * THREADS * sh["chains"]
        dtype = {"f32": np.float32, "f64": np.float64}.get(name, np.uint32)
        out = cp.zeros(n, dtype=dtype)
        flops = (2 * m["lanes"] * BLOCKS * THREADS * sh["chains"] * sh["ops"]
                 * sh["iters"])
        kernels, result = {}, {}
        for who in ("tile", "nvcc"):
            mod = cp.RawModule(path=os.path.join(args.dir, f"{who}_{stem}.ptx"))
            fn = mod.get_function("bench")
            iters = np.int64(sh["iters"])
            if who == "tile":
                # The memref descriptor: allocated, aligned, offset, size,
                # stride; then a, b and the iteration count.
                params = (out, out, np.int64(0), np.int64(n), np.int64(1),
                          a, b, iters)
            else:
                params = (out, a, b, iters)
            fn((BLOCKS,), (THREADS,), params)
            cp.cuda.Device().synchronize()
            result[who + "_check"] = int(out.view(np.uint8).sum())
            kernels[who] = (fn, params, [])
        # Rounds alternate which kernel goes first; each round keeps the
        # best of 3 timings of LAUNCHES launches; the table gives the median
        # round.
        result.update(median_rates({w: k[:2] for w, k in kernels.items()},
                                   (BLOCKS,), (THREADS,), args.rounds, flops,
                                   repeat=LAUNCHES))
        rows.append((m["shape"], name, result))
    props = cp.cuda.runtime.getDeviceProperties(0)
    attrs = cp.cuda.Device(0).attributes
    sms = attrs["MultiProcessorCount"]
    khz = attrs.get("ClockRate") or props.get("clockRate")
    cc = (props["major"], props["minor"])
    print(f"GPU: {props['name'].decode()}, {sms} SMs at {khz / 1e6:.2f} GHz "
          f"(compute capability {cc[0]}.{cc[1]}); "
          f"{BLOCKS} blocks x {THREADS} threads; median of {args.rounds} "
          f"rounds (best of 3 timings of {LAUNCHES} launches back to back "
          "each, the two kernels alternating)\n")
    print("| shape | type | tile-mlir TFLOP/s | nvcc TFLOP/s | ratio | "
          "peak TFLOP/s | tile-mlir / peak | nvcc / peak | same result |")
    print("|---|---|---|---|---|---|---|---|---|")
    for shape, name, r in rows:
        same = "yes" if r["tile_check"] == r["nvcc_check"] else "no"
        # The table's peak rate for this chip (JSON keys are strings).
        rate = meta["kernels"][f"{shape}_{name}"]["peak_rates"].get(
            str(cc[0] * 10 + cc[1]))
        peak = 2 * rate * sms * khz * 1e3 / 1e12 if rate else None
        p = (f"{peak:.1f} | {r['tile'] / peak:.2f} | {r['nvcc'] / peak:.2f}"
             if peak else "- | - | -")
        print(f"| {shape} | {name} | {r['tile']:.1f} | {r['nvcc']:.1f} | "
              f"{r['tile'] / r['nvcc']:.3f} | {p} | {same} |")


def main():
    ap, _, p, r = two_step_parser(__doc__)
    p.add_argument("--nvcc", default="/usr/local/cuda/bin/nvcc")
    p.add_argument("--shapes", nargs="+", choices=sorted(SHAPES),
                   default=list(SHAPES))
    p.add_argument("--tile-args", nargs="*", default=[],
                   help="extra tile-translate options (e.g. "
                   "--unroll-target=0)")
    r.add_argument("--rounds", type=int, default=9)
    args = ap.parse_args()
    return prepare(args) if args.cmd == "prepare" else run(args)


if __name__ == "__main__":
    sys.exit(main())
